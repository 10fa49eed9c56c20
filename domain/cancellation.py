"""A trip cancelled, whoever cancels it: its host deleting it or stopping its commute (api/trips/service.py
`cancel_trip`, which tells the trip's flow), or support signalling the flow itself. Every cancellation reaches the
trip's flow, whose activity (activities/trips.py `notify_trip_cancelled`) ends a running cab booking with the vendor
and tells the members why, once, whichever way it came.
"""

from sqlalchemy.ext.asyncio import AsyncSession

from domain import clock
from domain.live import Kind, tell_trip
from domain.models import Trip
from domain.rules.limits import CANCELLATION_REASON_MAX_LENGTH
from domain.rules.trip import TripStatus


async def mark_cancelled(session: AsyncSession, trip: Trip, reason: str) -> None:
    """Marks the locked, active trip cancelled, kept for its people's history, and tells the screens at once."""
    trip.status = TripStatus.CANCELLED
    trip.cancellation_reason = reason[:CANCELLATION_REASON_MAX_LENGTH] or None
    trip.cancelled_at = clock.now()
    await session.flush()
    await tell_trip(session, Kind.TRIP, trip.id)
