"""A trip's flow on a real Temporal server and a real PostgreSQL, with its durations cut to seconds."""

import asyncio
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from temporalio import activity
from temporalio.api.enums.v1 import EventType
from temporalio.client import Client, WorkflowExecutionStatus
from temporalio.testing import ActivityEnvironment
from temporalio.worker import Worker

from activities.trips import TripActivities
from domain.clock import IST
from domain.db import transaction
from domain.models import Trip, TripEnd, TripPassenger, UserTripsInsights
from domain.rules.co2 import co2_saved_per_person_kg
from domain.settings import Settings
from tests.workflows.erasure_support import eventually
from tests.workflows.recorded import replay_and_record
from tests.workflows.trip_support import (
    NOTHING_YET,
    Insights,
    Sent,
    create_party,
    create_users,
    events_of,
    flow_statuses,
    in_seconds,
    insights_of,
    notifications_about,
    recipients,
    scheduled_activities,
    signal_flow,
    start_flow,
    start_trip_flow,
    trip_flow_schedule,
)
from worker.main import WORKFLOWS, serving
from workflows.flow import FLOW_STATUS
from workflows.trip.contracts import (
    TripCancellationNotice,
    TripCancelled,
    TripRescheduled,
    trip_cancelled,
    trip_rescheduled,
    trip_start,
)


