"""An SOS nobody acknowledges, on a real Temporal server and PostgreSQL with the real activities, the SMS gateway a
stand-in on this machine: after its last reminder it pages support and stays escalated, and a gateway that is down
holds neither the reminders nor the page."""

import asyncio
import json
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import httpx
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from temporalio.client import Client, WorkflowHandle

from domain.db import transaction
from domain.flows import start_after_commit
from domain.models import SafetyIncident, SafetyIncidentContact, SafetySms
from domain.rules.safety import IncidentStatus
from domain.settings import Settings
from tests.flows import waits_for_a_signal_only
from tests.workflows.recorded import replay_and_record
from tests.workflows.trip_support import add_party
from worker.main import serving
from workflows.flow import FLOW_STATUS
from workflows.safety_incident.contracts import (
    SafetyIncidentStart,
    safety_incident_start,
    safety_incident_workflow_id,
)

REMINDERS = 2


def random_number() -> str:
    # Not the random module: property-based tests seed it, which would repeat numbers.
    return str(secrets.choice(range(9_000_000_000, 10_000_000_000)))


CONTACT = random_number()
ONCALL = random_number()


@dataclass
class Gateway:
    """An SMS gateway on this machine: keeps each message it takes, or answers 503 to all while `down`."""

    down: bool = False
    taken: list[dict[str, str]] = field(default_factory=list)
    refused: int = 0

    def handle(self, request: httpx.Request) -> httpx.Response:
        if self.down:
            self.refused += 1
            return httpx.Response(503)
        self.taken.append(json.loads(request.content))
        return httpx.Response(200, json={"status": "SUCCESS", "data": {"message_id": f"sms_{len(self.taken)}"}})

    def texts_to(self, number: str) -> list[str]:
        return [body["message"] for body in self.taken if body["to"] == f"+91{number}"]

    def client(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(transport=httpx.MockTransport(self.handle))


async def raise_incident(
    session_maker: async_sessionmaker[AsyncSession], engine: AsyncEngine, client: Client, settings: Settings
) -> tuple[int, WorkflowHandle]:
    """An incident as the API leaves it: open, its one contact kept, its flow (version 2, two reminders a second
    apart) started through the outbox."""
    async with transaction(session_maker) as session:
        party = await add_party(session, datetime.now(UTC) - timedelta(minutes=5), members=1)
        incident = SafetyIncident(trip_id=party.trip_id, user_id=party.host_id, number=1, status=IncidentStatus.OPEN)
        session.add(incident)
        await session.flush()
        contact = SafetyIncidentContact(incident_id=incident.id, position=0, name="Amma", mobile_number=CONTACT)
        session.add(contact)
        await session.flush()
        start = SafetyIncidentStart(
            incident_id=incident.id,
            trip_id=party.trip_id,
            user_id=party.host_id,
            number=1,
            escalate_seconds=1,
            contact_ids=(contact.id,),
            reminders=REMINDERS,
        )
    async with transaction(session_maker) as session:
        await start_after_commit(session, safety_incident_start(start))
    flow = client.get_workflow_handle(safety_incident_workflow_id(party.trip_id, party.host_id, 1))
    return incident.id, flow


async def eventually(check: Callable[[], Awaitable[object]], what: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not await check():
        assert time.monotonic() < deadline, f"not within {seconds} s: {what}"
        await asyncio.sleep(0.2)


async def incident_row(session_maker: async_sessionmaker[AsyncSession], incident_id: int) -> SafetyIncident:
    async with session_maker() as session:
        return await session.get_one(SafetyIncident, incident_id)


async def steps_kept(session_maker: async_sessionmaker[AsyncSession], incident_id: int) -> dict[str, bool]:
    """Each SMS kept for the incident, by step and number, and whether it was sent."""
    async with session_maker() as session:
        rows = await session.execute(
            select(SafetySms.step, SafetySms.mobile_number, SafetySms.sent_at).where(
                SafetySms.incident_id == incident_id
            )
        )
        return {f"{step}:{number}": sent_at is not None for step, number, sent_at in rows}


async def test_an_unacknowledged_sos_pages_support_after_its_last_reminder_and_stays_escalated(
    client: Client, settings: Settings, engine: AsyncEngine, session_maker: async_sessionmaker[AsyncSession]
) -> None:
    settings = settings.model_copy(update={"support_oncall_number": ONCALL})
    gateway = Gateway()
    async with gateway.client() as vendor_http, serving(client, settings, engine, vendor_http=vendor_http):
        incident_id, flow = await raise_incident(session_maker, engine, client, settings)
        await eventually(lambda: _paged(gateway), "support paged")
        [page] = gateway.texts_to(ONCALL)
        assert f"SOS {incident_id} " in page and f"after {REMINDERS} reminders" in page
        assert CONTACT not in page
        reminders = [text for text in gateway.texts_to(CONTACT) if text.startswith("SOS still open")]
        assert len(reminders) == REMINDERS
        # No more reminders and no second page: no timer is left to send one by, it waits for support.
        await eventually(lambda: waits_for_a_signal_only(flow), "the flow waiting for a signal only")
        assert len(gateway.texts_to(CONTACT)) == REMINDERS + 1 and len(gateway.texts_to(ONCALL)) == 1
        row = await incident_row(session_maker, incident_id)
        assert (row.status, row.escalations) == (IncidentStatus.ESCALATED, REMINDERS)
        assert (await flow.describe()).typed_search_attributes.get(FLOW_STATUS) == IncidentStatus.ESCALATED

        await flow.signal("resolve")
        assert await asyncio.wait_for(flow.result(), 20) == IncidentStatus.RESOLVED
    kept = await steps_kept(session_maker, incident_id)
    assert kept == {
        f"alert:{CONTACT}": True,
        f"reminder-1:{CONTACT}": True,
        f"reminder-2:{CONTACT}": True,
        f"support:{ONCALL}": True,
        f"resolved:{CONTACT}": True,
    }
    history = (await flow.fetch_history()).to_json()
    assert CONTACT not in history and "/t/" not in history
    await replay_and_record(flow, "safety_incident_pages_support")


async def _paged(gateway: Gateway) -> bool:
    return bool(gateway.texts_to(ONCALL))


async def test_a_dead_gateway_holds_neither_the_reminders_nor_the_page(
    client: Client, settings: Settings, engine: AsyncEngine, session_maker: async_sessionmaker[AsyncSession]
) -> None:
    settings = settings.model_copy(update={"support_oncall_number": ONCALL})
    gateway = Gateway(down=True)
    async with gateway.client() as vendor_http, serving(client, settings, engine, vendor_http=vendor_http):
        incident_id, flow = await raise_incident(session_maker, engine, client, settings)

        async def paged() -> bool:
            return f"support:{ONCALL}" in await steps_kept(session_maker, incident_id)

        # The alert's SMS is still being retried when the reminders and the page come due: they come all the same.
        await eventually(paged, "support's page kept while the gateway is down", seconds=(REMINDERS + 1) * 1 + 8)
        row = await incident_row(session_maker, incident_id)
        assert (row.status, row.escalations) == (IncidentStatus.ESCALATED, REMINDERS)
        assert gateway.taken == [] and gateway.refused > 0
        kept = await steps_kept(session_maker, incident_id)
        assert set(kept) == {
            f"alert:{CONTACT}",
            f"reminder-1:{CONTACT}",
            f"reminder-2:{CONTACT}",
            f"support:{ONCALL}",
        }
        assert not any(kept.values())

        # The gateway is back: "I am safe" still closes it, and the closing SMS goes out.
        gateway.down = False
        await flow.signal("resolve")
        assert await asyncio.wait_for(flow.result(), 90) == IncidentStatus.RESOLVED
    assert (await steps_kept(session_maker, incident_id))[f"resolved:{CONTACT}"] is True
