"""Keeping one's seat: a member asked "Still coming?" after the host's long move (domain/rules/still_coming.py) answers
that they still come. Their seat was never given up, so the answer only clears the ask: leaving from then on counts
as any leaving does. Answering again, or without being asked, changes nothing."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import refuse
from api.trips.service import load_trip
from domain import clock
from domain.models import TripPassenger, User
from domain.rules.join import PassengerStatus, PassengerType
from domain.rules.still_coming import keep_seat_refusal
from domain.rules.trip import TripStatus


async def keep_seat(session: AsyncSession, user: User, trip_id: int) -> None:
    """Clears the member's "Still coming?" on the trip. The member's row is locked, so a leave being made at the
    same moment (activities/join_requests.py) reads the ask as it is after this answer, or this finds the member
    gone."""
    trip = await load_trip(session, trip_id)
    member = await session.scalar(
        select(TripPassenger)
        .where(
            TripPassenger.trip_id == trip.id,
            TripPassenger.user_id == user.id,
            TripPassenger.type == PassengerType.MEMBER,
        )
        .with_for_update()
    )
    refuse(
        keep_seat_refusal(
            is_active_member=member is not None and member.status == PassengerStatus.ACTIVE,
            trip_cancelled=trip.status == TripStatus.CANCELLED,
            departed=trip.scheduled_at <= clock.now(),
        )
    )
    assert member is not None
    member.still_coming_asked_at = None
