"""Joining a trip (SPEC §4 transitions, §5 rules, §6 roles, §8 messages) through the join flow's updates."""

import asyncio
from contextlib import AsyncExitStack
from datetime import timedelta

import pytest
from sqlalchemy import func, select, update

from domain.models import FlowOutboxEntry, Notification, TripAskWindow, TripPassenger
from domain.rules import messages
from tests.api.conftest import new_person
from tests.api.test_trips import create, found_ids, move_to_past, read, search_params

pytestmark = pytest.mark.usefixtures("worker")


async def ask_to_join(client, trip_id: int, **extra):
    return await client.post("/api/trip/user", json={"trip_id": trip_id, **extra})


async def host_acts(host, trip_id: int, member_id: int, action: str, note: str | None = None):
    body = {"action": action, "trip_id": trip_id, "additional_note": note}
    return await host.put(f"/api/trip/user/host/{member_id}", json=body)


async def member_acts(client, trip_id: int, action: str, note: str | None = None):
    body = {"action": action, "trip_id": trip_id, "additional_note": note}
    return await client.put("/api/trip/user/passenger", json=body)


async def test_a_request_with_luggage_and_a_note_is_pending_for_the_host(signed_in, member, app):
    trip_id = await create(signed_in)
    answer = await ask_to_join(member, trip_id, small_luggage=2, large_luggage=1, additional_note="Near gate 2")
    assert answer.status_code == 200, answer.text
    assert answer.json()["message"] == messages.JOIN_REQUEST_SENT
    seen_by_member = await read(member, trip_id)
    assert seen_by_member["user_status"] == "requested"
    assert (seen_by_member["small_luggage"], seen_by_member["large_luggage"]) == (2, 1)
    seen_by_host = await read(signed_in, trip_id)
    pending = [p for p in seen_by_host["passengers"] if p["status"] == "requested"]
    assert [p["id"] for p in pending] == [member.user_id]
    assert pending[0]["additional_note"] == "Near gate 2"


async def test_the_host_accepts_and_the_member_becomes_active(signed_in, member):
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    answer = await host_acts(signed_in, trip_id, member.user_id, "APPROVE")
    assert answer.status_code == 200, answer.text
    assert answer.json()["message"] == messages.JOIN_ACCEPTED
    trip = await read(member, trip_id)
    assert trip["user_status"] == "active"
    assert trip["is_user_in_trip"] is True
    assert trip["active_passenger_count"] == 2


async def test_the_host_declines(signed_in, member):
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    answer = await host_acts(signed_in, trip_id, member.user_id, "REJECT")
    assert answer.json()["message"] == messages.JOIN_DECLINED
    assert (await read(member, trip_id))["user_status"] == "rejected"
    again = await ask_to_join(member, trip_id)
    assert again.status_code == 403


async def test_the_member_cancels_the_request_and_may_ask_again(signed_in, member):
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    answer = await member_acts(member, trip_id, "REVOKE_REQUEST")
    assert answer.json()["message"] == messages.JOIN_REVOKED
    assert (await read(member, trip_id))["user_status"] == "revoked"
    assert (await ask_to_join(member, trip_id)).status_code == 200
    assert (await read(member, trip_id))["user_status"] == "requested"


async def test_an_active_member_leaves_with_a_reason(signed_in, member):
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    await host_acts(signed_in, trip_id, member.user_id, "APPROVE")
    no_reason = await member_acts(member, trip_id, "LEAVE")
    assert no_reason.status_code == 400
    assert no_reason.json()["message"] == messages.REASON_REQUIRED
    answer = await member_acts(member, trip_id, "LEAVE", "Found an another trip")
    assert answer.json()["message"] == messages.JOIN_LEFT
    assert (await read(member, trip_id))["user_status"] == "left"


async def test_the_host_removes_a_member_with_a_reason(signed_in, member):
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    await host_acts(signed_in, trip_id, member.user_id, "APPROVE")
    assert (await host_acts(signed_in, trip_id, member.user_id, "REMOVE")).status_code == 400
    answer = await host_acts(signed_in, trip_id, member.user_id, "REMOVE", "Being abusive")
    assert answer.json()["message"] == messages.JOIN_REMOVED
    assert (await read(member, trip_id))["user_status"] == "removed"


