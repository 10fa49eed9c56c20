"""Riders along the way, the trip-write and join side: how far a host goes out of their way on create,
edit and a commute series, the detour budget every write of a trip stores, a rider's own pick-up and drop when they
ask to join (accepted along the way, refused the wrong way or too far out of it), and the stops the host and the
members see, and the host's notice of the request."""

import asyncio
from datetime import timedelta
from math import cos, radians

import pytest
from sqlalchemy import select

from api.trips.queries.stops import shown_detour
from domain import clock
from domain.models import Notification, Trip, TripPassenger
from domain.routing import detour_budget_m, estimated_travel
from domain.rules import messages, notices
from domain.rules.along import Point, detour_minutes
from domain.rules.choices import DEFAULT_DETOUR_MINUTES
from domain.rules.geo import approximate
from tests.api.conftest import new_person
from tests.api.test_commute import start, trips_appear
from tests.api.test_join import ask_to_join, host_acts
from tests.api.test_trips import create, read
from tests.places import KORAMANGALA, WHITEFIELD

pytestmark = pytest.mark.usefixtures("worker")


def on_the_way(fraction: float, aside_km: float = 0.0, name: str = "On the way") -> dict:
    """A pin this fraction of the way from Koramangala to Whitefield, moved aside_km to the left of the way."""
    start_lat, start_lng = KORAMANGALA["latitude"], KORAMANGALA["longitude"]
    end_lat, end_lng = WHITEFIELD["latitude"], WHITEFIELD["longitude"]
    km_lat, km_lng = 111.2, 111.2 * cos(radians(start_lat))
    north_km, east_km = (end_lat - start_lat) * km_lat, (end_lng - start_lng) * km_lng
    length = (north_km**2 + east_km**2) ** 0.5
    left_north, left_east = east_km / length, -north_km / length
    return {
        "name": name,
        "place_id": "pin",
        "latitude": start_lat + fraction * (end_lat - start_lat) + aside_km * left_north / km_lat,
        "longitude": start_lng + fraction * (end_lng - start_lng) + aside_km * left_east / km_lng,
    }


async def stored_trip(app, trip_id: int) -> Trip:
    async with app.state.session_maker() as session:
        trip = await session.get(Trip, trip_id)
        assert trip is not None
        return trip


async def stored_request(app, trip_id: int, user_id: int) -> TripPassenger:
    async with app.state.session_maker() as session:
        passenger = await session.scalar(
            select(TripPassenger).where(TripPassenger.trip_id == trip_id, TripPassenger.user_id == user_id)
        )
        assert passenger is not None
        return passenger


def expected_budget(api_settings, trip: Trip) -> float:
    return detour_budget_m(api_settings, trip.preferred_mode_of_transport, trip.scheduled_at, trip.max_detour_minutes)


async def test_a_new_trip_goes_ten_minutes_out_of_its_way_unless_the_host_says_otherwise(signed_in, app, api_settings):
    default_id = await create(signed_in)
    chosen_id = await create(signed_in, max_detour_minutes=20)
    default, chosen = await stored_trip(app, default_id), await stored_trip(app, chosen_id)
    assert (default.max_detour_minutes, chosen.max_detour_minutes) == (DEFAULT_DETOUR_MINUTES, 20)
    assert default.detour_budget_m == pytest.approx(expected_budget(api_settings, default))
    assert chosen.detour_budget_m == pytest.approx(expected_budget(api_settings, chosen))
    assert chosen.detour_budget_m > default.detour_budget_m > 0
    assert (await read(signed_in, chosen_id))["max_detour_minutes"] == 20
    ends_only = await stored_trip(app, await create(signed_in, max_detour_minutes=0))
    assert (ends_only.max_detour_minutes, ends_only.detour_budget_m) == (0, 0)


@pytest.mark.parametrize("minutes", [7, -5, 45, 1000, "10", 10.5, 10.0, True])
async def test_a_detour_outside_the_choices_is_refused_in_words(signed_in, minutes):
    answer = await signed_in.post(
        "/api/trip/trip",
        json={
            "origin": KORAMANGALA,
            "destination": WHITEFIELD,
            "time_of_trip": clock.format_ist_minute(clock.now() + timedelta(hours=26)),
            "max_detour_minutes": minutes,
        },
    )
    assert answer.status_code == 400, answer.text
    assert answer.json()["message"] == messages.TRIP_DETOUR_INVALID


