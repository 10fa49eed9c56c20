"""The browser a number signed in on before: at each sign-in it is given a long-lived HttpOnly cookie naming, under
the server's key, the number and until when it holds. A code asked for with it is the number's owner asking from
their own device, and its caps are its own (api/security/otp.py): strangers' wrong guesses, from any address, cannot
lock that device out. The cookie proves nothing but the earlier sign-in; it signs nobody in.
"""

import hashlib
import hmac
import time

from starlette.requests import HTTPConnection
from starlette.responses import Response

from api.security.cookies import cookie_name, is_secure_context

DEVICE_COOKIE = "known_device"


def _mark(secret_key: str, mobile_number: str, expires_at: int) -> str:
    message = f"known-device\x00{mobile_number}\x00{expires_at}".encode()
    return hmac.new(secret_key.encode(), message, hashlib.sha256).hexdigest()


def device_mark(secret_key: str, mobile_number: str, expires_at: int) -> str:
    """The cookie's value: until when it holds, and its mark for the number."""
    return f"{expires_at}.{_mark(secret_key, mobile_number, expires_at)}"


def is_known_device(secret_key: str, value: str | None, mobile_number: str) -> bool:
    """Whether the cookie's value was given at a sign-in as this number, and still holds."""
    if not value:
        return False
    expires, _, mark = value.partition(".")
    if not expires.isdigit() or int(expires) <= time.time():
        return False
    return hmac.compare_digest(mark, _mark(secret_key, mobile_number, int(expires)))


def known_device_cookie(connection: HTTPConnection) -> str | None:
    return connection.cookies.get(cookie_name(connection, DEVICE_COOKIE))


def remember_device(
    response: Response, connection: HTTPConnection, secret_key: str, mobile_number: str, max_age: int
) -> None:
    """Marks the browser that just signed in as the number's device (replacing a mark for another number)."""
    value = device_mark(secret_key, mobile_number, int(time.time()) + max_age)
    response.set_cookie(
        cookie_name(connection, DEVICE_COOKIE),
        value,
        max_age=max_age,
        path="/",
        httponly=True,
        samesite="lax",
        secure=is_secure_context(connection),
    )
