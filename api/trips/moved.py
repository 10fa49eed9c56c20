"""The people a host's new departure time concerns are told of it in the edit's own transaction (SPEC §2
Notifications): the trip's active members and everyone whose request waits for an answer, with the old time and the
new. Each notice is pushed after the commit (domain/notifications.py), so an edit that is rolled back tells nobody."""

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain import clock
from domain.models import Trip, TripPassenger, User
from domain.notifications import NotificationDraft, store_notifications
from domain.rules import notices
from domain.rules.join import PassengerStatus, PassengerType
from workflows.push.contracts import push_start


async def people_told_of_a_move(session: AsyncSession, trip_id: int) -> list[int]:
    """The trip's active members and pending requesters whose accounts still exist: the host made the move."""
    rows = await session.scalars(
        select(TripPassenger.user_id)
        .join(User, User.id == TripPassenger.user_id)
        .where(
            TripPassenger.trip_id == trip_id,
            TripPassenger.type == PassengerType.MEMBER,
            TripPassenger.status.in_((PassengerStatus.ACTIVE, PassengerStatus.REQUESTED)),
            User.deleted_at.is_(None),
        )
        .order_by(TripPassenger.id)
    )
    return list(rows)


async def tell_of_the_move(session: AsyncSession, trip: Trip, before: datetime) -> int:
    """Tells everyone the move concerns that the trip, which was to leave then, now leaves at its new time; answers
    how many were told. Each notice is named by the trip, the person and the moment of the edit: every move is told,
    a trip moved back and forth too."""
    moved_at = clock.now().isoformat()
    message = notices.TRIP_MOVED_BODY.format(
        route=notices.route_words(trip.origin.name, trip.destination.name),
        before=notices.day_and_clock_words(before),
        after=notices.day_and_clock_words(trip.scheduled_at),
    )
    drafts = [
        NotificationDraft(
            recipient_id=user_id,
            sender_id=trip.host_id,
            title=notices.TRIP_MOVED_TITLE,
            message=message,
            entity_type=notices.ABOUT_TRIP,
            entity_id=str(trip.id),
            dedupe_key=f"trip-moved:{trip.id}:{user_id}:{moved_at}",
        )
        for user_id in await people_told_of_a_move(session, trip.id)
    ]
    return await store_notifications(session, drafts, push_start)
