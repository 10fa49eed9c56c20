"""Finding trips near a point (ARCHITECTURE.md "Search", docs/architecture.md "Search"): trips whose ends are near
the rider's (ends), and trips whose way passes the rider's pick-up and then drop within the host's detour budget
(along: domain/rules/along.py, its SQL form below); ends first by the least walk, then along by the least detour.

Every distance is measured from the centres of the ends' cells (domain/rules/geo.py approximate), the ends shown to
everyone outside the trip: were the radius, the detour or the ranking measured from the exact ends, a few searches
from chosen points would find a host's pick-up. The views measure again, from the exact ends for the host and active
members.

Each kind is served by its own partial GiST, and one statement asks both (a UNION ALL, each part ranked and limited
on its own, then the two ranked together and the trips' columns read for the page alone):
- ends: ix_trips_active_search over (departure day in IST, origin_cell_earth, destination_cell_earth) of active
  trips; the status, the day and the earth boxes round both of the rider's points are index conditions.
- along: ix_trips_active_corridor over (departure day, corridor) of active trips with a budget; `corridor &&
  corridor_probe(P, P, Q) AND corridor && corridor_probe(Q, P, Q)` are index conditions (the corridor holds every
  point the budget reaches and the way's heading, the probe a point and the headings within reach of the rider's;
  migration e8a0c2d4f6b8), then the direction, the extra distance within detour_budget_m, and "not an ends match"
  are checked on those.
The time window and "not yet departed" are checked on the rows the index gives.

A search is a statement shape (which filters are present), compiled once (domain/compiled_query.py), whose values
are bound per request: building and compiling the expression anew costs more CPU than the query does in PostgreSQL.
It is prepared on each connection and runs one generic plan: parsing and planning it anew took PostgreSQL longer than
running it. So whatever depends on the rider's points alone (the points, their boxes and probes, the direction) is a
scalar subquery (_once), computed once per run; left as an expression of the bound values, a generic plan would
compute it again for every candidate trip.
It is a statement for the viewer (api/trips/queries/reader.py): the reader's session is checked in the same round
trip."""

from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from sqlalchemy import (
    ARRAY,
    BigInteger,
    ColumnElement,
    Date,
    DateTime,
    Float,
    Integer,
    Select,
    SmallInteger,
    all_,
    and_,
    any_,
    bindparam,
    cast,
    func,
    literal_column,
    select,
    union_all,
)
from sqlalchemy.orm import InstrumentedAttribute
from sqlalchemy.sql.selectable import Subquery

from api.trips.queries.reader import VIEWER_ID, for_the_viewer
from api.trips.queries.rows import TRIP_ROW_COLUMNS
from domain import clock
from domain.blocks import blocked_between
from domain.compiled_query import CompiledQuery
from domain.models import Trip, User
from domain.rules import limits
from domain.rules.along import MatchKind
from domain.rules.trip import TripStatus


def not_blocked_with(viewer_id: ColumnElement[int] | int) -> ColumnElement[bool]:
    """The trip's host and the viewer have not blocked each other (api/users/blocks.py)."""
    return ~blocked_between(viewer_id, Trip.host_id)


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


def _once(value: ColumnElement[Any]) -> ColumnElement[Any]:
    """A value of the rider's alone, computed once per search (an InitPlan) rather than for every candidate trip: a
    prepared statement's generic plan, made without the values, cannot fold it into a constant."""
    return select(value).scalar_subquery()


def _point(end: str) -> ColumnElement[object]:
    """The rider's point bound as {end}_latitude and {end}_longitude."""
    return _once(_earth(bindparam(f"{end}_latitude", type_=Float), bindparam(f"{end}_longitude", type_=Float)))


