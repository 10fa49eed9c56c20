"""A join request's flow on a real Temporal server and a real PostgreSQL, with its nudges and departures in seconds."""

import asyncio
from collections import Counter

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from temporalio.client import Client
from temporalio.exceptions import ApplicationError
from temporalio.testing import ActivityEnvironment

from activities.join_requests import JoinRequestActivities
from domain import clock
from domain.db import transaction
from domain.models import JoinNote, TripPassenger
from domain.rules import messages
from domain.settings import Settings
from tests.workflows.erasure_support import eventually
from tests.workflows.join_support import (
    ROUTE,
    add_requests,
    add_trip,
    answer,
    change_trip,
    create_trip_with_requests,
    opened,
    passenger_statuses,
    refusal,
    start_join_flow,
)
from tests.workflows.recorded import replay_and_record
from tests.workflows.trip_support import (
    flow_statuses,
    in_seconds,
    notifications_about,
    recipients,
    scheduled_activities,
)
from worker.main import serving
from workflows.flow import FLOW_STATUS
from workflows.join_request.contracts import JoinMove


async def test_host_approves_a_request_then_the_member_leaves_and_each_side_is_told(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    async with serving(client, settings, engine):
        async with transaction(session_maker) as session:
            trip = await add_trip(session, in_seconds(3600), total_passengers=2)
            [request] = await add_requests(session, trip, large_luggage=1)
        handle = await start_join_flow(client, settings, request, nudge_interval_seconds=1)

        async def host_was_nudged() -> bool:
            sent = await notifications_about(session_maker, trip.trip_id)
            return recipients(sent, "Request waiting") == [trip.host_id]

        await eventually(host_was_nudged)
        assert await answer(handle, "approve", trip.host_id, "See you at Forum Mall") == "active"
        # The host's seat counts: with the member in, the trip for two is full.
        assert await passenger_statuses(session_maker, trip.trip_id) == {
            trip.host_id: "active",
            request.user_id: "active",
        }
        assert await answer(handle, "leave", request.user_id, "Found an another trip") == "left"
        assert await handle.result() == "left"

    sent = await notifications_about(session_maker, trip.trip_id)
    by_title = {each.title: each for each in sent}
    # The host heard of the request from the API, in its own transaction (api/joins/service/requests.py), not from the
    # flow.
    assert "New request" not in by_title
    assert (
        by_title["Request waiting"].message
        == f"Traveller 0 is still waiting for your answer to join your trip {ROUTE}."
    )
    accepted = by_title["Request accepted"]
    assert (accepted.recipient_id, accepted.entity_type) == (request.user_id, "request")
    assert accepted.message.startswith(f"Your request to join the trip {ROUTE} on ")
    left = by_title["Member left"]
    assert (left.recipient_id, left.entity_type) == (trip.host_id, "trip")
    assert left.message.endswith(". Reason: Found an another trip")
    assert await flow_statuses(handle) == ["requested", "active", "left"]

    async def found_by_trip_and_user() -> bool:
        query = f'TripId = "{trip.trip_id}" AND UserId = "{request.user_id}"'
        flows = [flow async for flow in client.list_workflows(query)]
        return [(flow.id, flow.typed_search_attributes.get(FLOW_STATUS)) for flow in flows] == [(handle.id, "left")]

    await eventually(found_by_trip_and_user)

    await replay_and_record(handle, "join_request")


async def test_host_declines_a_request_and_the_requester_hears_so(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    trip, [request] = await create_trip_with_requests(session_maker, in_seconds(3600))
    async with serving(client, settings, engine):
        handle = await start_join_flow(client, settings, request)
        assert await answer(handle, "reject", trip.host_id) == "rejected"
        assert await handle.result() == "rejected"

    sent = await notifications_about(session_maker, trip.trip_id)
    assert recipients(sent, "Request declined") == [request.user_id]
    assert (await passenger_statuses(session_maker, trip.trip_id))[request.user_id] == "rejected"
    assert await flow_statuses(handle) == ["requested", "rejected"]


async def test_requester_cancels_their_request_and_the_host_hears_so(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    trip, [request] = await create_trip_with_requests(session_maker, in_seconds(3600))
    async with serving(client, settings, engine):
        handle = await start_join_flow(client, settings, request)
        assert await answer(handle, "revoke", request.user_id) == "revoked"
        assert await handle.result() == "revoked"

    sent = await notifications_about(session_maker, trip.trip_id)
    [cancelled] = [each for each in sent if each.title == "Request cancelled"]
    assert (cancelled.recipient_id, cancelled.entity_type) == (trip.host_id, "request")
    assert cancelled.message.startswith(f"Traveller 0 cancelled their request to join the trip {ROUTE} on ")
    assert await flow_statuses(handle) == ["requested", "revoked"]


async def test_host_removes_a_member_and_the_member_hears_the_reason(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    trip, [request] = await create_trip_with_requests(session_maker, in_seconds(3600))
    async with serving(client, settings, engine):
        handle = await start_join_flow(client, settings, request)
        assert await answer(handle, "approve", trip.host_id) == "active"
        assert await answer(handle, "remove", trip.host_id, "Being abusive") == "removed"
        assert await handle.result() == "removed"

    sent = await notifications_about(session_maker, trip.trip_id)
    [removed] = [each for each in sent if each.title == "Removed from trip"]
    assert (removed.recipient_id, removed.entity_type) == (request.user_id, "request")
    assert removed.message.startswith(f"The host removed you from the trip {ROUTE} on ")
    assert removed.message.endswith(". Reason: Being abusive")
    assert await flow_statuses(handle) == ["requested", "active", "removed"]


async def test_answers_the_request_does_not_allow_now_are_refused_with_the_product_message(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    trip, [request] = await create_trip_with_requests(session_maker, in_seconds(3600))
    async with serving(client, settings, engine):
        handle = await start_join_flow(client, settings, request)
        assert await refusal(handle, "leave", request.user_id) == "Only active members can leave"
        assert await refusal(handle, "remove", trip.host_id) == "Only active members can be removed"
        assert await refusal(handle, "approve", request.user_id) == "Only the host of this trip can do that"
        assert await refusal(handle, "revoke", trip.host_id) == "Only the person who sent this request can do that"
        assert await answer(handle, "approve", trip.host_id) == "active"
        assert await refusal(handle, "approve", trip.host_id) == "This request is no longer pending"
        assert await refusal(handle, "reject", trip.host_id) == "This request is no longer pending"
        assert await refusal(handle, "revoke", request.user_id) == "This request is no longer pending"
        assert await answer(handle, "leave", request.user_id) == "left"
        assert await handle.result() == "left"

    # Refused in the validators: none of them reached the database or the flow's history.
    assert await scheduled_activities(handle) == ["open_join_request", "apply_join_action", "apply_join_action"]


async def test_host_cannot_approve_when_the_trip_is_full(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    trip, [request] = await create_trip_with_requests(session_maker, in_seconds(3600), total_passengers=2, members=1)
    async with serving(client, settings, engine):
        handle = await start_join_flow(client, settings, request)
        assert await refusal(handle, "approve", trip.host_id) == "Trip is full"
        assert await handle.query("status") == "requested"
        assert await answer(handle, "revoke", request.user_id) == "revoked"
        await handle.result()

    statuses = await passenger_statuses(session_maker, trip.trip_id)
    assert Counter(statuses.values()) == {"active": 2, "revoked": 1}


async def test_fifty_approvals_at_once_for_the_last_free_seat_let_exactly_one_in(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    trip, requests = await create_trip_with_requests(session_maker, in_seconds(3600), 50, total_passengers=4, members=2)
    async with serving(client, settings, engine):
        handles = await asyncio.gather(*(start_join_flow(client, settings, request) for request in requests))
        outcomes = await asyncio.gather(
            *(answer(handle, "approve", trip.host_id) for handle in handles), return_exceptions=True
        )
        still_waiting = [
            (handle, request)
            for handle, request, outcome in zip(handles, requests, outcomes, strict=True)
            if outcome != "active"
        ]
        await asyncio.gather(*(answer(handle, "revoke", request.user_id) for handle, request in still_waiting))

    assert outcomes.count("active") == 1
    refusals = [outcome for outcome in outcomes if outcome != "active"]
    assert len(refusals) == 49
    assert {getattr(getattr(each, "cause", None), "message", None) for each in refusals} == {"Trip is full"}
    statuses = await passenger_statuses(session_maker, trip.trip_id)
    assert Counter(statuses.values()) == {"active": 4, "revoked": 49}
    sent = await notifications_about(session_maker, trip.trip_id)
    assert len(recipients(sent, "Request accepted")) == 1


async def test_a_past_trip_refuses_every_answer_with_its_own_message(
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    async with transaction(session_maker) as session:
        trip = await add_trip(session, in_seconds(-60))
        [pending] = await add_requests(session, trip)
        [member] = await add_requests(session, trip, status="active")
    apply = JoinRequestActivities(session_maker).apply_join_action
    environment = ActivityEnvironment()

    async def refused(request_id: int, action: str, actor_id: int) -> str:
        try:
            await environment.run(apply, JoinMove(request_id, action, actor_id))
        except ApplicationError as error:
            assert error.non_retryable
            return error.message
        raise AssertionError(f"{action} was applied")

    assert await refused(pending.passenger_id, "approve", trip.host_id) == messages.JOIN_ACCEPT_PAST
    assert await refused(pending.passenger_id, "reject", trip.host_id) == messages.JOIN_DECLINE_PAST
    assert await refused(pending.passenger_id, "revoke", pending.user_id) == messages.JOIN_REVOKE_PAST
    assert await refused(member.passenger_id, "remove", trip.host_id) == messages.JOIN_REMOVE_PAST
    assert await refused(member.passenger_id, "leave", member.user_id) == messages.JOIN_LEAVE_PAST
    assert messages.JOIN_ACCEPT_PAST == "Cannot accept request. Trip is in the past."
    assert messages.JOIN_REVOKE_PAST == "Cannot cancel request. Trip is in the past."
    statuses = await passenger_statuses(session_maker, trip.trip_id)
    assert (statuses[pending.user_id], statuses[member.user_id]) == ("requested", "active")
    assert await notifications_about(session_maker, trip.trip_id) == []


async def test_an_answer_retried_after_its_commit_changes_nothing_twice(
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    trip, [request] = await create_trip_with_requests(session_maker, in_seconds(3600))
    apply = JoinRequestActivities(session_maker).apply_join_action
    environment = ActivityEnvironment()

    approve = JoinMove(request.passenger_id, "approve", trip.host_id)
    first = await environment.run(apply, approve)
    again = await environment.run(apply, approve)

    assert (first, again) == ("active", "active")
    assert len(await notifications_about(session_maker, trip.trip_id)) == 1


async def test_an_answer_reads_its_note_by_id_and_one_that_carried_its_words_passes_them(
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    """The API keeps a move's note in join_notes and the flow passes on its id alone; an update that carried the
    words themselves passes them. A note is read only for its own request and author."""
    async with transaction(session_maker) as session:
        trip = await add_trip(session, in_seconds(3600))
        removed, leaving, other = await add_requests(session, trip, 3, status="active")
        note = JoinNote(passenger_id=removed.passenger_id, author_id=trip.host_id, note="Asked to pay in advance")
        not_theirs = JoinNote(passenger_id=removed.passenger_id, author_id=removed.user_id, note="Not the host's")
        session.add_all([note, not_theirs])
        await session.flush()
    apply = JoinRequestActivities(session_maker).apply_join_action
    environment = ActivityEnvironment()

    removing = JoinMove(removed.passenger_id, "remove", trip.host_id, note_id=note.id)
    assert await environment.run(apply, removing) == "removed"
    assert (
        await environment.run(apply, JoinMove(leaving.passenger_id, "leave", leaving.user_id, note="Plans changed"))
        == "left"
    )
    not_the_hosts = JoinMove(other.passenger_id, "remove", trip.host_id, note_id=not_theirs.id)
    assert await environment.run(apply, not_the_hosts) == "removed"

    async with transaction(session_maker) as session:
        rows = await session.execute(
            select(TripPassenger.user_id, TripPassenger.additional_note).where(TripPassenger.trip_id == trip.trip_id)
        )
        notes = dict(rows.all())
    assert [notes[each.user_id] for each in (removed, leaving, other)] == [
        "Asked to pay in advance",
        "Plans changed",
        "I will be at the gate",
    ]
    told = {each.recipient_id: each.message for each in await notifications_about(session_maker, trip.trip_id)}
    assert told[removed.user_id].endswith(" Reason: Asked to pay in advance")
    assert told[trip.host_id].endswith(" Reason: Plans changed")
    assert "Reason" not in told[other.user_id]


async def test_an_answer_on_a_cancelled_trip_is_refused_and_ends_the_flow(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    trip, [request] = await create_trip_with_requests(session_maker, in_seconds(3600))
    async with serving(client, settings, engine):
        handle = await start_join_flow(client, settings, request)
        await eventually(lambda: opened(handle))
        await change_trip(session_maker, trip.trip_id, status="CANCELLED", cancelled_at=clock.now())
        assert await refusal(handle, "approve", trip.host_id) == "This trip has been cancelled"
        assert await handle.result() == "cancelled"

    assert await flow_statuses(handle) == ["requested", "cancelled"]
    assert (await passenger_statuses(session_maker, trip.trip_id))[request.user_id] == "requested"


async def test_a_pending_request_nudges_the_host_then_expires_at_departure(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    trip, [request] = await create_trip_with_requests(session_maker, in_seconds(4))
    async with serving(client, settings, engine):
        handle = await start_join_flow(client, settings, request, nudge_interval_seconds=1)
        assert await handle.result() == "expired"

    sent = await notifications_about(session_maker, trip.trip_id)
    nudges = [each for each in sent if each.title == "Request waiting"]
    assert len(nudges) >= 2
    assert {each.recipient_id for each in nudges} == {trip.host_id}
    assert len({each.dedupe_key for each in nudges}) == len(nudges)
    [expired] = [each for each in sent if each.title == "Request expired"]
    assert (expired.recipient_id, expired.entity_type) == (request.user_id, "request")
    assert (await passenger_statuses(session_maker, trip.trip_id))[request.user_id] == "expired"
    assert await flow_statuses(handle) == ["requested", "expired"]


async def test_a_request_waits_again_when_the_trip_was_moved_later(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    trip, [request] = await create_trip_with_requests(session_maker, in_seconds(2))
    moved_to = in_seconds(5)
    async with serving(client, settings, engine):
        handle = await start_join_flow(client, settings, request, nudge_interval_seconds=0)
        await eventually(lambda: opened(handle))
        await change_trip(session_maker, trip.trip_id, scheduled_at=moved_to)

        async def armed_for_the_new_time() -> bool:
            return bool(await handle.query("departure") == moved_to.isoformat())

        await eventually(armed_for_the_new_time)
        assert await handle.query("status") == "requested"
        assert await handle.result() == "expired"

    assert clock.now() >= moved_to
    assert await scheduled_activities(handle) == ["open_join_request", "expire_join_request", "expire_join_request"]
    sent = await notifications_about(session_maker, trip.trip_id)
    assert recipients(sent, "Request expired") == [request.user_id]


async def test_an_active_member_travels_with_the_trip_at_departure(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    trip, [request] = await create_trip_with_requests(session_maker, in_seconds(3))
    async with serving(client, settings, engine):
        handle = await start_join_flow(client, settings, request, nudge_interval_seconds=0)
        assert await answer(handle, "approve", trip.host_id) == "active"
        assert await handle.result() == "travelled"

    assert await flow_statuses(handle) == ["requested", "active", "travelled"]
    assert (await passenger_statuses(session_maker, trip.trip_id))[request.user_id] == "active"
    assert (await scheduled_activities(handle))[-1] == "confirm_departure"


async def test_an_approval_sent_while_no_worker_runs_completes_when_one_starts(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    trip, [request] = await create_trip_with_requests(session_maker, in_seconds(3600))
    async with serving(client, settings, engine):
        handle = await start_join_flow(client, settings, request)
        await eventually(lambda: opened(handle))

    approval = asyncio.create_task(answer(handle, "approve", trip.host_id))
    await asyncio.sleep(1)
    assert not approval.done()

    async with serving(client, settings, engine):
        assert await asyncio.wait_for(approval, timeout=30) == "active"
        assert await answer(handle, "leave", request.user_id) == "left"
        await handle.result()

    sent = await notifications_about(session_maker, trip.trip_id)
    assert [each.title for each in sent] == ["Request accepted", "Member left"]


async def test_a_request_gone_before_its_flow_opens_ends_the_flow_quietly(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    async with transaction(session_maker) as session:
        trip = await add_trip(session, in_seconds(3600))
        [request] = await add_requests(session, trip)
    async with transaction(session_maker) as session:
        await session.execute(delete(TripPassenger).where(TripPassenger.id == request.passenger_id))
    async with serving(client, settings, engine):
        handle = await start_join_flow(client, settings, request)
        assert await handle.result() == "discarded"

    assert await flow_statuses(handle) == ["requested", "discarded"]
    assert await scheduled_activities(handle) == ["open_join_request"]
    assert await notifications_about(session_maker, trip.trip_id) == []
