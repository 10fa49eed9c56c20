"""Double-submit CSRF defence and Origin check for every unsafe request, as a pure ASGI middleware.

Every answer to a request without a `csrf_token` cookie hands one out, so the first page load arms the client.
"""

import hmac
import secrets

from starlette.datastructures import MutableHeaders
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.errors import failure_response
from api.security.cookies import CSRF_COOKIE, CSRF_HEADER, csrf_cookie_header
from domain.rules import messages

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def own_origin(connection: HTTPConnection) -> str:
    return f"{connection.url.scheme}://{connection.url.netloc}"


class CsrfMiddleware:
    """Paths under the `server_to_server` prefixes are called by vendors, never by a browser, and authenticate each
    call themselves (a signature or the vendor's keys): no cookie, so no CSRF token, is expected there."""

    def __init__(self, app: ASGIApp, trusted_origins: list[str], server_to_server: tuple[str, ...]) -> None:
        self.app = app
        self.trusted_origins = frozenset(origin.rstrip("/") for origin in trusted_origins)
        self.server_to_server = server_to_server

    def is_refused(self, connection: HTTPConnection, method: str) -> bool:
        if connection.url.path.startswith(self.server_to_server):
            return False
        origin = connection.headers.get("origin")
        if origin is not None and origin not in self.trusted_origins | {own_origin(connection)}:
            return True
        if method not in UNSAFE_METHODS:
            return False
        cookie = connection.cookies.get(CSRF_COOKIE, "")
        header = connection.headers.get(CSRF_HEADER, "")
        return not (cookie and header and hmac.compare_digest(cookie.encode(), header.encode()))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        connection = HTTPConnection(scope)
        if self.is_refused(connection, scope["method"]):
            response = failure_response(messages.CSRF_REFUSED, 403)
            await response(scope, receive, send)
            return
        if connection.cookies.get(CSRF_COOKIE):
            await self.app(scope, receive, send)
            return

        new_cookie = csrf_cookie_header(connection, secrets.token_urlsafe(32))

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if not any(value.startswith(f"{CSRF_COOKIE}=") for value in headers.getlist("set-cookie")):
                    headers.append("set-cookie", new_cookie)
            await send(message)

        await self.app(scope, receive, send_with_cookie)
