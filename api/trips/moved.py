"""The people a host's new departure time concerns are told of it in the edit's own transaction (SPEC §2
Notifications): the trip's active members and everyone whose request waits for an answer, with the old time and the
new. Each notice is pushed after the commit (domain/notifications.py), so an edit that is rolled back tells nobody.

A move of more than half an hour (domain/rules/still_coming.py) asks the active members "Still coming?" in the same
transaction: their rows are marked asked and their notice says so. A shorter move leaves any earlier ask as it is."""

from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from domain import clock
from domain.models import Trip, TripPassenger, User
from domain.notifications import day_and_clock, notice_draft, route, store_notifications
from domain.rules import notices
from domain.rules.join import PassengerStatus, PassengerType
from domain.rules.still_coming import is_long_move
from workflows.push.contracts import push_start


async def people_told_of_a_move(session: AsyncSession, trip_id: int) -> list[tuple[int, str]]:
    """The trip's active members and pending requesters whose accounts still exist, with their status: the host made
    the move."""
    rows = await session.execute(
        select(TripPassenger.user_id, TripPassenger.status)
        .join(User, User.id == TripPassenger.user_id)
        .where(
            TripPassenger.trip_id == trip_id,
            TripPassenger.type == PassengerType.MEMBER,
            TripPassenger.status.in_((PassengerStatus.ACTIVE, PassengerStatus.REQUESTED)),
            User.deleted_at.is_(None),
        )
        .order_by(TripPassenger.id)
    )
    return [(user_id, status) for user_id, status in rows.all()]


async def ask_still_coming(session: AsyncSession, trip_id: int, asked_at: datetime) -> None:
    """Marks the trip's active members asked "Still coming?" (a later long move asks again, from then)."""
    await session.execute(
        update(TripPassenger)
        .where(
            TripPassenger.trip_id == trip_id,
            TripPassenger.type == PassengerType.MEMBER,
            TripPassenger.status == PassengerStatus.ACTIVE,
        )
        .values(still_coming_asked_at=asked_at)
    )


async def tell_of_the_move(session: AsyncSession, trip: Trip, before: datetime) -> int:
    """Tells everyone the move concerns that the trip, which was to leave then, now leaves at its new time; answers
    how many were told. On a long move the active members are asked "Still coming?", in their notice too. Each
    notice is named by the trip, the person and the moment of the edit: every move is told, a trip moved back and
    forth too."""
    now = clock.now()
    long_move = is_long_move(before, trip.scheduled_at)
    if long_move:
        await ask_still_coming(session, trip.id, now)
    fields = {
        "route": route(trip.origin.name, trip.destination.name),
        "before": day_and_clock(before),
        "after": day_and_clock(trip.scheduled_at),
    }
    drafts = [
        notice_draft(
            recipient_id=user_id,
            sender_id=trip.host_id,
            kind="TRIP_MOVED",
            fields=fields,
            added=[("STILL_COMING_ASKED", {})] if long_move and status == PassengerStatus.ACTIVE else (),
            entity_type=notices.ABOUT_TRIP,
            entity_id=str(trip.id),
            dedupe_key=f"trip-moved:{trip.id}:{user_id}:{now.isoformat()}",
        )
        for user_id, status in await people_told_of_a_move(session, trip.id)
    ]
    return await store_notifications(session, drafts, push_start)
