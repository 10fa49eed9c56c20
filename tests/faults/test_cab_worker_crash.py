"""The worker killed with SIGKILL while a cab is requested, and again while the vendor confirms it, then started
again: the CabBookingWorkflow books once with the vendor and ends booked once (one booking, one notice)."""

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from temporalio.client import Client

from tests.api.live import Person, sign_in
from tests.api.test_trips import trip_body
from tests.faults.conftest import Services, eventually, live_services, query
from workflows.cab_booking.contracts import cab_workflow_id
from workflows.policies import STEP_TIMEOUT

# A killed worker's cached flows wait out the sticky queue's timeout (10 s) before another worker takes them, and a
# step it was running is tried again only after its start-to-close timeout (STEP_TIMEOUT, 30 s): the second kill can
# land while the booking step runs, whose vendor's confirmation then arrives with its retry. The new worker's own
# start (its imports, its connections) comes on top, and takes tens of seconds on a busy machine: a deadline, so
# generous costs nothing when the flow resumes at once.
RESUME_SECONDS = 70 + int(STEP_TIMEOUT.total_seconds())
HSR_LAYOUT = "in-560102-f8603901"


@pytest.fixture
def services(database_url: str, temporal_address: str, tmp_path: Path) -> Iterator[Services]:
    with live_services(database_url, temporal_address, tmp_path, CAB_POLL_INTERVAL_SECONDS="600") as started:
        yield started


def call(person: Person, base_url: str, method: str, path: str, body: dict[str, object] | None = None) -> dict:
    with person.client(base_url) as client:
        answer = client.request(method, path, json=body)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def vendor_bookings(database_url: str, trip_id: int) -> list[tuple[str, str]]:
    rows = query(database_url, "SELECT booking_id, status FROM sandbox.cab_bookings WHERE trip_id = %s", trip_id)
    return [(str(booking), str(status)) for booking, status in rows]


async def test_a_cab_request_survives_a_killed_worker_and_books_once(services: Services) -> None:
    base_url, database_url = services.base_url, services.database_url
    host = sign_in(base_url, "Asha Books")
    trip_id = int(call(host, base_url, "POST", "/api/trip/trip", trip_body())["data"]["trip_id"])
    call(host, base_url, "PUT", f"/api/trip/cab/interest/{trip_id}", {"category": "suv", "stops": [HSR_LAYOUT]})

    # Killed the moment the request is in: the booking with the vendor is left to the next worker.
    call(host, base_url, "POST", f"/api/trip/cab/request/{trip_id}", {"vendor": "metrotaxi"})
    services.worker.kill()
    services.worker.start()
    await eventually(lambda: vendor_bookings(database_url, trip_id), RESUME_SECONDS, "booked with the vendor")

    # Killed again; the vendor confirms while no worker runs, and its webhook's news waits in the flow.
    services.worker.kill()
    call(host, base_url, "POST", f"/api/sandbox/cab/bookings/{trip_id}", {"event": "confirm"})
    services.worker.start()

    temporal = await Client.connect(services.temporal_address)
    flow = temporal.get_workflow_handle(cab_workflow_id(trip_id, 1))

    async def booked() -> bool:
        return await flow.query("status") == "booked"

    deadline = asyncio.get_running_loop().time() + RESUME_SECONDS
    while not await booked():
        assert asyncio.get_running_loop().time() < deadline, "the cab was never booked"
        await asyncio.sleep(0.2)
    await eventually(
        lambda: query(database_url, "SELECT status FROM cab_bookings WHERE trip_id = %s", trip_id) == [("booked",)],
        10,
        "the booking row says booked",
    )
    assert vendor_bookings(database_url, trip_id) == [(vendor_bookings(database_url, trip_id)[0][0], "confirmed")]
    notices = query(
        database_url,
        "SELECT recipient_id FROM notifications WHERE title = 'Cab booked' AND entity_id = %s",
        str(trip_id),
    )
    assert notices == [(host.user_id,)]
