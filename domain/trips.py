"""A trip put in the database with its host as its first active person, whoever publishes it: the host through the
API, or a commute series' schedule."""

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncSession

from domain.models import Trip, TripEnd, TripPassenger
from domain.rules.geo import distance_km
from domain.rules.join import PassengerStatus, PassengerType


@dataclass(frozen=True)
class TripDraft:
    host_id: int
    scheduled_at: datetime
    origin: TripEnd
    destination: TripEnd
    total_passengers: int
    preferred_mode_of_transport: int
    is_vehicle_booked: bool
    estimated_cost: Decimal
    additional_note: str | None
    series_id: int | None = None
    series_date: date | None = None


async def add_trip(session: AsyncSession, draft: TripDraft) -> Trip:
    trip = Trip(
        host_id=draft.host_id,
        scheduled_at=draft.scheduled_at,
        origin=draft.origin,
        destination=draft.destination,
        total_passengers=draft.total_passengers,
        preferred_mode_of_transport=draft.preferred_mode_of_transport,
        is_vehicle_booked=draft.is_vehicle_booked,
        estimated_cost=draft.estimated_cost,
        additional_note=draft.additional_note or None,
        distance_km=distance_km(*draft.origin.point, *draft.destination.point),
        series_id=draft.series_id,
        series_date=draft.series_date,
    )
    session.add(trip)
    await session.flush()
    session.add(
        TripPassenger(trip_id=trip.id, user_id=draft.host_id, type=PassengerType.HOST, status=PassengerStatus.ACTIVE)
    )
    await session.flush()
    return trip
