"""Identity verification through the KycWorkflow on the real Temporal dev server, against the sandbox vendor that
speaks the vendor's protocol (SPEC §3 User kyc fields, §4 KYC outcomes, §7 KYC calls, §8 KYC messages)."""

import asyncio
import json
import time
from urllib.parse import parse_qs, urlparse

import httpx
import pytest
from sqlalchemy import func, select
from temporalio.client import WorkflowExecutionStatus

from domain.models import KycVerification, Notification, WebhookDelivery
from domain.providers.kyc import SIGNATURE_HEADER, webhook_headers
from domain.rules import messages
from domain.rules.kyc import KycStatus
from domain.webhooks import DELIVERY_ID_HEADER
from tests.api.conftest import app_flow, new_person, signals_to
from tests.api.webhooks import forged_webhooks
from tests.workflows.erasure_support import eventually
from tests.workflows.recorded import replay_and_record
from tests.workflows.trip_support import scheduled_activities
from workflows.flow import FLOW_STATUS
from workflows.kyc.contracts import KycReviewDecision, kyc_workflow_id

pytestmark = pytest.mark.usefixtures("worker")

WEBHOOK = "/api/kyc/hyperverge/webhook"


async def initiate(client) -> dict:
    answer = await client.patch("/api/user/kyc/hyperverge/initiate")
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


async def widget_choice(client, transaction_id: str, outcome: str) -> dict:
    """What the person picks in the sandbox widget; answers where the widget returns them."""
    answer = await client.post(f"/api/sandbox/kyc/{transaction_id}", json={"outcome": outcome})
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


async def report(client, transaction_id: str, outcome: str) -> httpx.Response:
    return await client.post("/api/user/kyc/result", json={"transaction_id": transaction_id, "status": outcome})


async def me(client) -> dict:
    return (await client.get("/api/user/user")).json()["data"]


async def settles_on(client, status: str, timeout_seconds: float = 20.0) -> dict:
    deadline = time.monotonic() + timeout_seconds
    while True:
        user = await me(client)
        if user["kyc_status"] == status:
            return user
        assert time.monotonic() < deadline, f"kyc_status stayed {user['kyc_status']}, not {status}"
        await asyncio.sleep(0.1)


async def flow_of(app, user_id: int, number: int):
    return await app_flow(app, kyc_workflow_id(user_id, number))


async def verify(client, outcome: str) -> tuple[dict, dict]:
    """Initiate, pick the outcome in the widget, report what the widget said."""
    token = await initiate(client)
    returned = await widget_choice(client, token["transaction_id"], outcome)
    assert (await report(client, token["transaction_id"], outcome)).status_code == 200
    return token, returned


async def test_an_approved_verification_verifies_the_person_and_locks_name_and_birth_date(app, member):
    token = await initiate(member)
    assert set(token) == {"access_token", "workflow_id", "transaction_id", "widget_url"}
    widget = urlparse(token["widget_url"])
    assert widget.path == "/api/sandbox/kyc/widget"
    assert parse_qs(widget.query)["transaction_id"] == [token["transaction_id"]]
    page = await member.get(widget.path, params={"transaction_id": token["transaction_id"]})
    assert page.status_code == 200 and "Sandbox identity verification" in page.text

    returned = await widget_choice(member, token["transaction_id"], "auto_approved")
    back = urlparse(returned["redirect_url"])
    assert back.path == "/kyc"
    assert parse_qs(back.query) == {"transactionId": [token["transaction_id"]], "status": ["auto_approved"]}
    answer = await report(member, token["transaction_id"], "auto_approved")
    assert answer.status_code == 200, answer.text

    user = await settles_on(member, KycStatus.APPROVED)
    assert user["is_kyc_verified"] is True
    assert user["kyc_message"] == messages.KYC_APPROVED
    flow = await flow_of(app, member.user_id, 1)
    assert await flow.result() == KycStatus.APPROVED
    deadline = time.monotonic() + 10
    while (await flow.describe()).typed_search_attributes.get(FLOW_STATUS) != KycStatus.APPROVED:
        assert time.monotonic() < deadline, "support never sees the flow approved"
        await asyncio.sleep(0.2)

    renamed = await member.put("/api/user/user", json={"name": "Somebody Else"})
    assert renamed.json()["message"] == messages.NAME_LOCKED_AFTER_KYC
    again = await member.patch("/api/user/kyc/hyperverge/initiate")
    assert (again.status_code, again.json()["message"]) == (409, messages.KYC_ALREADY_VERIFIED)
    async with app.state.session_maker() as session:
        titles = (
            await session.scalars(select(Notification.title).where(Notification.recipient_id == member.user_id))
        ).all()
    assert titles.count("KYC verified") == 1


