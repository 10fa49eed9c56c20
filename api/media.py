"""Stored pictures: the address a view shows for a key, and the picture read back by it. Keys are unguessable and
never reused (a new picture gets a new key), so a picture's answer can be cached for good."""

from fastapi import status

from api.errors import ApiError
from domain.providers.storage import MediaStorage
from domain.rules import messages

MEDIA_PATH = "/api/media"
CONTENT_TYPES = {"jpg": "image/jpeg", "png": "image/png"}


def media_url(key: str | None) -> str | None:
    return f"{MEDIA_PATH}/{key}" if key else None


async def read_picture(storage: MediaStorage, key: str) -> tuple[bytes, str]:
    """The picture's bytes and content type; 404 for a key that names no picture (or reaches outside the store)."""
    content_type = CONTENT_TYPES.get(key.rsplit(".", 1)[-1])
    try:
        content = await storage.read(key) if content_type else None
    except ValueError:
        content = None
    if content is None or content_type is None:
        raise ApiError(messages.NOT_FOUND, status.HTTP_404_NOT_FOUND)
    return content, content_type
