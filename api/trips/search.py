"""Finding trips near a point (ARCHITECTURE.md "Search"): a GiST earth_box prefilter on ll_to_earth, the exact
earth_distance check, then ranking by the walk at both ends (sum_of_distance) and time."""

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, Select, and_, exists, func, literal, or_, select
from sqlalchemy.orm import InstrumentedAttribute

from domain.models import Trip, User, UserBlock


def not_blocked_with(viewer_id: int) -> ColumnElement[bool]:
    """The trip's host and the viewer have not blocked each other."""
    blocks = select(UserBlock.blocker_id).where(
        or_(
            (UserBlock.blocker_id == viewer_id) & (UserBlock.blocked_id == Trip.host_id),
            (UserBlock.blocker_id == Trip.host_id) & (UserBlock.blocked_id == viewer_id),
        )
    )
    return ~exists(blocks)


@dataclass(frozen=True)
class TripFilters:
    maximum_passengers: int | None = None
    modes: tuple[int, ...] = ()
    host_gender: str | None = None
    is_vehicle_booked: bool | None = None
    maximum_cost: float | None = None
    host_kyc_verified_only: bool = False


def _earth(latitude: object, longitude: object) -> ColumnElement[object]:
    return func.ll_to_earth(latitude, longitude)


def _within(
    column_latitude: InstrumentedAttribute[float],
    column_longitude: InstrumentedAttribute[float],
    latitude: float,
    longitude: float,
    radius_m: float,
) -> tuple[ColumnElement[bool], ColumnElement[float]]:
    """The index-backed proximity condition and the exact distance in metres."""
    point = _earth(literal(latitude), literal(longitude))
    distance = func.earth_distance(_earth(column_latitude, column_longitude), point)
    in_box = func.earth_box(point, radius_m).op("@>")(_earth(column_latitude, column_longitude))
    return and_(in_box, distance <= radius_m), distance


def _apply_filters(query: Select[Trip, float, float], filters: TripFilters) -> Select[Trip, float, float]:
    if filters.maximum_passengers is not None:
        query = query.where(Trip.total_passengers <= filters.maximum_passengers)
    if filters.modes:
        query = query.where(Trip.preferred_mode_of_transport.in_(filters.modes))
    if filters.is_vehicle_booked is not None:
        query = query.where(Trip.is_vehicle_booked.is_(filters.is_vehicle_booked))
    if filters.maximum_cost is not None:
        query = query.where(Trip.estimated_cost <= filters.maximum_cost)
    if filters.host_gender is not None or filters.host_kyc_verified_only:
        query = query.join(User, User.id == Trip.host_id)
        if filters.host_gender is not None:
            query = query.where(User.gender == filters.host_gender)
        if filters.host_kyc_verified_only:
            query = query.where(User.is_kyc_verified.is_(True))
    return query


def route_search(
    origin: tuple[float, float],
    destination: tuple[float, float],
    window: tuple[datetime, datetime],
    radius_km: float,
    viewer_id: int,
    filters: TripFilters,
    limit: int = 50,
) -> Select[Trip, float, float]:
    """Active future trips starting near origin and ending near destination within the time window."""
    radius_m = radius_km * 1000
    near_origin, from_origin = _within(Trip.origin_latitude, Trip.origin_longitude, *origin, radius_m)
    near_destination, from_destination = _within(
        Trip.destination_latitude, Trip.destination_longitude, *destination, radius_m
    )
    query = (
        select(Trip, from_origin.label("from_origin"), from_destination.label("from_destination"))
        .where(
            Trip.status == "ACTIVE",
            Trip.scheduled_at.between(*window),
            Trip.scheduled_at > func.now(),
            near_origin,
            near_destination,
            not_blocked_with(viewer_id),
        )
        .order_by((from_origin + from_destination), Trip.scheduled_at, Trip.id)
        .limit(limit)
    )
    return _apply_filters(query, filters)


def around_search(
    origin: tuple[float, float],
    window: tuple[datetime, datetime],
    radius_km: float,
    viewer_id: int,
    excluded_trip_ids: tuple[int, ...],
    limit: int = 50,
) -> Select[Trip, float]:
    """Trips Around You: active, upcoming, starting near the point; never the viewer's own."""
    radius_m = radius_km * 1000
    near_origin, from_origin = _within(Trip.origin_latitude, Trip.origin_longitude, *origin, radius_m)
    query = (
        select(Trip, from_origin.label("from_origin"))
        .where(
            Trip.status == "ACTIVE",
            Trip.scheduled_at.between(*window),
            Trip.scheduled_at > func.now(),
            Trip.host_id != viewer_id,
            near_origin,
            not_blocked_with(viewer_id),
        )
        .order_by(from_origin, Trip.scheduled_at, Trip.id)
        .limit(limit)
    )
    if excluded_trip_ids:
        query = query.where(Trip.id.not_in(excluded_trip_ids))
    return query