async def test_an_edit_keeps_the_detour_when_absent_and_recomputes_the_budget(signed_in, app, api_settings):
    # A car at 14:00 IST the next day off-peak, then moved into the evening peak: a slower speed, a shorter reach.
    tomorrow = (clock.now() + timedelta(days=2)).astimezone(clock.IST).date()
    trip_id = await create(signed_in, time_of_trip=f"{tomorrow} 14:00", max_detour_minutes=15)
    before = await stored_trip(app, trip_id)

    answer = await signed_in.put(f"/api/trip/trip/{trip_id}", json={"time_of_trip": f"{tomorrow} 18:00"})
    assert answer.status_code == 200, answer.text
    moved = await stored_trip(app, trip_id)
    assert moved.max_detour_minutes == 15
    assert moved.detour_budget_m == pytest.approx(expected_budget(api_settings, moved))
    assert moved.detour_budget_m < before.detour_budget_m

    answer = await signed_in.put(f"/api/trip/trip/{trip_id}", json={"preferred_mode_of_transport": 2})
    assert answer.status_code == 200, answer.text
    by_auto = await stored_trip(app, trip_id)
    assert by_auto.detour_budget_m == pytest.approx(expected_budget(api_settings, by_auto))

    answer = await signed_in.put(f"/api/trip/trip/{trip_id}", json={"max_detour_minutes": 30})
    assert answer.status_code == 200, answer.text
    wider = await stored_trip(app, trip_id)
    assert wider.max_detour_minutes == 30
    assert wider.detour_budget_m == pytest.approx(expected_budget(api_settings, wider))
    assert (await read(signed_in, trip_id))["max_detour_minutes"] == 30

    refused = await signed_in.put(f"/api/trip/trip/{trip_id}", json={"max_detour_minutes": 25})
    assert refused.json()["message"] == messages.TRIP_DETOUR_INVALID
    assert (await stored_trip(app, trip_id)).max_detour_minutes == 30


async def test_a_commute_series_trips_copy_its_detour_with_their_budget(signed_in, app, api_settings):
    series_id = await start(signed_in, days=[1, 2, 3, 4, 5, 6, 7], max_detour_minutes=5)
    [first, *_] = await trips_appear(app, series_id, 1)
    assert first.max_detour_minutes == 5
    assert first.detour_budget_m == pytest.approx(expected_budget(api_settings, first))
    refused = await signed_in.post(
        "/api/trip/recurring",
        json={
            "origin": KORAMANGALA,
            "destination": WHITEFIELD,
            "time": "21:45",
            "days": [1],
            "max_detour_minutes": 12,
        },
    )
    assert refused.json()["message"] == messages.TRIP_DETOUR_INVALID


async def test_a_rider_asks_with_stops_along_the_way_and_a_new_request_replaces_them(signed_in, member, app):
    trip_id = await create(signed_in)
    pickup = on_the_way(0.45, name="Domlur flyover")
    answer = await ask_to_join(member, trip_id, pickup=pickup)
    assert answer.status_code == 200, answer.text
    stored = await stored_request(app, trip_id, member.user_id)
    assert (stored.pickup_name, stored.pickup_latitude) == ("Domlur flyover", pickup["latitude"])
    assert stored.drop_latitude is None  # the trip's own end

    await member.put("/api/trip/user/passenger", json={"action": "REVOKE_REQUEST", "trip_id": trip_id})
    again = await ask_to_join(member, trip_id)
    assert again.status_code == 200, again.text
    renewed = await stored_request(app, trip_id, member.user_id)
    assert (renewed.pickup_name, renewed.pickup_latitude, renewed.drop_latitude) == (None, None, None)


@pytest.mark.parametrize(
    ("stops", "minutes", "message"),
    [
        # The drop before the pick-up, both far from the ends.
        ({"pickup": on_the_way(0.6), "drop": on_the_way(0.4)}, 10, messages.JOIN_STOPS_WRONG_WAY),
        # Six kilometres off the way: more than ten minutes out of it.
        ({"pickup": on_the_way(0.4, aside_km=6)}, 10, messages.JOIN_STOPS_OUT_OF_WAY),
        # On the way, but the host takes riders at the ends only.
        ({"pickup": on_the_way(0.45)}, 0, messages.JOIN_STOPS_OUT_OF_WAY),
    ],
)
async def test_stops_that_do_not_suit_the_trip_are_refused(signed_in, member, app, stops, minutes, message):
    trip_id = await create(signed_in, max_detour_minutes=minutes)
    answer = await ask_to_join(member, trip_id, **stops)
    assert answer.status_code == 400, answer.text
    assert answer.json()["message"] == message
    async with app.state.session_maker() as session:
        asked = await session.scalar(
            select(TripPassenger).where(TripPassenger.trip_id == trip_id, TripPassenger.user_id == member.user_id)
        )
    assert asked is None


async def test_stops_near_the_ends_suit_a_trip_taking_riders_at_the_ends_only(signed_in, member):
    trip_id = await create(signed_in, max_detour_minutes=0)
    answer = await ask_to_join(member, trip_id, pickup=on_the_way(0.1), drop=on_the_way(0.95))
    assert answer.status_code == 200, answer.text


@pytest.fixture
async def second(app):
    async with new_person(app, "Asha Rao") as browser:
        yield browser


