"""Stored pictures by key. Keys are unguessable and never reused, so answers are cached for good."""

from fastapi import APIRouter, status
from fastapi.responses import Response

from api.deps import StorageDep
from api.errors import ApiError
from domain.rules import messages

router = APIRouter(prefix="/media", tags=["media"])
CONTENT_TYPES = {"jpg": "image/jpeg", "png": "image/png"}


@router.get("/{key:path}", response_class=Response, responses={200: {"content": {"image/jpeg": {}}}})
async def read_media(key: str, storage: StorageDep) -> Response:
    content_type = CONTENT_TYPES.get(key.rsplit(".", 1)[-1])
    try:
        content = await storage.read(key) if content_type else None
    except ValueError:
        content = None
    if content is None or content_type is None:
        raise ApiError(messages.NOT_FOUND, status.HTTP_404_NOT_FOUND)
    return Response(content, media_type=content_type, headers={"Cache-Control": "public, max-age=31536000, immutable"})
