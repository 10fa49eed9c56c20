"""The worker killed with SIGKILL while a network rider's search and order wait for their answers, and again while
they are being answered, then started again: each request is answered once (one on_search, one on_select, one
on_init, each kept once by Humsafar and by the buyer app), none lost."""

import random
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from domain import clock
from tests.api.conftest import place
from tests.api.live import Person, sign_in
from tests.faults.conftest import Services, eventually, live_services, outbox_rows, query
from workflows.beckn.contracts import beckn_order_workflow_id, beckn_search_workflow_id

# A killed worker's cached flows wait out the sticky queue's timeout (10 s) before another worker takes them.
RESUME_SECONDS = 60
BUYER = "/api/sandbox/beckn/buyer"
ELECTRONIC_CITY = place("Electronic City", 12.8452, 77.6602)
HEBBAL = place("Hebbal", 13.0358, 77.5970)
HSR_LAYOUT = (12.9116, 77.6474)
SHIVAJINAGAR = (12.9857, 77.6057)


@pytest.fixture
def services(database_url: str, temporal_address: str, tmp_path: Path) -> Iterator[Services]:
    with live_services(database_url, temporal_address, tmp_path) as started:
        yield started


def call(person: Person, base_url: str, method: str, path: str, **options: object) -> dict:
    with person.client(base_url) as client:
        answer = client.request(method, path, **options)  # type: ignore[arg-type]
    assert answer.status_code == 200, answer.text
    return dict(answer.json()["data"])


def received(database_url: str, transaction_id: str) -> list[tuple[str, int]]:
    """(action, deliveries) of each callback the sandbox buyer app kept for the transaction, in order."""
    return query(
        database_url,
        "SELECT action, deliveries FROM sandbox.beckn_buyer_callbacks WHERE transaction_id = %s ORDER BY id",
        transaction_id,
    )


def kept(database_url: str, transaction_id: str) -> list[tuple[str, bool]]:
    """(action, sent) of each callback Humsafar kept for the transaction."""
    return query(
        database_url,
        "SELECT action, sent_at IS NOT NULL FROM beckn_callbacks WHERE transaction_id = %s ORDER BY action",
        transaction_id,
    )


async def test_a_network_order_survives_a_killed_worker_and_is_answered_once(services: Services) -> None:
    base_url, database_url = services.base_url, services.database_url
    host = sign_in(base_url, "Asha Hosts")
    day = clock.now().astimezone(clock.IST).date() + timedelta(days=random.randint(200, 1500))
    trip = {
        "origin": ELECTRONIC_CITY,
        "destination": HEBBAL,
        "time_of_trip": f"{day.isoformat()} 12:00",
        "max_detour_minutes": 10,
        "total_passengers": 4,
        "preferred_mode_of_transport": 1,
        "is_vehicle_booked": True,
        "estimated_cost": 800,
    }
    trip_id = int(call(host, base_url, "POST", "/api/trip/trip", json=trip)["trip_id"])
    rider = sign_in(base_url, "Buyer App Tester")
    at_noon = datetime.combine(day, datetime.min.time().replace(hour=12), clock.IST).isoformat()
    stops = [
        {"type": "START", "location": {"gps": f"{HSR_LAYOUT[0]}, {HSR_LAYOUT[1]}"}, "time": {"timestamp": at_noon}},
        {"type": "END", "location": {"gps": f"{SHIVAJINAGAR[0]}, {SHIVAJINAGAR[1]}"}},
    ]
    item = {"id": f"I{trip_id}", "quantity": {"selected": {"count": 1}}}
    customer = {"person": {"name": "Joe Adams"}, "contact": {"phone": "9876556789"}}

    # Killed before the rider's buyer app asks: the API verifies, keeps and ACKs each request; nothing is answered.
    services.worker.kill()
    searched = call(
        rider,
        base_url,
        "POST",
        f"{BUYER}/send",
        json={"action": "search", "message": {"intent": {"fulfillment": {"stops": stops}}}},
    )
    transaction_id = searched["transaction_id"]
    for action, order in (
        ("select", {"items": [item]}),
        ("init", {"items": [item], "fulfillments": [{"id": f"F{trip_id}", "customer": customer}]}),
    ):
        sent = call(
            rider,
            base_url,
            "POST",
            f"{BUYER}/send",
            json={"action": action, "transaction_id": transaction_id, "message": {"order": order}},
        )
        assert sent["answer"] == {"message": {"ack": {"status": "ACK"}}}, sent
    assert outbox_rows(database_url, beckn_search_workflow_id(searched["message_id"])) == [(None, 0, False)]
    assert [signal for signal, _, _ in outbox_rows(database_url, beckn_order_workflow_id(transaction_id))] == [
        None,
        "message",
    ]
    assert received(database_url, transaction_id) == []

    # Started: the answers go out; killed again as soon as the first arrived, mid-order; started once more.
    services.worker.start()
    await eventually(lambda: received(database_url, transaction_id), RESUME_SECONDS, "a first callback")
    services.worker.kill()
    services.worker.start()
    await eventually(lambda: len(received(database_url, transaction_id)) == 3, RESUME_SECONDS, "the three answers")

    assert sorted(action for action, _ in received(database_url, transaction_id)) == [
        "on_init",
        "on_search",
        "on_select",
    ]
    # Each is marked sent once the buyer app's answer to it is back: a moment after the buyer app has kept it.
    await eventually(
        lambda: kept(database_url, transaction_id) == [("on_init", True), ("on_search", True), ("on_select", True)],
        RESUME_SECONDS,
        "every answer marked sent",
    )
    # A callback is marked sent after the buyer app's ACK: only a kill in between these two sends it again, with
    # the same message id, which the buyer app keeps once (counted in deliveries).
    assert all(deliveries >= 1 for _, deliveries in received(database_url, transaction_id))
    assert query(database_url, "SELECT count(*) FROM beckn_messages WHERE transaction_id = %s", transaction_id) == [
        (3,)
    ]
