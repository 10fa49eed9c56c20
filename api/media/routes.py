"""Stored pictures by key. Keys are unguessable and never reused, so answers are cached for good."""

from fastapi import APIRouter
from fastapi.responses import Response

from api.deps import StorageDep
from api.media.service import read_picture

router = APIRouter(prefix="/media", tags=["media"])
CACHED_FOR_GOOD = "public, max-age=31536000, immutable"


@router.get("/{key:path}", response_class=Response, responses={200: {"content": {"image/jpeg": {}}}})
async def read_media(key: str, storage: StorageDep) -> Response:
    content, content_type = await read_picture(storage, key)
    return Response(content, media_type=content_type, headers={"Cache-Control": CACHED_FOR_GOOD})
