"""Riders along the way in search: a rider whose pick-up and drop lie on a host's way, in that order and
within the host's detour budget, finds the trip (match kind "along"); matches at the ends rank first; the filters
apply to both; Trips Around You lists trips passing near the person too."""

import random
import secrets
from datetime import date, datetime, time, timedelta

import pytest

from api.security.hashing import token_hash
from api.trips.queries.search import Page, TripFilters, route_search
from domain import clock
from domain.db import driver_connection
from domain.models import AuthSession, Trip, TripEnd
from domain.routing import detour_budget_m, estimated_travel
from domain.rules import choices, limits
from domain.rules.along import MatchKind, Point
from domain.rules.choices import DETOUR_CHOICES
from domain.rules.geo import approximate, distance_km
from tests.api.conftest import new_person, place
from tests.api.test_trips import create
from tests.perf.along_the_way import scan
from tests.perf.trip_search import day_window

pytestmark = pytest.mark.usefixtures("worker")

ELECTRONIC_CITY = place("Electronic City", 12.8452, 77.6602)
HEBBAL = place("Hebbal", 13.0358, 77.5970)
HSR_LAYOUT = place("HSR Layout", 12.9116, 77.6474)
SHIVAJINAGAR = place("Shivajinagar", 12.9857, 77.6057)


@pytest.fixture
def day() -> date:
    """A day of this test's own, years ahead, so that no other test's trips are found."""
    return clock.now().astimezone(clock.IST).date() + timedelta(days=random.randint(100, 1500))


async def host_trip(client, day: date, origin: dict, destination: dict, max_detour_minutes: int = 10, **fields) -> int:
    """A trip at noon (IST, outside the peaks) with this detour budget."""
    when = {"time_of_trip": f"{day.isoformat()} 12:00", "max_detour_minutes": max_detour_minutes}
    return await create(client, origin=origin, destination=destination, **when, **fields)


def searched(origin: dict, destination: dict, day: date, **extra) -> dict:
    return {
        "origin_latitude": origin["latitude"],
        "origin_longitude": origin["longitude"],
        "origin_name": origin["name"],
        "destination_latitude": destination["latitude"],
        "destination_longitude": destination["longitude"],
        "destination_name": destination["name"],
        "date": day.isoformat(),
        **extra,
    }


async def found(client, path: str, params: dict) -> list[dict]:
    answer = await client.get(path, params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]["trips"]


async def test_a_rider_on_the_hosts_way_finds_the_trip_along_the_way(signed_in, app, day):
    """HSR Layout to Shivajinagar finds Electronic City to Hebbal: the host passes both, in that order."""
    trip_id = await host_trip(signed_in, day, ELECTRONIC_CITY, HEBBAL)
    async with new_person(app, "Meera Iyer") as rider:
        [trip] = await found(rider, "/api/trip/search", searched(HSR_LAYOUT, SHIVAJINAGAR, day))
    assert trip["id"] == trip_id
    match = trip["match"]
    assert match["kind"] == "along"
    assert 1 <= match["detour_minutes"] <= 10
    assert match["pickup"] == {
        "name": "HSR Layout",
        "latitude": HSR_LAYOUT["latitude"],
        "longitude": HSR_LAYOUT["longitude"],
        "walk_m": 0,
    }
    assert match["drop"]["name"] == "Shivajinagar" and match["drop"]["walk_m"] == 0
    # The trip's ends stay the cells a stranger is shown.
    assert trip["origin"]["is_approximate"] is True


async def test_the_wrong_way_and_a_host_who_goes_nowhere_out_of_their_way_are_not_found(signed_in, app, day):
    await host_trip(signed_in, day, ELECTRONIC_CITY, HEBBAL)
    ends_only = await host_trip(signed_in, day, ELECTRONIC_CITY, HEBBAL, max_detour_minutes=0)
    async with new_person(app, "Meera Iyer") as rider:
        assert await found(rider, "/api/trip/search", searched(SHIVAJINAGAR, HSR_LAYOUT, day)) == []
        ids = [trip["id"] for trip in await found(rider, "/api/trip/search", searched(HSR_LAYOUT, SHIVAJINAGAR, day))]
    assert ends_only not in ids and len(ids) == 1


async def test_too_far_out_of_the_way_is_not_found(signed_in, app, day):
    """Five minutes reach about 1.5 km off the way at noon: Whitefield, 10 km east of it, is far beyond."""
    await host_trip(signed_in, day, ELECTRONIC_CITY, HEBBAL, max_detour_minutes=5)
    whitefield = place("Whitefield", 12.9698, 77.7500)
    async with new_person(app, "Meera Iyer") as rider:
        assert await found(rider, "/api/trip/search", searched(HSR_LAYOUT, whitefield, day)) == []


