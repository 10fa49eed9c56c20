"""Sign-in codes leave through the SMS gateway (domain/providers/sms.py); with SANDBOX=true the sandbox gateway
(sandbox/sms.py) takes them over the same protocol and keeps them for the tester to read."""

from sqlalchemy import func, select

from domain import sandbox
from domain.models import OtpChallenge
from domain.providers.sms import HttpSmsGateway
from domain.rules import messages
from tests.api.conftest import make_client, random_mobile_number

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
    assert answer.json() == {"status": "FAILURE", "message": messages.GENERIC_ERROR}
    assert await sent_to(client, mobile_number) == []
    async with app.state.session_maker() as session:
        stored = await session.scalar(select(func.count()).where(OtpChallenge.mobile_number == mobile_number))
    assert stored == 1
    # The unsent code counts: asking again waits for the resend gap like any other.
    again = await client.post("/api/auth/otp", json={"mobile_number": mobile_number})
    assert again.status_code == 429
