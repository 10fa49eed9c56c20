"""The worker's workflow task slots (worker/outbox/slots.py) and the relay that paces its starts by them: a burst of
starts waits in the flow outbox, not in Temporal's task queue, and every flow takes its first task from its own
start."""

import asyncio
import threading
import uuid
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import cast

from sqlalchemy import func, select
from temporalio.client import Client
from temporalio.worker import SlotMarkUsedContext, SlotPermit, SlotReleaseContext, SlotReserveContext

from domain.db import create_engine, create_session_maker, transaction
from domain.flows import start_after_commit
from domain.models import FlowOutboxEntry
from domain.rules.flow import FlowStart
from domain.settings import Settings
from tests.workflows.erasure_support import eventually
from tests.workflows.test_push_workflow import started_eagerly
from worker.main import WORKFLOW_TASK_SLOTS, serving
from worker.outbox.slots import WorkflowTaskSlots
from workflows.trip.contracts import trip_schedule

ANY_RESERVATION = cast(SlotReserveContext, None)


def release_from_another_thread(slots: WorkflowTaskSlots) -> None:
    """As the SDK's core does, from one of its own threads."""
    releasing = threading.Thread(
        target=slots.release_slot, args=(SlotReleaseContext(slot_info=None, permit=SlotPermit()),)
    )
    releasing.start()
    releasing.join()


def test_slots_are_counted_as_taken_and_freed() -> None:
    slots = WorkflowTaskSlots(2, polls=0)
    assert slots.try_reserve_slot(ANY_RESERVATION) is not None
    assert slots.try_reserve_slot(ANY_RESERVATION) is not None
    assert slots.try_reserve_slot(ANY_RESERVATION) is None
    assert slots.free == 0
    release_from_another_thread(slots)
    assert slots.free == 1
    assert slots.try_reserve_slot(ANY_RESERVATION) is not None


async def test_a_poll_waits_for_a_slot_until_a_task_releases_one_from_another_thread() -> None:
    slots = WorkflowTaskSlots(1, polls=0)
    await slots.reserve_slot(ANY_RESERVATION)
    polling = asyncio.create_task(slots.reserve_slot(ANY_RESERVATION))
    # One turn of the loop runs the poll to its first wait: with a slot it would have returned by then.
    await asyncio.sleep(0)
    assert not polling.done()
    release_from_another_thread(slots)
    await asyncio.wait_for(polling, 2)
    assert slots.free == 0


async def test_the_relay_leaves_its_polls_the_slots_they_will_want() -> None:
    slots = WorkflowTaskSlots(10, polls=4)
    assert slots.free == 6
    polled = await slots.reserve_slot(ANY_RESERVATION)
    assert slots.free == 6  # the poll holds one of its own
    slots.mark_slot_used(cast(SlotMarkUsedContext, SimpleNamespace(permit=polled)))
    assert slots.free == 5  # its task holds it now, and the poll will want another
    for _ in range(5):
        assert slots.try_reserve_slot(ANY_RESERVATION) is not None
    assert slots.free == 0
    slots.release_slot(SlotReleaseContext(slot_info=None, permit=polled))
    assert slots.free == 1  # its task answered; four stay kept for the polls
    await slots.reserve_slot(ANY_RESERVATION)
    assert slots.free == 1  # a poll took one of its own back


async def test_the_relays_room_is_what_is_free_once_one_is_and_one_when_its_patience_runs_out() -> None:
    slots = WorkflowTaskSlots(3, polls=0)
    slots.try_reserve_slot(ANY_RESERVATION)
    assert await slots.room(100, patience=1) == 2
    assert await slots.room(1, patience=1) == 1

    slots.try_reserve_slot(ANY_RESERVATION)
    slots.try_reserve_slot(ANY_RESERVATION)
    waiting = asyncio.create_task(slots.room(100, patience=10))
    # One turn of the loop runs it to its first wait: with a free slot it would have answered by then.
    await asyncio.sleep(0)
    assert not waiting.done()
    release_from_another_thread(slots)
    assert await asyncio.wait_for(waiting, 2) == 1

    slots.try_reserve_slot(ANY_RESERVATION)
    loop = asyncio.get_running_loop()
    began = loop.time()
    # Nothing frees: after its patience the relay sends one, which goes through Temporal's task queue.
    assert await slots.room(100, patience=0.3) == 1
    assert loop.time() - began >= 0.3


async def test_a_burst_of_starts_waits_in_the_outbox_and_every_flow_takes_its_first_task_from_its_start(
    client: Client, settings: Settings
) -> None:
    # Three times the worker's slots, written before it runs, as writers' starts pile up at a peak: sent as fast
    # as Temporal takes them, most would find the worker full and wait in Temporal's task queue.
    burst = 3 * WORKFLOW_TASK_SLOTS
    departure = datetime.now(UTC) + timedelta(days=30)
    schedule = trip_schedule(0, departure, reminder_lead_seconds=3600, completion_delay_seconds=3600)
    workflow_ids = [f"burst:{uuid.uuid4().hex}" for _ in range(burst)]
    engine = create_engine(settings)  # its connections name the test's task queue in every entry
    session_maker = create_session_maker(engine)
    try:
        async with transaction(session_maker) as session:
            await start_after_commit(session, *(FlowStart("TripWorkflow", each, schedule, {}) for each in workflow_ids))

        async def outbox_empty() -> bool:
            async with session_maker() as session:
                waiting = select(func.count()).where(FlowOutboxEntry.workflow_id.in_(workflow_ids))
                return await session.scalar(waiting) == 0

        async with serving(client, settings):
            await eventually(outbox_empty, timeout_seconds=60)
        eager = await asyncio.gather(*(started_eagerly(client.get_workflow_handle(each)) for each in workflow_ids))
    finally:
        await engine.dispose()
    # A poll may take a slot between the relay's look and a start: a few may still go through the task queue.
    assert eager.count(False) <= burst // 50, f"{eager.count(False)} of {burst} not started eagerly"
