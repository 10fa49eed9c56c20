"""Flows start without a dual write (domain/flows.py): a rolled-back write starts no flow, a committed one always
does once the worker's relay runs (worker/outbox/), even when its writer could not reach Temporal, and an entry
Temporal keeps refusing is parked for support without holding back any other flow's entries."""

import asyncio
import socket
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import cast

import pytest
from sqlalchemy import text
from temporalio.api.enums.v1 import EventType
from temporalio.client import Client
from temporalio.runtime import MetricBuffer, Runtime, TelemetryConfig

from domain.db import create_engine, create_session_maker, libpq_conninfo, transaction
from domain.flows import signal_after_commit, start_after_commit, until_delivered
from domain.rules.flow import FlowSignal, FlowStart
from domain.settings import Settings
from scripts.outbox import run as support
from tests.api.live import api_process, running, service_environment, sign_in, worker_process
from tests.api.test_trips import trip_body
from tests.faults.conftest import eventually, outbox_rows, query
from tests.flows import flow_exists
from worker.outbox.backlog import PARKED_METRIC, OutboxBacklog
from worker.outbox.delivery import FlowDelivery, Room
from worker.outbox.relay import relay
from workflows.client import connect_temporal
from workflows.flow import FLOW_STATUS
from workflows.trip.contracts import TripSchedule, trip_start, trip_workflow_id


