"""SOS on a trip (domain/rules/safety.py sos_refusal) through the SafetyIncidentWorkflow on the real
Temporal dev server: who may raise one and when, one incident per person and trip, the emergency contacts' SMS
through the sandbox gateway (each once), escalation until support acknowledges, and "I am safe". The API tests'
settings escalate every second (tests/api/conftest.py)."""

import asyncio
import functools
import secrets
import time
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import TypeVar

import pytest
from sqlalchemy import select, update
from temporalio.client import WorkflowExecutionStatus, WorkflowHandle
from temporalio.testing import ActivityEnvironment

from activities.safety import SafetyActivities
from domain import clock
from domain.envelope import Failure
from domain.models import Notification, SafetyIncident, SafetySms, Trip, TripCompletion
from domain.providers.sms import SmsMessage
from domain.rules import messages, notices, safety_messages
from domain.rules.safety import CONTACT_ADDED_SMS, SOS_OPENS_BEFORE_DEPARTURE, SOS_RESOLVED_SMS, IncidentStatus
from tests.api.conftest import app_flow, new_person, random_mobile_number
from tests.api.test_join import ask_to_join, host_acts
from tests.api.test_trips import create
from tests.flows import waits_for_a_signal_only
from tests.workflows.recorded import replay_and_record
from workflows.flow import FLOW_STATUS
from workflows.safety_incident.contracts import SafetyAcknowledged, SafetyStep, safety_incident_workflow_id
from workflows.safety_incident.workflow import MAX_REMINDERS

pytestmark = pytest.mark.usefixtures("worker")
T = TypeVar("T")

CONTACTS = "/api/user/emergency-contacts"
SOS_ALERT = "SOS: "
SOS_REMINDER = "SOS still open: "
SOS_CLOSED = "says they are safe now"


def sos(trip_id: int) -> str:
    return f"/api/trip/sos/{trip_id}"


async def me(client) -> int:
    return int((await client.get("/api/user/user")).json()["data"]["id"])


async def with_contacts(client, count: int = 2) -> list[str]:
    numbers = [random_mobile_number() for _ in range(count)]
    contacts = [{"name": f"Contact {n}", "mobile_number": number} for n, number in enumerate(numbers)]
    answer = await client.put(CONTACTS, json={"contacts": contacts})
    assert answer.status_code == 200, answer.text
    return numbers


async def departs_in(app, trip_id: int, delay: timedelta) -> None:
    async with app.state.session_maker() as session, session.begin():
        await session.execute(update(Trip).where(Trip.id == trip_id).values(scheduled_at=clock.now() + delay))


async def trip_under_way(app, host, member=None) -> int:
    """A trip that left five minutes ago, with the member on it."""
    trip_id = await create(host)
    if member is not None:
        await ask_to_join(member, trip_id)
        assert (await host_acts(host, trip_id, await me(member), "APPROVE")).status_code == 200
    await departs_in(app, trip_id, timedelta(minutes=-5))
    return trip_id


async def sms_to(client, mobile_number: str) -> list[str]:
    answer = await client.get("/api/sandbox/sms", params={"mobile_number": mobile_number})
    assert answer.status_code == 200, answer.text
    return [sms["message"] for sms in answer.json()["data"]]


async def soon(check: Callable[[], Awaitable[T]], what: str, timeout_seconds: float = 20.0) -> T:
    deadline = time.monotonic() + timeout_seconds
    while not (found := await check()):
        assert time.monotonic() < deadline, f"not within {timeout_seconds} s: {what}"
        await asyncio.sleep(0.2)
    return found


async def flow_of(app, trip_id: int, user_id: int, number: int = 1) -> WorkflowHandle:
    return await app_flow(app, safety_incident_workflow_id(trip_id, user_id, number))


async def flow_status(flow: WorkflowHandle) -> str | None:
    return (await flow.describe()).typed_search_attributes.get(FLOW_STATUS)


async def incidents(app, trip_id: int, user_id: int) -> list[SafetyIncident]:
    async with app.state.session_maker() as session:
        found = await session.scalars(
            select(SafetyIncident)
            .where(SafetyIncident.trip_id == trip_id, SafetyIncident.user_id == user_id)
            .order_by(SafetyIncident.number)
        )
        return list(found)


