"""A trip as its views read it: the columns they show and its people, as a plain tuple rather than ORM rows.

The people come in the same statement, as a JSON array per trip (aggregated after the search's LIMIT), so a page of
search results costs one round trip to PostgreSQL, not two."""

from datetime import datetime
from decimal import Decimal
from typing import Any, NamedTuple

from sqlalchemy import ColumnElement, exists, func, select
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.orm import aliased

from domain.models import CabBooking, Trip, TripEnd, TripPassenger, TripQuery, User, UserTripsInsights


class Person(NamedTuple):
    """One person's place in a trip with the few user fields a trip view shows."""

    user_id: int
    name: str | None
    small_image_key: str | None
    medium_image_key: str | None
    is_kyc_verified: bool
    average_rating: float
    flagged_count: int
    completed_trips: int
    late_cancellations: int
    no_shows: int
    type: str
    status: str
    additional_note: str | None
    small_luggage: int
    large_luggage: int
    still_coming_asked: bool  # asked "Still coming?" after the host's long move, not answered yet
    # The rider's own pick-up and drop on the host's way; None: the trip's own ends.
    pickup_name: str | None
    pickup_latitude: float | None
    pickup_longitude: float | None
    drop_name: str | None
    drop_latitude: float | None
    drop_longitude: float | None
    # The buyer app that booked a network rider (domain/network_riders.py), by its subscriber id; None for the app's
    # own members. Never the network rider's phone.
    booked_through: str | None


class TripRow(NamedTuple):
    """A trip's columns as the compiled reads select them: its ends column by column (domain/models/ends.py), read
    whole through `origin` and `destination`."""

    id: int
    host_id: int
    status: str
    scheduled_at: datetime
    origin_name: str
    origin_place_id: str
    origin_latitude: float
    origin_longitude: float
    destination_name: str
    destination_place_id: str
    destination_latitude: float
    destination_longitude: float
    total_passengers: int
    preferred_mode_of_transport: int
    is_vehicle_booked: bool
    estimated_cost: Decimal
    additional_note: str | None
    distance_km: float
    max_detour_minutes: int
    people: list[list[Any]]  # Person fields, host first, then in the order they asked
    has_questions: bool
    cab: list[Any] | None  # CabRow fields of the trip's latest cab booking, if it has one

    @property
    def origin(self) -> TripEnd:
        return TripEnd(self.origin_name, self.origin_place_id, self.origin_latitude, self.origin_longitude)

    @property
    def destination(self) -> TripEnd:
        return TripEnd(
            self.destination_name, self.destination_place_id, self.destination_latitude, self.destination_longitude
        )


def _people_of_trip() -> ColumnElement[Any]:
    # Aliased, so a query that itself joins passengers or users (the viewer's own trips, a host filter) is not
    # mistaken for the trip's people.
    passenger, user, insights = aliased(TripPassenger), aliased(User), aliased(UserTripsInsights)
    fields = func.json_build_array(
        user.id,
        user.name,
        user.small_image_key,
        user.medium_image_key,
        user.is_kyc_verified,
        user.average_rating,
        user.flagged_count,
        func.coalesce(insights.trips_hosted + insights.total_trips_joined, 0),
        func.coalesce(insights.late_cancellations, 0),
        func.coalesce(insights.no_shows, 0),
        passenger.type,
        passenger.status,
        passenger.additional_note,
        passenger.small_luggage,
        passenger.large_luggage,
        passenger.still_coming_asked_at.is_not(None),
        passenger.pickup_name,
        passenger.pickup_latitude,
        passenger.pickup_longitude,
        passenger.drop_name,
        passenger.drop_latitude,
        passenger.drop_longitude,
        user.network_bap_id,
    )
    return (
        select(func.json_agg(aggregate_order_by(fields, passenger.type.desc(), passenger.created_at)))
        .select_from(passenger)
        .join(user, user.id == passenger.user_id)
        .outerjoin(insights, insights.user_id == passenger.user_id)
        .where(passenger.trip_id == Trip.id)
        .correlate(Trip)
        .scalar_subquery()
    )


class CabRow(NamedTuple):
    """A trip's latest cab booking, as its views show it."""

    status: str
    category: str
    stops: list[dict[str, Any]]
    vendor_name: str
    vendor_logo: str | None
    total_fare: float
    fare_breakup: dict[str, float]
    driver_name: str | None
    driver_phone: str | None
    vehicle_model: str | None
    vehicle_registration: str | None
    raised_issue: str | None
    end_cause: str | None


def _latest_cab_of_trip() -> ColumnElement[Any]:
    fields = func.json_build_array(*(getattr(CabBooking, name) for name in CabRow._fields))
    return (
        select(fields)
        .where(CabBooking.trip_id == Trip.id)
        .order_by(CabBooking.number.desc())
        .limit(1)
        .correlate(Trip)
        .scalar_subquery()
    )


_TRIP_FIELDS = TripRow._fields[: -len(("people", "has_questions", "cab"))]
TRIP_ROW_COLUMNS: tuple[ColumnElement[Any], ...] = (
    *(getattr(Trip, name) for name in _TRIP_FIELDS),
    _people_of_trip().label("people"),
    exists().where(TripQuery.trip_id == Trip.id).correlate(Trip).label("has_questions"),
    _latest_cab_of_trip().label("cab"),
)


def people_of(trip: TripRow) -> list[Person]:
    return [Person._make(fields) for fields in trip.people or ()]


def cab_of(trip: TripRow) -> CabRow | None:
    return CabRow._make(trip.cab) if trip.cab else None
