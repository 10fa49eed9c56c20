"""Serves the built PWA at `/`: hashed assets cached for a year, everything else revalidated, SPA fallback.

Under /api nothing falls back to the PWA: a path the API has, called with a method it does not take, is answered 405
with an `Allow` header naming the methods it does take (OPTIONS answers 204 with the same header); any other /api path
is 404.

Text files are sent compressed from the brotli (.br) or gzip (.gz) copies written next to them at build time, chosen
by the browser's Accept-Encoding.
"""

import asyncio
import mimetypes
import re
from collections.abc import Iterable
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, Response
from fastapi.routing import iter_route_contexts
from starlette.requests import Request
from starlette.routing import BaseRoute

from api.errors import failure_response
from domain.rules import messages

mimetypes.add_type("application/manifest+json", ".webmanifest")
mimetypes.add_type("text/javascript", ".mjs")

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
# A trip's live link (/t/{token}) is for the people it was sent to, never for a search engine.
UNINDEXED_PREFIX = "t/"

# Preferred first: brotli is smaller, gzip is understood everywhere.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def accepted_encodings(header: str) -> set[str]:
    """The content codings an Accept-Encoding header allows (those not refused with q=0)."""
    accepted: set[str] = set()
    for item in header.split(","):
        name, _, params = item.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if name and quality > 0:
            accepted.add(name.strip().lower())
    if "*" in accepted:
        accepted.update(encoding for encoding, _ in ENCODINGS)
    return accepted


def file_response(path: Path, cache: str, accept_encoding: str) -> Response:
    """The file, or its precompressed copy when the browser takes that coding."""
    media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    headers = {"Cache-Control": cache}
    variants = [(encoding, path.with_name(path.name + suffix)) for encoding, suffix in ENCODINGS]
    variants = [(encoding, variant) for encoding, variant in variants if variant.is_file()]
    if variants:
        headers["Vary"] = "Accept-Encoding"
        accepted = accepted_encodings(accept_encoding)
        for encoding, variant in variants:
            if encoding in accepted:
                headers["Content-Encoding"] = encoding
                return FileResponse(variant, media_type=media_type, headers=headers)
    return FileResponse(path, media_type=media_type, headers=headers)


# Every method an /api path may be called with; those a path does not declare are answered 405 (or 204 for OPTIONS).
HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
METHOD_NOT_ALLOWED = "Method Not Allowed"


class ApiMethods:
    """The methods each /api path takes, from the app's own routes (read once, after every route is in place)."""

    def __init__(self, routes: Iterable[BaseRoute], fallback_name: str) -> None:
        self.routes = routes
        self.fallback_name = fallback_name
        self.table: list[tuple[re.Pattern[str], frozenset[str]]] | None = None

    def allowed(self, path: str) -> list[str]:
        if self.table is None:
            self.table = [
                (route.path_regex, frozenset(route.methods))
                for route in iter_route_contexts(list(self.routes))
                if route.methods
                and route.name != self.fallback_name
                and (route.path or "").startswith("/api/")
                and hasattr(route, "path_regex")
            ]
        methods: set[str] = set()
        for pattern, declared in self.table:
            if pattern.match(path):
                methods |= declared
        return sorted(methods)


def mount_web_app(app: FastAPI, dist: Path) -> None:
    root = dist.resolve()
    index = root / "index.html"
    api_methods = ApiMethods(app.router.routes, fallback_name="refuse_api_method")

    def built_file(path: str) -> Path | None:
        candidate = (root / path).resolve()
        return candidate if path and candidate.is_relative_to(root) and candidate.is_file() else None

    # Reached only when no API route took the call: the API's routes are all added before this one.
    @app.api_route("/api", methods=HTTP_METHODS, include_in_schema=False, name="refuse_api_method")
    @app.api_route("/api/{path:path}", methods=HTTP_METHODS, include_in_schema=False, name="refuse_api_method")
    async def refuse_api_method(request: Request) -> Response:
        allowed = api_methods.allowed(request.url.path)
        if not allowed:
            return failure_response(messages.NOT_FOUND, 404)
        headers = {"Allow": ", ".join(allowed)}
        if request.method == "OPTIONS":
            return Response(status_code=204, headers=headers)
        return failure_response(METHOD_NOT_ALLOWED, 405, headers)

    @app.api_route("/{path:path}", methods=["GET", "HEAD"], include_in_schema=False)
    async def serve_web_app(path: str, request: Request) -> Response:
        if path == "api" or path.startswith("api/"):
            return failure_response(messages.NOT_FOUND, 404)
        accept_encoding = request.headers.get("accept-encoding", "")
        found = await asyncio.to_thread(built_file, path)
        if found is not None:
            cache = IMMUTABLE if path.startswith("assets/") else REVALIDATE
            return await asyncio.to_thread(file_response, found, cache, accept_encoding)
        if not await asyncio.to_thread(index.is_file):
            return failure_response("The web app is not built yet: run `make build`.", 503)
        page = await asyncio.to_thread(file_response, index, REVALIDATE, accept_encoding)
        if path.startswith(UNINDEXED_PREFIX):
            page.headers["X-Robots-Tag"] = "noindex"
        return page
