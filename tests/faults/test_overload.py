"""Past capacity nothing is lost. A burst of trips and join requests, many at once, arrives while the worker can
do nothing at all (stopped with SIGSTOP, as a worker far behind its work is): the API answers every call at once and
keeps every write, the flows' starts wait in the outbox, and once the worker runs again every trip and every request
reaches its flow, and every host hears of every request, exactly once."""

import asyncio
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from temporalio.client import Client

from domain.rules.notices import NEW_REQUEST_TITLE
from tests.api.live import Person, sign_in
from tests.api.test_trips import trip_body
from tests.faults.conftest import Services, eventually, live_services, query
from tests.flows import flow_exists
from workflows.join_request.contracts import join_workflow_id
from workflows.trip.contracts import trip_workflow_id

HOSTS = 10
TRIPS_PER_HOST = 6
RIDERS = 20
# Each rider asks to join this many of the trips: 60 requests beside 60 trips, sent CONCURRENCY at a time.
REQUESTS_PER_RIDER = 3
CONCURRENCY = 40
# An answer slower than this is no answer for a person waiting on a screen.
ANSWER_LIMIT_S = 10.0
DRAIN_TIMEOUT_S = 120.0


@pytest.fixture
def services(database_url: str, temporal_address: str, tmp_path: Path) -> Iterator[Services]:
    with live_services(database_url, temporal_address, tmp_path) as started:
        yield started


async def _signed_in(base_url: str, count: int, name: str) -> list[Person]:
    return list(await asyncio.gather(*(asyncio.to_thread(sign_in, base_url, name) for _ in range(count))))


async def _burst(base_url: str, calls: list[tuple[Person, str, dict[str, object]]]) -> list[httpx.Response]:
    """Every call sent, CONCURRENCY at a time, each from its person's own client; the answers in order."""
    gate = asyncio.Semaphore(CONCURRENCY)

    async def one(person: Person, path: str, body: dict[str, object]) -> httpx.Response:
        async with (
            gate,
            httpx.AsyncClient(
                base_url=base_url, cookies=person.cookies, headers=person.headers, timeout=ANSWER_LIMIT_S
            ) as client,
        ):
            return await client.post(path, json=body)

    return list(await asyncio.gather(*(one(*call) for call in calls)))


def _waiting_in_outbox(database_url: str, workflow_ids: list[str]) -> int:
    [(count,)] = query(
        database_url, "SELECT count(*) FROM flow_outbox WHERE workflow_id = ANY(%s) AND parked_at IS NULL", workflow_ids
    )
    return int(count)


def _requests_told(database_url: str, trip_ids: list[int]) -> list[tuple[int, int]]:
    """(trip, notices) of each host's "New request" notices about these trips."""
    rows = query(
        database_url,
        "SELECT entity_id::bigint, count(*) FROM notifications WHERE title = %s AND entity_id = ANY(%s) "
        "GROUP BY entity_id ORDER BY entity_id::bigint",
        NEW_REQUEST_TITLE,
        [str(trip_id) for trip_id in trip_ids],
    )
    return [(int(trip_id), int(count)) for trip_id, count in rows]


async def test_a_burst_while_the_worker_cannot_keep_up_is_answered_at_once_and_every_flow_follows(
    services: Services,
) -> None:
    base_url, database_url = services.base_url, services.database_url
    hosts = await _signed_in(base_url, HOSTS, "Asha Host")
    riders = await _signed_in(base_url, RIDERS, "Ravi Rider")
    worker = services.worker.process
    assert worker is not None
    os.kill(worker.pid, signal.SIGSTOP)
    try:
        created = await _burst(
            base_url, [(host, "/api/trip/trip", trip_body()) for host in hosts for _ in range(TRIPS_PER_HOST)]
        )
        assert [answer.status_code for answer in created] == [200] * len(created), [a.text for a in created][:3]
        trip_ids = [int(answer.json()["data"]["trip_id"]) for answer in created]
        asks = [
            (rider, trip_ids[(index * REQUESTS_PER_RIDER + k) % len(trip_ids)])
            for index, rider in enumerate(riders)
            for k in range(REQUESTS_PER_RIDER)
        ]
        asked = await _burst(base_url, [(rider, "/api/trip/user", {"trip_id": trip_id}) for rider, trip_id in asks])
        assert [answer.status_code for answer in asked] == [200] * len(asked), [a.text for a in asked][:3]

        # Every write kept, and every flow's start waiting for a worker: nothing was dropped, nothing delivered.
        [(requested,)] = query(
            database_url,
            "SELECT count(*) FROM trip_passengers WHERE trip_id = ANY(%s) AND status = 'requested'",
            trip_ids,
        )
        assert requested == len(asks)
        flow_ids = [trip_workflow_id(trip_id) for trip_id in trip_ids]
        flow_ids += [join_workflow_id(trip_id, rider.user_id, 1) for rider, trip_id in asks]
        assert _waiting_in_outbox(database_url, flow_ids) >= len(flow_ids)
    finally:
        os.kill(worker.pid, signal.SIGCONT)

    await eventually(lambda: _waiting_in_outbox(database_url, flow_ids) == 0, DRAIN_TIMEOUT_S, "the outbox drains")
    temporal = await Client.connect(services.temporal_address)
    missing = [workflow_id for workflow_id in flow_ids if not await flow_exists(temporal, workflow_id)]
    assert missing == []
    expected = sorted((trip_id, sum(1 for _, asked_for in asks if asked_for == trip_id)) for trip_id in set(trip_ids))
    expected = [(trip_id, count) for trip_id, count in expected if count]
    await eventually(
        lambda: _requests_told(database_url, trip_ids) == expected, DRAIN_TIMEOUT_S, "every host hears of each request"
    )
