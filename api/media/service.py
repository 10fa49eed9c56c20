"""Stored pictures: the address a view shows for a key, and the picture read back by it. Keys are unguessable and
never reused (a new picture gets a new key), so a picture's answer can be cached for good."""

import posixpath
from dataclasses import dataclass
from datetime import timedelta
from pathlib import PurePosixPath
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy import case
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from api.errors import refuse
from domain import clock
from domain.db import transaction
from domain.documents import DOCUMENTS_FOLDER
from domain.models import ProfileImageUploadWindow
from domain.providers.storage import MediaStorage
from domain.rules import messages
from domain.rules.refusal import not_found, too_many

MEDIA_PATH = "/api/media"
CONTENT_TYPES = {"jpg": "image/jpeg", "png": "image/png"}


def media_url(key: str | None) -> str | None:
    return f"{MEDIA_PATH}/{key}" if key else None


def is_public_key(key: str) -> bool:
    """Whether the key may be served on the public media path: chat documents share the store but are served only
    to their trip's members (GET /api/chat/message/document), however their key is spelt."""
    parts = PurePosixPath(posixpath.normpath(key)).parts
    return bool(parts) and parts[0] != DOCUMENTS_FOLDER and ".." not in parts


async def read_picture(storage: MediaStorage, key: str) -> tuple[bytes, str]:
    """The picture's bytes and content type; 404 for a key that names no picture, reaches outside the store or names
    a chat document."""
    content_type = CONTENT_TYPES.get(key.rsplit(".", 1)[-1])
    try:
        content = await storage.read(key) if content_type and is_public_key(key) else None
    except ValueError:
        content = None
    if content is None or content_type is None:
        refuse(not_found(messages.NOT_FOUND))
    return content, content_type


@dataclass(frozen=True)
class ProfileImageUploads:
    """How many new profile pictures a person may send an hour. Counted in PostgreSQL, so every API process shares
    the count, and in a transaction of its own, so an upload counts even when its picture is then refused."""

    session_maker: async_sessionmaker[AsyncSession]
    per_hour: int

    async def count(self, user_id: int) -> None:
        """Counts one upload; refuses (429) once the hour's are used up (the hour starts at its first upload)."""
        now = clock.now()
        window = ProfileImageUploadWindow.__table__
        started = window.c.window_started_at > now - timedelta(hours=1)
        statement = (
            insert(ProfileImageUploadWindow)
            .values(user_id=user_id, window_started_at=now, uploads=1)
            .on_conflict_do_update(
                index_elements=[window.c.user_id],
                set_={
                    "uploads": case((started, window.c.uploads + 1), else_=1),
                    "window_started_at": case((started, window.c.window_started_at), else_=now),
                },
            )
            .returning(window.c.uploads)
        )
        async with transaction(self.session_maker) as session:
            uploads = await session.scalar(statement)
        if uploads is None or uploads > self.per_hour:
            refuse(too_many(messages.IMAGE_UPLOADS_TOO_MANY))


def profile_image_uploads(request: Request) -> ProfileImageUploads:
    return ProfileImageUploads(
        request.app.state.session_maker, request.app.state.settings.profile_image_uploads_per_hour
    )


ProfileImageUploadsDep = Annotated[ProfileImageUploads, Depends(profile_image_uploads)]