@pytest.mark.parametrize(
    ("setup", "action", "by_host"),
    [
        ([], "LEAVE", False),
        (["APPROVE"], "APPROVE", True),
        (["APPROVE"], "REJECT", True),
        (["APPROVE"], "REVOKE_REQUEST", False),
        ([], "REMOVE", True),
        (["REJECT"], "APPROVE", True),
    ],
)
async def test_transitions_the_spec_does_not_allow_are_refused(signed_in, member, setup, action, by_host):
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    for step in setup:
        await host_acts(signed_in, trip_id, member.user_id, step)
    before = (await read(member, trip_id))["user_status"]
    note = "Being abusive" if action in ("REMOVE", "LEAVE") else None
    if by_host:
        answer = await host_acts(signed_in, trip_id, member.user_id, action, note)
    else:
        answer = await member_acts(member, trip_id, action, note)
    assert answer.status_code == 409, answer.text
    assert answer.json()["status"] == "FAILURE"
    assert (await read(member, trip_id))["user_status"] == before


async def test_the_request_rules_of_the_spec(signed_in, member):
    trip_id = await create(signed_in)
    too_much = await ask_to_join(member, trip_id, small_luggage=21)
    assert too_much.json()["message"] == messages.LUGGAGE_RANGE
    bad_note = await ask_to_join(member, trip_id, additional_note="hi\u202e")
    assert bad_note.json()["message"] == messages.NOTE_CHARACTERS.format(characters="U+202E")
    own = await ask_to_join(signed_in, trip_id)
    assert own.json()["message"] == messages.JOIN_OWN_TRIP
    await ask_to_join(member, trip_id)
    twice = await ask_to_join(member, trip_id)
    assert twice.json()["message"] == messages.JOIN_ALREADY_REQUESTED


async def test_past_trips_block_every_action(signed_in, member, app):
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    late = await create(signed_in)
    await move_to_past(app, trip_id)
    await move_to_past(app, late)
    assert (await ask_to_join(member, late)).json()["message"] == messages.JOIN_REQUEST_PAST
    accept = await host_acts(signed_in, trip_id, member.user_id, "APPROVE")
    assert accept.json()["message"] == messages.JOIN_ACCEPT_PAST
    decline = await host_acts(signed_in, trip_id, member.user_id, "REJECT")
    assert decline.json()["message"] == messages.JOIN_DECLINE_PAST
    cancel = await member_acts(member, trip_id, "REVOKE_REQUEST")
    assert cancel.json()["message"] == messages.JOIN_REVOKE_PAST


async def test_nobody_acts_on_another_users_request(signed_in, member, app):
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    async with new_person(app, "Meera Iyer") as stranger:
        answer = await host_acts(stranger, trip_id, member.user_id, "APPROVE")
        assert answer.status_code == 403
        own_nothing = await member_acts(stranger, trip_id, "REVOKE_REQUEST")
        assert own_nothing.status_code == 404
    assert (await read(member, trip_id))["user_status"] == "requested"


async def test_accept_is_refused_when_the_trip_is_full(signed_in, app):
    trip_id = await create(signed_in, total_passengers=2)
    async with new_person(app, "Anu Das") as first, new_person(app, "Bala Sen") as second:
        await ask_to_join(first, trip_id)
        await ask_to_join(second, trip_id)
        assert (await host_acts(signed_in, trip_id, first.user_id, "APPROVE")).status_code == 200
        full = await host_acts(signed_in, trip_id, second.user_id, "APPROVE")
        assert full.status_code == 409
        assert full.json()["message"] == messages.JOIN_TRIP_FULL
        async with new_person(app, "Chitra Rao") as late:
            assert (await ask_to_join(late, trip_id)).json()["message"] == messages.JOIN_TRIP_FULL


async def test_fifty_concurrent_approvals_for_one_free_seat_let_exactly_one_in(signed_in, app):
    trip_id = await create(signed_in, total_passengers=2)
    async with AsyncExitStack() as stack:
        people = [await stack.enter_async_context(new_person(app, "Rider Person")) for _ in range(50)]
        for person in people:
            assert (await ask_to_join(person, trip_id)).status_code == 200
        answers = await asyncio.gather(*(host_acts(signed_in, trip_id, person.user_id, "APPROVE") for person in people))
    accepted = [answer for answer in answers if answer.status_code == 200]
    refused = [answer for answer in answers if answer.status_code != 200]
    assert len(accepted) == 1
    assert {answer.json()["message"] for answer in refused} == {messages.JOIN_TRIP_FULL}
    async with app.state.session_maker() as session:
        active = await session.scalar(
            select(func.count()).where(TripPassenger.trip_id == trip_id, TripPassenger.status == "active")
        )
    assert active == 2


