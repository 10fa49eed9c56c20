"""Cookie names and flags. Outside localhost every cookie is Secure and `__Host-` prefixed (bound to this host, over
HTTPS, for the whole site: a sibling subdomain cannot set or shadow it).

The CSRF token is an HMAC of what the browser holds: its session token once signed in, before that an HttpOnly random
seed the server set (api/security/csrf.py). The token travels in a readable cookie for the web client to echo."""

import base64
import hashlib
import hmac

from starlette.requests import HTTPConnection
from starlette.responses import Response

from api.security.hashing import new_token

LOCAL_HOSTNAMES = frozenset({"localhost", "127.0.0.1", "::1", "testserver"})
HOST_PREFIX = "__Host-"
# The names on localhost; elsewhere each carries HOST_PREFIX (cookie_name).
SESSION_COOKIE = "session"
CSRF_COOKIE = "csrf_token"
CSRF_SEED_COOKIE = "csrf_seed"
CSRF_HEADER = "X-CSRF-Token"


def request_hostname(connection: HTTPConnection) -> str:
    """The host the client asked for, without its port: read from the Host header as Starlette's URL does, without
    building and parsing the whole URL (a noticeable cost on every signed-in read)."""
    host = connection.headers.get("host")
    if host is None:
        server = connection.scope.get("server")
        return str(server[0]) if server else ""
    if host.startswith("["):  # [::1]:8000
        return host[1 : host.find("]")].lower()
    return host.partition(":")[0].lower()


def is_secure_context(connection: HTTPConnection) -> bool:
    return request_hostname(connection) not in LOCAL_HOSTNAMES


def cookie_name(connection: HTTPConnection, name: str) -> str:
    return HOST_PREFIX + name if is_secure_context(connection) else name


def session_cookie_name(connection: HTTPConnection) -> str:
    return cookie_name(connection, SESSION_COOKIE)


def csrf_token(secret_key: str, kind: str, held: str) -> str:
    """The CSRF token of a browser holding `held`: its session token (kind "session") or its seed (kind "seed")."""
    mac = hmac.new(secret_key.encode(), f"csrf\x00{kind}\x00{held}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


def session_csrf_token(secret_key: str, session_token: str) -> str:
    return csrf_token(secret_key, "session", session_token)


def seed_csrf_token(secret_key: str, seed: str) -> str:
    return csrf_token(secret_key, "seed", seed)


def set_session_cookie(response: Response, connection: HTTPConnection, token: str, max_age: int) -> None:
    response.set_cookie(
        session_cookie_name(connection),
        token,
        max_age=max_age,
        path="/",
        httponly=True,
        samesite="lax",
        secure=is_secure_context(connection),
    )


def clear_session_cookie(response: Response, connection: HTTPConnection) -> None:
    response.delete_cookie(
        session_cookie_name(connection),
        path="/",
        httponly=True,
        samesite="lax",
        secure=is_secure_context(connection),
    )


def _cookie(response: Response, connection: HTTPConnection, name: str, value: str, httponly: bool) -> None:
    secure = is_secure_context(connection)
    response.set_cookie(
        cookie_name(connection, name), value, path="/", httponly=httponly, samesite="lax", secure=secure
    )


def csrf_cookie_headers(connection: HTTPConnection, token: str, seed: str | None) -> list[str]:
    """Set-Cookie values for the readable CSRF cookie (and a new seed, when one is given), for code that writes raw
    ASGI headers."""
    response = Response()
    if seed is not None:
        _cookie(response, connection, CSRF_SEED_COOKIE, seed, httponly=True)
    _cookie(response, connection, CSRF_COOKIE, token, httponly=False)
    return response.headers.getlist("set-cookie")


def begin_cookie_session(
    response: Response, connection: HTTPConnection, secret_key: str, token: str, max_age: int
) -> None:
    """The session cookie, and the CSRF token of that session with it: a token known before signing in is worth
    nothing after."""
    set_session_cookie(response, connection, token, max_age)
    _cookie(response, connection, CSRF_COOKIE, session_csrf_token(secret_key, token), httponly=False)


def end_cookie_session(response: Response, connection: HTTPConnection, secret_key: str) -> None:
    """No session cookie, and a new seed and its CSRF token for whoever signs in next on this browser."""
    clear_session_cookie(response, connection)
    seed = new_token()
    _cookie(response, connection, CSRF_SEED_COOKIE, seed, httponly=True)
    _cookie(response, connection, CSRF_COOKIE, seed_csrf_token(secret_key, seed), httponly=False)
