"""CSRF defence and Origin check for every unsafe request, as a pure ASGI middleware.

An unsafe request must carry `X-CSRF-Token` equal to the token of what the browser holds: an HMAC, under the server's
secret key, of its session token once signed in, or before that of an HttpOnly random seed the server set. A hostile
page can neither read the readable CSRF cookie nor compute the token, and a cookie and header pair the client made up
is refused, as is a token of another session.

Every answer to a browser whose CSRF cookie is missing or no longer its own (a new session, an expired cookie) hands
out the right one (with a new seed when the browser holds neither a session nor a seed), so the first page load arms
the client and a refused client arms itself again on its next call.
"""

import hmac

from starlette.datastructures import MutableHeaders
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.errors import failure_response
from api.security.cookies import (
    CSRF_COOKIE,
    CSRF_HEADER,
    CSRF_SEED_COOKIE,
    cookie_name,
    csrf_cookie_headers,
    seed_csrf_token,
    session_cookie_name,
    session_csrf_token,
)
from api.security.hashing import new_token
from domain.rules import messages

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def own_origin(connection: HTTPConnection) -> str:
    return f"{connection.url.scheme}://{connection.url.netloc}"


class CsrfMiddleware:
    """Paths under the `server_to_server` prefixes are called by vendors, never by a browser, and authenticate each
    call themselves (a signature or the vendor's keys): no cookie, so no CSRF token, is expected there."""

    def __init__(
        self, app: ASGIApp, secret_key: str, trusted_origins: list[str], server_to_server: tuple[str, ...]
    ) -> None:
        self.app = app
        self.secret_key = secret_key
        self.trusted_origins = frozenset(origin.rstrip("/") for origin in trusted_origins)
        self.server_to_server = server_to_server

    def expected_token(self, connection: HTTPConnection) -> tuple[str | None, str | None]:
        """The token this browser's requests must carry (None when it holds neither a session nor a seed), and a new
        seed to hand it when it holds neither."""
        cookies = connection.cookies
        session_token = cookies.get(session_cookie_name(connection))
        if session_token:
            return session_csrf_token(self.secret_key, session_token), None
        seed = cookies.get(cookie_name(connection, CSRF_SEED_COOKIE))
        if seed:
            return seed_csrf_token(self.secret_key, seed), None
        return None, new_token()

    def is_refused(self, connection: HTTPConnection, method: str, expected: str | None) -> bool:
        origin = connection.headers.get("origin")
        if origin is not None and origin not in self.trusted_origins | {own_origin(connection)}:
            return True
        if method not in UNSAFE_METHODS:
            return False
        presented = connection.headers.get(CSRF_HEADER, "")
        return not (expected and presented and hmac.compare_digest(expected.encode(), presented.encode()))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].startswith(self.server_to_server):
            await self.app(scope, receive, send)
            return
        connection = HTTPConnection(scope)
        expected, new_seed = self.expected_token(connection)
        refused = self.is_refused(connection, scope["method"], expected)
        csrf_cookie = cookie_name(connection, CSRF_COOKIE)
        if not refused and new_seed is None and connection.cookies.get(csrf_cookie) == expected:
            await self.app(scope, receive, send)
            return

        token = expected or seed_csrf_token(self.secret_key, new_seed or "")

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                # An answer that sets the cookie itself (signing in or out) knows better.
                if not any(value.startswith(f"{csrf_cookie}=") for value in headers.getlist("set-cookie")):
                    for value in csrf_cookie_headers(connection, token, new_seed):
                        headers.append("set-cookie", value)
            await send(message)

        if refused:
            await failure_response(messages.CSRF_REFUSED, 403)(scope, receive, send_with_cookie)
            return
        await self.app(scope, receive, send_with_cookie)
