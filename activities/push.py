"""What a push flow does: finds the devices a notification goes to, and sends it to one device.

The message a device receives is the notification as the notification list shows it (SPEC §3 Notification), so
the service worker draws it and routes a tap by its entity type the same way the list does.
"""

import logging
from datetime import UTC
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from domain.db import transaction
from domain.i18n.languages import language_or_default
from domain.models import Notification, PushSubscription, User
from domain.notifications import notice_words
from domain.push import PushDestinationRefused, PushOutcome, PushServiceUnavailable, PushTarget, WebPushSender
from workflows.push.contracts import PushDelivery, PushSteps

logger = logging.getLogger("humsafar.push")


def media_url(key: str | None) -> str | None:
    # The same address the API gives pictures (api/media/service.py).
    return f"/api/media/{key}" if key else None


class PushActivities(PushSteps):
    def __init__(self, session_maker: async_sessionmaker[AsyncSession], sender: WebPushSender) -> None:
        self._session_maker = session_maker
        self._sender = sender

    @activity.defn
    async def push_targets(self, notification_id: int) -> list[int]:
        """The subscriptions to push to; none when the recipient turned notifications off or deleted the account,
        or the notification is gone (the flow starts after its commit)."""
        async with transaction(self._session_maker) as session:
            recipient = await session.scalar(
                select(User)
                .join(Notification, Notification.recipient_id == User.id)
                .where(Notification.id == notification_id)
            )
            if recipient is None or not recipient.receive_notification or recipient.deleted_at is not None:
                return []
            found = await session.scalars(
                select(PushSubscription.id)
                .where(PushSubscription.user_id == recipient.id)
                .order_by(PushSubscription.id)
            )
            return list(found)

    @activity.defn
    async def send_push(self, delivery: PushDelivery) -> str:
        """Sends the notification to one device: delivered, gone (the subscription is removed), refused (this
        message will never be accepted), forbidden (the endpoint is, or now resolves to, an address pushes may not
        go to; nothing is sent and the subscription is removed) or skipped (the device or the notification went
        away meanwhile)."""
        async with transaction(self._session_maker) as session:
            subscription = await session.get(PushSubscription, delivery.subscription_id)
            payload = await _payload(session, delivery.notification_id)
            if subscription is None or payload is None:
                return "skipped"
            target = PushTarget(subscription.endpoint, subscription.p256dh, subscription.auth)
        try:
            outcome = await self._sender.send(target, payload)
        except PushServiceUnavailable as error:
            # Retried by the flow with a growing pause, for as long as the message is worth showing. The failure is
            # kept in the flow's history, so it names the error's kind only: its words may hold the device's
            # endpoint, which is the address anyone could push to.
            logger.warning("push to subscription %s failed: %s", delivery.subscription_id, error)
            cause = type(error.__cause__ or error).__name__
            raise ApplicationError(f"push service unavailable ({cause})", type="PushServiceUnavailable") from error
        except PushDestinationRefused as refusal:
            logger.warning("not pushing to subscription %s: %s", delivery.subscription_id, refusal.message)
            outcome = PushOutcome.FORBIDDEN
        if outcome in (PushOutcome.GONE, PushOutcome.FORBIDDEN):
            async with transaction(self._session_maker) as session:
                # Only if it still names the same endpoint: the browser may have renewed it meanwhile.
                await session.execute(
                    delete(PushSubscription).where(
                        PushSubscription.id == delivery.subscription_id, PushSubscription.endpoint == target.endpoint
                    )
                )
        return outcome.value


async def _payload(session: AsyncSession, notification_id: int) -> dict[str, Any] | None:
    row = (
        await session.execute(
            select(Notification, User.small_image_key, User.name, User.network_bap_id)
            .outerjoin(User, User.id == Notification.sender_id)
            .where(Notification.id == notification_id)
        )
    ).first()
    if row is None:
        return None
    notification, image_key, name, booked_through = row
    # Pushed in the recipient's profile language: nobody's request is being answered.
    language = language_or_default(
        await session.scalar(select(User.language).where(User.id == notification.recipient_id))
    )
    title, message = notice_words(
        notification.kind, notification.params, notification.title, notification.message, language
    )
    return {
        "id": notification.id,
        "title": title,
        "message": message,
        # As the API writes times (pydantic), so the worker and the list agree to the character.
        "timestamp": notification.created_at.astimezone(UTC).isoformat().replace("+00:00", "Z"),
        "entity_type": notification.entity_type,
        "entity_id": notification.entity_id,
        "sender": {
            "id": notification.sender_id,
            "image": media_url(image_key),
            "name": name,
            "booked_through": booked_through,
        },
    }
