"""The language of each request's words (domain/i18n/reading.py): the one its Accept-Language prefers among ours,
else the signed-in person's profile language (noted by api/deps.py once the session is read), else English.

A pure ASGI middleware, outside every other, so a refusal made by any of them (CSRF, a body too large) is worded
for the same reader.
"""

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from domain.i18n.languages import preferred_language
from domain.i18n.reading import reading_for


class LanguageMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        with reading_for(preferred_language(Headers(scope=scope).get("accept-language"))):
            await self.app(scope, receive, send)