async def test_matches_at_the_ends_rank_first_then_along_by_least_detour(signed_in, app, day):
    near_way = await host_trip(signed_in, day, ELECTRONIC_CITY, HEBBAL)
    # A way from further east: HSR Layout and Shivajinagar cost this host more of their 30 minutes.
    wider = await host_trip(signed_in, day, place("Sarjapur", 12.8600, 77.7860), HEBBAL, max_detour_minutes=30)
    at_the_ends = await host_trip(signed_in, day, HSR_LAYOUT, SHIVAJINAGAR)
    async with new_person(app, "Meera Iyer") as rider:
        trips = await found(rider, "/api/trip/search", searched(HSR_LAYOUT, SHIVAJINAGAR, day))
    assert [trip["id"] for trip in trips] == [at_the_ends, near_way, wider]
    first, second, third = (trip["match"] for trip in trips)
    assert first["kind"] == "ends" and first["detour_minutes"] == 0
    assert (second["kind"], third["kind"]) == ("along", "along")
    assert second["detour_minutes"] <= third["detour_minutes"]
    # At the ends: the trip's ends as shown (the cells), and the walk to them in whole metres.
    cell = approximate(HSR_LAYOUT["latitude"], HSR_LAYOUT["longitude"])
    assert (first["pickup"]["latitude"], first["pickup"]["longitude"]) == cell
    walk = distance_km(HSR_LAYOUT["latitude"], HSR_LAYOUT["longitude"], *cell) * 1000
    assert first["pickup"]["walk_m"] == round(walk)


async def test_the_filters_apply_along_the_way(signed_in, app, day):
    auto = await host_trip(
        signed_in, day, ELECTRONIC_CITY, HEBBAL, preferred_mode_of_transport=2, is_vehicle_booked=False
    )
    cab = await host_trip(signed_in, day, ELECTRONIC_CITY, HEBBAL, preferred_mode_of_transport=1, total_passengers=4)
    async with new_person(app, "Meera Iyer") as rider:

        async def ids(**filters: str) -> set[int]:
            params = searched(HSR_LAYOUT, SHIVAJINAGAR, day, **filters)
            return {trip["id"] for trip in await found(rider, "/api/trip/search", params)}

        assert await ids() == {auto, cab}
        assert await ids(preferred_mode_of_transport="2") == {auto}
        assert await ids(is_vehicle_booked="true") == {cab}
        assert await ids(maximum_passengers="3") == {auto}
        assert await ids(start_time="13:00") == set()
        assert await ids(gender="FEMALE", is_host_kyc_verified="true") == set()


async def test_search_answers_a_page_at_a_time_and_says_when_more_follow(signed_in, app, day):
    """Two trips at the ends and more along the way than a page holds: the pages follow the ranking without a gap or a
    trip twice, and only the last says no more follow."""
    at_the_ends = [await host_trip(signed_in, day, HSR_LAYOUT, SHIVAJINAGAR) for _ in range(2)]
    along = [await host_trip(signed_in, day, ELECTRONIC_CITY, HEBBAL) for _ in range(limits.TRIPS_PER_SEARCH_PAGE)]
    pages = []
    async with new_person(app, "Meera Iyer") as rider:
        for page in range(3):
            answer = await rider.get("/api/trip/search", params=searched(HSR_LAYOUT, SHIVAJINAGAR, day, page=page))
            assert answer.status_code == 200, answer.text
            pages.append(answer.json()["data"])
        refused = await rider.get("/api/trip/search", params=searched(HSR_LAYOUT, SHIVAJINAGAR, day, page=-1))
    assert [len(page["trips"]) for page in pages] == [limits.TRIPS_PER_SEARCH_PAGE, 2, 0]
    assert [page["has_more"] for page in pages] == [True, False, False]
    ids = [trip["id"] for page in pages for trip in page["trips"]]
    assert ids[:2] == at_the_ends and sorted(ids[2:]) == sorted(along)
    assert refused.status_code == 400


async def test_trips_around_you_lists_trips_passing_near(signed_in, app, day):
    """Someone at HSR Layout (7 km from Electronic City) is shown the trip passing by after those starting near."""
    passing = await host_trip(signed_in, day, ELECTRONIC_CITY, HEBBAL)
    starting = await host_trip(signed_in, day, HSR_LAYOUT, SHIVAJINAGAR)
    away = await host_trip(signed_in, day, place("Whitefield", 12.9698, 77.7500), HEBBAL)
    params = {key: HSR_LAYOUT[key] for key in ("latitude", "longitude")}
    params = {"origin_latitude": params["latitude"], "origin_longitude": params["longitude"], "date": day.isoformat()}
    async with new_person(app, "Meera Iyer") as rider:
        trips = await found(rider, "/api/trip/search/around", params)
    assert [trip["id"] for trip in trips] == [starting, passing]
    assert away not in {trip["id"] for trip in trips}
    start, by = (trip["match"] for trip in trips)
    assert start["kind"] == "ends" and start["pickup"]["walk_m"] > 0
    assert by["kind"] == "along" and by["detour_minutes"] >= 1
    assert (by["pickup"]["latitude"], by["pickup"]["longitude"], by["pickup"]["walk_m"]) == (
        HSR_LAYOUT["latitude"],
        HSR_LAYOUT["longitude"],
        0,
    )
    destination = trips[1]["destination"]
    assert (by["drop"]["latitude"], by["drop"]["longitude"]) == (destination["latitude"], destination["longitude"])


