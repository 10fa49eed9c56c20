"""Trips: create, edit, delete, read, lists and search (SPEC §3-§5, §8 past-trip blocks)."""

from datetime import timedelta

import pytest
from sqlalchemy import update

from api.errors import VALUE_NOT_STORABLE
from api.trips.schemas import TripFound, TripPublic
from domain import clock
from domain.envelope import Failure
from domain.models import Trip
from domain.rules import messages
from domain.rules.geo import approximate, distance_km
from tests.api.conftest import COMPLETE_PROFILE, app_flow, make_client, sign_in
from tests.places import HSR, KORAMANGALA, WHITEFIELD
from workflows.trip.contracts import trip_workflow_id


def in_hours(hours: float) -> str:
    return clock.format_ist_minute(clock.now() + timedelta(hours=hours))


def trip_body(**overrides):
    return {
        "origin": KORAMANGALA,
        "destination": WHITEFIELD,
        "time_of_trip": in_hours(26),
        "total_passengers": 3,
        "preferred_mode_of_transport": 1,
        "is_vehicle_booked": True,
        "estimated_cost": 900,
        "additional_note": "Two bags, leaving from the metro gate",
        **overrides,
    }


async def create(client, **overrides) -> int:
    answer = await client.post("/api/trip/trip", json=trip_body(**overrides))
    assert answer.status_code == 200, answer.text
    return int(answer.json()["data"]["trip_id"])


async def read(client, trip_id: int, **params):
    answer = await client.get(f"/api/trip/trip/{trip_id}", params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


async def move_to_past(app, trip_id: int) -> None:
    async with app.state.session_maker() as session, session.begin():
        await session.execute(
            update(Trip).where(Trip.id == trip_id).values(scheduled_at=clock.now() - timedelta(minutes=5))
        )


@pytest.fixture
async def other(app):
    async with make_client(app) as browser:
        await browser.get("/api/auth/session")
        await sign_in(browser)
        await browser.put("/api/user/user", json={"name": "Ravi Kumar", "gender": "MALE", "dob": "01-01-1990"})
        yield browser


@pytest.mark.usefixtures("worker")  # its flow is started by the worker's relay
async def test_a_host_creates_a_trip_and_sees_it_with_every_field(signed_in, app):
    answer = await signed_in.post("/api/trip/trip", json=trip_body())
    assert answer.json()["message"] == messages.TRIP_CREATED
    trip = await read(signed_in, answer.json()["data"]["trip_id"])
    assert trip["status"] == "ACTIVE"
    assert trip["is_current_user_host"] is True
    assert trip["active_passenger_count"] == 1
    assert trip["total_passengers"] == 3
    assert trip["origin"]["name"] == KORAMANGALA["name"]
    assert trip["estimated_cost_range"] == {"low": 300, "high": 450}
    assert 13 < trip["distance"] < 15
    assert trip["current_co2_saving"] == 0
    assert trip["next_co2_saving"] > 0
    assert trip["user_status"] == "active"
    assert trip["passengers"][0]["type"] == "host"
    assert trip["host"]["name"] == COMPLETE_PROFILE["name"]
    handle = await app_flow(app, trip_workflow_id(trip["id"]))
    assert (await handle.describe()).id == trip_workflow_id(trip["id"])


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"origin": None}, messages.TRIP_FROM_REQUIRED),
        ({"origin": {**KORAMANGALA, "place_id": ""}}, messages.TRIP_FROM_REQUIRED),
        ({"destination": None}, messages.TRIP_TO_REQUIRED),
        ({"time_of_trip": None}, messages.TRIP_DATE_INVALID),
        ({"time_of_trip": "2026-13-45 10:00"}, messages.TRIP_DATE_INVALID),
        ({"time_of_trip": "2030-01-01 25:00"}, messages.TRIP_TIME_INVALID),
        ({"time_of_trip": "2030-01-01"}, messages.TRIP_TIME_INVALID),
        ({"time_of_trip": "2020-01-01 10:00"}, messages.TRIP_CREATE_IN_PAST),
        ({"estimated_cost": None}, messages.TRIP_COST_REQUIRED),
        ({"estimated_cost": 100001}, messages.TRIP_COST_RANGE),
        ({"total_passengers": 1}, messages.TRIP_PASSENGERS_RANGE),
        ({"total_passengers": 5}, messages.TRIP_PASSENGERS_RANGE),
        ({"additional_note": "x" * 301}, messages.TRIP_NOTE_TOO_LONG),
    ],
)
async def test_creation_follows_the_spec_rules(signed_in, overrides, message):
    answer = await signed_in.post("/api/trip/trip", json=trip_body(**overrides))
    assert answer.status_code == 400
    assert answer.json() == Failure(message=message).model_dump()


