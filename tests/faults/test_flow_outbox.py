"""Flows start without a dual write (domain/flows.py): a rolled-back write starts no flow, and a writer killed between
its commit and the start loses none, because the worker's relay delivers what it left in the outbox."""

import socket
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from temporalio.client import Client
from temporalio.service import RPCError, RPCStatusCode

from domain.db import create_engine, create_session_maker
from domain.flows import FlowOutbox, start_after_commit
from domain.settings import Settings
from domain.temporal import connect_temporal
from tests.api.live import api_process, running, service_environment, sign_in, worker_process
from tests.api.test_trips import trip_body
from tests.faults.conftest import eventually, query
from workflows.flow import FLOW_STATUS
from workflows.trip.contracts import TripSchedule, trip_start, trip_workflow_id


@pytest.fixture
def unanswering_temporal() -> Iterator[str]:
    """An address that takes connections and never answers: a caller waits there as on a hung Temporal."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(64)
        yield f"127.0.0.1:{listener.getsockname()[1]}"


async def flow_exists(client: Client, workflow_id: str) -> bool:
    try:
        await client.get_workflow_handle(workflow_id).describe()
    except RPCError as error:
        if error.status == RPCStatusCode.NOT_FOUND:
            return False
        raise
    return True


async def test_a_rolled_back_write_starts_no_flow(database_url: str, temporal_address: str) -> None:
    settings = Settings(_env_file=None, database_url=database_url, temporal_address=temporal_address)
    client = await connect_temporal(settings)
    engine = create_engine(settings)

    async def connected() -> Client:
        return client

    outbox = FlowOutbox(create_session_maker(engine), connected, "nobody-polls-this-queue")
    # No trip has this id: the write is about to fail anyway, as a request does that is refused after the start.
    schedule = TripSchedule(2**62, datetime.now(UTC).isoformat(), 60, 60)
    try:
        with pytest.raises(RuntimeError):
            async with outbox.transaction() as session:
                await start_after_commit(session, trip_start(schedule, host_id=2**62))
                raise RuntimeError("refused after the flow was handed to the outbox")
    finally:
        await engine.dispose()

    workflow_id = trip_workflow_id(schedule.trip_id)
    assert query(database_url, "SELECT id FROM flow_outbox WHERE workflow_id = %s", workflow_id) == []
    assert not await flow_exists(client, workflow_id)


async def test_an_api_killed_between_its_commit_and_the_start_loses_no_flow(
    database_url: str, temporal_address: str, unanswering_temporal: str, tmp_path: Path
) -> None:
    # The API's Temporal never answers, so a request hangs right after its commit, where it delivers the start.
    api_environment = service_environment(database_url, unanswering_temporal, tmp_path / "api")
    api = api_process(api_environment, tmp_path / "api.log")
    with running(api):
        base_url = f"http://127.0.0.1:{api.port}"
        host = sign_in(base_url, "Outbox Host")
        answer: list[httpx.Response | Exception] = []

        def publish() -> None:
            try:
                with host.client(base_url, timeout=120) as browser:
                    answer.append(browser.post("/api/trip/trip", json=trip_body()))
            except httpx.HTTPError as error:
                answer.append(error)

        threading.Thread(target=publish, daemon=True).start()
        committed = await eventually(
            lambda: query(database_url, "SELECT id FROM trips WHERE host_id = %s", host.user_id),
            30,
            "the trip committed",
        )
        [(trip_id,)] = committed
        api.kill()
    assert not any(isinstance(each, httpx.Response) and each.status_code == 200 for each in answer)

    workflow_id = trip_workflow_id(trip_id)
    waiting = query(database_url, "SELECT workflow FROM flow_outbox WHERE workflow_id = %s", workflow_id)
    assert waiting == [("TripWorkflow",)]
    client = await connect_temporal(Settings(_env_file=None, temporal_address=temporal_address))
    assert not await flow_exists(client, workflow_id)

    worker_environment = service_environment(
        database_url,
        temporal_address,
        tmp_path / "worker",
        FLOW_RELAY_INTERVAL_SECONDS="0.2",
        FLOW_RELAY_GRACE_SECONDS="0.5",
    )
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
        # The worker runs the flow: it answers with the departure of the trip the killed API committed.
        [(scheduled_at,)] = query(database_url, "SELECT scheduled_at FROM trips WHERE id = %s", trip_id)
        assert datetime.fromisoformat(await handle.query("departure")) == scheduled_at
