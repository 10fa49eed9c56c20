"""Vendor webhook deliveries the app must refuse (domain/webhooks.py), for the KYC and the cab webhook tests."""

import time

from domain.rules import messages
from domain.webhooks import DELIVERY_ID_HEADER, TIMESTAMP_HEADER, WINDOW_SECONDS, signed_headers


def forged_webhooks(secret: str, signature_header: str, body: bytes) -> list[tuple[dict[str, str], str]]:
    """Deliveries of `body`, each with the refusal's message: unsigned, signed wrongly, signed for another body or
    another time than the headers say, without a delivery id, or signed outside the 5-minute window."""
    now = int(time.time())

    def signed(timestamp: int | None = None) -> dict[str, str]:
        return signed_headers(secret, signature_header, body, timestamp=timestamp)

    without_id = {name: value for name, value in signed().items() if name != DELIVERY_ID_HEADER}
    return [
        ({}, messages.VENDOR_SIGNATURE_INVALID),
        (signed() | {signature_header: "0" * 64}, messages.VENDOR_SIGNATURE_INVALID),
        (signed_headers("not-the-secret", signature_header, body), messages.VENDOR_SIGNATURE_INVALID),
        (signed_headers(secret, signature_header, body + b" "), messages.VENDOR_SIGNATURE_INVALID),
        (signed(timestamp=now - 3600) | {TIMESTAMP_HEADER: str(now)}, messages.VENDOR_SIGNATURE_INVALID),
        (without_id, messages.VENDOR_SIGNATURE_INVALID),
        (signed(timestamp=now - WINDOW_SECONDS - 5), messages.VENDOR_WEBHOOK_STALE),
        (signed(timestamp=now + WINDOW_SECONDS + 5), messages.VENDOR_WEBHOOK_STALE),
    ]