async def test_an_unbooked_trip_carries_no_cost(signed_in):
    trip = await read(signed_in, await create(signed_in, is_vehicle_booked=False, estimated_cost=500))
    assert trip["estimated_cost"] == 0
    assert trip["estimated_cost_range"] is None


async def test_an_undecided_mode_is_never_booked(signed_in):
    trip = await read(signed_in, await create(signed_in, preferred_mode_of_transport=3))
    assert trip["is_vehicle_booked"] is False


async def test_creating_needs_a_complete_session(client):
    answer = await client.post("/api/trip/trip", json=trip_body())
    assert answer.status_code == 401


async def test_the_host_edits_only_changed_fields_and_the_flow_is_rescheduled(signed_in):
    trip_id = await create(signed_in)
    new_time = in_hours(30)
    answer = await signed_in.put(f"/api/trip/trip/{trip_id}", json={"time_of_trip": new_time, "total_passengers": 4})
    assert answer.status_code == 200, answer.text
    assert answer.json()["message"] == messages.TRIP_UPDATED
    trip = await read(signed_in, trip_id)
    assert trip["scheduled_at"] == new_time
    assert trip["total_passengers"] == 4


async def test_an_edit_that_changes_nothing_says_so(signed_in):
    trip_id = await create(signed_in)
    answer = await signed_in.put(f"/api/trip/trip/{trip_id}", json={"total_passengers": 3})
    assert answer.status_code == 400
    assert answer.json()["message"] == messages.NOTHING_UPDATED


async def test_origin_and_destination_are_locked(signed_in):
    trip_id = await create(signed_in)
    answer = await signed_in.put(f"/api/trip/trip/{trip_id}", json={"origin": HSR})
    assert answer.json()["message"] == messages.TRIP_PLACES_LOCKED


async def test_an_edit_cannot_move_the_trip_into_the_past(signed_in):
    trip_id = await create(signed_in)
    answer = await signed_in.put(f"/api/trip/trip/{trip_id}", json={"time_of_trip": "2020-01-01 10:00"})
    assert answer.json()["message"] == messages.TRIP_EDIT_TO_PAST


async def test_a_past_trip_can_be_neither_edited_nor_deleted(signed_in, app):
    trip_id = await create(signed_in)
    await move_to_past(app, trip_id)
    edit = await signed_in.put(f"/api/trip/trip/{trip_id}", json={"total_passengers": 4})
    assert edit.json()["message"] == messages.TRIP_EDIT_PAST
    delete = await signed_in.request("DELETE", f"/api/trip/trip/{trip_id}", json={"reason": "Did not find a match"})
    assert delete.json()["message"] == messages.TRIP_DELETE_PAST


async def test_only_the_host_may_edit_or_delete(signed_in, other):
    trip_id = await create(signed_in)
    edit = await other.put(f"/api/trip/trip/{trip_id}", json={"total_passengers": 4})
    assert edit.status_code == 403
    delete = await other.request("DELETE", f"/api/trip/trip/{trip_id}", json={"reason": "Did not find a match"})
    assert delete.status_code == 403
    assert (await read(signed_in, trip_id))["status"] == "ACTIVE"


async def test_deleting_needs_a_reason(signed_in):
    trip_id = await create(signed_in)
    answer = await signed_in.request("DELETE", f"/api/trip/trip/{trip_id}", json={"reason": "  "})
    assert answer.status_code == 400
    assert answer.json()["message"] == messages.REASON_REQUIRED


async def test_a_deleted_trip_is_cancelled_and_leaves_search(signed_in, other, route):
    trip_id = await create(signed_in, origin=route.origin, destination=route.destination)
    params = search_params(route.origin, route.destination, hours=26)
    assert trip_id in [
        trip["id"] for trip in (await other.get("/api/trip/search", params=params)).json()["data"]["trips"]
    ]
    answer = await signed_in.request("DELETE", f"/api/trip/trip/{trip_id}", json={"reason": "Did not find a match"})
    assert answer.status_code == 200
    assert answer.json()["message"] == messages.TRIP_DELETED
    assert (await read(signed_in, trip_id))["status"] == "CANCELLED"
    assert trip_id not in await found_ids(other, "/api/trip/search", params)


async def test_an_unknown_trip_is_not_found(signed_in):
    answer = await signed_in.get("/api/trip/trip/987654321")
    assert answer.status_code == 404
    assert answer.json()["message"] == messages.TRIP_NOT_FOUND