async def notice_titles(app, recipient_id: int, trip_id: int) -> list[str]:
    async with app.state.session_maker() as session:
        found = await session.scalars(
            select(Notification.title).where(
                Notification.recipient_id == recipient_id, Notification.entity_id == str(trip_id)
            )
        )
        return list(found)


async def i_am_safe(client, trip_id: int) -> None:
    answer = await client.delete(sos(trip_id))
    assert (answer.status_code, answer.json()["message"]) == (200, safety_messages.SOS_RESOLVED), answer.text


async def test_the_window_opens_half_an_hour_before_departure_and_closes_when_the_trip_completes(
    app, signed_in, api_settings
):
    trip_id = await create(signed_in)
    async with app.state.session_maker() as session:
        departure, distance = (
            await session.execute(select(Trip.scheduled_at, Trip.distance_km).where(Trip.id == trip_id))
        ).one()
    # The trip is over its ends' distance at the city speed and a margin after departure, not the flat longest delay.
    completion_delay = timedelta(seconds=api_settings.trip_completion_delay_for(distance))
    assert completion_delay < timedelta(seconds=api_settings.trip_completion_delay_seconds)
    state = (await signed_in.get(sos(trip_id))).json()["data"]
    assert state["available"] is False and state["status"] is None
    assert state["opens_at"].startswith((departure - SOS_OPENS_BEFORE_DEPARTURE).isoformat()[:19])
    completion = departure + completion_delay
    assert state["closes_at"].startswith(completion.isoformat()[:19])
    early = await signed_in.post(sos(trip_id), json={})
    assert (early.status_code, early.json()["message"]) == (409, safety_messages.SOS_NOT_NOW)

    await departs_in(app, trip_id, SOS_OPENS_BEFORE_DEPARTURE - timedelta(minutes=1))
    assert (await signed_in.get(sos(trip_id))).json()["data"]["available"] is True

    await departs_in(app, trip_id, -completion_delay + timedelta(minutes=1))
    assert (await signed_in.get(sos(trip_id))).json()["data"]["available"] is True
    await departs_in(app, trip_id, -completion_delay - timedelta(minutes=1))
    assert (await signed_in.get(sos(trip_id))).json()["data"]["available"] is False
    late = await signed_in.post(sos(trip_id), json={})
    assert (late.status_code, late.json()["message"]) == (409, safety_messages.SOS_NOT_NOW)

    # A trip its flow has already completed is over, whatever its planned completion.
    await departs_in(app, trip_id, timedelta(minutes=-5))
    async with app.state.session_maker() as session, session.begin():
        session.add(TripCompletion(trip_id=trip_id))
    completed = await signed_in.post(sos(trip_id), json={})
    assert (completed.status_code, completed.json()["message"]) == (409, safety_messages.SOS_NOT_NOW)
    assert await incidents(app, trip_id, await me(signed_in)) == []


async def test_only_the_host_and_active_members_may_raise_one(app, signed_in, member):
    trip_id = await trip_under_way(app, signed_in)
    await ask_to_join(member, trip_id)
    for person in (member,):  # asked to join, not yet approved
        for answer in (await person.get(sos(trip_id)), await person.post(sos(trip_id), json={})):
            assert (answer.status_code, answer.json()["message"]) == (403, safety_messages.SOS_MEMBERS_ONLY)
    async with new_person(app, "Passer By") as stranger:
        refused = await stranger.post(sos(trip_id), json={"latitude": 12.9, "longitude": 77.6})
        assert (refused.status_code, refused.json()["message"]) == (403, safety_messages.SOS_MEMBERS_ONLY)
        nothing = await stranger.delete(sos(trip_id))
        assert (nothing.status_code, nothing.json()["message"]) == (409, safety_messages.SOS_NOT_OPEN)
    unknown = await signed_in.post(sos(trip_id + 10_000_000), json={})
    assert (unknown.status_code, unknown.json()["message"]) == (404, messages.TRIP_NOT_FOUND)
    assert await incidents(app, trip_id, await me(member)) == []


