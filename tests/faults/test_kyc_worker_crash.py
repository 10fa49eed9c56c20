"""The worker killed with SIGKILL between a KYC initiate and its outcome, and again while the verification waits
for its manual review, then started again: the KycWorkflow finishes once (one verified person, one notice)."""

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from temporalio.client import Client, WorkflowExecutionStatus

from tests.api.live import Person, sign_in
from tests.faults.conftest import Services, eventually, live_services, outbox_rows, query
from workflows.kyc.contracts import kyc_workflow_id

# A killed worker's cached flows wait out the sticky queue's timeout (10 s) before another worker takes them.
RESUME_SECONDS = 40


@pytest.fixture
def services(database_url: str, temporal_address: str, tmp_path: Path) -> Iterator[Services]:
    with live_services(database_url, temporal_address, tmp_path) as started:
        yield started


def kyc_status(database_url: str, user_id: int) -> tuple[str | None, bool]:
    [(status, verified)] = query(database_url, "SELECT kyc_status, is_kyc_verified FROM users WHERE id = %s", user_id)
    return status, bool(verified)


def post(person: Person, base_url: str, path: str, body: dict[str, object] | None = None, method: str = "POST") -> dict:
    with person.client(base_url) as client:
        answer = client.request(method, path, json=body)
    assert answer.status_code == 200, answer.text
    return dict(answer.json()["data"])


async def test_a_verification_survives_a_killed_worker_and_ends_once(services: Services) -> None:
    base_url, database_url = services.base_url, services.database_url
    person = sign_in(base_url, "Asha Verifies")
    token = post(person, base_url, "/api/user/kyc/hyperverge/initiate", method="PATCH")
    transaction_id = token["transaction_id"]
    temporal = await Client.connect(services.temporal_address)
    flow = temporal.get_workflow_handle(kyc_workflow_id(person.user_id, 1))
    await eventually(lambda: kyc_status(database_url, person.user_id)[0] == "initiated", 10, "initiated")

    # Killed while the person is in the widget; they finish it and the app reports while no worker runs.
    services.worker.kill()
    post(person, base_url, f"/api/sandbox/kyc/{transaction_id}", {"outcome": "needs_review"})
    post(person, base_url, "/api/user/kyc/result", {"transaction_id": transaction_id, "status": "needs_review"})
    # The report's cue waits in the outbox for a worker's relay (behind the flow's start, when the relay had not
    # yet sent it); nothing else could move the verification.
    assert "widget_closed" in [signal for signal, _, _ in outbox_rows(database_url, flow.id)]
    assert kyc_status(database_url, person.user_id) == ("initiated", False)
    services.worker.start()
    await eventually(
        lambda: kyc_status(database_url, person.user_id)[0] == "needs_review", RESUME_SECONDS, "under review"
    )

    # Killed again while the review is pending; the vendor's reviewer approves and its webhook signals the flow.
    services.worker.kill()
    reviewed = post(person, base_url, f"/api/sandbox/kyc/{transaction_id}/review", {"decision": "approved"})
    assert reviewed["webhook_status"] == 200
    services.worker.start()

    assert await asyncio.wait_for(flow.result(), RESUME_SECONDS) == "approved"
    assert (await flow.describe()).status == WorkflowExecutionStatus.COMPLETED
    assert kyc_status(database_url, person.user_id) == ("approved", True)
    notices = query(
        database_url, "SELECT title FROM notifications WHERE recipient_id = %s AND title LIKE 'KYC%%'", person.user_id
    )
    assert notices == [("KYC verified",)]
    assert query(database_url, "SELECT number, status FROM kyc_verifications WHERE user_id = %s", person.user_id) == [
        (1, "approved")
    ]
