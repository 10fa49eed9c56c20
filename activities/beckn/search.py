"""A network search's answer: the trips the along-the-way rule matches (domain/rules/along.py), measured as the app's
search measures a stranger's: from the trip ends' cells (domain/rules/geo.py approximate), never the exact ends.
The candidates are read by one statement (active, upcoming, in the search's window, with a seat left) and the rule
judges each, the same rule the app's search holds in SQL (api/trips/queries/search.py)."""

from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.models import Trip, User
from domain.providers.beckn.catalog import CatalogTrip, Point
from domain.routing import estimated_travel
from domain.rules import along
from domain.rules.geo import approximate
from domain.rules.refusal import Refusal
from domain.rules.trip import TripStatus
from domain.settings import Settings
from domain.trips import people_on_trip

# A search without a time looks this far ahead; one with a time, this long before and after it.
SEARCH_AHEAD = timedelta(hours=24)
SEARCH_AROUND = timedelta(hours=2)
# The trips one on_search lists at most, the soonest first.
MOST_LISTED = 20
# The candidates one search judges at most.
MOST_CANDIDATES = 500


def search_window(moment: datetime | None, now: datetime) -> tuple[datetime, datetime]:
    if moment is None:
        return now, now + SEARCH_AHEAD
    return max(now, moment - SEARCH_AROUND), moment + SEARCH_AROUND


def _cell(latitude: float, longitude: float) -> along.Point:
    return along.Point(*approximate(latitude, longitude))


def stops_refusal(trip: Trip, pickup: Point, drop: Point, radius_km: float, settings: Settings) -> Refusal | None:
    """Why a rider from pickup to drop does not suit the trip, by the app's search rule for a stranger (at the ends
    within the radius, or along the way within the host's detour, measured from the trip ends' cells); None when
    they do."""
    origin = _cell(trip.origin.latitude, trip.origin.longitude)
    destination = _cell(trip.destination.latitude, trip.destination.longitude)
    p, q = along.Point(pickup.latitude, pickup.longitude), along.Point(drop.latitude, drop.longitude)
    if along.at_the_ends(origin, destination, p, q, radius_km):
        return None
    travel = estimated_travel(settings, trip.preferred_mode_of_transport, trip.scheduled_at)
    return along.stop_refusal(origin, destination, p, q, travel, trip.max_detour_minutes)


def matches(trip: Trip, pickup: Point, drop: Point, radius_km: float, settings: Settings) -> bool:
    """The rider from pickup to drop suits the trip (stops_refusal finds nothing against them)."""
    return stops_refusal(trip, pickup, drop, radius_km, settings) is None


async def matched_trips(
    session: AsyncSession, settings: Settings, pickup: Point, drop: Point, window: tuple[datetime, datetime]
) -> list[CatalogTrip]:
    """The trips with a seat left that a rider from pickup to drop in the window matches, the soonest first."""
    people = people_on_trip(Trip.id).scalar_subquery()
    rows = await session.execute(
        select(Trip, User, people)
        .join(User, User.id == Trip.host_id)
        .where(
            Trip.status == TripStatus.ACTIVE,
            Trip.scheduled_at.between(*window),
            Trip.scheduled_at > func.now(),
            people < Trip.total_passengers,
        )
        .order_by(Trip.scheduled_at, Trip.id)
        .limit(MOST_CANDIDATES)
    )
    found = [
        CatalogTrip(
            trip_id=trip.id,
            departure=trip.scheduled_at,
            mode=trip.preferred_mode_of_transport,
            seats_left=trip.total_passengers - on_trip,
            estimated_cost=trip.estimated_cost,
            total_passengers=trip.total_passengers,
            host_name=host.name,
            host_rating=host.average_rating,
            host_verified=host.is_kyc_verified,
            origin=Point(trip.origin.latitude, trip.origin.longitude),
            destination=Point(trip.destination.latitude, trip.destination.longitude),
        )
        for trip, host, on_trip in rows
        if matches(trip, pickup, drop, settings.trip_search_radius_km, settings)
    ]
    return found[:MOST_LISTED]
