"""The server holds its own input rules: a trip's time within the date picker's 5 years, a delete that names its
reason, trip ends that are places the maps service knows (a suggestion, or a pin dropped near one), numbers that are
numbers and not booleans."""

from datetime import timedelta

import pytest

from domain import clock
from domain.rules import messages
from domain.rules.trip import last_day_ahead
from tests.api.test_commute import commute
from tests.api.test_join import ask_to_join
from tests.api.test_trips import create, read, trip_body
from tests.places import KORAMANGALA, WHITEFIELD

pytestmark = pytest.mark.usefixtures("worker")


def on_last_day(hours_and_minutes: str = "10:00", days_after: int = 0) -> str:
    return f"{last_day_ahead(clock.today_ist()) + timedelta(days=days_after)} {hours_and_minutes}"


async def test_a_trip_may_be_five_years_ahead_and_no_further(signed_in):
    assert await create(signed_in, time_of_trip=on_last_day("23:59"))
    beyond = await signed_in.post("/api/trip/trip", json=trip_body(time_of_trip=on_last_day("00:00", days_after=1)))
    assert (beyond.status_code, beyond.json()["message"]) == (400, messages.TRIP_CREATE_TOO_FAR)


async def test_an_edit_may_not_move_a_trip_beyond_five_years(signed_in):
    trip_id = await create(signed_in)
    moved = await signed_in.put(f"/api/trip/trip/{trip_id}", json={"time_of_trip": on_last_day(days_after=1)})
    assert (moved.status_code, moved.json()["message"]) == (400, messages.TRIP_EDIT_TOO_FAR)
    assert (await signed_in.put(f"/api/trip/trip/{trip_id}", json={"time_of_trip": on_last_day()})).status_code == 200


async def test_a_commute_may_not_run_beyond_five_years(signed_in):
    until = last_day_ahead(clock.today_ist()) + timedelta(days=1)
    answer = await signed_in.post("/api/trip/recurring", json=commute(until=until.isoformat()))
    assert (answer.status_code, answer.json()["message"]) == (400, messages.COMMUTE_UNTIL_TOO_FAR)


@pytest.mark.parametrize(
    "body", [{}, {"reason": None}, {"reason": "  \n "}, None], ids=["empty", "null", "blank", "none"]
)
async def test_a_trip_is_deleted_only_with_a_reason(signed_in, body):
    trip_id = await create(signed_in)
    path = f"/api/trip/trip/{trip_id}"
    answer = await (signed_in.request("DELETE", path) if body is None else signed_in.request("DELETE", path, json=body))
    assert (answer.status_code, answer.json()["message"]) == (400, messages.REASON_REQUIRED)
    assert (await read(signed_in, trip_id))["status"] == "ACTIVE"
    deleted = await signed_in.request("DELETE", path, json={"reason": "Did not find a match"})
    assert deleted.status_code == 200, deleted.text
    assert (await read(signed_in, trip_id))["status"] == "CANCELLED"


async def test_a_trip_end_must_be_a_known_place(signed_in):
    for origin in ({**KORAMANGALA, "place_id": "test-made-up"}, {**KORAMANGALA, "place_id": "in-000000-00000000"}):
        answer = await signed_in.post("/api/trip/trip", json=trip_body(origin=origin))
        assert (answer.status_code, answer.json()["message"]) == (400, messages.TRIP_FROM_UNKNOWN)
    # Whitefield's id at a point in Delhi.
    elsewhere = {**WHITEFIELD, "latitude": 28.6139, "longitude": 77.2090}
    answer = await signed_in.post("/api/trip/trip", json=trip_body(destination=elsewhere))
    assert (answer.status_code, answer.json()["message"]) == (400, messages.TRIP_TO_UNKNOWN)
    series = await signed_in.post("/api/trip/recurring", json=commute(destination=elsewhere))
    assert (series.status_code, series.json()["message"]) == (400, messages.TRIP_TO_UNKNOWN)


async def test_a_pin_dropped_on_the_map_makes_a_trip_at_the_pin(signed_in):
    """The map names a dropped pin by the nearest known place (geocode) and keeps the pin's own point."""
    pin = (12.9401, 77.6311)
    named = await signed_in.get("/api/trip/maps/geocode", params={"lat": pin[0], "long": pin[1]})
    assert named.status_code == 200, named.text
    place = named.json()["data"]
    origin = {"name": place["name"], "place_id": place["place_id"], "latitude": pin[0], "longitude": pin[1]}
    trip_id = await create(signed_in, origin=origin)
    shown = (await read(signed_in, trip_id))["origin"]
    assert (shown["place_id"], shown["latitude"], shown["longitude"]) == (place["place_id"], *pin)


@pytest.mark.parametrize(
    "overrides",
    [
        {"origin": {**KORAMANGALA, "latitude": True}},
        {"destination": {**WHITEFIELD, "longitude": False}},
        {"total_passengers": True},
        {"preferred_mode_of_transport": True},
        {"estimated_cost": True},
        {"total_passengers": "3"},
        {"total_passengers": 3.0},
    ],
    ids=["latitude", "longitude", "seats", "mode", "price", "seats as text", "seats as float"],
)
async def test_booleans_and_text_are_not_numbers(signed_in, overrides):
    answer = await signed_in.post("/api/trip/trip", json=trip_body(**overrides))
    assert answer.status_code == 400, answer.text
    assert answer.json()["status"] == "FAILURE"


async def test_booleans_are_not_counts_when_editing_or_joining(signed_in, member):
    trip_id = await create(signed_in)
    edited = await signed_in.put(f"/api/trip/trip/{trip_id}", json={"total_passengers": True})
    assert edited.status_code == 400, edited.text
    edited = await signed_in.put(f"/api/trip/trip/{trip_id}", json={"estimated_cost": True})
    assert (edited.status_code, edited.json()["message"]) == (400, messages.TRIP_COST_RANGE)
    joined = await ask_to_join(member, trip_id, small_luggage=True)
    assert joined.status_code == 400, joined.text
    assert (await read(signed_in, trip_id))["total_passengers"] == 3
