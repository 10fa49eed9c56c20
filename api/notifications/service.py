"""The devices that receive a user's pushes: their Web Push subscriptions, kept, refreshed and dropped."""

from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy import delete
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import refuse
from api.notifications.schemas import PushSubscriptionKeys
from domain import clock
from domain.models import PushSubscription, User
from domain.push import PushDestinationRefused, PushDestinations, check_push_endpoint
from domain.rules.refusal import invalid
from domain.settings import Settings

# How long saving a subscription waits for its push service's name to resolve; a name that does not resolve in
# time is kept, and checked again (resolved, then connected to as checked) whenever a push is sent.
RESOLVE_TIMEOUT_SECONDS = 3.0


def push_destinations(request: Request) -> PushDestinations:
    """Where pushes may go: public addresses only (the tests add their stand-in push service to the app's)."""
    destinations: PushDestinations = request.app.state.push_destinations
    return destinations


PushDestinationsDep = Annotated[PushDestinations, Depends(push_destinations)]


async def _check_endpoint(endpoint: str, settings: Settings, destinations: PushDestinations) -> None:
    """Push services are reached over HTTPS (plain HTTP only in the sandbox) and never on a loopback, private,
    link-local or reserved address, whether written as one or resolving to one."""
    try:
        await check_push_endpoint(endpoint, settings.sandbox, destinations, RESOLVE_TIMEOUT_SECONDS)
    except PushDestinationRefused as refusal:
        refuse(invalid(refusal.message))


async def keep_subscription(
    session: AsyncSession,
    settings: Settings,
    destinations: PushDestinations,
    user: User,
    subscription: PushSubscriptionKeys,
    os: str | None,
    device_id: str | None,
    replaced_endpoint: str | None = None,
) -> None:
    """Stores the device's subscription for this user; an endpoint known before (another account on the same
    browser) moves to them, and the subscription it replaces (the browser renewed it) or an older one of the same
    device is dropped."""
    await _check_endpoint(subscription.endpoint, settings, destinations)
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
