"""Secrets are never stored as given: tokens by SHA-256, one-time codes by a keyed HMAC."""

import hashlib
import hmac
import secrets


def new_token() -> str:
    """256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


def keyed_hash(secret_key: str, *parts: str | bytes) -> bytes:
    mac = hmac.new(secret_key.encode(), digestmod=hashlib.sha256)
    for part in parts:
        mac.update(part if isinstance(part, bytes) else part.encode())
        mac.update(b"\x00")
    return mac.digest()


def same(left: bytes, right: bytes) -> bool:
    return hmac.compare_digest(left, right)
