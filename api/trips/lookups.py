"""Reading one trip for an action on it, shared by the trip and joining calls."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import refuse
from domain.models import Trip
from domain.rules import messages
from domain.rules.refusal import not_found
from domain.trips import people_on_trip


async def load_trip(session: AsyncSession, trip_id: int, for_update: bool = False) -> Trip:
    """The trip, locked for the rest of the transaction when for_update; 404 with the spec's words otherwise."""
    query = select(Trip).where(Trip.id == trip_id)
    trip = await session.scalar(query.with_for_update() if for_update else query)
    if trip is None:
        refuse(not_found(messages.TRIP_NOT_FOUND))
    return trip


async def active_count(session: AsyncSession, trip_id: int) -> int:
    """The people in the trip, its host included."""
    return int(await session.scalar(people_on_trip(trip_id)) or 0)