async def test_the_host_hears_of_a_request_and_the_member_of_the_answer(signed_in, member, app):
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    await host_acts(signed_in, trip_id, member.user_id, "APPROVE")
    host_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    async with app.state.session_maker() as session:
        for _ in range(50):
            kinds = {
                (row.recipient_id, row.entity_type)
                for row in await session.scalars(select(Notification).where(Notification.entity_id == str(trip_id)))
            }
            if {(host_id, "request"), (member.user_id, "request")} <= kinds:
                break
            await asyncio.sleep(0.1)
    assert (host_id, "request") in kinds
    assert (member.user_id, "request") in kinds


async def test_questions_and_answers(signed_in, member):
    trip_id = await create(signed_in)
    blank = await member.post("/api/trip/query", json={"trip_id": trip_id, "question": "  \n "})
    assert blank.json()["message"] == messages.MESSAGE_LENGTH
    odd = await member.post("/api/trip/query", json={"trip_id": trip_id, "question": "Space for\u200b bags?"})
    assert odd.json()["message"] == messages.MESSAGE_CHARACTERS.format(characters="U+200B")
    asked = await member.post(
        "/api/trip/query", json={"trip_id": trip_id, "question": "  Is there space for two bags?  "}
    )
    assert asked.json()["message"] == messages.QUERY_ASKED
    [query] = (await read(signed_in, trip_id))["queries"]
    assert query["question"] == "Is there space for two bags?"
    assert query["answer"] is None
    not_host = await member.put(f"/api/trip/query/{query['id']}", json={"answer": "Yes, plenty of room"})
    assert not_host.status_code == 403
    answered = await signed_in.put(f"/api/trip/query/{query['id']}", json={"answer": "Yes, plenty of room"})
    assert answered.json()["message"] == messages.QUERY_ANSWERED
    [query] = (await read(member, trip_id))["queries"]
    assert query["answer"] == "Yes, plenty of room"
    assert query["answered_by"]["name"] == "Asha Rao"


async def test_no_questions_on_a_past_trip(signed_in, member, app):
    trip_id = await create(signed_in)
    await move_to_past(app, trip_id)
    answer = await member.post("/api/trip/query", json={"trip_id": trip_id, "question": "Is there space for two bags?"})
    assert answer.json()["message"] == messages.QUERY_PAST


async def test_blocking_hides_trips_and_refuses_requests(signed_in, member, route):
    trip_id = await create(signed_in, origin=route.origin, destination=route.destination)
    host_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    params = search_params(route.origin, route.destination, 26)
    assert trip_id in await found_ids(member, "/api/trip/search", params)
    needs_reason = await member.post(f"/api/user/block/{host_id}", json={"report_user": True})
    assert needs_reason.json()["message"] == messages.REASON_REQUIRED
    blocked = await member.post(f"/api/user/block/{host_id}", json={"reason": "Rude", "report_user": True})
    assert blocked.json()["message"] == messages.BLOCKED_AND_REPORTED
    assert trip_id not in await found_ids(member, "/api/trip/search", params)
    # Not found, as the trip is in search: the block is not told (api/users/blocks.py).
    refused = await ask_to_join(member, trip_id)
    assert (refused.status_code, refused.json()["message"]) == (404, messages.TRIP_NOT_FOUND)
    assert (await member.post(f"/api/user/block/{member.user_id}", json={})).json()["message"] == messages.BLOCK_SELF


async def test_the_chat_opens_to_the_host_and_active_members_only(signed_in, member):
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    assert (await read(signed_in, trip_id))["chat_id"] == trip_id
    assert (await read(member, trip_id))["chat_id"] is None
    await host_acts(signed_in, trip_id, member.user_id, "APPROVE")
    assert (await read(member, trip_id))["chat_id"] == trip_id


async def join_flows_of(app, trip_id: int, user_id: int) -> list[str]:
    """The ids of the person's join flows on the trip, once the relay has delivered every start that waits and
    Temporal's list has had a moment to show them."""
    temporal = await app.state.temporal.get()
    query = f'WorkflowType = "JoinRequestWorkflow" AND TripId = "{trip_id}" AND UserId = "{user_id}"'
    prefix = f"join:{trip_id}:{user_id}:%"
    ids: list[str] = []
    for _ in range(50):
        async with app.state.session_maker() as session:
            waiting = await session.scalar(
                select(func.count()).where(
                    FlowOutboxEntry.workflow_id.like(prefix), FlowOutboxEntry.parked_at.is_(None)
                )
            )
        await asyncio.sleep(0.2)
        if waiting:
            continue
        ids = sorted([flow.id async for flow in temporal.list_workflows(query)])
        if ids:
            break
    return ids


