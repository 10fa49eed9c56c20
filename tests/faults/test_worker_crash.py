"""The worker killed with SIGKILL while a trip and its join requests are under way, then started again: every flow
finishes and nothing happens twice (one reminder, one credit, one answer, one notice per event).

The departure is moved to seconds from now the way an edit moves it (the row, then the flow's reschedule signal);
the API takes times to the minute, which would make the trip wait up to two minutes. The requests are made after
the move, so their flows read the near departure when they open."""

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest
from temporalio.client import Client, WorkflowExecutionStatus

from tests.api.live import Person, sign_in
from tests.api.test_trips import trip_body
from tests.faults.conftest import Services, eventually, live_services, query
from tests.flows import signal_with_its_start, started_flow
from tests.workflows.trip_support import scheduled_activities
from workflows.join_request.contracts import join_workflow_id
from workflows.trip.contracts import TripRescheduled, trip_workflow_id

DEPARTURE_IN_SECONDS = 22
REMINDER_LEAD_SECONDS = 5
COMPLETION_DELAY_SECONDS = 3
NUDGE_INTERVAL_SECONDS = 4
# A killed worker's cached flows wait out the sticky queue's timeout (10 s) before another worker takes them.
RESUME_SECONDS = 40


@pytest.fixture
def services(database_url: str, temporal_address: str, tmp_path: Path) -> Iterator[Services]:
    with live_services(
        database_url,
        temporal_address,
        tmp_path,
        TRIP_REMINDER_LEAD_SECONDS=str(REMINDER_LEAD_SECONDS),
        TRIP_COMPLETION_DELAY_SECONDS=str(COMPLETION_DELAY_SECONDS),
        JOIN_NUDGE_INTERVAL_SECONDS=str(NUDGE_INTERVAL_SECONDS),
    ) as started:
        yield started


def notices(database_url: str, trip_id: int) -> list[tuple[int, str, str | None]]:
    """(recipient, title, dedupe key) of every notification about the trip or its requests."""
    rows = query(
        database_url,
        "SELECT recipient_id, title, dedupe_key FROM notifications WHERE entity_id = %s ORDER BY id",
        str(trip_id),
    )
    return [(int(recipient), str(title), key) for recipient, title, key in rows]


def titles_for(found: list[tuple[int, str, str | None]], recipient: int) -> list[str]:
    return sorted(title for who, title, _ in found if who == recipient)


def passenger_status(database_url: str, trip_id: int, user_id: int) -> str:
    [(status,)] = query(
        database_url, "SELECT status FROM trip_passengers WHERE trip_id = %s AND user_id = %s", trip_id, user_id
    )
    return str(status)


def insights(database_url: str, user_id: int) -> tuple[int, int, int]:
    rows = query(
        database_url,
        "SELECT trips_hosted, total_trips_joined, new_people_met FROM user_trips_insights WHERE user_id = %s",
        user_id,
    )
    return (int(rows[0][0]), int(rows[0][1]), int(rows[0][2])) if rows else (0, 0, 0)


def call(person: Person, base_url: str, method: str, path: str, body: dict[str, object]) -> httpx.Response:
    with person.client(base_url, timeout=RESUME_SECONDS + 20) as client:
        return client.request(method, path, json=body)


