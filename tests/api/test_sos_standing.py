"""A trip's standing SOS as its host and active members read it (GET /api/trip/sos/{trip_id}/standing): everyone
else's SOS that still stands, who and since when, never a number; nobody else reads it."""

from contextlib import AsyncExitStack
from datetime import datetime, timedelta

import pytest

from domain import clock
from tests.api.conftest import new_person
from tests.api.test_join import ask_to_join, host_acts
from tests.api.test_sos import departs_in, sos, trip_under_way
from tests.api.test_trips import create

pytestmark = pytest.mark.usefixtures("worker")


def standing(trip_id: int) -> str:
    return f"/api/trip/sos/{trip_id}/standing"


async def everyone_of_a_trip_under_way(app, stack: AsyncExitStack) -> tuple:
    """A trip departed five minutes ago: its host, a member who will raise an SOS, another member, a requester and a
    stranger (each signed in until the stack closes), and the trip's id."""
    host = await stack.enter_async_context(new_person(app, "Asha Rao"))
    raiser = await stack.enter_async_context(new_person(app, "Meera Iyer"))
    member = await stack.enter_async_context(new_person(app, "Kiran Das"))
    requester = await stack.enter_async_context(new_person(app, "Ravi Kumar"))
    stranger = await stack.enter_async_context(new_person(app, "Passer By"))
    trip_id = await create(host, total_passengers=4)
    for person in (raiser, member):
        await ask_to_join(person, trip_id)
        assert (await host_acts(host, trip_id, person.user_id, "APPROVE")).status_code == 200
    assert (await ask_to_join(requester, trip_id)).status_code == 200
    await departs_in(app, trip_id, timedelta(minutes=-5))
    return host, raiser, member, requester, stranger, trip_id


async def incidents(client, trip_id: int) -> list[dict]:
    answer = await client.get(standing(trip_id))
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]["incidents"]


async def test_the_host_and_members_see_another_s_standing_sos_and_nobody_else_does(app):
    async with AsyncExitStack() as stack:
        host, raiser, member, requester, stranger, trip_id = await everyone_of_a_trip_under_way(app, stack)
        assert await incidents(host, trip_id) == []

        before = clock.now()
        assert (await raiser.post(sos(trip_id), json={})).status_code == 200
        for person in (host, member):
            [incident] = await incidents(person, trip_id)
            assert (incident["user_id"], incident["first_name"]) == (raiser.user_id, "Meera")
            assert set(incident) == {"user_id", "first_name", "since"}
            assert before <= datetime.fromisoformat(incident["since"]) <= clock.now()
        # The person's own SOS is on their safety block, not in this list.
        assert await incidents(raiser, trip_id) == []
        for outsider in (requester, stranger):
            answer = await outsider.get(standing(trip_id))
            assert (answer.status_code, answer.json()["status"]) == (403, "FAILURE")
            assert "Meera" not in answer.text

        assert (await raiser.delete(sos(trip_id))).status_code == 200
        assert await incidents(host, trip_id) == []


async def test_the_host_s_sos_shows_to_the_members_without_anyone_s_number(app):
    async with AsyncExitStack() as stack:
        host = await stack.enter_async_context(new_person(app, "Asha Rao"))
        raiser = await stack.enter_async_context(new_person(app, "Meera Iyer"))
        trip_id = await trip_under_way(app, host, raiser)
        raiser_number = (await raiser.get("/api/user/user")).json()["data"]["mobile_number"]
        assert (await host.post(sos(trip_id), json={})).status_code == 200
        answer = await raiser.get(standing(trip_id))
        assert answer.json()["data"]["incidents"][0]["first_name"] == "Asha"
        host_number = (await host.get("/api/user/user")).json()["data"]["mobile_number"]
        assert host_number not in answer.text and raiser_number not in answer.text
