"""A trip as rider safety sees it, shared by the live link and SOS: who may act on it, and when it completes."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import exists, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import refuse
from api.users.blocks import are_blocked
from domain.models import Trip, TripCompletion, TripPassenger, User
from domain.rules import messages
from domain.rules.join import PassengerStatus
from domain.rules.refusal import not_found
from domain.settings import Settings


@dataclass(frozen=True)
class PersonOnTrip:
    trip: Trip
    is_member: bool  # the host or an active member


async def is_on_trip(session: AsyncSession, trip: Trip, user_id: int) -> bool:
    """The person is the trip's host or one of its active members."""
    if trip.host_id == user_id:
        return True
    active = exists().where(
        TripPassenger.trip_id == trip.id,
        TripPassenger.user_id == user_id,
        TripPassenger.status == PassengerStatus.ACTIVE,
    )
    return bool(await session.scalar(select(active)))


async def person_on_trip(session: AsyncSession, trip_id: int, user: User) -> PersonOnTrip:
    """The trip and whether this person is its host or an active member. Unknown, or across a block with its host,
    the trip is not found, as every trip call answers (api/users/blocks.py)."""
    trip = await session.get(Trip, trip_id)
    if trip is None or await are_blocked(session, user.id, trip.host_id):
        refuse(not_found(messages.TRIP_NOT_FOUND))
    return PersonOnTrip(trip, await is_on_trip(session, trip, user.id))


async def completes_at(session: AsyncSession, settings: Settings, trip: Trip) -> datetime:
    """When the trip completes: its expected duration after departure (its ends' distance at the city speed plus a
    margin, within the completion delay), when its flow completes it, or earlier if its completion is already
    marked."""
    planned = trip.scheduled_at + timedelta(seconds=settings.trip_completion_delay_for(trip.distance_km))
    marked = await session.scalar(select(TripCompletion.completed_at).where(TripCompletion.trip_id == trip.id))
    return min(planned, marked) if marked is not None else planned
