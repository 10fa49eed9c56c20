"""Who may do what on a trip (SPEC §6): every call of trips and joining, for every role, as a table."""

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass

import httpx
import pytest

from tests.api.conftest import make_client, new_person
from tests.api.test_join import ask_to_join, host_acts, member_acts
from tests.api.test_trips import create, read

pytestmark = pytest.mark.usefixtures("worker")

ROLES = ("anonymous", "stranger", "requester", "member", "host")


@dataclass
class Scene:
    trip_id: int
    browsers: dict[str, httpx.AsyncClient]
    ids: dict[str, int]
    query_id: int


@pytest.fixture
async def scene(app) -> AsyncIterator[Scene]:
    async with AsyncExitStack() as stack:
        browsers = {role: await stack.enter_async_context(new_person(app, "Some Body")) for role in ROLES[1:]}
        anonymous = await stack.enter_async_context(make_client(app))
        await anonymous.get("/api/auth/session")
        browsers["anonymous"] = anonymous
        trip_id = await create(browsers["host"], total_passengers=4)
        await ask_to_join(browsers["requester"], trip_id)
        await ask_to_join(browsers["member"], trip_id)
        await host_acts(browsers["host"], trip_id, browsers["member"].user_id, "APPROVE")
        await browsers["stranger"].post(
            "/api/trip/query", json={"trip_id": trip_id, "question": "Is there room for a bicycle?"}
        )
        query_id = (await read(browsers["host"], trip_id))["queries"][0]["id"]
        ids = {role: browser.user_id for role, browser in browsers.items() if role != "anonymous"}
        yield Scene(trip_id, browsers, ids, query_id)


Call = Callable[[Scene, str], Awaitable[httpx.Response]]


def as_role(scene: Scene, role: str) -> httpx.AsyncClient:
    return scene.browsers[role]


CALLS: dict[str, tuple[Call, tuple[int, ...]]] = {
    "read trip": (
        lambda s, r: as_role(s, r).get(f"/api/trip/trip/{s.trip_id}"),
        (401, 200, 200, 200, 200),
    ),
    "edit trip": (
        lambda s, r: as_role(s, r).put(f"/api/trip/trip/{s.trip_id}", json={"additional_note": f"Edited by {r}"}),
        (401, 403, 403, 403, 200),
    ),
    "delete trip": (
        lambda s, r: as_role(s, r).request("DELETE", f"/api/trip/trip/{s.trip_id}", json={"reason": "No match"}),
        (401, 403, 403, 403, 200),
    ),
    "accept a request": (
        lambda s, r: host_acts(as_role(s, r), s.trip_id, s.ids["requester"], "APPROVE"),
        (401, 403, 403, 403, 200),
    ),
    "remove a member": (
        lambda s, r: host_acts(as_role(s, r), s.trip_id, s.ids["member"], "REMOVE", "Being abusive"),
        (401, 403, 403, 403, 200),
    ),
    "cancel own request": (
        lambda s, r: member_acts(as_role(s, r), s.trip_id, "REVOKE_REQUEST"),
        (401, 404, 200, 409, 404),
    ),
    "leave the trip": (
        lambda s, r: member_acts(as_role(s, r), s.trip_id, "LEAVE", "Found an another trip"),
        (401, 404, 409, 200, 404),
    ),
    "ask a question": (
        lambda s, r: as_role(s, r).post(
            "/api/trip/query", json={"trip_id": s.trip_id, "question": f"A question from the {r}"}
        ),
        (401, 200, 200, 200, 400),
    ),
    "answer a question": (
        lambda s, r: as_role(s, r).put(f"/api/trip/query/{s.query_id}", json={"answer": "Yes, there is room"}),
        (401, 403, 403, 403, 200),
    ),
    "block the host": (
        lambda s, r: as_role(s, r).post(
            f"/api/user/block/{s.ids['host']}", json={"reason": "Rude", "report_user": True}
        ),
        (401, 200, 200, 200, 400),
    ),
    "send a request": (
        lambda s, r: ask_to_join(as_role(s, r), s.trip_id),
        (401, 200, 409, 409, 400),
    ),
}


@pytest.mark.parametrize("call_name", CALLS)
async def test_each_role_gets_the_expected_answer(scene, call_name):
    call, expected = CALLS[call_name]
    answers = {}
    for role in ROLES:
        answers[role] = (await call(scene, role)).status_code
    assert answers == dict(zip(ROLES, expected, strict=True))


async def test_a_stranger_sees_no_pending_requests_and_no_numbers(scene):
    trip = await read(scene.browsers["stranger"], scene.trip_id)
    statuses = {passenger["status"] for passenger in trip["passengers"]}
    assert statuses == {"active"}
    as_text = str(trip)
    assert "mobile_number" not in as_text
    host_view = await read(scene.browsers["host"], scene.trip_id)
    assert "requested" in {passenger["status"] for passenger in host_view["passengers"]}
