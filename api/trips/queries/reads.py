"""What each trip read asks for: route search, Trips Around You, one trip, and the viewer's tabs, each one statement
for the viewer run by api/trips/queries/reader.py."""

from datetime import date, datetime, time, timedelta
from functools import cache

from sqlalchemy import ARRAY, BigInteger, String, any_, bindparam, func, select

from api.errors import refuse
from api.trips.queries.matches import SearchedStop, with_matches
from api.trips.queries.reader import VIEWER_ID, TripReader, for_the_viewer
from api.trips.queries.rows import TRIP_ROW_COLUMNS
from api.trips.queries.search import Page, TripFilters, around_search, not_blocked_with, route_search
from api.trips.queries.views import SearchPoint, View
from api.trips.schemas import AroundQuery, RouteQuery, comma_separated
from domain import clock
from domain.compiled_query import CompiledQuery
from domain.models import Trip, TripPassenger
from domain.rules import messages
from domain.rules.refusal import not_found
from domain.rules.trip import TripStatus

# The viewer's tabs show at most this many trips each.
TAB_LIMIT = 100


def _day_window(day: date, start: time, end: time) -> tuple[datetime, datetime]:
    first = datetime.combine(day, start, tzinfo=clock.IST)
    last = datetime.combine(day, end, tzinfo=clock.IST) + timedelta(seconds=59)
    return first, last


def _page_of(views: list[View], page: Page) -> tuple[list[View], bool]:
    """The page's views, and whether another page follows (the search read one trip past the page)."""
    return views[: page.size], len(views) > page.size


async def trips_on_route(reader: TripReader, query: RouteQuery) -> tuple[list[View], bool]:
    filters = TripFilters(
        maximum_passengers=query.maximum_passengers,
        modes=tuple(int(mode) for mode in comma_separated(query.preferred_mode_of_transport)),
        host_gender=query.gender,
        is_vehicle_booked=query.is_vehicle_booked,
        maximum_cost=query.estimated_cost,
        host_kyc_verified_only=query.is_host_kyc_verified,
    )
    origin = (query.origin_latitude, query.origin_longitude)
    destination = (query.destination_latitude, query.destination_longitude)
    window = _day_window(query.date, query.start_time, query.end_time)
    radius_km = reader.settings.trip_search_radius_km
    search = route_search(origin, destination, window, radius_km, filters, Page(query.page))
    views, figures = await reader.found(search.query, search.values, SearchPoint(*origin, *destination))
    pickup = SearchedStop(query.origin_name or "", *origin)
    drop = SearchedStop(query.destination_name or "", *destination)
    return _page_of(with_matches(views, figures, pickup, drop), search.page)


async def trips_around(reader: TripReader, query: AroundQuery) -> tuple[list[View], bool]:
    origin = (query.origin_latitude, query.origin_longitude)
    search = around_search(
        origin,
        _day_window(query.date, query.start_time, query.end_time),
        reader.settings.trip_search_radius_km,
        tuple(int(trip_id) for trip_id in comma_separated(query.blacklisted_trip_ids)),
    )
    views, figures = await reader.found(search.query, search.values, SearchPoint(*origin))
    return _page_of(with_matches(views, figures, SearchedStop("", *origin)), search.page)


def searched_point(
    origin_latitude: float | None,
    origin_longitude: float | None,
    destination_latitude: float | None,
    destination_longitude: float | None,
) -> SearchPoint | None:
    """Where the viewer searched from, when a trip is opened from the search results; None otherwise."""
    if origin_latitude is None or origin_longitude is None:
        return None
    return SearchPoint(origin_latitude, origin_longitude, destination_latitude, destination_longitude)


# A lookup by primary key: its one generic plan is right for every trip, so it is prepared. A trip whose host and
# the viewer have blocked each other is not found, as in search (api/users/blocks.py).
_ONE_TRIP = for_the_viewer(
    select(*TRIP_ROW_COLUMNS).where(Trip.id == bindparam("trip_id", type_=BigInteger), not_blocked_with(VIEWER_ID)),
    prepared=True,
)


async def one_trip(reader: TripReader, trip_id: int, point: SearchPoint | None) -> View:
    views = await reader.views(_ONE_TRIP, {"trip_id": trip_id}, point)
    if not views:
        refuse(not_found(messages.TRIP_NOT_FOUND))
    return views[0]


@cache
def _viewer_trips_query(by_status: bool, by_type: bool, past: bool) -> CompiledQuery:
    found = (
        select(*TRIP_ROW_COLUMNS)
        .join(TripPassenger, TripPassenger.trip_id == Trip.id)
        .where(TripPassenger.user_id == VIEWER_ID, not_blocked_with(VIEWER_ID))
    )
    if by_status:
        found = found.where(TripPassenger.status == any_(bindparam("statuses", type_=ARRAY(String))))
    if by_type:
        found = found.where(TripPassenger.type == any_(bindparam("types", type_=ARRAY(String))))
    if past:
        found = found.order_by(Trip.scheduled_at.desc(), Trip.id.desc()).limit(TAB_LIMIT)
        return for_the_viewer(found, lambda trips: (trips.c.scheduled_at.desc(), trips.c.id.desc()))
    # Upcoming lists trips still going ahead: a trip its host cancelled leaves it, whatever the viewer's own status
    # on it (a cancellation leaves the members' statuses as they were, for their history in Recent).
    found = (
        found.where(Trip.status == TripStatus.ACTIVE.value, Trip.scheduled_at > func.now())
        .order_by(Trip.scheduled_at, Trip.id)
        .limit(TAB_LIMIT)
    )
    return for_the_viewer(found, lambda trips: (trips.c.scheduled_at, trips.c.id))


async def viewer_trips(reader: TripReader, status_ids: str | None, type_ids: str | None, past: bool) -> list[View]:
    """The Upcoming, Hosting and Recent tabs of SPEC §4: the viewer's trips by their own status and role, upcoming
    (and not cancelled) soonest first, or past latest first."""
    statuses, types = comma_separated(status_ids), comma_separated(type_ids)
    query = _viewer_trips_query(bool(statuses), bool(types), past)
    return await reader.views(query, {"statuses": list(statuses), "types": list(types)})
