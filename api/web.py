"""Serves the built PWA at `/`: hashed assets cached for a year, everything else revalidated, SPA fallback."""

import asyncio
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, Response
from starlette.requests import Request

from api.errors import failure_response
from domain.rules import messages

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


def mount_web_app(app: FastAPI, dist: Path) -> None:
    root = dist.resolve()
    index = root / "index.html"

    def built_file(path: str) -> Path | None:
        candidate = (root / path).resolve()
        return candidate if path and candidate.is_relative_to(root) and candidate.is_file() else None

    @app.get("/{path:path}", include_in_schema=False)
    async def serve_web_app(path: str, request: Request) -> Response:
        if path == "api" or path.startswith("api/"):
            return failure_response(messages.NOT_FOUND, 404)
        found = await asyncio.to_thread(built_file, path)
        if found is not None:
            cache = IMMUTABLE if path.startswith("assets/") else REVALIDATE
            return FileResponse(found, headers={"Cache-Control": cache})
        if not await asyncio.to_thread(index.is_file):
            return failure_response("The web app is not built yet: run `make build`.", 503)
        return FileResponse(index, headers={"Cache-Control": REVALIDATE})
