"""The worker killed with SIGKILL before an SOS's flow has run and again while it escalates, and the API killed
while it stands: the SafetyIncidentWorkflow loses nothing (alert, reminders, acknowledgement, "I am safe"), the alert
and the close reach each emergency contact once, and no SMS reaches anyone twice."""

import asyncio
import secrets
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from temporalio.client import Client

from domain.rules.safety import SOS_ALERT_SMS, SOS_REMINDER_SMS, SOS_RESOLVED_SMS
from tests.api.live import Person, sign_in
from tests.api.test_trips import trip_body
from tests.faults.conftest import Services, eventually, libpq_url, live_services, outbox_rows, query
from workflows.safety_incident.contracts import SafetyAcknowledged, safety_incident_workflow_id

# A killed worker's cached flows wait out the sticky queue's timeout (10 s) before another worker takes them.
RESUME_SECONDS = 40
# Not the random module: property-based tests seed it, which would repeat numbers.
CONTACT = str(secrets.choice(range(9_000_000_000, 10_000_000_000)))


@pytest.fixture
def services(database_url: str, temporal_address: str, tmp_path: Path) -> Iterator[Services]:
    with live_services(database_url, temporal_address, tmp_path, SOS_ESCALATE_SECONDS="2") as started:
        yield started


def call(person: Person, base_url: str, method: str, path: str, body: dict[str, object] | None = None) -> dict:
    with person.client(base_url) as client:
        answer = client.request(method, path, json=body)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def sent_to(person: Person, base_url: str, number: str) -> list[str]:
    with person.client(base_url) as client:
        return [
            sms["message"] for sms in client.get("/api/sandbox/sms", params={"mobile_number": number}).json()["data"]
        ]


def starting(texts: list[str], words: str) -> list[str]:
    prefix = words.split("{")[0]
    return [text for text in texts if text.startswith(prefix)]


def incident(database_url: str, trip_id: int) -> tuple[int, str, int]:
    [row] = query(database_url, "SELECT id, status, escalations FROM safety_incidents WHERE trip_id = %s", trip_id)
    return int(row[0]), str(row[1]), int(row[2])


def sent_reminders(database_url: str, incident_id: int) -> int:
    [(sent,)] = query(
        database_url,
        "SELECT count(sent_at) FROM safety_sms WHERE incident_id = %s AND step LIKE 'reminder-%%'",
        incident_id,
    )
    return int(sent)


async def test_an_sos_survives_killed_processes_and_sends_each_sms_once(services: Services) -> None:
    base_url, database_url = services.base_url, services.database_url
    person = sign_in(base_url, "Asha Safe")
    call(
        person,
        base_url,
        "PUT",
        "/api/user/emergency-contacts",
        {"contacts": [{"name": "Amma", "mobile_number": CONTACT}]},
    )
    trip_id = int(call(person, base_url, "POST", "/api/trip/trip", trip_body())["data"]["trip_id"])
    with psycopg.connect(libpq_url(database_url), autocommit=True) as connection:
        connection.execute("UPDATE trips SET scheduled_at = now() - interval '5 minutes' WHERE id = %s", (trip_id,))

    # No worker when the SOS is raised: the flow's start waits in the outbox, the incident stands in the database.
    services.worker.kill()
    call(person, base_url, "POST", f"/api/trip/sos/{trip_id}", {"latitude": 12.97, "longitude": 77.59})
    flow_id = safety_incident_workflow_id(trip_id, person.user_id, 1)
    assert [signal for signal, _, _ in outbox_rows(database_url, flow_id)] == [None]
    assert incident(database_url, trip_id)[2] == 0
    assert starting(sent_to(person, base_url, CONTACT), SOS_ALERT_SMS) == []
    services.worker.start()
    await eventually(lambda: starting(sent_to(person, base_url, CONTACT), SOS_ALERT_SMS), RESUME_SECONDS, "alert")

    # Killed while it escalates, then started again: the reminders go on from where they were.
    await eventually(lambda: incident(database_url, trip_id)[2] >= 1, RESUME_SECONDS, "a first escalation")
    services.worker.kill()
    escalations = incident(database_url, trip_id)[2]
    services.worker.start()
    await eventually(lambda: incident(database_url, trip_id)[2] > escalations, RESUME_SECONDS, "escalated again")
    # The reminders went on from where they were: each escalation but the newest has its reminder sent (a reminder
    # runs beside the escalation timer, so on a busy machine it may land a little after its escalation).
    incident_id, _, escalated = incident(database_url, trip_id)
    await eventually(lambda: sent_reminders(database_url, incident_id) >= escalated - 1, RESUME_SECONDS, "reminders")

    temporal = await Client.connect(services.temporal_address)
    flow = temporal.get_workflow_handle(safety_incident_workflow_id(trip_id, person.user_id, 1))
    await flow.signal("acknowledge", SafetyAcknowledged())
    await eventually(lambda: incident(database_url, trip_id)[1] == "acknowledged", RESUME_SECONDS, "acknowledged")

    # The API killed and started again while the incident stands: "I am safe" still ends it.
    services.api.kill()
    services.api.start()
    call(person, base_url, "DELETE", f"/api/trip/sos/{trip_id}")
    assert await asyncio.wait_for(flow.result(), RESUME_SECONDS) == "resolved"

    incident_id, status, escalations = incident(database_url, trip_id)
    assert status == "resolved"
    steps = query(
        database_url,
        "SELECT step, count(*), count(sent_at) FROM safety_sms WHERE incident_id = %s GROUP BY step",
        incident_id,
    )
    kept = {step: (count, sent) for step, count, sent in steps}
    # The alert and the close are sent once each. A reminder runs beside the escalation timer: one whose step the
    # kill cut short is sent by the step's retry, once, or not at all when the person said they were safe first.
    assert kept["alert"] == kept["resolved"] == (1, 1)
    assert set(kept) <= {"alert", "resolved"} | {f"reminder-{n}" for n in range(1, escalations + 1)}
    assert all(count == 1 and sent <= 1 for count, sent in kept.values())
    reminders_kept = sum(count for step, (count, _) in kept.items() if step.startswith("reminder-"))
    reminders_sent = sum(sent for step, (_, sent) in kept.items() if step.startswith("reminder-"))
    assert reminders_sent >= escalated - 1
    texts = sent_to(person, base_url, CONTACT)
    assert len(starting(texts, SOS_ALERT_SMS)) == 1
    # A kill between the gateway's answer and the row marked sent leaves a reminder the gateway kept and the row
    # unmarked; its step is not run again once the person is safe. Each kept reminder reaches the contact once at most.
    assert reminders_sent <= len(starting(texts, SOS_REMINDER_SMS)) <= reminders_kept
    assert texts.count(SOS_RESOLVED_SMS.format(name="Asha Safe")) == 1