async def test_a_trip_id_beyond_what_is_stored_is_refused_without_a_server_error(signed_in):
    answer = await signed_in.get(f"/api/trip/trip/{2**63}")
    assert answer.status_code == 400
    assert answer.json()["message"] == VALUE_NOT_STORABLE


async def found_ids(client, path: str, params: dict) -> list[int]:
    answer = await client.get(path, params=params)
    assert answer.status_code == 200, answer.text
    return [trip["id"] for trip in answer.json()["data"]["trips"]]


def search_params(origin, destination, hours: float, **extra):
    day = (clock.now() + timedelta(hours=hours)).astimezone(clock.IST).date().isoformat()
    return {
        "origin_latitude": origin["latitude"],
        "origin_longitude": origin["longitude"],
        "destination_latitude": destination["latitude"],
        "destination_longitude": destination["longitude"],
        "date": day,
        **extra,
    }


async def test_search_finds_trips_near_both_ends_ranked_by_walk(signed_in, other, route):
    exact = await create(signed_in, origin=route.origin, destination=route.destination)
    nearby = await create(signed_in, origin=route.near_origin, destination=route.destination)
    # Its way passes the searched destination: without a detour budget it is no match along the way either.
    elsewhere = await create(signed_in, origin=route.origin, destination=route.far_destination, max_detour_minutes=0)
    found = (await other.get("/api/trip/search", params=search_params(route.origin, route.destination, 26))).json()
    ids = [trip["id"] for trip in found["data"]["trips"]]
    assert exact in ids and nearby in ids and elsewhere not in ids
    assert ids.index(exact) < ids.index(nearby)
    first = next(trip for trip in found["data"]["trips"] if trip["id"] == exact)
    # Measured to the ends as a stranger sees them, the centres of their cells (domain/rules/geo.py approximate).
    ends = [(end["latitude"], end["longitude"]) for end in (route.origin, route.destination)]
    walk = sum(distance_km(*end, *approximate(*end)) for end in ends)
    assert 0 < first["sum_of_distance"] == pytest.approx(walk, abs=0.01)
    assert first["recommended"] is True
    assert first["is_current_user_host"] is False
    assert first["user_status"] == "default"


async def test_search_filters_apply(signed_in, other, route):
    ends = {"origin": route.origin, "destination": route.destination}
    cab = await create(signed_in, preferred_mode_of_transport=1, **ends)
    auto = await create(signed_in, preferred_mode_of_transport=2, is_vehicle_booked=False, total_passengers=2, **ends)

    async def found(**filters: str) -> list[int]:
        params = search_params(route.origin, route.destination, 26, **filters)
        answer = await other.get("/api/trip/search", params=params)
        assert answer.status_code == 200, answer.text
        return [trip["id"] for trip in answer.json()["data"]["trips"]]

    assert {cab, auto} <= set(await found())
    ids = await found(preferred_mode_of_transport="2,3")
    assert auto in ids and cab not in ids
    ids = await found(is_vehicle_booked="false")
    assert auto in ids and cab not in ids
    ids = await found(is_vehicle_booked="true")
    assert cab in ids and auto not in ids
    ids = await found(estimated_cost="500")
    assert auto in ids and cab not in ids
    ids = await found(maximum_passengers="2")
    assert auto in ids and cab not in ids
    assert cab not in await found(gender="MALE")
    assert cab not in await found(is_host_kyc_verified="true")


async def test_search_without_coordinates_is_refused(other):
    answer = await other.get("/api/trip/search", params={"date": "2030-01-01"})
    assert answer.status_code == 400


async def test_search_near_zero_degrees_answers(other):
    """A subnormal coordinate (PostgreSQL's trigonometry underflows on it) is a point on the equator."""
    params = {"origin_latitude": "0.7", "origin_longitude": "9e-88", "destination_latitude": "5e-324"}
    for path, extra in (("/api/trip/search", {"destination_longitude": "133.5"}), ("/api/trip/search/around", {})):
        assert await found_ids(other, path, {**params, **extra, "date": "2030-01-01"}) == []


async def test_trips_around_you_never_shows_own_or_cancelled_trips(signed_in, other, route):
    start = route.origin
    own = await create(other, origin=start)
    theirs = await create(signed_in, origin=start)
    cancelled = await create(signed_in, origin=start)
    await signed_in.request("DELETE", f"/api/trip/trip/{cancelled}", json={"reason": "Did not find a match"})
    hidden = await create(signed_in, origin=start)
    day = (clock.now() + timedelta(hours=26)).astimezone(clock.IST).date().isoformat()
    params = {
        "origin_latitude": start["latitude"],
        "origin_longitude": start["longitude"],
        "date": day,
        "blacklisted_trip_ids": str(hidden),
    }
    ids = [trip["id"] for trip in (await other.get("/api/trip/search/around", params=params)).json()["data"]["trips"]]
    assert theirs in ids
    assert own not in ids and cancelled not in ids and hidden not in ids