async def test_a_cancelled_trip_takes_no_sos(app, signed_in):
    trip_id = await create(signed_in)
    await departs_in(app, trip_id, timedelta(minutes=10))
    cancelled = await signed_in.request("DELETE", f"/api/trip/trip/{trip_id}", json={"reason": "Plans changed"})
    assert cancelled.status_code == 200, cancelled.text
    answer = await signed_in.post(sos(trip_id), json={})
    assert (answer.status_code, answer.json()["message"]) == (409, safety_messages.SOS_NOT_NOW)
    assert (await signed_in.get(sos(trip_id))).json()["data"]["available"] is False


async def test_an_sos_tells_the_contacts_once_and_the_members_and_i_am_safe_closes_it(app, signed_in, member):
    host_id = await me(signed_in)
    numbers = await with_contacts(member)
    trip_id = await trip_under_way(app, signed_in, member)
    member_id = await me(member)

    raised = await member.post(sos(trip_id), json={"latitude": 12.93456, "longitude": 77.61234})
    assert (raised.status_code, raised.json()) == (
        200,
        {"status": "SUCCESS", "message": safety_messages.SOS_RAISED, "data": {"status": "open"}},
    )
    again = await member.post(sos(trip_id), json={})
    assert (again.status_code, again.json()["message"], again.json()["data"]) == (
        200,
        safety_messages.SOS_RAISED,
        {"status": again.json()["data"]["status"]},
    )
    assert again.json()["data"]["status"] in {"open", "escalated"}
    [incident] = await incidents(app, trip_id, member_id)
    assert incident.number == 1 and (incident.latitude, incident.longitude) == (12.93456, 77.61234)
    assert (await member.get(sos(trip_id))).json()["data"]["status"] in {"open", "escalated"}

    for number in numbers:
        [alert] = await soon(functools.partial(texts_starting, member, number, SOS_ALERT), f"the alert to {number}")
        assert "Ravi Kumar" in alert and "/t/" in alert and "mlat=12.93456&mlon=77.61234" in alert
    link = alert[alert.index("http") :].split(" ")[0]
    shared = await member.get("/api/trip/shared/" + link.rsplit("/t/", 1)[1])
    assert shared.status_code == 200 and shared.json()["data"]["sos_open"] is True
    assert notices.SOS_RAISED_TITLE in await soon(lambda: notice_titles(app, host_id, trip_id), "the host notified")
    assert notices.SOS_RAISED_TITLE not in await notice_titles(app, member_id, trip_id)

    await i_am_safe(member, trip_id)
    flow = await flow_of(app, trip_id, member_id)
    assert await asyncio.wait_for(flow.result(), 20) == IncidentStatus.RESOLVED
    assert await flow_status(flow) == IncidentStatus.RESOLVED
    for number in numbers:
        texts = await sms_to(member, number)
        assert len([text for text in texts if text.startswith(SOS_ALERT)]) == 1
        assert [text for text in texts if SOS_CLOSED in text] == [SOS_RESOLVED_SMS.format(name="Ravi Kumar")]
    assert (await notice_titles(app, host_id, trip_id)).count(notices.SOS_RESOLVED_TITLE) == 1
    [incident] = await incidents(app, trip_id, member_id)
    assert incident.status == IncidentStatus.RESOLVED and incident.resolved_at is not None
    assert (await member.get(sos(trip_id))).json()["data"]["status"] is None
    twice = await member.delete(sos(trip_id))
    assert (twice.status_code, twice.json()["message"]) == (409, safety_messages.SOS_NOT_OPEN)

    # A new press after "I am safe" is a new incident with a flow of its own, once the cool-down has passed.
    await cool_down_passed(app, member_id)
    assert (await member.post(sos(trip_id), json={})).json()["data"] == {"status": "open"}
    assert [row.number for row in await incidents(app, trip_id, member_id)] == [1, 2]
    await i_am_safe(member, trip_id)
    assert await asyncio.wait_for((await flow_of(app, trip_id, member_id, 2)).result(), 20) == "resolved"


async def cool_down_passed(app, user_id: int) -> None:
    """As if the person's last "I am safe" was said before the cool-down (SOS_COOLDOWN_SECONDS)."""
    async with app.state.session_maker() as session, session.begin():
        await session.execute(
            update(SafetyIncident)
            .where(SafetyIncident.user_id == user_id, SafetyIncident.resolved_at.is_not(None))
            .values(resolved_at=SafetyIncident.resolved_at - timedelta(hours=1))
        )


