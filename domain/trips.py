"""A trip put in the database with its host as its first active person, whoever publishes it: the host through the
API, or a commute series' schedule. One statement writes both rows: creating a trip is the commonest write."""

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import ColumnElement, Select, bindparam, func, insert, literal, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import InstrumentedAttribute

from domain.compiled_query import CompiledQuery
from domain.db import session_driver_connection
from domain.models import Trip, TripEnd, TripPassenger
from domain.rules.geo import distance_km
from domain.rules.join import PassengerStatus, PassengerType
from domain.rules.trip import TripStatus


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
    # How far the host goes out of their way, and that budget as straight-line metres (domain/routing.py
    # detour_budget_m, for the trip's mode and time).
    max_detour_minutes: int
    detour_budget_m: float
    series_id: int | None = None
    series_date: date | None = None


_TRIP_COLUMNS = (
    "host_id",
    "scheduled_at",
    *(f"{end}_{part}" for end in ("origin", "destination") for part in ("name", "place_id", "latitude", "longitude")),
    "total_passengers",
    "preferred_mode_of_transport",
    "is_vehicle_booked",
    "estimated_cost",
    "additional_note",
    "max_detour_minutes",
    "detour_budget_m",
    "distance_km",
    "series_id",
    "series_date",
)
_NEW_TRIP = (
    insert(Trip)
    .values(status=TripStatus.ACTIVE.value, **{column: bindparam(column) for column in _TRIP_COLUMNS})
    .returning(Trip.id, Trip.host_id)
    .cte("new_trip")
)
# The trip and its host's passenger row in one statement, compiled once and prepared (domain/compiled_query.py).
_ADD_TRIP = CompiledQuery(
    insert(TripPassenger)
    .from_select(
        ["trip_id", "user_id", "type", "status"],
        select(
            _NEW_TRIP.c.id,
            _NEW_TRIP.c.host_id,
            literal(PassengerType.HOST.value),
            literal(PassengerStatus.ACTIVE.value),
        ),
        include_defaults=False,
    )
    .returning(TripPassenger.trip_id),
    prepared=True,
)


def _end_values(end: str, place: TripEnd) -> dict[str, object]:
    return {
        f"{end}_name": place.name,
        f"{end}_place_id": place.place_id,
        f"{end}_latitude": place.latitude,
        f"{end}_longitude": place.longitude,
    }


async def add_trip(session: AsyncSession, draft: TripDraft) -> int:
    """Inserts the trip and its host's passenger row in the session's transaction; answers the trip's id. A refusal
    of the database (another trip of the same series' day) comes as psycopg's IntegrityError."""
    values = {
        "host_id": draft.host_id,
        "scheduled_at": draft.scheduled_at,
        **_end_values("origin", draft.origin),
        **_end_values("destination", draft.destination),
        "total_passengers": draft.total_passengers,
        "preferred_mode_of_transport": draft.preferred_mode_of_transport,
        "is_vehicle_booked": draft.is_vehicle_booked,
        "estimated_cost": draft.estimated_cost,
        "additional_note": draft.additional_note or None,
        "max_detour_minutes": draft.max_detour_minutes,
        "detour_budget_m": draft.detour_budget_m,
        "distance_km": distance_km(*draft.origin.point, *draft.destination.point),
        "series_id": draft.series_id,
        "series_date": draft.series_date,
    }
    rows = await _ADD_TRIP.rows(await session_driver_connection(session), values)
    return int(rows[0][0])


def people_on_trip(trip_id: int | ColumnElement[int] | InstrumentedAttribute[int]) -> Select[int]:
    """How many people are on the trip, its host included: the count every seat check reads (a trip's edit, a
    request, an approval), for a statement of its own or as a subquery of one on the trip (`Trip.id`)."""
    return select(func.count()).where(TripPassenger.trip_id == trip_id, TripPassenger.status == PassengerStatus.ACTIVE)