@pytest.fixture
def unanswering_temporal() -> Iterator[str]:
    """An address that takes connections and never answers: a caller waits there as on a hung Temporal."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(64)
        yield f"127.0.0.1:{listener.getsockname()[1]}"


@asynccontextmanager
async def relayed(database_url: str, temporal_address: str) -> AsyncIterator[tuple[Settings, FlowDelivery, Client]]:
    """Settings whose connections write entries for a task queue of their own, which no worker polls; a relay's
    delivery of them, called round by round here; and its Temporal client."""
    settings = Settings(
        _env_file=None,
        database_url=database_url,
        temporal_address=temporal_address,
        temporal_task_queue=f"nobody-polls-{uuid.uuid4().hex}",
    )
    client = await connect_temporal(settings.temporal_target, settings.temporal_namespace)
    engine = create_engine(settings)
    try:
        yield settings, FlowDelivery(create_session_maker(engine), client, settings.temporal_task_queue), client
    finally:
        await engine.dispose()


async def test_a_rolled_back_write_starts_no_flow(database_url: str, temporal_address: str) -> None:
    # No trip has this id: the write is about to fail anyway, as a request does that is refused after the start.
    schedule = TripSchedule(2**62, datetime.now(UTC).isoformat(), 60, 60)
    async with relayed(database_url, temporal_address) as (settings, delivery, client):
        engine = create_engine(settings)
        with pytest.raises(RuntimeError):
            async with transaction(create_session_maker(engine)) as session:
                await start_after_commit(session, trip_start(schedule, host_id=2**62))
                raise RuntimeError("refused after the flow was handed to the outbox")
        await engine.dispose()
        await delivery.relay_round()

    workflow_id = trip_workflow_id(schedule.trip_id)
    assert query(database_url, "SELECT id FROM flow_outbox WHERE workflow_id = %s", workflow_id) == []
    assert not await flow_exists(client, workflow_id)


async def test_entries_added_together_are_kept_in_their_order_and_each_delivered_after_the_commit(
    database_url: str, temporal_address: str
) -> None:
    workflow_ids = [f"together:{uuid.uuid4().hex}" for _ in range(3)]
    async with relayed(database_url, temporal_address) as (settings, delivery, client):
        engine = create_engine(settings)
        async with transaction(create_session_maker(engine)) as session:
            await start_after_commit(session, *(FlowStart("TripWorkflow", each, {}, {}) for each in workflow_ids))
            await signal_after_commit(session, *(FlowSignal(each, "cancel", {"reason": "r"}) for each in workflow_ids))
            kept = query(
                database_url,
                "SELECT workflow_id, signal FROM flow_outbox WHERE workflow_id LIKE 'together:%%' ORDER BY id",
            )
            assert kept == []  # not before the commit, from another connection
            in_the_transaction = await session.execute(
                text("SELECT workflow_id, signal FROM flow_outbox WHERE workflow_id LIKE 'together:%' ORDER BY id")
            )
            assert [tuple(row) for row in in_the_transaction] == [(each, None) for each in workflow_ids] + [
                (each, "cancel") for each in workflow_ids
            ]
        await engine.dispose()
        # Each flow's start in one batch, its signal, behind it, in the next.
        assert await delivery.relay_round() == 6

    for workflow_id in workflow_ids:
        assert await signals_after_the_start(client, workflow_id) == ["cancel"]
    assert query(database_url, "SELECT id FROM flow_outbox WHERE workflow_id LIKE 'together:%%'") == []


async def test_a_trip_published_while_no_worker_runs_has_its_flow_once_a_workers_relay_does(
    database_url: str, temporal_address: str, unanswering_temporal: str, tmp_path: Path
) -> None:
    # The API's Temporal never answers: the call commits and answers all the same, since the relay starts its flow.
    api_environment = service_environment(database_url, unanswering_temporal, tmp_path / "api")
    api = api_process(api_environment, tmp_path / "api.log")
    with running(api):
        base_url = f"http://127.0.0.1:{api.port}"
        host = sign_in(base_url, "Outbox Host")
        with host.client(base_url, timeout=30) as browser:
            answer = browser.post("/api/trip/trip", json=trip_body())
        assert answer.status_code == 200, answer.text
        trip_id = answer.json()["data"]["trip_id"]

    workflow_id = trip_workflow_id(trip_id)
    waiting = query(database_url, "SELECT workflow FROM flow_outbox WHERE workflow_id = %s", workflow_id)
    assert waiting == [("TripWorkflow",)]
    client = await connect_temporal(temporal_address, Settings(_env_file=None).temporal_namespace)
    assert not await flow_exists(client, workflow_id)

    worker_environment = service_environment(database_url, temporal_address, tmp_path / "worker")
    worker_environment["TEMPORAL_TASK_QUEUE"] = api_environment["TEMPORAL_TASK_QUEUE"]
    worker = worker_process(worker_environment, tmp_path / "worker.log")
    with running(worker):
        await eventually(
            lambda: not query(database_url, "SELECT id FROM flow_outbox WHERE workflow_id = %s", workflow_id),
            30,
            "the relay delivered the start",
        )
        handle = client.get_workflow_handle(workflow_id)
        description = await handle.describe()
        assert description.typed_search_attributes.get(FLOW_STATUS) == "scheduled"
        # The flow waits, with no task, for the reminder of the trip the API committed: its departure less the lead.
        [(scheduled_at,)] = query(database_url, "SELECT scheduled_at FROM trips WHERE id = %s", trip_id)
        history = [event async for event in handle.fetch_history_events()]
        backoff = history[0].workflow_execution_started_event_attributes.first_workflow_task_backoff.ToTimedelta()
        first_task_due = description.start_time + backoff
        lead = timedelta(seconds=Settings(_env_file=None).trip_reminder_lead_seconds)
        assert abs(first_task_due - (scheduled_at - lead)) < timedelta(seconds=5)


async def signals_after_the_start(client: Client, workflow_id: str) -> list[str]:
    """The signals the flow received, if its history begins with its start: a signal sent before the start is
    refused (no such flow) and dropped, so a signal here arrived after the start."""
    events = [event async for event in client.get_workflow_handle(workflow_id).fetch_history_events()]
    assert events[0].event_type == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED
    return [
        event.workflow_execution_signaled_event_attributes.signal_name
        for event in events
        if event.event_type == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED
    ]


async def test_an_entry_temporal_keeps_refusing_is_parked_and_the_other_flows_go_on_in_order(
    database_url: str, temporal_address: str
) -> None:
    metrics = MetricBuffer(1000)
    runtime = Runtime(telemetry=TelemetryConfig(metrics=metrics))
    # Its own task queue, which no worker polls: the entries its connections write are its relay's alone.
    settings = Settings(
        _env_file=None,
        database_url=database_url,
        temporal_address=temporal_address,
        temporal_task_queue=f"nobody-polls-{uuid.uuid4().hex}",
    )
    client = await connect_temporal(settings.temporal_target, settings.temporal_namespace, runtime=runtime)
    engine = create_engine(settings)
    session_maker = create_session_maker(engine)
    delivery = FlowDelivery(session_maker, client, settings.temporal_task_queue, max_attempts=3)
    backlog = OutboxBacklog(session_maker, runtime.metric_meter)
    poisoned, healthy = f"outbox-poisoned:{uuid.uuid4().hex}", f"outbox-healthy:{uuid.uuid4().hex}"
    try:
        # Temporal refuses a start naming a search attribute it does not know; both flows' entries are written
        # in one transaction, the refused start first, as a writer's are whose delivery failed.
        async with transaction(session_maker) as session:
            await start_after_commit(session, FlowStart("TripWorkflow", poisoned, {}, {"NoSuchAttribute": "x"}))
            await signal_after_commit(session, FlowSignal(poisoned, "cancel", {}))
            await start_after_commit(session, FlowStart("TripWorkflow", healthy, {}, {}))
            await signal_after_commit(session, FlowSignal(healthy, "cancel", {}))

        assert await delivery.relay_round() >= 2
        assert outbox_rows(database_url, healthy) == []
        assert await signals_after_the_start(client, healthy) == ["cancel"]
        assert outbox_rows(database_url, poisoned) == [(None, 1, False), ("cancel", 0, False)]

        for _ in range(4):
            await delivery.relay_round()
        # Parked at the third refusal and tried no more; its signal waits behind it, never sent before its start.
        assert outbox_rows(database_url, poisoned) == [(None, 3, True), ("cancel", 0, False)]
        [(last_error,)] = query(
            database_url, "SELECT last_error FROM flow_outbox WHERE workflow_id = %s AND signal IS NULL", poisoned
        )
        assert "NoSuchAttribute" in last_error
        assert not await flow_exists(client, poisoned)
        [listed] = [entry for entry in await backlog.parked() if entry.workflow_id == poisoned]
        assert (listed.what, listed.attempts, listed.waiting_behind) == ("TripWorkflow", 3, 1)

        parked = await backlog.count_parked()
        assert parked >= 1
        gauge = [update for update in metrics.retrieve_updates() if update.metric.name == PARKED_METRIC]
        assert gauge and gauge[-1].value == parked

        # Support mends the start (here: drops the unknown attribute) and retries it: it and its signal go, in order.
        query(database_url, "UPDATE flow_outbox SET search_attributes = '{}' WHERE id = %s RETURNING id", listed.id)
        assert str(listed.id) in await support(["list"], settings)
        assert await support(["retry", str(listed.id)], settings) == "unparked: 1"
        assert await delivery.relay_round() >= 2
        assert outbox_rows(database_url, poisoned) == []
        assert await signals_after_the_start(client, poisoned) == ["cancel"]
    finally:
        await engine.dispose()


class CountedDelivery(FlowDelivery):
    """A delivery that counts the relay's finished rounds."""

    rounds = 0

    async def relay_round(self, room: Room | None = None) -> int:
        delivered = await super().relay_round(room)
        self.rounds += 1
        return delivered