async def test_trip_and_join_flows_survive_a_killed_worker_and_act_once(services: Services) -> None:
    base_url, database_url = services.base_url, services.database_url
    host, rider, waiting = (sign_in(base_url, name) for name in ("Asha Host", "Ravi Rider", "Meena Waits"))
    before = {person.user_id: insights(database_url, person.user_id) for person in (host, rider, waiting)}
    created = call(host, base_url, "POST", "/api/trip/trip", trip_body())
    assert created.status_code == 200, created.text
    trip_id = int(created.json()["data"]["trip_id"])

    temporal = await Client.connect(services.temporal_address)
    trip_flow = await started_flow(temporal, trip_workflow_id(trip_id))
    departure = datetime.now(UTC) + timedelta(seconds=DEPARTURE_IN_SECONDS)
    query(database_url, "UPDATE trips SET scheduled_at = %s WHERE id = %s RETURNING id", departure, trip_id)
    moved = TripRescheduled(scheduled_at=departure.isoformat())
    await signal_with_its_start(temporal, trip_flow.id, "reschedule", moved)

    for person in (rider, waiting):
        asked = call(person, base_url, "POST", "/api/trip/user", {"trip_id": trip_id})
        assert asked.status_code == 200, asked.text
    # Both flows opened their request: the host was told of each.
    await eventually(
        lambda: titles_for(notices(database_url, trip_id), host.user_id).count("New request") == 2,
        20,
        "the host hears of both requests",
    )

    # Killed while the trip waits for its reminder and both requests wait for the host; the host accepts the
    # rider while no worker runs, so the answer is held until one does.
    services.worker.kill()
    approval = asyncio.create_task(
        asyncio.to_thread(
            call,
            host,
            base_url,
            "PUT",
            f"/api/trip/user/host/{rider.user_id}",
            {"action": "APPROVE", "trip_id": trip_id},
        )
    )
    await asyncio.sleep(1)
    assert not approval.done()
    assert passenger_status(database_url, trip_id, rider.user_id) == "requested"
    services.worker.start()
    approved = await asyncio.wait_for(approval, RESUME_SECONDS)
    assert approved.status_code == 200, approved.text
    assert passenger_status(database_url, trip_id, rider.user_id) == "active"

    # Killed again the moment the reminder has been stored and reported, then started at once: departure and
    # completion are left to a worker that never saw the flow.
    await eventually(
        lambda: titles_for(notices(database_url, trip_id), host.user_id).count("Trip reminder") == 1,
        DEPARTURE_IN_SECONDS,
        "the host's reminder",
    )

    async def reminder_reported() -> bool:
        # Stored as a short step: its result is recorded with the task its timer woke, once that task completed.
        return "remind_trip" in await scheduled_activities(trip_flow)

    deadline = asyncio.get_running_loop().time() + 20
    while not await reminder_reported():
        assert asyncio.get_running_loop().time() < deadline, "the reminder step was never reported done"
        await asyncio.sleep(0.1)
    services.worker.kill()
    services.worker.start()

    assert await asyncio.wait_for(trip_flow.result(), DEPARTURE_IN_SECONDS + RESUME_SECONDS) is None
    rider_flow = temporal.get_workflow_handle(join_workflow_id(trip_id, rider.user_id, 1))
    waiting_flow = temporal.get_workflow_handle(join_workflow_id(trip_id, waiting.user_id, 1))
    assert await asyncio.wait_for(rider_flow.result(), RESUME_SECONDS) == "travelled"
    assert await asyncio.wait_for(waiting_flow.result(), RESUME_SECONDS) == "expired"
    for flow in (trip_flow, rider_flow, waiting_flow):
        assert (await flow.describe()).status == WorkflowExecutionStatus.COMPLETED

    # Credited once: the host hosted one more trip, the rider joined one more, each met one new person; the
    # request that was never answered earns nothing.
    after = {person.user_id: insights(database_url, person.user_id) for person in (host, rider, waiting)}

    def grew(user_id: int) -> tuple[int, ...]:
        return tuple(now - then for now, then in zip(after[user_id], before[user_id], strict=True))

    assert grew(host.user_id) == (1, 0, 1)
    assert grew(rider.user_id) == (0, 1, 1)
    assert grew(waiting.user_id) == (0, 0, 0)
    assert query(database_url, "SELECT count(*) FROM trip_completions WHERE trip_id = %s", trip_id) == [(1,)]
    assert passenger_status(database_url, trip_id, rider.user_id) == "active"
    assert passenger_status(database_url, trip_id, waiting.user_id) == "expired"

    # One notice per event, whatever ran twice.
    found = notices(database_url, trip_id)
    keys = [key for _, _, key in found]
    assert None not in keys
    assert len(keys) == len(set(keys))
    host_titles = [title for title in titles_for(found, host.user_id) if title != "Request waiting"]
    assert host_titles == sorted(["New request", "New request", "Trip reminder", "How was your trip?"])
    assert titles_for(found, rider.user_id) == sorted(["Request accepted", "Trip reminder", "How was your trip?"])
    assert titles_for(found, waiting.user_id) == ["Request expired"]
    nudges = [key for who, title, key in found if who == host.user_id and title == "Request waiting"]
    assert nudges, "the host was nudged about the unanswered request"