async def test_three_requests_sent_together_make_one_request_and_one_flow(signed_in, member, app):
    trip_id = await create(signed_in)
    answers = await asyncio.gather(*(ask_to_join(member, trip_id) for _ in range(3)))
    sent = [answer for answer in answers if answer.status_code == 200]
    refused = [answer for answer in answers if answer.status_code != 200]
    assert len(sent) == 1, [answer.text for answer in answers]
    assert {(answer.status_code, answer.json()["message"]) for answer in refused} == {
        (409, messages.JOIN_ALREADY_REQUESTED)
    }
    async with app.state.session_maker() as session:
        rows = (
            await session.scalars(
                select(TripPassenger).where(TripPassenger.trip_id == trip_id, TripPassenger.user_id == member.user_id)
            )
        ).all()
    assert [(row.status, row.request_number) for row in rows] == [("requested", 1)]
    assert await join_flows_of(app, trip_id, member.user_id) == [f"join:{trip_id}:{member.user_id}:1"]


async def test_request_and_withdrawal_cycles_are_limited_a_day_and_the_one_over_changes_nothing(signed_in, member, app):
    trip_id = await create(signed_in)
    cap = app.state.settings.join_requests_per_trip_per_day
    for _ in range(cap):
        assert (await ask_to_join(member, trip_id)).status_code == 200
        assert (await member_acts(member, trip_id, "REVOKE_REQUEST")).status_code == 200
    over = await ask_to_join(member, trip_id)
    assert (over.status_code, over.json()["message"]) == (429, messages.JOIN_REQUESTS_TOO_MANY)
    assert (await read(member, trip_id))["user_status"] == "revoked"
    async with app.state.session_maker() as session:
        asked = await session.scalar(
            select(TripPassenger.request_number).where(
                TripPassenger.trip_id == trip_id, TripPassenger.user_id == member.user_id
            )
        )
    assert asked == cap
    flows = await join_flows_of(app, trip_id, member.user_id)
    assert flows == sorted(f"join:{trip_id}:{member.user_id}:{number}" for number in range(1, cap + 1))
    # The cap is the person's on this trip: another trip of the host's takes their request.
    other = await create(signed_in)
    assert (await ask_to_join(member, other)).status_code == 200


async def test_a_new_day_of_requests_begins_a_day_after_the_first(signed_in, member, app):
    trip_id = await create(signed_in)
    cap = app.state.settings.join_requests_per_trip_per_day
    for _ in range(cap):
        await ask_to_join(member, trip_id)
        await member_acts(member, trip_id, "REVOKE_REQUEST")
    assert (await ask_to_join(member, trip_id)).status_code == 429
    async with app.state.session_maker() as session, session.begin():
        await session.execute(
            update(TripAskWindow)
            .where(TripAskWindow.trip_id == trip_id, TripAskWindow.user_id == member.user_id)
            .values(window_started_at=TripAskWindow.window_started_at - timedelta(hours=24))
        )
    assert (await ask_to_join(member, trip_id)).status_code == 200


async def test_questions_on_a_trip_are_limited_a_day_and_the_one_over_is_not_stored(signed_in, member, app):
    trip_id = await create(signed_in)
    cap = app.state.settings.questions_per_trip_per_day
    for number in range(cap):
        asked = await member.post("/api/trip/query", json={"trip_id": trip_id, "question": f"Question number {number}"})
        assert asked.status_code == 200, asked.text
    over = await member.post("/api/trip/query", json={"trip_id": trip_id, "question": "One question too many"})
    assert (over.status_code, over.json()["message"]) == (429, messages.QUERY_TOO_MANY)
    assert len((await read(signed_in, trip_id))["queries"]) == cap
    async with new_person(app, "Meera Iyer") as other:
        theirs = await other.post("/api/trip/query", json={"trip_id": trip_id, "question": "Is it a quiet ride?"})
        assert theirs.status_code == 200, theirs.text


async def test_three_requests_sent_together_after_a_withdrawal_renew_it_once(signed_in, member, app):
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    assert (await member_acts(member, trip_id, "REVOKE_REQUEST")).status_code == 200
    answers = await asyncio.gather(*(ask_to_join(member, trip_id) for _ in range(3)))
    assert sorted(answer.status_code for answer in answers) == [200, 409, 409], [answer.text for answer in answers]
    flows = await join_flows_of(app, trip_id, member.user_id)
    assert flows == [f"join:{trip_id}:{member.user_id}:1", f"join:{trip_id}:{member.user_id}:2"]
