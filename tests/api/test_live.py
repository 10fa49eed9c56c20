"""Live state on the app's socket (domain/live.py, api/live/listener.py): every kind of change reaches the open sockets
of the people concerned, and nobody else's; a lost LISTEN connection tells every socket to fetch again."""

import asyncio
import json
import time
from contextlib import AsyncExitStack

import pytest
from sqlalchemy import text

from api.live.listener import APPLICATION_NAME
from tests.api.conftest import new_person
from tests.api.test_cab import plan, request, settles_on_vendor_booking, vendor_says
from tests.api.test_chat import expect, send, socket, socket_url  # noqa: F401 (the socket_url fixture)
from tests.api.test_join import ask_to_join, host_acts
from tests.api.test_kyc import verify
from tests.api.test_sos_standing import everyone_of_a_trip_under_way
from tests.api.test_trips import create, read

pytestmark = pytest.mark.usefixtures("worker")

QUIET_S = 0.7
LIVE = "?live=1"


async def changes(ws, wanted: set[tuple[str, str]], within_s: float = 15.0) -> set[tuple[str, str]]:
    """The (kind, id) of the "changed" frames that arrive until every wanted one has (or the time is up)."""
    seen: set[tuple[str, str]] = set()
    deadline = time.monotonic() + within_s
    while not wanted <= seen and time.monotonic() < deadline:
        try:
            frame = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, deadline - time.monotonic())))
        except TimeoutError:
            break
        if frame["event"] == "changed":
            seen.add((frame["data"]["kind"], frame["data"].get("id", "")))
    return seen


async def quiet(ws, seconds: float = QUIET_S) -> list[dict]:
    """The "changed" frames that arrive within the time."""
    frames = []
    try:
        while True:
            frame = json.loads(await asyncio.wait_for(ws.recv(), seconds))
            if frame["event"] == "changed":
                frames.append(frame["data"])
    except TimeoutError:
        return frames


async def test_join_moves_reach_the_host_the_requester_and_the_members_and_nobody_else(app, socket_url):  # noqa: F811
    async with AsyncExitStack() as stack:
        host = await stack.enter_async_context(new_person(app, "Asha Rao"))
        member = await stack.enter_async_context(new_person(app, "Meera Iyer"))
        rider = await stack.enter_async_context(new_person(app, "Ravi Kumar"))
        stranger = await stack.enter_async_context(new_person(app, "Passer By"))
        trip_id = await create(host, total_passengers=3)
        await ask_to_join(member, trip_id)
        assert (await host_acts(host, trip_id, member.user_id, "APPROVE")).status_code == 200
        host_ws = await stack.enter_async_context(socket(socket_url, query=LIVE, browser=host))
        member_ws = await stack.enter_async_context(socket(socket_url, query=LIVE, browser=member))
        rider_ws = await stack.enter_async_context(socket(socket_url, query=LIVE, browser=rider))
        stranger_ws = await stack.enter_async_context(socket(socket_url, query=LIVE, browser=stranger))
        join = ("join", str(trip_id))
        notification = ("notification", "")

        assert (await ask_to_join(rider, trip_id)).status_code == 200
        assert {join, notification} <= await changes(host_ws, {join, notification})
        assert join in await changes(rider_ws, {join})
        assert join in await changes(member_ws, {join})

        assert (await host_acts(host, trip_id, rider.user_id, "REJECT")).status_code == 200
        assert {join, notification} <= await changes(rider_ws, {join, notification})
        assert join in await changes(host_ws, {join})
        assert join in await changes(member_ws, {join})
        # The rejected rider is told of the answer, and of nothing on the trip after it.
        assert (await host.put(f"/api/trip/trip/{trip_id}", json={"total_passengers": 4})).status_code == 200
        assert ("trip", str(trip_id)) in await changes(member_ws, {("trip", str(trip_id))})
        assert await quiet(rider_ws) == []
        assert await quiet(stranger_ws) == []


