"""Web push with VAPID (RFC 8292): the server's key pair and the sender that encrypts (RFC 8291) and posts a
message to a browser's push service (RFC 8030)."""

import base64
import json
import os
import tempfile
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Any

import aiohttp
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from py_vapid import Vapid
from pywebpush import WebPushException, webpush_async

from domain.settings import Settings

KEY_FILE_NAME = "vapid_private_key"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass(frozen=True)
class VapidKeys:
    """private_key as py_vapid reads it; public_key is the applicationServerKey browsers subscribe with."""

    private_key: str
    public_key: str


def _public_key_of(private_key: str) -> str:
    vapid = Vapid.from_string(private_key)
    return b64url(vapid.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint))


def generate_private_key() -> str:
    vapid = Vapid()
    vapid.generate_keys()
    return b64url(vapid.private_key.private_numbers().private_value.to_bytes(32, "big"))


def _kept_private_key(data_dir: Path) -> str:
    """The key generated on the first run. The API and the worker may start together: the file appears whole or not
    at all (written aside, then linked in), and whoever links second reads the first one's key."""
    key_file = data_dir / KEY_FILE_NAME
    if not key_file.exists():
        data_dir.mkdir(parents=True, exist_ok=True)
        descriptor, draft = tempfile.mkstemp(dir=data_dir, prefix=f".{KEY_FILE_NAME}.")
        try:
            with os.fdopen(descriptor, "w") as draft_file:
                draft_file.write(generate_private_key())
            os.chmod(draft, 0o600)
            os.link(draft, key_file)
        except FileExistsError:
            pass
        finally:
            os.unlink(draft)
    return key_file.read_text().strip()


@lru_cache(maxsize=8)
def _keys(private_key_setting: str | None, data_dir: Path) -> VapidKeys:
    private_key = private_key_setting or _kept_private_key(data_dir)
    return VapidKeys(private_key=private_key, public_key=_public_key_of(private_key))


def vapid_keys(settings: Settings) -> VapidKeys:
    return _keys(settings.web_push_vapid_private_key, settings.data_dir)


@dataclass(frozen=True)
class PushTarget:
    """A browser's PushSubscription as it serialises it: the endpoint and its keys."""

    endpoint: str
    p256dh: str
    auth: str


class PushOutcome(StrEnum):
    DELIVERED = "delivered"
    # 404 or 410: the subscription has expired or was withdrawn; it will never work again.
    GONE = "gone"
    # Any other 4xx but 429: this message will never be accepted (too large, malformed, wrong key).
    REFUSED = "refused"


class PushServiceUnavailable(Exception):
    """The push service could not take the message now (network, 429, 5xx); worth trying again."""


class WebPushSender:
    def __init__(self, settings: Settings) -> None:
        self._keys = vapid_keys(settings)
        self._subject = settings.web_push_subject
        self._ttl = settings.web_push_ttl_seconds
        self._timeout = settings.web_push_timeout_seconds

    async def send(self, target: PushTarget, payload: dict[str, Any]) -> PushOutcome:
        keys = {"p256dh": target.p256dh, "auth": target.auth}
        subscription: dict[str, Any] = {"endpoint": target.endpoint, "keys": keys}
        try:
            await webpush_async(
                subscription,
                data=json.dumps(payload, ensure_ascii=False),
                vapid_private_key=self._keys.private_key,
                vapid_claims={"sub": self._subject},
                ttl=self._ttl,
                timeout=aiohttp.ClientTimeout(total=self._timeout),
            )
        except WebPushException as error:
            status = getattr(error.response, "status", None) or getattr(error.response, "status_code", None)
            if status in (404, 410):
                return PushOutcome.GONE
            if status is not None and 400 <= status < 500 and status != 429:
                return PushOutcome.REFUSED
            raise PushServiceUnavailable(str(error)) from error
        except (aiohttp.ClientError, TimeoutError) as error:
            raise PushServiceUnavailable(str(error)) from error
        return PushOutcome.DELIVERED