class HungTemporal:
    """A client whose every start waits, then times out, as on a Temporal that stopped answering."""

    async def start_workflow(self, *args: object, **kwargs: object) -> None:
        # The hang itself, not a wait for anything: the caller is held as long as a hung Temporal would hold it.
        await asyncio.sleep(HUNG_SECONDS)
        raise TimeoutError("Temporal did not answer")


HUNG_SECONDS = 1.5


@dataclass(frozen=True)
class Waiting:
    workflow_id: str
    entry_id: int


@asynccontextmanager
async def two_starts_for_a_hung_temporal(database_url: str) -> AsyncIterator[tuple[FlowDelivery, Waiting, Waiting]]:
    """A delivery on a task queue of its own whose Temporal hangs, and two starts waiting in the outbox."""
    task_queue = f"nobody-polls-{uuid.uuid4().hex}"
    engine = create_engine(Settings(_env_file=None, database_url=database_url, temporal_task_queue=task_queue))
    session_maker = create_session_maker(engine)
    try:
        workflow_ids = (f"outbox-hung:{uuid.uuid4().hex}", f"outbox-next:{uuid.uuid4().hex}")
        async with transaction(session_maker) as session:
            for workflow_id in workflow_ids:
                await start_after_commit(session, FlowStart("TripWorkflow", workflow_id, {}, {}))
        first, second = (
            Waiting(
                workflow_id, *query(database_url, "SELECT id FROM flow_outbox WHERE workflow_id = %s", workflow_id)[0]
            )
            for workflow_id in workflow_ids
        )
        yield FlowDelivery(session_maker, cast(Client, HungTemporal()), task_queue), first, second
    finally:
        await engine.dispose()