async def test_user_trips_give_the_upcoming_hosting_and_recent_tabs(signed_in, app):
    upcoming = await create(signed_in)
    past = await create(signed_in)
    await move_to_past(app, past)

    async def tab(**params):
        answer = await signed_in.get("/api/trip/user_trips", params=params)
        return [trip["id"] for trip in answer.json()["data"]["trips"]]

    assert upcoming in await tab(status_ids="active,requested", retrieve_past_trips=0)
    assert past not in await tab(status_ids="active,requested", retrieve_past_trips=0)
    hosting = await tab(type_ids="host", retrieve_past_trips=1)
    assert upcoming in hosting and past in hosting
    assert past in await tab(status_ids="active", retrieve_past_trips=1)
    assert await tab(type_ids="member", retrieve_past_trips=1) == []


async def test_upcoming_never_lists_a_cancelled_trip_and_recent_keeps_it(signed_in, app):
    kept = await create(signed_in)
    deleted = await create(signed_in)
    answer = await signed_in.request("DELETE", f"/api/trip/trip/{deleted}", json={"reason": "Plans changed"})
    assert answer.status_code == 200, answer.text

    async def tab(**params):
        answer = await signed_in.get("/api/trip/user_trips", params=params)
        return [trip["id"] for trip in answer.json()["data"]["trips"]]

    upcoming = await tab(status_ids="active,requested", retrieve_past_trips=0)
    assert kept in upcoming and deleted not in upcoming
    assert deleted not in await tab(retrieve_past_trips=0)
    # The host's own status on it stays active: the trip still counts in Hosting and Recent, shown as cancelled.
    hosting = await signed_in.get("/api/trip/user_trips", params={"type_ids": "host", "retrieve_past_trips": 1})
    statuses = {trip["id"]: trip["status"] for trip in hosting.json()["data"]["trips"]}
    assert statuses[deleted] == "CANCELLED" and statuses[kept] == "ACTIVE"
    assert deleted in await tab(status_ids="active", retrieve_past_trips=1)


async def test_every_trip_answer_has_exactly_the_documented_shape(signed_in, other, route):
    """Trip views are built as plain dicts (api/trips/queries/views.py): each one must be a TripPublic, field for
    field."""
    trip_id = await create(signed_in, origin=route.origin, destination=route.destination)
    asked = await other.post("/api/trip/query", json={"trip_id": trip_id, "question": "Is there room for a bag?"})
    assert asked.status_code == 200, asked.text
    [question] = (await read(other, trip_id))["queries"]
    answered = await signed_in.put(f"/api/trip/query/{question['id']}", json={"answer": "Yes, one large bag fits."})
    assert answered.status_code == 200, answered.text
    requested = await other.post("/api/trip/user", json={"trip_id": trip_id, "additional_note": "Near the gate"})
    assert requested.status_code == 200, requested.text

    point = {"origin_latitude": route.origin["latitude"], "origin_longitude": route.origin["longitude"]}
    day = search_params(route.origin, route.destination, 26)["date"]
    answers = [
        await client.get(path, params=params)
        for client in (signed_in, other)
        for path, params in (
            (f"/api/trip/trip/{trip_id}", point),
            ("/api/trip/search", search_params(route.origin, route.destination, 26)),
            ("/api/trip/search/around", {**point, "date": day}),
            ("/api/trip/user_trips", {}),
        )
    ]
    views = []
    for answer in answers:
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert set(body) == {"status", "message", "data"}
        # Search and Trips Around You say how each trip matched (TripFound); the other reads are TripPublic.
        model = TripFound if "/search" in answer.request.url.path else TripPublic
        views += [(model, view) for view in (body["data"]["trips"] if "trips" in body["data"] else [body["data"]])]
    ours = [view for _, view in views if view["id"] == trip_id]
    assert len(ours) == 7  # the host's own trip is not around them
    for model, view in views:
        assert model.model_validate(view).model_dump(mode="json") == view
    with_everything = next(view for view in ours if view["is_current_user_host"])
    assert with_everything["queries"][0]["answered_by"]["id"] == with_everything["host"]["id"]
    assert {person["status"] for person in with_everything["passengers"]} == {"active", "requested"}