async def texts_starting(client, mobile_number: str, prefix: str) -> list[str]:
    return [text for text in await sms_to(client, mobile_number) if text.startswith(prefix)]


async def test_presses_sent_together_make_one_incident(app, signed_in):
    trip_id = await trip_under_way(app, signed_in)
    answers = await asyncio.gather(*(signed_in.post(sos(trip_id), json={}) for _ in range(5)))
    assert {answer.status_code for answer in answers} == {200}
    assert len(await incidents(app, trip_id, await me(signed_in))) == 1
    await i_am_safe(signed_in, trip_id)


async def test_an_unacknowledged_sos_escalates_until_support_acknowledges_it(app, signed_in):
    [number] = await with_contacts(signed_in, 1)
    trip_id = await trip_under_way(app, signed_in)
    user_id = await me(signed_in)
    assert (await signed_in.post(sos(trip_id), json={})).status_code == 200
    flow = await flow_of(app, trip_id, user_id)

    await soon(lambda: texts_starting(signed_in, number, SOS_REMINDER), "a reminder")
    await soon(lambda: _has_status(flow, IncidentStatus.ESCALATED), "FlowStatus escalated")
    assert (await signed_in.get(sos(trip_id))).json()["data"]["status"] == "escalated"

    await flow.signal("acknowledge", SafetyAcknowledged())
    await soon(lambda: _has_status(flow, IncidentStatus.ACKNOWLEDGED), "FlowStatus acknowledged")
    await flow.signal("acknowledge")  # again, and without input as the UI may send it: no change
    [incident] = await incidents(app, trip_id, user_id)
    assert incident.status == IncidentStatus.ACKNOWLEDGED and incident.acknowledged_at is not None
    assert 1 <= incident.escalations < MAX_REMINDERS
    reminded = await texts_starting(signed_in, number, SOS_REMINDER)
    assert len(reminded) == incident.escalations  # each reminder once
    # Acknowledged, the flow has no timer left to remind by and no SMS under way: only a signal moves it now.
    await soon(lambda: waits_for_a_signal_only(flow), "the flow waiting for a signal only")
    assert await texts_starting(signed_in, number, SOS_REMINDER) == reminded
    assert (await signed_in.get(sos(trip_id))).json()["data"]["status"] == "acknowledged"

    await i_am_safe(signed_in, trip_id)
    assert await asyncio.wait_for(flow.result(), 20) == IncidentStatus.RESOLVED
    assert (await flow.describe()).status == WorkflowExecutionStatus.COMPLETED
    async with app.state.session_maker() as session:
        steps = (await session.scalars(select(SafetySms.step).where(SafetySms.incident_id == incident.id))).all()
    assert steps.count("alert") == 1 and steps.count("resolved") == 1
    assert sorted(step for step in steps if step.startswith("reminder-")) == sorted(
        f"reminder-{n}" for n in range(1, incident.escalations + 1)
    )
    await replay_and_record(flow, "safety_incident")


async def _has_status(flow: WorkflowHandle, status: str) -> bool:
    return await flow_status(flow) == status


async def test_a_step_run_again_sends_nothing_it_sent(app, signed_in, api_settings):
    """The activity retried or run again after a crash: each contact's SMS of the step is sent once, and the gateway
    keeps a message sent twice with one reference once."""
    numbers = await with_contacts(signed_in, 2)
    trip_id = await trip_under_way(app, signed_in)
    user_id = await me(signed_in)
    assert (await signed_in.post(sos(trip_id), json={})).status_code == 200
    flow = await flow_of(app, trip_id, user_id)
    await flow.signal("acknowledge", SafetyAcknowledged())
    await soon(lambda: _has_status(flow, IncidentStatus.ACKNOWLEDGED), "FlowStatus acknowledged")
    [incident] = await incidents(app, trip_id, user_id)
    activities = SafetyActivities(app.state.session_maker, app.state.sms_gateway, api_settings)
    step = SafetyStep(incident.id, "reminder-99")
    environment = ActivityEnvironment()
    assert await environment.run(activities.tell_contacts, step) == 2
    assert await environment.run(activities.tell_contacts, step) == 0
    async with app.state.session_maker() as session, session.begin():
        await session.execute(
            update(SafetySms)
            .where(SafetySms.incident_id == incident.id, SafetySms.step == step.step)
            .values(sent_at=None)
        )
    assert await environment.run(activities.tell_contacts, step) == 2  # as if killed before marking them sent
    async with app.state.session_maker() as session:
        reminders = (
            await session.scalars(
                select(SafetySms.mobile_number).where(
                    SafetySms.incident_id == incident.id, SafetySms.step.startswith("reminder-")
                )
            )
        ).all()
    for number in numbers:
        assert len(await texts_starting(signed_in, number, SOS_REMINDER)) == reminders.count(number)
    await i_am_safe(signed_in, trip_id)


