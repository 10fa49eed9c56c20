"""The notification list and the devices that receive pushes (SPEC §2 Notifications, §7 notification history)."""

import re
from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Query
from pydantic import BeforeValidator

from api.deps import CurrentUser, SessionDep, SettingsDep
from api.notifications.queries import notification_history
from api.notifications.schemas import (
    NotificationPublic,
    PushSubscriptionCreate,
    PushSubscriptionDelete,
    PushSubscriptionRefresh,
)
from api.notifications.service import PushDestinationsDep, drop_subscription, keep_subscription
from domain.envelope import Envelope, MessageOnly, done, ok
from domain.rules import messages

router = APIRouter(prefix="/notification", tags=["notification"])


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
    return ok(await notification_history(session, user, entity_types, start, end))


@router.post("/subscription")
async def subscribe(
    body: PushSubscriptionCreate,
    user: CurrentUser,
    session: SessionDep,
    settings: SettingsDep,
    destinations: PushDestinationsDep,
) -> MessageOnly:
    await keep_subscription(session, settings, destinations, user, body, body.os, body.device_id)
    return done(messages.PUSH_SUBSCRIBED)


@router.put("/subscription")
async def refresh_subscription(
    body: PushSubscriptionRefresh,
    user: CurrentUser,
    session: SessionDep,
    settings: SettingsDep,
    destinations: PushDestinationsDep,
) -> MessageOnly:
    await keep_subscription(
        session,
        settings,
        destinations,
        user,
        body.subscription,
        body.os,
        body.device_id,
        replaced_endpoint=body.old_endpoint,
    )
    return done(messages.PUSH_REFRESHED)


@router.delete("/subscription")
async def unsubscribe(body: PushSubscriptionDelete, user: CurrentUser, session: SessionDep) -> MessageOnly:
    await drop_subscription(session, user, body.endpoint)
    return done(messages.PUSH_UNSUBSCRIBED)