def _within(column: InstrumentedAttribute[str], end: str) -> tuple[ColumnElement[bool], ColumnElement[float]]:
    """The index-backed proximity condition and the distance in metres, from the trip's stored cell centre
    (origin_cell_earth, destination_cell_earth) to the point bound as {end}_latitude and {end}_longitude, within
    radius_m."""
    point = _point(end)
    radius_m = bindparam("radius_m", type_=Float)
    distance = func.earth_distance(column, point)
    in_box = _once(func.earth_box(point, radius_m)).op("@>")(column)
    return and_(in_box, distance <= radius_m), distance


# The departure day as the index has it (migration 7c1d2e9a4b60): the same expression, so the index serves it.
_DEPARTURE_DAY = cast(func.timezone(literal_column("'Asia/Kolkata'"), Trip.scheduled_at), Date)


def _upcoming_in_window() -> tuple[ColumnElement[bool], ...]:
    window_start, window_end = (
        bindparam("window_start", type_=DateTime(True)),
        bindparam("window_end", type_=DateTime(True)),
    )
    return (
        # A constant, not a bound value: only then can the planner match the partial index's WHERE status = 'ACTIVE'.
        Trip.status == literal_column(f"'{TripStatus.ACTIVE}'"),
        bindparam("day", type_=Date) == _DEPARTURE_DAY,
        Trip.scheduled_at.between(window_start, window_end),
        Trip.scheduled_at > func.now(),
    )


def _point_values(end: str, point: tuple[float, float]) -> dict[str, float]:
    """Degrees to 7 decimals (about a centimetre): finer means nothing on a map, and PostgreSQL's trigonometry
    refuses subnormal numbers such as 5e-324 ("value out of range: underflow")."""
    return {f"{end}_latitude": round(point[0], 7), f"{end}_longitude": round(point[1], 7)}


def _window_values(window: tuple[datetime, datetime]) -> dict[str, object]:
    """A search's window lies within one day in IST (the day the rider picked)."""
    return {"day": window[0].astimezone(clock.IST).date(), "window_start": window[0], "window_end": window[1]}


@dataclass(frozen=True)
class _FilterShape:
    maximum_passengers: bool
    modes: bool
    host_gender: bool
    is_vehicle_booked: bool
    maximum_cost: bool
    host_kyc_verified_only: bool

    @classmethod
    def of(cls, filters: TripFilters) -> "_FilterShape":
        return cls(
            filters.maximum_passengers is not None,
            bool(filters.modes),
            filters.host_gender is not None,
            filters.is_vehicle_booked is not None,
            filters.maximum_cost is not None,
            filters.host_kyc_verified_only,
        )


def _filter_values(filters: TripFilters) -> dict[str, object]:
    values: dict[str, object] = {
        "maximum_passengers": filters.maximum_passengers,
        "modes": list(filters.modes),
        "host_gender": filters.host_gender,
        "is_vehicle_booked": filters.is_vehicle_booked,
        "maximum_cost": filters.maximum_cost,
    }
    return {name: value for name, value in values.items() if value is not None and value != []}


def _apply_filters(query: Select[Any], shape: _FilterShape) -> Select[Any]:
    if shape.maximum_passengers:
        query = query.where(Trip.total_passengers <= bindparam("maximum_passengers"))
    if shape.modes:
        query = query.where(Trip.preferred_mode_of_transport == any_(bindparam("modes", type_=ARRAY(SmallInteger))))
    if shape.is_vehicle_booked:
        query = query.where(Trip.is_vehicle_booked == bindparam("is_vehicle_booked"))
    if shape.maximum_cost:
        query = query.where(Trip.estimated_cost <= bindparam("maximum_cost"))
    if shape.host_gender or shape.host_kyc_verified_only:
        query = query.join(User, User.id == Trip.host_id)
        if shape.host_gender:
            query = query.where(User.gender == bindparam("host_gender"))
        if shape.host_kyc_verified_only:
            query = query.where(User.is_kyc_verified.is_(True))
    return query


@dataclass(frozen=True)
class Page:
    """Which page of a search's ranked trips: the number-th (from 0) of `size` trips."""

    number: int = 0
    size: int = limits.TRIPS_PER_SEARCH_PAGE

    def values(self) -> dict[str, int]:
        """The statement reads one trip past the page, which tells whether another page follows."""
        end = (self.number + 1) * self.size
        return {"part_limit": end + 1, "page_limit": self.size + 1, "page_offset": self.number * self.size}


