"""Sign-in codes leave through the SMS gateway (domain/providers/sms.py); with SANDBOX=true the sandbox gateway
(sandbox/sms.py) takes them over the same protocol and keeps them for the tester to read. Every other SMS counts
against its number's daily cap (domain/sms_cap.py): over it, nothing is sent, and an SOS outranks notices."""

import asyncio

import pytest
from sqlalchemy import func, select

from domain import clock, sandbox
from domain.envelope import Failure
from domain.models import EmergencyContactNotice, OtpChallenge, SafetySms, SmsDailyCount
from domain.providers.sms import HttpSmsGateway
from domain.rules import messages
from domain.rules.safety import IncidentStatus
from domain.sms_cap import count_against_cap, sent_today
from tests.api.conftest import app_flow, make_client, random_mobile_number
from tests.api.test_sos import (
    CONTACTS,
    SOS_ALERT,
    SOS_REMINDER,
    flow_of,
    i_am_safe,
    incidents,
    me,
    sms_to,
    soon,
    sos,
    texts_starting,
    trip_under_way,
)
from workflows.contact_notice.contracts import contact_notice_workflow_id

GATEWAY = "/api/sandbox/sms/gateway"
KEY = {"Authorization": f"Bearer {sandbox.SMS_GATEWAY_API_KEY}"}


async def sent_to(client, mobile_number):
    return (await client.get("/api/sandbox/sms", params={"mobile_number": mobile_number})).json()["data"]


async def test_the_sandbox_gateway_keeps_a_message_and_reads_a_sign_in_code_out_of_it(app):
    mobile_number = random_mobile_number()
    async with make_client(app, csrf=False) as vendor:
        sign_in_text = "4821 is your Humsafar login code. It expires in 10 minutes. Do not share it."
        other_text = "1234 people are sharing a ride today"
        for text in (sign_in_text, other_text):
            message = {"to": f"+91{mobile_number}", "sender": "HMSFAR", "message": text}
            answer = await vendor.post(GATEWAY, json=message, headers=KEY)
            assert answer.status_code == 200, answer.text
            assert answer.json()["data"]["message_id"].startswith("sms_")
        sent = await sent_to(vendor, mobile_number)
    assert [(sms["message"], sms["code"]) for sms in sent] == [(other_text, None), (sign_in_text, "4821")]


async def test_the_sandbox_gateway_refuses_a_wrong_key_and_a_bad_body(app):
    mobile_number = random_mobile_number()
    message = {"to": f"+91{mobile_number}", "sender": "HMSFAR", "message": "hello"}
    async with make_client(app, csrf=False) as vendor:
        for headers in ({}, {"Authorization": "Bearer guess"}):
            answer = await vendor.post(GATEWAY, json=message, headers=headers)
            assert answer.status_code == 401
            assert answer.json()["status"] == "FAILURE"
        for bad in ({"to": mobile_number}, {"message": ""}, {"sender": None}):
            answer = await vendor.post(GATEWAY, json=message | bad, headers=KEY)
            assert answer.status_code == 400
            assert answer.json()["status"] == "FAILURE"
        assert await sent_to(vendor, mobile_number) == []


async def test_a_code_the_gateway_refuses_answers_503_and_stays_stored_unsent(app, client, api_settings):
    mobile_number = random_mobile_number()
    gateway = app.state.sms_gateway
    app.state.sms_gateway = HttpSmsGateway(
        app.state.outbound_http, api_settings.resolved_sms_gateway_url, "not-the-key", api_settings.sms_sender_id
    )
    try:
        answer = await client.post("/api/auth/otp", json={"mobile_number": mobile_number})
    finally:
        app.state.sms_gateway = gateway
    assert answer.status_code == 503
    assert answer.json() == Failure(message=messages.GENERIC_ERROR).model_dump()
    assert await sent_to(client, mobile_number) == []
    async with app.state.session_maker() as session:
        stored = await session.scalar(select(func.count()).where(OtpChallenge.mobile_number == mobile_number))
    assert stored == 1
    # The unsent code counts: asking again waits for the resend gap like any other.
    again = await client.post("/api/auth/otp", json={"mobile_number": mobile_number})
    assert again.status_code == 429


async def test_the_daily_cap_counts_each_number_atomically(app):
    mobile_number, cap = random_mobile_number(), 7

    async def one() -> bool:
        async with app.state.session_maker() as session, session.begin():
            return await count_against_cap(session, mobile_number, cap)

    counted = await asyncio.gather(*(one() for _ in range(3 * cap)))
    assert counted.count(True) == cap
    async with app.state.session_maker() as session:
        assert await sent_today(session, mobile_number) == cap
        assert await sent_today(session, random_mobile_number()) == 0


async def already_sent(app, mobile_number: str, count: int) -> None:
    async with app.state.session_maker() as session, session.begin():
        session.add(SmsDailyCount(mobile_number=mobile_number, day=clock.today_ist(), sent=count))


@pytest.mark.usefixtures("worker")
async def test_a_number_at_its_daily_cap_is_sent_nothing_more_and_an_sos_outranks_notices(app, signed_in, api_settings):
    flooded, noticed = random_mobile_number(), random_mobile_number()
    await already_sent(app, flooded, api_settings.sms_daily_alert_cap_per_number)
    await already_sent(app, noticed, api_settings.sms_daily_cap_per_number)
    contacts = [{"name": "Amma", "mobile_number": flooded}, {"name": "Appa", "mobile_number": noticed}]
    assert (await signed_in.put(CONTACTS, json={"contacts": contacts})).status_code == 200
    async with app.state.session_maker() as session:
        notices = dict(
            (
                await session.execute(
                    select(EmergencyContactNotice.mobile_number, EmergencyContactNotice.id).where(
                        EmergencyContactNotice.mobile_number.in_([flooded, noticed])
                    )
                )
            ).all()
        )
    for number in (flooded, noticed):
        flow = await app_flow(app, contact_notice_workflow_id(notices[number]))
        assert await asyncio.wait_for(flow.result(), 20) == "withheld"

    trip_id = await trip_under_way(app, signed_in)
    user_id = await me(signed_in)
    assert (await signed_in.post(sos(trip_id), json={})).status_code == 200
    # Over the notices' cap, under the alerts': the SOS reaches this one.
    await soon(lambda: texts_starting(signed_in, noticed, SOS_ALERT), "the alert to the number under the alerts' cap")
    await soon(lambda: texts_starting(signed_in, noticed, SOS_REMINDER), "a reminder")
    await i_am_safe(signed_in, trip_id)
    assert await asyncio.wait_for((await flow_of(app, trip_id, user_id)).result(), 20) == IncidentStatus.RESOLVED

    assert await sms_to(signed_in, flooded) == []
    [incident] = await incidents(app, trip_id, user_id)
    async with app.state.session_maker() as session:
        kept = (
            await session.execute(
                select(SafetySms.step, SafetySms.sent_at, SafetySms.withheld_at).where(
                    SafetySms.incident_id == incident.id, SafetySms.mobile_number == flooded
                )
            )
        ).all()
        assert await sent_today(session, flooded) == api_settings.sms_daily_alert_cap_per_number
        assert await sent_today(session, noticed) == api_settings.sms_daily_cap_per_number + len(
            await texts_starting(signed_in, noticed, "")
        )
    steps = {step for step, _, _ in kept}
    assert {"alert", "reminder-1", "resolved"} <= steps
    assert all(sent_at is None and withheld_at is not None for _, sent_at, withheld_at in kept)