async def test_the_gateway_keeps_a_message_sent_again_with_its_reference_once(app, signed_in):
    number = random_mobile_number()
    message = SmsMessage(number, "SOS still open: a test of the reference", reference=f"test:{secrets.token_hex(8)}")
    await app.state.sms_gateway.send(message)
    await app.state.sms_gateway.send(message)
    assert await sms_to(signed_in, number) == [message.text]


async def test_contacts_changed_after_raising_are_not_told_and_the_flow_carries_no_number_or_link(
    app, signed_in, api_settings
):
    [kept] = await with_contacts(signed_in, 1)
    trip_id = await trip_under_way(app, signed_in)
    user_id = await me(signed_in)
    assert (await signed_in.post(sos(trip_id), json={})).status_code == 200
    [swapped] = await with_contacts(signed_in, 1)  # the list replaced while the SOS stands
    flow = await flow_of(app, trip_id, user_id)

    await soon(lambda: texts_starting(signed_in, kept, SOS_REMINDER), "a reminder to the contact it was raised with")
    await i_am_safe(signed_in, trip_id)
    assert await asyncio.wait_for(flow.result(), 20) == IncidentStatus.RESOLVED
    assert [text for text in await sms_to(signed_in, kept) if SOS_CLOSED in text] == [
        SOS_RESOLVED_SMS.format(name="Asha Rao")
    ]
    # The number saved after the SOS was raised heard only that it was added.
    await soon(lambda: sms_to(signed_in, swapped), "the new contact's notice")
    assert await sms_to(signed_in, swapped) == [
        CONTACT_ADDED_SMS.format(name="Asha Rao", support=api_settings.support_email)
    ]

    # Ids only: neither contact's number, nor the person's, nor the live link's token is in the flow's history.
    history = (await flow.fetch_history()).to_json()
    own = (await signed_in.get("/api/user/user")).json()["data"]["mobile_number"]
    [alert] = await texts_starting(signed_in, kept, SOS_ALERT)
    token = alert[alert.index("/t/") + 3 :].split(" ")[0]
    for secret in (kept, swapped, own, token, "/t/"):
        assert secret not in history


async def test_raising_again_after_i_am_safe_is_limited(app, signed_in, api_settings):
    trip_id = await trip_under_way(app, signed_in)
    user_id = await me(signed_in)
    assert (await signed_in.post(sos(trip_id), json={})).status_code == 200
    await i_am_safe(signed_in, trip_id)
    minutes = api_settings.sos_cooldown_seconds // 60
    again = await signed_in.post(sos(trip_id), json={})
    assert (again.status_code, again.json()) == (
        429,
        Failure(message=safety_messages.SOS_COOLING_DOWN.format(minutes=minutes)).model_dump(),
    )
    assert len(await incidents(app, trip_id, user_id)) == 1

    for _ in range(api_settings.sos_incidents_per_day - 1):
        await cool_down_passed(app, user_id)
        assert (await signed_in.post(sos(trip_id), json={})).status_code == 200
        await i_am_safe(signed_in, trip_id)
    await cool_down_passed(app, user_id)
    # Another trip the same day is counted all the same.
    other_trip = await trip_under_way(app, signed_in)
    over = await signed_in.post(sos(other_trip), json={})
    assert (over.status_code, over.json()["message"]) == (
        429,
        safety_messages.SOS_TOO_MANY_TODAY.format(count=api_settings.sos_incidents_per_day),
    )
    assert len(await incidents(app, trip_id, user_id)) == api_settings.sos_incidents_per_day
    assert await incidents(app, other_trip, user_id) == []
    assert (await signed_in.get(sos(other_trip))).json()["data"]["status"] is None