FIRST_PAGE = Page()


@dataclass(frozen=True)
class Search:
    """A compiled search, the values of one request and its page: rows come back as api/trips/queries/rows.py TripRow,
    then MATCH_COLUMNS (how each trip matched), up to one past the page."""

    query: CompiledQuery
    values: dict[str, object]
    page: Page


# What each found trip carries after TripRow's columns: its MatchKind and the host's detour in whole minutes.
MATCH_COLUMNS = ("match_kind", "detour_minutes")
_ENDS: ColumnElement[str] = literal_column(f"'{MatchKind.ENDS}'")
_ALONG: ColumnElement[str] = literal_column(f"'{MatchKind.ALONG}'")


def _ends_first(matched: Subquery) -> Select[Any]:
    """The matched trips' columns, ends matches first by the least walk (metres), then along the way by the least
    detour; then the earliest, then the oldest trip. The page's trips alone (and one more, which tells whether
    there are more), people read for those alone."""
    return (
        select(*TRIP_ROW_COLUMNS, matched.c.match_kind, matched.c.walk_m, matched.c.detour_minutes)
        .select_from(matched)
        .join(Trip, Trip.id == matched.c.id)
        .order_by(*_ranking(matched.c))
        .limit(bindparam("page_limit", type_=Integer))
        .offset(bindparam("page_offset", type_=Integer))
    )


def _ranking(columns: Any) -> tuple[ColumnElement[Any], ...]:
    return (columns.match_kind != _ENDS, columns.walk_m, columns.detour_minutes, columns.scheduled_at, columns.id)


def _matched(ends: Select[Any], along: Select[Any], shape: _FilterShape) -> CompiledQuery:
    """Both kinds of match in one statement for the viewer: each part finds its best up to the page's end through its
    own index (ends: ix_trips_active_search; along: ix_trips_active_corridor), then the two are ranked together."""
    parts = [
        # Within a part all are of its kind.
        _apply_filters(part.where(not_blocked_with(VIEWER_ID)), shape).order_by(*_ranking(part.selected_columns)[1:])
        for part in (ends, along)
    ]
    part_limit = bindparam("part_limit", type_=Integer)
    matched = union_all(*(part.limit(part_limit) for part in parts)).subquery("matched")
    ranked = _ends_first(matched)
    return for_the_viewer(ranked, lambda trips: _ranking(trips.c), prepared=True, also=MATCH_COLUMNS)


def _match_part(kind: ColumnElement[str], walk_m: ColumnElement[float], detour: ColumnElement[int]) -> Select[Any]:
    columns: tuple[Any, ...] = (
        Trip.id,
        Trip.scheduled_at,
        kind.label("match_kind"),
        walk_m.label("walk_m"),
        detour.label("detour_minutes"),
    )
    return select(*columns)


def _ends_part(walk_m: ColumnElement[float]) -> Select[Any]:
    return _match_part(_ENDS, walk_m, literal_column("0")).where(*_upcoming_in_window())


def _along_part(extra_m: ColumnElement[float], *probes: ColumnElement[object]) -> Select[Any]:
    """Trips with a detour budget whose corridor overlaps each probe (the index condition: the point within the
    budget's reach, going the rider's way), whose extra straight-line metres (from the ends' cells) are within the
    budget; the detour in minutes rounded up (domain/rules/along.py)."""
    minutes = func.ceil(func.greatest(extra_m, 0.0) / Trip.detour_budget_m * Trip.max_detour_minutes)
    detour = cast(func.least(minutes, Trip.max_detour_minutes), Integer)
    return _match_part(_ALONG, literal_column("0.0"), detour).where(
        *_upcoming_in_window(),
        # A constant as in the partial index ix_trips_active_corridor's WHERE, so the planner can use it.
        Trip.detour_budget_m > literal_column("0"),
        *(Trip.corridor.op("&&")(probe) for probe in probes),
        extra_m <= Trip.detour_budget_m,
    )


