"""The worker killed with SIGKILL when a person adds an emergency contact, and again after the notice went out: the
new contact's one notice (ContactNoticeWorkflow) is lost to neither crash and reaches the number once."""

import asyncio
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from temporalio.client import Client

from domain.rules.safety import CONTACT_ADDED_SMS
from tests.api.live import sign_in
from tests.faults.conftest import Services, eventually, live_services, outbox_rows, query, waiting_for
from tests.faults.test_sos_worker_crash import call, sent_to
from workflows.contact_notice.contracts import contact_notice_workflow_id

# A killed worker's cached flows wait out the sticky queue's timeout (10 s) before another worker takes them.
RESUME_SECONDS = 40
# Not the random module: property-based tests seed it, which would repeat numbers.
CONTACT = str(secrets.choice(range(9_000_000_000, 10_000_000_000)))


@pytest.fixture
def services(database_url: str, temporal_address: str, tmp_path: Path) -> Iterator[Services]:
    with live_services(database_url, temporal_address, tmp_path) as started:
        yield started


def notice(database_url: str, user_id: int) -> list[tuple[bool, bool]]:
    """The person's notices: whether each was counted against the number's cap, and whether it was sent."""
    rows = query(
        database_url,
        "SELECT counted_at IS NOT NULL, sent_at IS NOT NULL FROM emergency_contact_notices WHERE user_id = %s",
        user_id,
    )
    return [(bool(counted), bool(sent)) for counted, sent in rows]


async def test_a_new_contacts_notice_survives_a_killed_worker_and_is_sent_once(services: Services) -> None:
    base_url, database_url = services.base_url, services.database_url
    person = sign_in(base_url, "Asha Safe")
    words = CONTACT_ADDED_SMS.split("{")[0]

    # No worker when the contact is added: the notice is kept and its flow's start waits in the outbox.
    services.worker.kill()
    call(
        person,
        base_url,
        "PUT",
        "/api/user/emergency-contacts",
        {"contacts": [{"name": "Amma", "mobile_number": CONTACT}]},
    )
    [(notice_id,)] = query(database_url, "SELECT id FROM emergency_contact_notices WHERE user_id = %s", person.user_id)
    flow_id = contact_notice_workflow_id(notice_id)
    assert [signal for signal, _, _ in outbox_rows(database_url, flow_id)] == [None]
    assert notice(database_url, person.user_id) == [(False, False)]
    assert sent_to(person, base_url, CONTACT) == []
    services.worker.start()
    await eventually(lambda: notice(database_url, person.user_id) == [(True, True)], RESUME_SECONDS, "notice sent")

    # Killed again, the contact removed and added back after it: nothing is sent again.
    services.worker.kill()
    services.worker.start()
    for contacts in ([], [{"name": "Amma", "mobile_number": CONTACT}]):
        call(person, base_url, "PUT", "/api/user/emergency-contacts", {"contacts": contacts})
    # Whatever the calls handed to the outbox has reached Temporal, and the notice's flow (a run started again
    # under its id too) has ended: nothing is left that could send.
    await eventually(lambda: not waiting_for(database_url, person.user_id), RESUME_SECONDS, "the outbox delivered")
    temporal = await Client.connect(services.temporal_address)
    assert await asyncio.wait_for(temporal.get_workflow_handle(flow_id).result(), RESUME_SECONDS) == "sent"
    texts = sent_to(person, base_url, CONTACT)
    assert len(texts) == 1 and texts[0].startswith(words) and "Asha Safe" in texts[0]
    assert notice(database_url, person.user_id) == [(True, True)]