async def test_initiate_answers_the_running_transaction_again_also_when_sent_together(app, member):
    tokens = await asyncio.gather(*(initiate(member) for _ in range(5)))
    assert len({token["transaction_id"] for token in tokens}) == 1
    assert (await initiate(member))["transaction_id"] == tokens[0]["transaction_id"]
    async with app.state.session_maker() as session:
        rows = (await session.scalars(select(KycVerification).where(KycVerification.user_id == member.user_id))).all()
    assert [(row.number, row.status) for row in rows] == [(1, KycStatus.INITIATED)]
    assert (await me(member))["kyc_status"] == KycStatus.INITIATED


@pytest.mark.parametrize(
    ("outcome", "status", "message"),
    [
        ("auto_declined", KycStatus.REJECTED, messages.KYC_FAILED),
        ("user_cancelled", KycStatus.CANCELLED, messages.KYC_NOT_FINISHED),
        ("error", KycStatus.ERROR, messages.KYC_FAILED),
        ("needs_review", KycStatus.NEEDS_REVIEW, messages.KYC_UNDER_REVIEW),
    ],
)
async def test_each_widget_outcome_lands_with_the_spec_message(member, outcome, status, message):
    await verify(member, outcome)
    user = await settles_on(member, status)
    assert user["kyc_message"] == message
    assert user["is_kyc_verified"] is False


async def test_the_app_cannot_approve_what_the_vendor_declined_nor_what_it_has_not_decided(app, member):
    token = await initiate(member)
    await widget_choice(member, token["transaction_id"], "auto_declined")
    await report(member, token["transaction_id"], "auto_approved")
    user = await settles_on(member, KycStatus.REJECTED)
    assert user["is_kyc_verified"] is False

    async with new_person(app, "Ravi Forger") as forger:
        token = await initiate(forger)
        await report(forger, token["transaction_id"], "auto_approved")
        # The report is only a cue: the flow asks the vendor, and asks again only when the answer moved nothing.
        flow = await flow_of(app, forger.user_id, 1)
        await eventually(lambda: asked_the_vendor_twice(flow), timeout_seconds=20)
        user = await me(forger)
        assert (user["kyc_status"], user["is_kyc_verified"]) == (KycStatus.INITIATED, False)


async def asked_the_vendor_twice(flow) -> bool:
    return (await scheduled_activities(flow)).count("ask_kyc_vendor") >= 2


async def test_a_new_initiate_after_an_ending_starts_the_next_flow(app, member):
    first, _ = await verify(member, "user_cancelled")
    await settles_on(member, KycStatus.CANCELLED)
    second = await initiate(member)
    assert second["transaction_id"] != first["transaction_id"]
    assert (await me(member))["kyc_status"] == KycStatus.INITIATED
    await widget_choice(member, second["transaction_id"], "auto_approved")
    await report(member, second["transaction_id"], "auto_approved")
    await settles_on(member, KycStatus.APPROVED)
    assert await (await flow_of(app, member.user_id, 2)).result() == KycStatus.APPROVED


@pytest.mark.parametrize(("decision", "status"), [("approved", KycStatus.APPROVED), ("rejected", KycStatus.REJECTED)])
async def test_a_manual_review_ends_by_the_vendors_signed_webhook(member, decision, status):
    token, _ = await verify(member, "needs_review")
    await settles_on(member, KycStatus.NEEDS_REVIEW)
    reviewed = await member.post(f"/api/sandbox/kyc/{token['transaction_id']}/review", json={"decision": decision})
    assert reviewed.status_code == 200, reviewed.text
    assert reviewed.json()["data"]["webhook_status"] == 200
    user = await settles_on(member, status)
    assert user["is_kyc_verified"] is (status == KycStatus.APPROVED)


async def test_support_staff_decide_a_review_with_the_review_decision_signal(app, member):
    await verify(member, "needs_review")
    await settles_on(member, KycStatus.NEEDS_REVIEW)
    flow = await flow_of(app, member.user_id, 1)
    await flow.signal("review_decision", KycReviewDecision(decision="approved"))
    assert await flow.result() == KycStatus.APPROVED
    assert (await me(member))["is_kyc_verified"] is True

    await replay_and_record(flow, "kyc")