def _coordinate(point: ColumnElement[Any] | InstrumentedAttribute[str], axis: int) -> ColumnElement[float]:
    return func.cube_ll_coord(point, axis)


def _same_direction(origin: ColumnElement[object], destination: ColumnElement[object]) -> ColumnElement[bool]:
    """The step from the rider's pick-up to their drop points the way the trip goes (domain/rules/along.py
    same_direction): a positive scalar product in earthdistance's space, from the ends' cells."""
    x, y, z = (
        _once(_coordinate(destination, axis) - _coordinate(origin, axis))
        * (_coordinate(Trip.destination_cell_earth, axis) - _coordinate(Trip.origin_cell_earth, axis))
        for axis in (1, 2, 3)
    )
    return x + y + z > 0


def _way_m() -> ColumnElement[float]:
    """The trip's own straight line, between its ends' cells."""
    return func.earth_distance(Trip.origin_cell_earth, Trip.destination_cell_earth)


@cache
def _route_query(shape: _FilterShape) -> CompiledQuery:
    near_origin, from_origin = _within(Trip.origin_cell_earth, "origin")
    near_destination, from_destination = _within(Trip.destination_cell_earth, "destination")
    ends = _ends_part(from_origin + from_destination).where(near_origin, near_destination)
    pickup, drop = _point("origin"), _point("destination")
    extra_m = from_origin + _once(func.earth_distance(pickup, drop)) + from_destination - _way_m()
    radius_m = bindparam("radius_m", type_=Float)
    probes = (_once(func.corridor_probe(point, pickup, drop)) for point in (pickup, drop))
    along = _along_part(extra_m, *probes).where(
        _same_direction(pickup, drop), ~and_(from_origin <= radius_m, from_destination <= radius_m)
    )
    return _matched(ends, along, shape)


def route_search(
    origin: tuple[float, float],
    destination: tuple[float, float],
    window: tuple[datetime, datetime],
    radius_km: float,
    filters: TripFilters,
    page: Page = FIRST_PAGE,
) -> Search:
    """Active future trips starting near origin and ending near destination within the time window (ends), and those
    whose way passes both in that order within the host's detour budget (along)."""
    values = {
        **_point_values("origin", origin),
        **_point_values("destination", destination),
        "radius_m": radius_km * 1000,
        **_window_values(window),
        **_filter_values(filters),
        **page.values(),
    }
    return Search(_route_query(_FilterShape.of(filters)), values, page)


@cache
def _around_query() -> CompiledQuery:
    near_origin, from_origin = _within(Trip.origin_cell_earth, "origin")
    to_destination = func.earth_distance(_point("origin"), Trip.destination_cell_earth)
    ends = _ends_part(from_origin).where(near_origin)
    along = _along_part(from_origin + to_destination - _way_m(), _once(func.corridor_probe(_point("origin")))).where(
        from_origin > bindparam("radius_m", type_=Float)
    )
    excluded = bindparam("excluded_trip_ids", type_=ARRAY(BigInteger))
    ends, along = (part.where(Trip.host_id != VIEWER_ID, Trip.id != all_(excluded)) for part in (ends, along))
    return _matched(ends, along, _FilterShape.of(TripFilters()))


def around_search(
    origin: tuple[float, float],
    window: tuple[datetime, datetime],
    radius_km: float,
    excluded_trip_ids: tuple[int, ...],
    page: Page = FIRST_PAGE,
) -> Search:
    """Trips Around You: active, upcoming, starting near the point (ends), then passing near it within the host's
    detour budget (along); never the viewer's own."""
    values = {
        **_point_values("origin", origin),
        "radius_m": radius_km * 1000,
        **_window_values(window),
        "excluded_trip_ids": list(excluded_trip_ids),
        **page.values(),
    }
    return Search(_around_query(), values, page)