# Bengaluru, about 28 km by 27 km; and most of India, whose ways run up to 2,500 km (past 300 km search's index
# leaves out the way's heading, migration e8a0c2d4f6b8).
CITY = ((12.85, 13.10), (77.50, 77.75))
INDIA = ((8.5, 30.0), (72.0, 88.0))


def _within(rng: random.Random, region: tuple[tuple[float, float], tuple[float, float]]) -> tuple[float, float]:
    return rng.uniform(*region[0]), rng.uniform(*region[1])


def _on_the_way(rng: random.Random, trip: Trip, share: float) -> tuple[float, float]:
    """A point about `share` of the way along the trip, up to a kilometre or so off it."""
    o, d = trip.origin, trip.destination
    latitude = o.latitude + (d.latitude - o.latitude) * share + rng.gauss(0, 0.008)
    return latitude, o.longitude + (d.longitude - o.longitude) * share + rng.gauss(0, 0.008)


@pytest.mark.parametrize("region", [CITY, INDIA], ids=["a city", "India"])
async def test_search_finds_every_trip_the_rule_matches_and_no_other(app, member, day, api_settings, region):
    """Recall: 300 random trips of one region and day with random budgets, modes and hours; 200 riders (half of them
    somewhere along one trip's way, half anywhere); the statement without a limit against the rule scanned trip by
    trip in Python from the same cells (tests/perf/along_the_way.py scan)."""
    rng = random.Random(day.toordinal())
    trips = []
    for _ in range(300):
        (o_lat, o_lng), (d_lat, d_lng) = _within(rng, region), _within(rng, region)
        hour, minutes = rng.randint(6, 21), rng.choice(DETOUR_CHOICES)
        departure = datetime.combine(day, time(hour, rng.randrange(0, 60, 5)), tzinfo=clock.IST)
        mode = rng.choice((choices.TRANSPORT_CAB, choices.TRANSPORT_AUTO))
        trips.append(
            Trip(
                host_id=member.user_id,
                status="ACTIVE",
                scheduled_at=departure,
                origin=TripEnd("Somewhere", "perf", o_lat, o_lng),
                destination=TripEnd("Elsewhere", "perf", d_lat, d_lng),
                total_passengers=3,
                preferred_mode_of_transport=mode,
                distance_km=distance_km(o_lat, o_lng, d_lat, d_lng),
                max_detour_minutes=minutes,
                detour_budget_m=detour_budget_m(api_settings, mode, departure, minutes),
            )
        )
    token = secrets.token_urlsafe(16)
    async with app.state.session_maker() as session, session.begin():
        session.add_all(trips)
        expires_at = clock.now() + timedelta(hours=1)
        session.add(AuthSession(token_hash=token_hash(token), user_id=member.user_id, expires_at=expires_at))
    rule_sees = [
        (
            trip.id,
            Point(*approximate(*trip.origin.point)),
            Point(*approximate(*trip.destination.point)),
            trip.max_detour_minutes,
            estimated_travel(api_settings, trip.preferred_mode_of_transport, trip.scheduled_at),
        )
        for trip in trips
    ]
    radius_km = api_settings.trip_search_radius_km
    along = 0
    async with driver_connection(app.state.reading_engine) as db:
        for index in range(200):
            if index % 2:
                pickup, drop = _within(rng, region), _within(rng, region)
            else:
                trip, first = rng.choice(trips), rng.uniform(0.0, 0.6)
                pickup, drop = _on_the_way(rng, trip, first), _on_the_way(rng, trip, rng.uniform(first, 1.0))
            search = route_search(pickup, drop, day_window(day), radius_km, TripFilters(), Page(0, 10_000))
            rows = await search.query.rows(db, {**search.values, "token_hash": token_hash(token)})
            # The trip's id, and its match kind (MATCH_COLUMNS' first; its detour and the viewer's language follow).
            found = {row[1]: row[-3] for row in rows if row[1] is not None}
            expected = scan(rule_sees, Point(*pickup), Point(*drop), radius_km)
            assert found == expected, (pickup, drop)
            along += sum(kind == MatchKind.ALONG for kind in expected.values())
    assert along >= 100  # enough along the way to tell
