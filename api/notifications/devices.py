"""The devices that receive a user's pushes: their Web Push subscriptions, kept, refreshed and dropped."""

from urllib.parse import urlsplit

from sqlalchemy import delete
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import ApiError
from api.schemas.notification import PushSubscriptionKeys
from domain import clock
from domain.models import PushSubscription, User
from domain.rules import messages
from domain.settings import Settings


def _check_endpoint(endpoint: str, settings: Settings) -> None:
    """Push services are reached over HTTPS; plain HTTP only for the sandbox's local stand-ins."""
    parts = urlsplit(endpoint)
    schemes = {"https", "http"} if settings.sandbox else {"https"}
    if parts.scheme not in schemes or not parts.hostname:
        raise ApiError(messages.PUSH_SUBSCRIPTION_INVALID)


async def keep_subscription(
    session: AsyncSession,
    settings: Settings,
    user: User,
    subscription: PushSubscriptionKeys,
    os: str | None,
    device_id: str | None,
    replaced_endpoint: str | None = None,
) -> None:
    """Stores the device's subscription for this user; an endpoint known before (another account on the same
    browser) moves to them, and the subscription it replaces (the browser renewed it) or an older one of the same
    device is dropped."""
    _check_endpoint(subscription.endpoint, settings)
    if replaced_endpoint and replaced_endpoint != subscription.endpoint:
        await drop_subscription(session, user, replaced_endpoint)
    values = {
        "user_id": user.id,
        "p256dh": subscription.keys.p256dh,
        "auth": subscription.keys.auth,
        "os": os,
        "device_id": device_id,
    }
    await session.execute(
        insert(PushSubscription)
        .values(endpoint=subscription.endpoint, **values)
        .on_conflict_do_update(index_elements=[PushSubscription.endpoint], set_={**values, "updated_at": clock.now()})
    )
    if device_id:
        await session.execute(
            delete(PushSubscription).where(
                PushSubscription.user_id == user.id,
                PushSubscription.device_id == device_id,
                PushSubscription.endpoint != subscription.endpoint,
            )
        )


async def drop_subscription(session: AsyncSession, user: User, endpoint: str) -> None:
    await session.execute(
        delete(PushSubscription).where(PushSubscription.user_id == user.id, PushSubscription.endpoint == endpoint)
    )
