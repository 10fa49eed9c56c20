"""The notification list and the devices that receive pushes (SPEC §2 Notifications, §7 notification history)."""

import re
from datetime import datetime, timedelta
from typing import Annotated
from urllib.parse import urlsplit

from fastapi import APIRouter, Query
from pydantic import BeforeValidator
from sqlalchemy import delete, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import CurrentUser, SessionDep, SettingsDep
from api.envelope import Envelope, MessageOnly, done, ok
from api.errors import ApiError
from api.schemas.notification import (
    NotificationPublic,
    NotificationSender,
    PushSubscriptionCreate,
    PushSubscriptionDelete,
    PushSubscriptionKeys,
    PushSubscriptionRefresh,
)
from api.views import media_url
from domain import clock
from domain.models import Notification, PushSubscription, User
from domain.notifications import ENTITY_TYPES
from domain.rules import limits, messages
from domain.settings import Settings

router = APIRouter(prefix="/notification", tags=["notification"])

WINDOW = timedelta(days=limits.NOTIFICATION_WINDOW_DAYS)
# Clocks of phones drift; a window a little over ten days is still one window.
WINDOW_SLACK = timedelta(minutes=5)
# A guard against an account flooded with notifications; far more than a person reads in ten days.
MAX_PER_WINDOW = 500


def _entity_types(text: str | None) -> list[str]:
    if not text:
        return list(ENTITY_TYPES)
    chosen = [part.strip() for part in text.split(",") if part.strip()]
    if not chosen or any(kind not in ENTITY_TYPES for kind in chosen):
        raise ApiError(messages.NOTIFICATION_TYPE_INVALID)
    return chosen


def _date_time_text(value: object) -> object:
    """An ISO 8601 date and time, as documented; not a count of seconds, which the parser would also take."""
    if isinstance(value, str) and not re.match(r"\d{4}-\d{2}-\d{2}", value):
        raise ValueError(messages.NOTIFICATION_WINDOW_INVALID)
    return value


@router.get("/history")
async def read_history(
    user: CurrentUser,
    session: SessionDep,
    entity_types: Annotated[str | None, Query(description="comma-separated: request, trip, query, ...")] = None,
    start: Annotated[datetime | None, Query(alias="from"), BeforeValidator(_date_time_text)] = None,
    end: Annotated[datetime | None, Query(alias="to"), BeforeValidator(_date_time_text)] = None,
) -> Envelope[list[NotificationPublic]]:
    """The user's notifications from `from` (inclusive) to `to` (exclusive), newest first; at most ten days at a
    time, the last ten days when no window is given."""
    kinds = _entity_types(entity_types)
    end = end or clock.now()
    start = start or end - WINDOW
    if start.tzinfo is None or end.tzinfo is None or start > end or end - start > WINDOW + WINDOW_SLACK:
        raise ApiError(messages.NOTIFICATION_WINDOW_INVALID)
    rows = await session.execute(
        select(Notification, User.small_image_key)
        .outerjoin(User, User.id == Notification.sender_id)
        .where(
            Notification.recipient_id == user.id,
            Notification.created_at >= start,
            Notification.created_at < end,
            Notification.entity_type.in_(kinds),
        )
        .order_by(Notification.created_at.desc(), Notification.id.desc())
        .limit(MAX_PER_WINDOW)
    )
    return ok(
        [
            NotificationPublic(
                id=notification.id,
                title=notification.title,
                message=notification.message,
                timestamp=notification.created_at,
                sender=NotificationSender(id=notification.sender_id, image=media_url(image_key)),
                entity_type=notification.entity_type,
                entity_id=notification.entity_id,
            )
            for notification, image_key in rows
        ]
    )


def _check_endpoint(endpoint: str, settings: Settings) -> None:
    """Push services are reached over HTTPS; plain HTTP only for the sandbox's local stand-ins."""
    parts = urlsplit(endpoint)
    schemes = {"https", "http"} if settings.sandbox else {"https"}
    if parts.scheme not in schemes or not parts.hostname:
        raise ApiError(messages.PUSH_SUBSCRIPTION_INVALID)


async def _keep(
    session: AsyncSession, user: User, subscription: PushSubscriptionKeys, os: str | None, device_id: str | None
) -> None:
    """Stores the device's subscription for this user; an endpoint known before (another account on the same
    browser) moves to them, and an older subscription of the same device is dropped."""
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


@router.post("/subscription")
async def subscribe(
    body: PushSubscriptionCreate, user: CurrentUser, session: SessionDep, settings: SettingsDep
) -> MessageOnly:
    _check_endpoint(body.endpoint, settings)
    await _keep(session, user, body, body.os, body.device_id)
    return done(messages.PUSH_SUBSCRIBED)


@router.put("/subscription")
async def refresh_subscription(
    body: PushSubscriptionRefresh, user: CurrentUser, session: SessionDep, settings: SettingsDep
) -> MessageOnly:
    _check_endpoint(body.subscription.endpoint, settings)
    if body.old_endpoint and body.old_endpoint != body.subscription.endpoint:
        await session.execute(
            delete(PushSubscription).where(
                PushSubscription.user_id == user.id, PushSubscription.endpoint == body.old_endpoint
            )
        )
    await _keep(session, user, body.subscription, body.os, body.device_id)
    return done(messages.PUSH_REFRESHED)


@router.delete("/subscription")
async def unsubscribe(body: PushSubscriptionDelete, user: CurrentUser, session: SessionDep) -> MessageOnly:
    await session.execute(
        delete(PushSubscription).where(PushSubscription.user_id == user.id, PushSubscription.endpoint == body.endpoint)
    )
    return done(messages.PUSH_UNSUBSCRIBED)