async def test_trip_edits_cancellations_and_questions_reach_the_people_concerned(app, socket_url):  # noqa: F811
    async with AsyncExitStack() as stack:
        host = await stack.enter_async_context(new_person(app, "Asha Rao"))
        member = await stack.enter_async_context(new_person(app, "Meera Iyer"))
        asker = await stack.enter_async_context(new_person(app, "Ravi Kumar"))
        stranger = await stack.enter_async_context(new_person(app, "Passer By"))
        trip_id = await create(host, total_passengers=3)
        await ask_to_join(member, trip_id)
        assert (await host_acts(host, trip_id, member.user_id, "APPROVE")).status_code == 200
        sockets = {
            name: await stack.enter_async_context(socket(socket_url, query=LIVE, browser=person))
            for name, person in (("host", host), ("member", member), ("asker", asker), ("stranger", stranger))
        }
        # A chat room's own socket (opened without ?live=1) hears no live changes.
        room_socket = await stack.enter_async_context(socket(socket_url, host))
        await quiet(sockets["host"])
        trip, question = ("trip", str(trip_id)), ("question", str(trip_id))

        asked = await asker.post("/api/trip/query", json={"trip_id": trip_id, "question": "Room for two bags?"})
        assert asked.status_code == 200, asked.text
        for name in ("host", "member", "asker"):
            assert question in await changes(sockets[name], {question}), name
        [query] = (await read(host, trip_id))["queries"]
        assert (await host.put(f"/api/trip/query/{query['id']}", json={"answer": "Yes"})).status_code == 200
        assert {question, ("notification", "")} <= await changes(sockets["asker"], {question, ("notification", "")})

        assert (await host.put(f"/api/trip/trip/{trip_id}", json={"total_passengers": 4})).status_code == 200
        for name in ("host", "member"):
            assert trip in await changes(sockets[name], {trip}), name
        deleted = await host.request("DELETE", f"/api/trip/trip/{trip_id}", json={"reason": "Plans changed"})
        assert deleted.status_code == 200, deleted.text
        for name in ("host", "member"):
            assert trip in await changes(sockets[name], {trip}), name
        assert await quiet(sockets["stranger"]) == []
        assert await quiet(room_socket, 0.1) == []
        # The asker asked, was answered, and is neither a member nor waiting: the trip's later changes are not theirs.
        assert trip not in {(frame["kind"], frame["id"]) for frame in await quiet(sockets["asker"])}


async def test_a_cab_s_status_reaches_the_host_and_members(app, socket_url):  # noqa: F811
    async with AsyncExitStack() as stack:
        host = await stack.enter_async_context(new_person(app, "Asha Rao"))
        member = await stack.enter_async_context(new_person(app, "Meera Iyer"))
        stranger = await stack.enter_async_context(new_person(app, "Passer By"))
        trip_id = await create(host, total_passengers=3)
        await ask_to_join(member, trip_id)
        assert (await host_acts(host, trip_id, member.user_id, "APPROVE")).status_code == 200
        assert (await plan(host, trip_id)).status_code == 200
        host_ws = await stack.enter_async_context(socket(socket_url, query=LIVE, browser=host))
        member_ws = await stack.enter_async_context(socket(socket_url, query=LIVE, browser=member))
        stranger_ws = await stack.enter_async_context(socket(socket_url, query=LIVE, browser=stranger))
        cab = ("cab", str(trip_id))

        assert (await request(host, trip_id)).status_code == 200
        assert cab in await changes(member_ws, {cab})
        await settles_on_vendor_booking(app, trip_id)
        await quiet(host_ws, 0.2)
        await quiet(member_ws, 0.2)
        assert (await vendor_says(host, trip_id, "confirm"))["webhook_status"] == 200
        for ws in (host_ws, member_ws):
            assert {cab, ("notification", "")} <= await changes(ws, {cab, ("notification", "")})
        assert await quiet(stranger_ws) == []


async def test_a_verification_outcome_reaches_only_the_person(app, socket_url):  # noqa: F811
    async with AsyncExitStack() as stack:
        person = await stack.enter_async_context(new_person(app, "Asha Rao"))
        stranger = await stack.enter_async_context(new_person(app, "Passer By"))
        person_ws = await stack.enter_async_context(socket(socket_url, query=LIVE, browser=person))
        stranger_ws = await stack.enter_async_context(socket(socket_url, query=LIVE, browser=stranger))
        await verify(person, "auto_approved")
        kyc = ("kyc", str(person.user_id))
        assert {kyc, ("notification", "")} <= await changes(person_ws, {kyc, ("notification", "")})
        assert await quiet(stranger_ws) == []


async def test_a_lost_listen_connection_tells_every_socket_to_fetch_again_and_events_flow_after(app, socket_url):  # noqa: F811
    async with new_person(app, "Asha Rao") as host, socket(socket_url, query=LIVE, browser=host) as host_ws:
        async with app.state.session_maker() as session:
            ended = await session.scalar(
                text("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = :name"),
                {"name": APPLICATION_NAME},
            )
        assert ended and ended >= 1
        assert ("all", "") in await changes(host_ws, {("all", "")})
        trip_id = await create(host)
        assert (await host.put(f"/api/trip/trip/{trip_id}", json={"total_passengers": 4})).status_code == 200
        assert ("trip", str(trip_id)) in await changes(host_ws, {("trip", str(trip_id))})


