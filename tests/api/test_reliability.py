"""The reliability record on every request and member as the host sees them, and on profile cards: trips completed,
late cancellations (leaving, removing or deleting within the window before departure) and no-shows (marked by the
host after departure, until a day after)."""

from datetime import timedelta

import pytest
from sqlalchemy import update

from domain import clock
from domain.models import Trip
from domain.rules import messages
from tests.api.conftest import new_person
from tests.api.test_join import ask_to_join, host_acts, member_acts
from tests.api.test_trips import create, in_hours, move_to_past, read

pytestmark = pytest.mark.usefixtures("worker")


@pytest.fixture
async def host(signed_in):
    signed_in.user_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    return signed_in


async def joined_trip(host, member, hours_ahead: float) -> int:
    trip_id = await create(host, total_passengers=3, time_of_trip=in_hours(hours_ahead))
    await ask_to_join(member, trip_id)
    assert (await host_acts(host, trip_id, member.user_id, "APPROVE")).status_code == 200
    return trip_id


async def record_of(client, user_id: int) -> dict:
    return (await client.get(f"/api/user/user/{user_id}")).json()["data"]["reliability"]


async def test_leaving_shortly_before_departure_is_a_late_cancellation_and_leaving_early_is_not(host, member, app):
    early = await joined_trip(host, member, hours_ahead=26)
    assert (await member_acts(member, early, "LEAVE", "Found an another trip")).status_code == 200
    assert (await record_of(host, member.user_id))["late_cancellations"] == 0
    late = await joined_trip(host, member, hours_ahead=1)
    assert (await member_acts(member, late, "LEAVE", "Found an another trip")).status_code == 200
    assert await record_of(host, member.user_id) == {"completed_trips": 0, "late_cancellations": 1, "no_shows": 0}
    passenger = next(p for p in (await read(host, late))["passengers"] if p["id"] == member.user_id)
    assert passenger["reliability"]["late_cancellations"] == 1


async def test_a_host_removing_or_deleting_late_counts_on_the_host(host, member, app):
    trip_id = await joined_trip(host, member, hours_ahead=1)
    removed = await host_acts(host, trip_id, member.user_id, "REMOVE", "Being abusive")
    assert removed.status_code == 200, removed.text
    assert (await record_of(member, host.user_id))["late_cancellations"] == 1
    assert (await record_of(host, member.user_id))["late_cancellations"] == 0

    async with new_person(app, "Meera Iyer") as other:
        deleted_trip = await joined_trip(host, other, hours_ahead=1)
        answer = await host.request("DELETE", f"/api/trip/trip/{deleted_trip}", json={"reason": "Did not find a match"})
        assert answer.status_code == 200, answer.text
        assert (await record_of(other, host.user_id))["late_cancellations"] == 2
    lonely = await create(host, time_of_trip=in_hours(1))
    await host.request("DELETE", f"/api/trip/trip/{lonely}", json={"reason": "Did not find a match"})
    assert (await record_of(member, host.user_id))["late_cancellations"] == 2, "a trip nobody joined costs nothing"


async def test_the_host_marks_a_no_show_after_departure_once_and_within_a_day(host, member, app):
    trip_id = await joined_trip(host, member, hours_ahead=1)
    early = await host_acts(host, trip_id, member.user_id, "NO_SHOW")
    assert (early.status_code, early.json()["message"]) == (409, messages.NO_SHOW_TOO_EARLY)
    await move_to_past(app, trip_id)
    refused = await host_acts(member, trip_id, member.user_id, "NO_SHOW")
    assert (refused.status_code, refused.json()["message"]) == (403, messages.TRIP_HOST_ONLY)
    marked = await host_acts(host, trip_id, member.user_id, "NO_SHOW")
    assert (marked.status_code, marked.json()["message"]) == (200, messages.NO_SHOW_MARKED)
    twice = await host_acts(host, trip_id, member.user_id, "NO_SHOW")
    assert (twice.status_code, twice.json()["message"]) == (409, messages.NO_SHOW_ALREADY)
    assert (await record_of(host, member.user_id))["no_shows"] == 1
    async with new_person(app, "Kiran Das") as stranger:
        outsider = await host_acts(host, trip_id, stranger.user_id, "NO_SHOW")
        assert outsider.json()["message"] == messages.NO_SHOW_NOT_MEMBER

    stale = await joined_trip(host, member, hours_ahead=1)
    async with app.state.session_maker() as session, session.begin():
        await session.execute(
            update(Trip).where(Trip.id == stale).values(scheduled_at=clock.now() - timedelta(hours=25))
        )
    too_late = await host_acts(host, stale, member.user_id, "NO_SHOW")
    assert (too_late.status_code, too_late.json()["message"]) == (409, messages.NO_SHOW_TOO_LATE)
    assert (await record_of(host, member.user_id))["no_shows"] == 1


async def test_only_the_host_sees_the_record_on_the_trip(host, member, app):
    trip_id = await create(host, total_passengers=3)
    await ask_to_join(member, trip_id)
    requester = next(p for p in (await read(host, trip_id))["passengers"] if p["id"] == member.user_id)
    assert requester["reliability"] == {"completed_trips": 0, "late_cancellations": 0, "no_shows": 0}
    own = next(p for p in (await read(member, trip_id))["passengers"] if p["id"] == member.user_id)
    assert own["reliability"] is None
