"""A trip put in the database with its host as its first active person, whoever publishes it: the host through the
API, or a commute series' schedule. One statement writes both rows: creating a trip is the commonest write."""

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import insert, literal, select
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


def _end_values(end: str, place: TripEnd) -> dict[str, object]:
    return {
        f"{end}_name": place.name,
        f"{end}_place_id": place.place_id,
        f"{end}_latitude": place.latitude,
        f"{end}_longitude": place.longitude,
    }


async def add_trip(session: AsyncSession, draft: TripDraft) -> int:
    """Inserts the trip and its host's passenger row in one statement; answers the trip's id."""
    new_trip = (
        insert(Trip)
        .values(
            host_id=draft.host_id,
            scheduled_at=draft.scheduled_at,
            **_end_values("origin", draft.origin),
            **_end_values("destination", draft.destination),
            total_passengers=draft.total_passengers,
            preferred_mode_of_transport=draft.preferred_mode_of_transport,
            is_vehicle_booked=draft.is_vehicle_booked,
            estimated_cost=draft.estimated_cost,
            additional_note=draft.additional_note or None,
            distance_km=distance_km(*draft.origin.point, *draft.destination.point),
            series_id=draft.series_id,
            series_date=draft.series_date,
        )
        .returning(Trip.id, Trip.host_id)
        .cte("new_trip")
    )
    host_row = select(
        new_trip.c.id, new_trip.c.host_id, literal(PassengerType.HOST.value), literal(PassengerStatus.ACTIVE.value)
    )
    trip_id = await session.scalar(
        insert(TripPassenger)
        .from_select(["trip_id", "user_id", "type", "status"], host_row, include_defaults=False)
        .returning(TripPassenger.trip_id)
    )
    assert trip_id is not None
    return int(trip_id)