async def test_raising_and_closing_an_sos_reaches_the_host_and_members_only(app, socket_url):  # noqa: F811
    async with AsyncExitStack() as stack:
        host, raiser, member, requester, stranger, trip_id = await everyone_of_a_trip_under_way(app, stack)
        sockets = {
            name: await stack.enter_async_context(socket(socket_url, query=LIVE, browser=person))
            for name, person in (("host", host), ("member", member), ("requester", requester), ("stranger", stranger))
        }
        sos = ("sos", str(trip_id))

        assert (await raiser.post(f"/api/trip/sos/{trip_id}", json={})).status_code == 200
        for name in ("host", "member"):
            assert sos in await changes(sockets[name], {sos}), name
        assert (await raiser.delete(f"/api/trip/sos/{trip_id}")).status_code == 200
        for name in ("host", "member"):
            assert sos in await changes(sockets[name], {sos}), name
        for name in ("requester", "stranger"):
            assert sos not in {(frame["kind"], frame["id"]) for frame in await quiet(sockets[name])}, name


async def test_a_stranger_following_a_trip_s_sheet_hears_it_change_and_end_and_nothing_else(app, socket_url):  # noqa: F811
    async with AsyncExitStack() as stack:
        host = await stack.enter_async_context(new_person(app, "Asha Rao"))
        stranger = await stack.enter_async_context(new_person(app, "Passer By"))
        other = await stack.enter_async_context(new_person(app, "Ravi Kumar"))
        blocked = await stack.enter_async_context(new_person(app, "Blocked Person"))
        trip_id = await create(host, total_passengers=3)
        other_trip_id = await create(host, total_passengers=3)
        assert (await host.post(f"/api/user/block/{blocked.user_id}", json={"report_user": False})).status_code == 200
        stranger_ws = await stack.enter_async_context(socket(socket_url, query=LIVE, browser=stranger))
        other_ws = await stack.enter_async_context(socket(socket_url, query=LIVE, browser=other))
        blocked_ws = await stack.enter_async_context(socket(socket_url, query=LIVE, browser=blocked))
        trip = ("trip", str(trip_id))

        await send(stranger_ws, "follow-trip", trip_id=trip_id)
        assert await expect(stranger_ws, "following-trip") == {"code": 200, "trip_id": trip_id}
        # Across a block the trip is not found, as its sheet answers.
        await send(blocked_ws, "follow-trip", trip_id=trip_id)
        refused = await expect(blocked_ws, "error")
        assert (refused["code"], refused["event"]) == (404, "follow-trip")

        assert (await host.put(f"/api/trip/trip/{trip_id}", json={"total_passengers": 4})).status_code == 200
        assert trip in await changes(stranger_ws, {trip})
        # Another trip's changes are not the stranger's.
        assert (await host.put(f"/api/trip/trip/{other_trip_id}", json={"total_passengers": 4})).status_code == 200
        assert await quiet(stranger_ws) == []
        deleted = await host.request("DELETE", f"/api/trip/trip/{trip_id}", json={"reason": "Plans changed"})
        assert deleted.status_code == 200, deleted.text
        assert trip in await changes(stranger_ws, {trip})
        assert await quiet(other_ws) == []
        assert await quiet(blocked_ws) == []


async def test_following_another_trip_or_none_stops_following_the_first(app, socket_url):  # noqa: F811
    async with AsyncExitStack() as stack:
        host = await stack.enter_async_context(new_person(app, "Asha Rao"))
        stranger = await stack.enter_async_context(new_person(app, "Passer By"))
        first, second = await create(host, total_passengers=3), await create(host, total_passengers=3)
        stranger_ws = await stack.enter_async_context(socket(socket_url, query=LIVE, browser=stranger))
        await send(stranger_ws, "follow-trip", trip_id=first)
        await expect(stranger_ws, "following-trip")
        await send(stranger_ws, "follow-trip", trip_id=second)
        await expect(stranger_ws, "following-trip")
        assert (await host.put(f"/api/trip/trip/{first}", json={"total_passengers": 4})).status_code == 200
        assert (await host.put(f"/api/trip/trip/{second}", json={"total_passengers": 4})).status_code == 200
        assert await changes(stranger_ws, {("trip", str(second))}) == {("trip", str(second))}
        await send(stranger_ws, "follow-trip", trip_id=None)
        assert (await host.put(f"/api/trip/trip/{second}", json={"total_passengers": 3})).status_code == 200
        assert await quiet(stranger_ws) == []
