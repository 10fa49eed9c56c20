"""The envelope every vendor webhook comes in (docs/webhooks.md): a timestamp and a delivery id beside the vendor's
signature header, the signature being the hex HMAC-SHA256, with the shared secret, of
`{timestamp}.{delivery_id}.` followed by the raw body. A delivery signed more than WINDOW_SECONDS before or after now
is refused, and so is a delivery id already taken (kept in webhook_deliveries, across API processes)."""

import hashlib
import hmac
import re
import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Final

from domain.rules import messages, server_limits

TIMESTAMP_HEADER: Final = "X-Webhook-Timestamp"
DELIVERY_ID_HEADER: Final = "X-Webhook-Id"
WINDOW_SECONDS: Final = server_limits.VENDOR_WEBHOOK_WINDOW_SECONDS
DELIVERY_ID: Final = re.compile(r"[A-Za-z0-9._:-]{1,200}")
TIMESTAMP: Final = re.compile(r"[0-9]{1,12}")


def signed_text(timestamp: str, delivery_id: str, body: bytes) -> bytes:
    return f"{timestamp}.{delivery_id}.".encode() + body


def sign(secret: str, timestamp: str, delivery_id: str, body: bytes) -> str:
    return hmac.new(secret.encode(), signed_text(timestamp, delivery_id, body), hashlib.sha256).hexdigest()


def signed_headers(
    secret: str, signature_header: str, body: bytes, *, timestamp: int | None = None, delivery_id: str | None = None
) -> dict[str, str]:
    """The headers a vendor sends with `body`: signed now, with a new delivery id, unless told otherwise."""
    stamp = str(int(time.time()) if timestamp is None else timestamp)
    delivery = delivery_id or secrets.token_hex(16)
    return {
        TIMESTAMP_HEADER: stamp,
        DELIVERY_ID_HEADER: delivery,
        signature_header: sign(secret, stamp, delivery, body),
    }


@dataclass(frozen=True)
class WebhookEnvelope:
    """What came with a delivery's body, as sent (any of it may be missing)."""

    signature: str | None
    timestamp: str | None
    delivery_id: str | None


@dataclass(frozen=True)
class Delivery:
    delivery_id: str
    signed_at: datetime


class WebhookRefused(Exception):
    def __init__(self, message: str, *, replayed: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.replayed = replayed


def verified(secret: str, body: bytes, envelope: WebhookEnvelope, now: datetime) -> Delivery:
    """The delivery, when its signature holds and it was signed within the window of now; WebhookRefused if not."""
    signature, stamp, delivery_id = envelope.signature, envelope.timestamp, envelope.delivery_id
    if (
        signature is None
        or stamp is None
        or delivery_id is None
        or not TIMESTAMP.fullmatch(stamp)
        or not DELIVERY_ID.fullmatch(delivery_id)
        or not hmac.compare_digest(sign(secret, stamp, delivery_id, body), signature.strip().lower())
    ):
        raise WebhookRefused(messages.VENDOR_SIGNATURE_INVALID)
    signed_at = datetime.fromtimestamp(int(stamp), UTC)
    if abs(now - signed_at) > timedelta(seconds=WINDOW_SECONDS):
        raise WebhookRefused(messages.VENDOR_WEBHOOK_STALE)
    return Delivery(delivery_id, signed_at)
