"""A vendor webhook's envelope checked and its delivery recorded, before its body is read (domain/webhooks.py)."""

from datetime import timedelta
from typing import Annotated

from fastapi import Header
from sqlalchemy import delete
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import refuse
from domain import clock
from domain.models import WebhookDelivery
from domain.rules import messages
from domain.rules.refusal import not_now, unauthenticated
from domain.webhooks import (
    DELIVERY_ID_HEADER,
    TIMESTAMP_HEADER,
    WINDOW_SECONDS,
    WebhookEnvelope,
    WebhookRefused,
    verified,
)

TimestampHeader = Annotated[
    str | None, Header(alias=TIMESTAMP_HEADER, description="when the vendor signed the delivery (Unix seconds)")
]
DeliveryIdHeader = Annotated[
    str | None, Header(alias=DELIVERY_ID_HEADER, description="the delivery's id; a delivery is taken once")
]


async def take_delivery(
    session: AsyncSession, vendor: str, secret: str, body: bytes, envelope: WebhookEnvelope
) -> None:
    """Refuses a delivery unsigned, signed outside the window, or already taken (changing nothing); otherwise records
    it in the request's transaction, so a delivery whose handling fails is not taken and may be sent again."""
    now = clock.now()
    try:
        delivery = verified(secret, body, envelope, now)
    except WebhookRefused as refusal:
        refuse(unauthenticated(refusal.message))
    taken = await session.scalar(
        insert(WebhookDelivery)
        .values(vendor=vendor, delivery_id=delivery.delivery_id, signed_at=delivery.signed_at)
        .on_conflict_do_nothing(index_elements=[WebhookDelivery.vendor, WebhookDelivery.delivery_id])
        .returning(WebhookDelivery.delivery_id)
    )
    if taken is None:
        refuse(not_now(messages.VENDOR_WEBHOOK_REPLAYED))
    # A delivery signed before the window is refused for its timestamp: its row is no longer needed.
    await session.execute(
        delete(WebhookDelivery).where(WebhookDelivery.signed_at < now - timedelta(seconds=WINDOW_SECONDS))
    )
