"""A trip cancelled, whoever cancels it: its host deleting it (api/trips), its commute stopped (api/commute), or
support signalling its flow (the trip flow's activity, activities/trips.py). Each ends the same way: the trip kept,
cancelled, for its people's history; the screens told at once; a running cab booking cancelled with the vendor; and
the trip's flow told, which then tells the members why.
"""

from sqlalchemy.ext.asyncio import AsyncSession

from domain import clock
from domain.cab import end_running_cab
from domain.flows import signal_after_commit
from domain.live import Kind, tell_trip
from domain.models import Trip
from domain.rules.cab import CabEnd
from domain.rules.limits import CANCELLATION_REASON_MAX_LENGTH
from domain.rules.trip import TripStatus
from workflows.trip.contracts import TripCancelled, trip_cancelled


async def cancel_trip(session: AsyncSession, trip: Trip, reason: str, *, tell_flow: bool = True) -> None:
    """Cancels the locked, active trip in the session's transaction; its flow and its cab hear of it after the
    commit. The flow itself cancels with `tell_flow=False`: it already knows."""
    trip.status = TripStatus.CANCELLED
    trip.cancellation_reason = reason[:CANCELLATION_REASON_MAX_LENGTH] or None
    trip.cancelled_at = clock.now()
    await session.flush()
    await tell_trip(session, Kind.TRIP, trip.id)
    if tell_flow:
        await signal_after_commit(session, trip_cancelled(trip.id, TripCancelled(reason=reason)))
    await end_running_cab(session, trip.id, CabEnd.TRIP_CANCELLED, reason)