async def test_the_host_sees_where_each_rider_joins_and_leaves_in_the_order_they_asked(signed_in, member, second):
    trip_id = await create(signed_in, max_detour_minutes=20)
    pickup, drop = on_the_way(0.35, aside_km=0.5, name="Old Airport Road"), on_the_way(0.7, name="Marathahalli")
    assert (await ask_to_join(member, trip_id, pickup=pickup, drop=drop)).status_code == 200
    assert (await ask_to_join(second, trip_id)).status_code == 200

    seen = await read(signed_in, trip_id)
    [host_row] = [row for row in seen["passengers"] if row["type"] == "host"]
    first_row, second_row = [row for row in seen["passengers"] if row["type"] == "member"]
    assert [row["id"] for row in (first_row, second_row)] == [member.user_id, second.user_id]
    assert host_row["detour_minutes"] == 0
    assert host_row["pickup"]["name"] == KORAMANGALA["name"]
    assert first_row["pickup"] == {k: pickup[k] for k in ("name", "latitude", "longitude")}
    assert first_row["drop"] == {k: drop[k] for k in ("name", "latitude", "longitude")}
    assert 0 < first_row["detour_minutes"] <= 20
    # A rider at the trip's ends: its exact ends, no detour.
    assert second_row["pickup"] == {k: KORAMANGALA[k] for k in ("name", "latitude", "longitude")}
    assert second_row["drop"] == {k: WHITEFIELD[k] for k in ("name", "latitude", "longitude")}
    assert second_row["detour_minutes"] == 0

    # The second asker sees their own stops only, from the ends' cells; the first's stops are not theirs to see.
    assert (await host_acts(signed_in, trip_id, member.user_id, "APPROVE")).status_code == 200
    by_second = await read(second, trip_id)
    rows = {row["id"]: row for row in by_second["passengers"]}
    assert rows[member.user_id]["pickup"] is None and rows[member.user_id]["detour_minutes"] is None
    assert rows[second.user_id]["pickup"]["latitude"] == by_second["origin"]["latitude"]
    assert by_second["origin"]["is_approximate"] is True

    # An active member sees the members' stops (not the requests), from the exact ends.
    by_member = await read(member, trip_id)
    rows = {row["id"]: row for row in by_member["passengers"]}
    assert second.user_id not in rows
    assert rows[member.user_id]["detour_minutes"] == first_row["detour_minutes"]
    [host_seen] = [row for row in rows.values() if row["type"] == "host"]
    assert host_seen["pickup"]["latitude"] == KORAMANGALA["latitude"]


async def request_notice(app, trip_id: int, host_id: int) -> str:
    async with app.state.session_maker() as session:
        for _ in range(100):
            message = await session.scalar(
                select(Notification.message).where(
                    Notification.entity_id == str(trip_id),
                    Notification.recipient_id == host_id,
                    Notification.title == notices.NEW_REQUEST_TITLE,
                )
            )
            if message:
                return message
            await asyncio.sleep(0.1)
    raise AssertionError("no notice of the request")


async def test_the_hosts_notice_says_where_the_rider_joins_and_leaves(signed_in, member, app):
    host_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    trip_id = await create(signed_in)
    pickup = on_the_way(0.45, name="Domlur flyover")
    assert (await ask_to_join(member, trip_id, pickup=pickup)).status_code == 200
    message = await request_notice(app, trip_id, host_id)
    assert message.endswith(notices.NEW_REQUEST_STOPS_BODY.format(pickup="Domlur flyover", drop=WHITEFIELD["name"]))

    at_the_ends = await create(signed_in)
    assert (await ask_to_join(member, at_the_ends)).status_code == 200
    assert "Joins at" not in await request_notice(app, at_the_ends, host_id)


async def test_a_requester_sees_their_own_detour_measured_from_the_ends_cells(signed_in, member, app, api_settings):
    trip_id = await create(signed_in, max_detour_minutes=30)
    pickup, drop = on_the_way(0.3, aside_km=1.5), on_the_way(0.8, aside_km=-1)
    assert (await ask_to_join(member, trip_id, pickup=pickup, drop=drop)).status_code == 200
    seen = await read(member, trip_id)
    [own] = [row for row in seen["passengers"] if row["id"] == member.user_id]
    trip = await stored_trip(app, trip_id)
    travel = estimated_travel(api_settings, trip.preferred_mode_of_transport, trip.scheduled_at)
    cells = [Point(*approximate(*end.point)) for end in (trip.origin, trip.destination)]
    stops = [Point(stop["latitude"], stop["longitude"]) for stop in (pickup, drop)]
    assert own["detour_minutes"] == shown_detour(detour_minutes(*cells, *stops, travel))
    [host_row] = [row for row in seen["passengers"] if row["type"] == "host"]
    assert (host_row["pickup"], host_row["drop"], host_row["detour_minutes"]) == (None, None, None)
