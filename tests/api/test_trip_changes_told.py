"""A host's change to a trip reaches the people it touches: a new departure time is told to the trip's members and
requesters with the old time and the new, and the trip's flow is armed for when the trip is over."""

import json

import pytest
from sqlalchemy import select
from temporalio.api.enums.v1 import EventType
from temporalio.service import RPCError

from api.trips.schemas import parse_time_of_trip
from domain.models import Notification, Trip
from domain.rules import notices
from tests.api.conftest import app_flow, new_person
from tests.api.test_join import ask_to_join, host_acts
from tests.api.test_trips import create, in_hours, read
from tests.workflows.erasure_support import eventually
from workflows.trip.contracts import trip_workflow_id

pytestmark = pytest.mark.usefixtures("worker")


@pytest.fixture
async def host(signed_in):
    signed_in.user_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    return signed_in


async def told(app, trip_id: int, title: str) -> dict[int, list[str]]:
    """Each recipient's notices of this title about the trip, oldest first."""
    async with app.state.session_maker() as session:
        rows = await session.execute(
            select(Notification.recipient_id, Notification.message)
            .where(Notification.entity_id == str(trip_id), Notification.title == title)
            .order_by(Notification.id)
        )
    by_recipient: dict[int, list[str]] = {}
    for recipient, message in rows.all():
        by_recipient.setdefault(recipient, []).append(message)
    return by_recipient


async def test_a_new_departure_time_is_told_to_members_and_requesters_with_the_old_and_the_new(app, host, member):
    trip_id = await create(host, total_passengers=3)
    await ask_to_join(member, trip_id)
    assert (await host_acts(host, trip_id, member.user_id, "APPROVE")).status_code == 200
    async with new_person(app, "Asha Rao") as requester:
        assert (await ask_to_join(requester, trip_id)).status_code == 200
        before = parse_time_of_trip((await read(host, trip_id))["scheduled_at"])

        after_text = in_hours(30)
        moved = await host.put(f"/api/trip/trip/{trip_id}", json={"time_of_trip": after_text})
        assert moved.status_code == 200, moved.text

        after = parse_time_of_trip(after_text)
        words = notices.TRIP_MOVED_BODY.format(
            route="from Koramangala to Whitefield",
            before=notices.day_and_clock_words(before),
            after=notices.day_and_clock_words(after),
        )
        # A move of four hours also asks the member "Still coming?" (tests/api/test_still_coming.py).
        assert await told(app, trip_id, notices.TRIP_MOVED_TITLE) == {
            member.user_id: [f"{words} {notices.STILL_COMING_ASKED}"],
            requester.user_id: [words],
        }

        # The same time again changes nothing and tells nobody; a further move is told again.
        back = await host.put(
            f"/api/trip/trip/{trip_id}", json={"time_of_trip": (await read(host, trip_id))["scheduled_at"]}
        )
        assert back.status_code == 400
        again = await host.put(f"/api/trip/trip/{trip_id}", json={"time_of_trip": in_hours(26)})
        assert again.status_code == 200, again.text
        second = await told(app, trip_id, notices.TRIP_MOVED_TITLE)
        assert [len(second[person]) for person in (member.user_id, requester.user_id)] == [2, 2]
        assert host.user_id not in second

        # The trip's flow is armed for the new time.
        flow = await app_flow(app, trip_workflow_id(trip_id))
        async with app.state.session_maker() as session:
            departure = await session.scalar(select(Trip.scheduled_at).where(Trip.id == trip_id))
        assert departure is not None

        async def armed_for_the_new_time() -> bool:
            # Woken by the move (it waited for its reminder with no task): asked again until its first task ran.
            try:
                return bool(await flow.query("departure") == departure.isoformat())
            except RPCError:
                return False

        await eventually(armed_for_the_new_time)


async def test_an_edit_that_keeps_the_time_tells_nobody(app, host, member):
    trip_id = await create(host, total_passengers=3)
    await ask_to_join(member, trip_id)
    assert (await host.put(f"/api/trip/trip/{trip_id}", json={"total_passengers": 4})).status_code == 200
    assert await told(app, trip_id, notices.TRIP_MOVED_TITLE) == {}


async def test_a_new_trips_flow_completes_it_after_its_expected_duration_not_the_longest_delay(app, host):
    trip_id = await create(host)
    flow = await app_flow(app, trip_workflow_id(trip_id))
    async for event in flow.fetch_history_events():
        assert event.event_type == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED
        schedule = json.loads(event.workflow_execution_started_event_attributes.input.payloads[0].data)
        break
    async with app.state.session_maker() as session:
        distance = await session.scalar(select(Trip.distance_km).where(Trip.id == trip_id))
    assert distance is not None
    settings = app.state.settings
    expected = settings.trip_completion_delay_for(distance)
    assert schedule["completion_delay_seconds"] == expected < settings.trip_completion_delay_seconds