async def test_a_forged_stale_or_replayed_webhook_is_refused_and_changes_nothing(app, member, api_settings):
    token, _ = await verify(member, "needs_review")
    await settles_on(member, KycStatus.NEEDS_REVIEW)
    secret = api_settings.kyc_webhook_secret
    body = json.dumps({"transactionId": token["transaction_id"], "applicationStatus": "manually_approved"}).encode()
    json_type = {"Content-Type": "application/json"}
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://vendor") as vendor:
        for headers, message in forged_webhooks(secret, SIGNATURE_HEADER, body):
            answer = await vendor.post(WEBHOOK, content=body, headers=json_type | headers)
            assert (answer.status_code, answer.json()["message"]) == (401, message), headers
        # Refused, none of them reached the flow: no update waits in the outbox or stands in its history.
        assert "vendor_update" not in await signals_to(app, kyc_workflow_id(member.user_id, 1))
        assert (await me(member))["kyc_status"] == KycStatus.NEEDS_REVIEW
        # Refused for what it says, a delivery is not taken: the vendor's retry of it is answered the same.
        unknown = json.dumps({"transactionId": "hsf_none", "applicationStatus": "manually_approved"}).encode()
        signed = json_type | webhook_headers(secret, unknown)
        for _ in range(2):
            answer = await vendor.post(WEBHOOK, content=unknown, headers=signed)
            assert (answer.status_code, answer.json()["message"]) == (404, messages.KYC_TRANSACTION_NOT_FOUND)
        # Signed 4 minutes ago (within the window), taken once; the same delivery again is a replay.
        good = json_type | webhook_headers(secret, body, timestamp=int(time.time()) - 240)
        assert (await vendor.post(WEBHOOK, content=body, headers=good)).status_code == 200
        await settles_on(member, KycStatus.APPROVED)
        replayed = await vendor.post(WEBHOOK, content=body, headers=good)
        assert (replayed.status_code, replayed.json()["message"]) == (409, messages.VENDOR_WEBHOOK_REPLAYED)
    async with app.state.session_maker() as session:
        taken = await session.scalar(
            select(func.count()).where(WebhookDelivery.delivery_id == good[DELIVERY_ID_HEADER])
        )
    assert taken == 1


async def test_another_persons_transaction_is_refused(app, member):
    token = await initiate(member)
    async with new_person(app, "Kiran Das") as other:
        answer = await report(other, token["transaction_id"], "auto_approved")
        assert (answer.status_code, answer.json()["message"]) == (404, messages.KYC_TRANSACTION_NOT_FOUND)
        answer = await report(other, "hsf_no_such_transaction", "auto_approved")
        assert answer.status_code == 404


async def test_a_report_the_widget_could_not_give_is_refused(member):
    token = await initiate(member)
    answer = await report(member, token["transaction_id"], "manually_approved")
    assert answer.status_code == 400


async def test_no_word_from_the_widget_cancels_and_an_unanswered_review_ends_in_error(app, api_settings, monkeypatch):
    monkeypatch.setattr(api_settings, "kyc_widget_timeout_seconds", 2)
    monkeypatch.setattr(api_settings, "kyc_review_timeout_seconds", 2)
    async with new_person(app, "Idle Person") as idle, new_person(app, "Waiting Person") as waiting:
        await initiate(idle)
        await verify(waiting, "needs_review")
        await settles_on(waiting, KycStatus.NEEDS_REVIEW)
        assert (await settles_on(idle, KycStatus.CANCELLED))["kyc_message"] == messages.KYC_NOT_FINISHED
        assert (await settles_on(waiting, KycStatus.ERROR))["kyc_message"] == messages.KYC_FAILED
        flow = await flow_of(app, waiting.user_id, 1)
        assert await flow.result() == KycStatus.ERROR
        assert (await flow.describe()).status == WorkflowExecutionStatus.COMPLETED


async def test_kyc_cannot_start_while_it_is_switched_off(member, api_settings, monkeypatch):
    monkeypatch.setattr(api_settings, "enable_kyc", False)
    answer = await member.patch("/api/user/kyc/hyperverge/initiate")
    assert (answer.status_code, answer.json()["message"]) == (409, messages.KYC_DISABLED)
