"""Short-lived tokens for the chat socket, signed with the server secret and tied to a live session."""

import base64
import time
from dataclasses import dataclass

from api.security.hashing import keyed_hash, same

VERSION = "v1"


@dataclass(frozen=True)
class AccessClaims:
    user_id: int
    session_hash: bytes
    expires_at: int


def _encode(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def issue_access_token(secret_key: str, user_id: int, session_hash: bytes, ttl_seconds: int) -> str:
    body = f"{VERSION}.{user_id}.{_encode(session_hash)}.{int(time.time()) + ttl_seconds}"
    return f"{body}.{_encode(keyed_hash(secret_key, 'access', body))}"


def read_access_token(secret_key: str, token: str) -> AccessClaims | None:
    """The claims of a well-signed, unexpired token; None otherwise. The caller checks the session is live."""
    try:
        version, user_id, session_hash, expires_at, signature = token.split(".")
        body = f"{version}.{user_id}.{session_hash}.{expires_at}"
        if version != VERSION or not same(_decode(signature), keyed_hash(secret_key, "access", body)):
            return None
        claims = AccessClaims(int(user_id), _decode(session_hash), int(expires_at))
    except ValueError:
        return None
    return claims if claims.expires_at > time.time() else None
