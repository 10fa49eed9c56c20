"""Cookie names and flags. Outside localhost cookies are Secure and the session cookie is `__Host-` prefixed."""

from starlette.requests import HTTPConnection
from starlette.responses import Response

from api.security.hashing import new_token

LOCAL_HOSTNAMES = frozenset({"localhost", "127.0.0.1", "::1", "testserver"})
CSRF_COOKIE = "csrf_token"
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


def session_cookie_name(connection: HTTPConnection) -> str:
    return "__Host-session" if is_secure_context(connection) else "session"


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


def csrf_cookie_header(connection: HTTPConnection, token: str) -> str:
    """A Set-Cookie value for the readable CSRF cookie, for code that writes raw ASGI headers."""
    response = Response()
    set_csrf_cookie(response, connection, token)
    return response.headers["set-cookie"]


def set_csrf_cookie(response: Response, connection: HTTPConnection, token: str) -> None:
    response.set_cookie(
        CSRF_COOKIE, token, path="/", httponly=False, samesite="lax", secure=is_secure_context(connection)
    )


def begin_cookie_session(response: Response, connection: HTTPConnection, token: str, max_age: int) -> None:
    """The session cookie, and a new CSRF token with it: a token known before signing in is worth nothing after."""
    set_session_cookie(response, connection, token, max_age)
    set_csrf_cookie(response, connection, new_token())


def end_cookie_session(response: Response, connection: HTTPConnection) -> None:
    """No session cookie, and a new CSRF token for whoever signs in next on this browser."""
    clear_session_cookie(response, connection)
    set_csrf_cookie(response, connection, new_token())