def locked(database_url: str, entry_id: int) -> bool:
    rows = query(
        database_url,
        "SELECT id FROM flow_outbox WHERE id = %s FOR UPDATE SKIP LOCKED",
        entry_id,
    )
    return not rows


async def test_the_relay_sends_a_batch_at_once_and_one_stopped_while_temporal_holds_it_leaves_it_whole(
    database_url: str,
) -> None:
    async with two_starts_for_a_hung_temporal(database_url) as (delivery, first, second):
        # Both are sent together, each entry locked while Temporal holds it; a relay stopped then (a worker killed)
        # takes nothing out.
        relaying = asyncio.create_task(delivery.relay_round())
        await eventually(
            lambda: locked(database_url, first.entry_id) and locked(database_url, second.entry_id), 5, "one batch"
        )
        relaying.cancel()
        with suppress(asyncio.CancelledError):
            await relaying
        await eventually(lambda: not locked(database_url, first.entry_id), 5, "the stopped relay's batch let go")
        assert outbox_rows(database_url, first.workflow_id) == [(None, 0, False)]
        assert outbox_rows(database_url, second.workflow_id) == [(None, 0, False)]

        # A round Temporal does not answer ends with nothing taken, nothing counted.
        assert await delivery.relay_round() == 0
        assert outbox_rows(database_url, first.workflow_id) == [(None, 0, False)]
        assert outbox_rows(database_url, second.workflow_id) == [(None, 0, False)]


async def test_the_relay_delivers_an_entry_as_its_writer_commits_not_an_interval_later(
    database_url: str, temporal_address: str
) -> None:
    settings = Settings(
        _env_file=None,
        database_url=database_url,
        temporal_address=temporal_address,
        temporal_task_queue=f"nobody-polls-{uuid.uuid4().hex}",
    )
    client = await connect_temporal(settings.temporal_target, settings.temporal_namespace)
    engine = create_engine(settings)
    session_maker = create_session_maker(engine)
    delivery = CountedDelivery(session_maker, client, settings.temporal_task_queue)
    stop = asyncio.Event()
    # An interval far longer than the test: only the writer's notification can wake the relay in time.
    relaying = asyncio.create_task(
        relay(delivery, OutboxBacklog(session_maker), libpq_conninfo(engine.url), stop, timedelta(minutes=10))
    )
    workflow_id = f"relay-woken:{uuid.uuid4().hex}"
    try:
        # Its first round as it starts, and the second once it listens, have found nothing: the entry below can
        # only be found by a round its commit's notification wakes.
        await eventually(lambda: delivery.rounds >= 2, 10, "the relay listening and done with its round")
        async with transaction(session_maker) as session:
            await start_after_commit(session, FlowStart("TripWorkflow", workflow_id, {}, {}))
        await eventually(lambda: not outbox_rows(database_url, workflow_id), 10, "the relay woken by the commit")
        assert await flow_exists(client, workflow_id)
    finally:
        stop.set()
        await relaying
        await engine.dispose()


async def test_a_call_waiting_for_its_flows_start_hears_once_the_relay_delivered_it(
    database_url: str, temporal_address: str
) -> None:
    workflow_id = f"awaited:{uuid.uuid4().hex}"
    async with relayed(database_url, temporal_address) as (settings, delivery, client):
        engine = create_engine(settings)
        session_maker = create_session_maker(engine)
        try:
            async with transaction(session_maker) as session:
                await start_after_commit(session, FlowStart("TripWorkflow", workflow_id, {}, {}))
            # No relay yet: the start still waits when the caller's patience runs out.
            assert not await until_delivered(session_maker, workflow_id, 0.2)
            waiting = asyncio.create_task(until_delivered(session_maker, workflow_id, 30))
            assert await delivery.relay_round() == 1
            assert await waiting
            assert await flow_exists(client, workflow_id)
        finally:
            await engine.dispose()