async def test_a_trip_is_reminded_then_completed_once(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    async with serving(client, settings, engine):
        party = await create_party(session_maker, in_seconds(5), members=2, mode=1, distance_km=20.0)
        handle = await start_trip_flow(client, settings, party, reminder_lead_seconds=2, completion_delay_seconds=1)
        await handle.result()

    sent = await notifications_about(session_maker, party.trip_id)
    travellers = sorted(party.travellers)
    assert recipients(sent, "Trip reminder") == travellers
    departure = party.scheduled_at.astimezone(IST).strftime("%I:%M %p").lstrip("0").lower()  # "9:05 am"
    assert {each.message for each in sent if each.title == "Trip reminder"} == {
        f"Your trip from Koramangala to Kempegowda International Airport starts at {departure}."
    }
    assert recipients(sent, "How was your trip?") == travellers
    assert {each.entity_type for each in sent if each.title == "How was your trip?"} == {"review"}

    co2_each = co2_saved_per_person_kg(1, 20.0, 3)
    assert co2_each == Decimal("1.73")
    insights = await insights_of(session_maker, party.everyone)
    assert insights[party.host_id] == Insights(1, 0, 2, co2_each)
    assert all(insights[member] == Insights(0, 1, 2, co2_each) for member in party.members)
    assert all(insights[other] == NOTHING_YET for other in (party.requester_id, party.left_id, party.rejected_id))

    assert await flow_statuses(handle) == ["scheduled", "started", "completed"]

    async def found_by_trip_id() -> bool:
        flows = [flow async for flow in client.list_workflows(f'TripId = "{party.trip_id}"')]
        return [(flow.id, flow.typed_search_attributes.get(FLOW_STATUS)) for flow in flows] == [
            (handle.id, "completed")
        ]

    await eventually(found_by_trip_id)

    async def found_among_the_hosts_flows() -> bool:
        flows = [flow async for flow in client.list_workflows(f'UserId = "{party.host_id}"')]
        return [flow.id for flow in flows] == [handle.id]

    await eventually(found_among_the_hosts_flows)

    await replay_and_record(handle, "trip")


async def test_completing_again_or_at_the_same_time_credits_nobody_twice(
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    party = await create_party(session_maker, in_seconds(-3600), members=1, mode=2, distance_km=12.5)
    async with transaction(session_maker) as session:
        session.add(UserTripsInsights(user_id=party.host_id, trips_hosted=3, new_people_met=5, total_co2_saved=2))
    activities = TripActivities(session_maker)
    environment = ActivityEnvironment()

    assert await environment.run(activities.complete_trip, party.trip_id)
    once = await insights_of(session_maker, party.everyone)
    again = await asyncio.gather(*(environment.run(activities.complete_trip, party.trip_id) for _ in range(3)))
    sent = await notifications_about(session_maker, party.trip_id)

    assert again == [True, True, True]
    assert await insights_of(session_maker, party.everyone) == once
    co2_each = co2_saved_per_person_kg(2, 12.5, 2)
    assert once[party.host_id] == Insights(4, 0, 6, Decimal("2.00") + co2_each)
    assert once[party.members[0]] == Insights(0, 1, 1, co2_each)
    assert recipients(sent, "How was your trip?") == sorted(party.travellers)


async def test_a_trip_nobody_joined_is_not_a_shared_trip_and_credits_nobody(
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    party = await create_party(session_maker, in_seconds(-3600), members=0)

    assert await ActivityEnvironment().run(TripActivities(session_maker).complete_trip, party.trip_id)

    insights = await insights_of(session_maker, party.everyone)
    assert all(insights[person] == NOTHING_YET for person in party.everyone)
    assert await notifications_about(session_maker, party.trip_id) == []


async def test_new_people_counts_each_person_once_ever(session_maker: async_sessionmaker[AsyncSession]) -> None:
    first = await create_party(session_maker, in_seconds(-7200), members=1, mode=2, distance_km=10.0)
    async with transaction(session_maker) as session:
        # The same two travel again, with a third person neither has met.
        (newcomer,) = await create_users(session, 1)
        again = Trip(
            host_id=first.host_id,
            scheduled_at=in_seconds(-3600),
            origin=TripEnd("Koramangala", "pin-560034", 12.9352, 77.6245),
            destination=TripEnd("Whitefield", "pin-560066", 12.9698, 77.7500),
            total_passengers=4,
            preferred_mode_of_transport=2,
            distance_km=10.0,
        )
        session.add(again)
        await session.flush()
        session.add_all(
            TripPassenger(trip_id=again.id, user_id=user_id, type=kind, status="active")
            for user_id, kind in ((first.host_id, "host"), (first.members[0], "member"), (newcomer, "member"))
        )
        again_id = again.id
    activities = TripActivities(session_maker)
    environment = ActivityEnvironment()

    assert await environment.run(activities.complete_trip, first.trip_id)
    assert await environment.run(activities.complete_trip, again_id)

    insights = await insights_of(session_maker, [first.host_id, first.members[0], newcomer])
    assert insights[first.host_id].trips_hosted == 2
    assert insights[first.host_id].new_people_met == 2
    assert insights[first.members[0]].total_trips_joined == 2
    assert insights[first.members[0]].new_people_met == 2
    assert insights[newcomer].new_people_met == 2


async def test_completion_lost_after_its_commit_is_retried_without_counting_twice(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    # The trip has left when its flow starts: it completes without a reminder.
    party = await create_party(session_maker, in_seconds(-1), members=1)
    real = TripActivities(session_maker)

    @activity.defn(name="complete_trip")
    async def complete_then_lose_the_worker(trip_id: int) -> bool:
        await real.complete_trip(trip_id)
        raise ConnectionError("worker lost before it could report the completion")

    async def completion_was_retried() -> bool:
        pending = (await handle.describe()).raw_description.pending_activities
        return any(each.activity_type.name == "complete_trip" and each.attempt >= 2 for each in pending)

    dying_worker = Worker(
        client,
        task_queue=settings.temporal_task_queue,
        workflows=list(WORKFLOWS),
        activities=[real.remind_trip, real.start_trip, real.notify_trip_cancelled, complete_then_lose_the_worker],
    )
    async with dying_worker:
        handle = await start_trip_flow(client, settings, party, reminder_lead_seconds=60, completion_delay_seconds=0)
        await eventually(completion_was_retried)
    assert (await handle.describe()).status == WorkflowExecutionStatus.RUNNING

    async with serving(client, settings, engine):
        await handle.result()

    co2_each = co2_saved_per_person_kg(1, 20.0, 2)
    insights = await insights_of(session_maker, party.travellers)
    assert insights == {party.host_id: Insights(1, 0, 1, co2_each), party.members[0]: Insights(0, 1, 1, co2_each)}
    assert len(await notifications_about(session_maker, party.trip_id)) == 2
    assert await scheduled_activities(handle) == ["start_trip", "complete_trip"]


async def test_rescheduling_reminds_for_the_new_time_not_the_old(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    party = await create_party(session_maker, in_seconds(8), members=1)
    moved_to = in_seconds(5)
    # The trip endpoints send times with the IST offset.
    moved_to_ist = moved_to.astimezone(IST).isoformat()
    async with serving(client, settings, engine):
        schedule = trip_flow_schedule(party, reminder_lead_seconds=2, completion_delay_seconds=1)
        handle = await start_flow(client, settings, trip_start(schedule, host_id=party.host_id))
        moved = TripRescheduled(scheduled_at=moved_to_ist)
        await signal_flow(client, settings, trip_rescheduled(schedule, moved, host_id=party.host_id))

        async def armed_for_the_new_time() -> bool:
            return bool(await handle.query("departure") == moved_to.isoformat())

        await eventually(armed_for_the_new_time)
        await handle.result()

    reminders = [
        each for each in await notifications_about(session_maker, party.trip_id) if each.title == "Trip reminder"
    ]
    assert sorted(each.recipient_id for each in reminders) == sorted(party.travellers)
    assert all(each.dedupe_key and each.dedupe_key.endswith(moved_to.isoformat()) for each in reminders)
    moved_clock = moved_to.astimezone(IST).strftime("%I:%M %p").lstrip("0").lower()  # "9:05 am"
    assert all(each.message.endswith(f" starts at {moved_clock}.") for each in reminders)
    assert await flow_statuses(handle) == ["scheduled", "started", "completed"]


async def test_cancelling_tells_members_and_requesters_why_and_ends_the_flow(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    party = await create_party(session_maker, in_seconds(120), members=1)
    async with serving(client, settings, engine):
        schedule = trip_flow_schedule(party, reminder_lead_seconds=60, completion_delay_seconds=60)
        handle = await start_flow(client, settings, trip_start(schedule, host_id=party.host_id))
        cancelled = TripCancelled(reason="My meeting was moved")
        await signal_flow(client, settings, trip_cancelled(schedule, cancelled, host_id=party.host_id))
        await handle.result()

    sent = await notifications_about(session_maker, party.trip_id)
    assert recipients(sent, "Trip cancelled") == sorted([*party.members, party.requester_id])
    assert len(sent) == 2
    assert all(each.entity_type == "trip" and each.message.endswith("Reason: My meeting was moved") for each in sent)
    assert await flow_statuses(handle) == ["scheduled", "cancelled"]
    async with transaction(session_maker) as session:
        trip = await session.get(Trip, party.trip_id)
        assert trip is not None
        assert (trip.status, trip.cancellation_reason) == ("CANCELLED", "My meeting was moved")
    assert (
        await ActivityEnvironment().run(
            TripActivities(session_maker).notify_trip_cancelled,
            TripCancellationNotice(party.trip_id, "My meeting was moved"),
        )
        == 0
    )


async def test_a_trip_cancelled_before_its_flow_opens_ends_by_the_signal_behind_its_start(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    """The flow does not read the trip when it opens: a cancellation committed before then is the signal the outbox
    delivers right behind the start, which the flow's first task already sees."""
    party = await create_party(session_maker, in_seconds(120), members=1)
    schedule = trip_flow_schedule(party, reminder_lead_seconds=60, completion_delay_seconds=60)
    handle = await start_flow(client, settings, trip_start(schedule, host_id=party.host_id))
    cancelled = TripCancelled(reason="Plans changed")
    await signal_flow(client, settings, trip_cancelled(schedule, cancelled, host_id=party.host_id))
    async with serving(client, settings, engine):
        await handle.result()

    assert await flow_statuses(handle) == ["scheduled", "cancelled"]
    assert await scheduled_activities(handle) == ["notify_trip_cancelled"]
    sent = await notifications_about(session_maker, party.trip_id)
    assert recipients(sent, "Trip cancelled") == sorted([*party.members, party.requester_id])
    assert await events_of(handle, EventType.EVENT_TYPE_TIMER_STARTED) == 0


async def test_a_new_trips_flow_waits_for_its_reminder_with_no_task_and_no_timer(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    party = await create_party(session_maker, in_seconds(3600), members=1)
    async with serving(client, settings, engine):
        handle = await start_trip_flow(client, settings, party, reminder_lead_seconds=60, completion_delay_seconds=60)
        history = [event async for event in handle.fetch_history_events()]
        await handle.terminate("test over")

    assert [event.event_type for event in history] == [EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED]
    started = history[0]
    # Its first task is due when the reminder is: the departure less the reminder's lead.
    backoff = started.workflow_execution_started_event_attributes.first_workflow_task_backoff.ToTimedelta()
    due = started.event_time.ToDatetime(UTC) + backoff
    assert abs(due - (party.scheduled_at - timedelta(seconds=60))) < timedelta(seconds=2)
    assert await scheduled_activities(handle) == []


async def reminded(session_maker: async_sessionmaker[AsyncSession], trip_id: int, departure: datetime) -> list[Sent]:
    """The trip's reminders for this departure."""
    return [
        each
        for each in await notifications_about(session_maker, trip_id)
        if each.title == "Trip reminder" and each.dedupe_key and each.dedupe_key.endswith(departure.isoformat())
    ]


async def test_a_trip_made_inside_the_reminders_lead_time_is_reminded_at_once(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    party = await create_party(session_maker, in_seconds(600), members=1)
    async with serving(client, settings, engine):
        handle = await start_trip_flow(client, settings, party, reminder_lead_seconds=3600, completion_delay_seconds=60)

        async def told() -> bool:
            return len(await reminded(session_maker, party.trip_id, party.scheduled_at)) == len(party.travellers)

        await eventually(told)
        await replay_and_record(handle, "trip-reminded-inside-lead")
        await handle.terminate("test over")

    sent = await reminded(session_maker, party.trip_id, party.scheduled_at)
    assert sorted(each.recipient_id for each in sent) == sorted(party.travellers)
    assert await scheduled_activities(handle) == ["remind_trip"]


async def test_a_trip_moved_inside_the_reminders_lead_time_is_reminded_at_once_for_its_new_time(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
) -> None:
    party = await create_party(session_maker, in_seconds(7200), members=1)
    moved_to = in_seconds(600)
    async with serving(client, settings, engine):
        schedule = trip_flow_schedule(party, reminder_lead_seconds=3600, completion_delay_seconds=60)
        handle = await start_flow(client, settings, trip_start(schedule, host_id=party.host_id))
        moved = TripRescheduled(scheduled_at=moved_to.astimezone(IST).isoformat())
        await signal_flow(client, settings, trip_rescheduled(schedule, moved, host_id=party.host_id))

        async def told() -> bool:
            return len(await reminded(session_maker, party.trip_id, moved_to)) == len(party.travellers)

        await eventually(told)
        await handle.terminate("test over")

    assert await reminded(session_maker, party.trip_id, party.scheduled_at) == []
