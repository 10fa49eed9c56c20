"""The sandbox KYC vendor: HyperVerge's Link KYC protocol as domain/providers/kyc.py speaks it, with a widget page
where a person picks the outcome and controls for scripts and tests.

Vendor side (server to server, authenticated by appId and appKey): `POST /login`, `POST /v1/link-kyc/start`,
`POST /v1/link-kyc/results`. Person and script side: `GET /widget?transaction_id=…` (the widget), `POST /{id}`
`{"outcome"}` (what the widget's buttons send), `POST /{id}/review` `{"decision"}` (a manual review, after which the
vendor posts its signed webhook to the app)."""

import hashlib
import hmac
import html
import json
import time
from urllib.parse import urlencode

import httpx
from fastapi import status
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain import sandbox as sandbox_vendors
from domain.providers.kyc import webhook_headers
from domain.rules.kyc import ReviewDecision, VendorStatus
from domain.settings import Settings
from sandbox.models import SandboxKycTransaction
from sandbox.schemas import (
    SandboxKycChoice,
    SandboxKycTransactionView,
    VendorFailure,
    VendorLogin,
    VendorResults,
    VendorStart,
)
from sandbox.web import SandboxRefusal, page_policy

NOT_FOUND = "Transaction not found"
ALREADY_FINISHED = "This transaction is not waiting for that"
BAD_KEYS = "Invalid appId or appKey"


class VendorRefusal(Exception):
    """An answer in the vendor's own failure shape."""

    def __init__(self, status_code: int, error: str) -> None:
        super().__init__(error)
        self.failure = VendorFailure(status="failure", statusCode=status_code, error=error)


def check_keys(settings: Settings, app_id: str | None, app_key: str | None) -> None:
    known = hmac.compare_digest((app_id or "").encode(), sandbox_vendors.KYC_APP_ID.encode()) and hmac.compare_digest(
        (app_key or "").encode(), sandbox_vendors.KYC_APP_KEY.encode()
    )
    if not known:
        raise VendorRefusal(status.HTTP_401_UNAUTHORIZED, BAD_KEYS)


def access_token(settings: Settings, login: VendorLogin) -> str:
    check_keys(settings, login.appId, login.appKey)
    expires = int(time.time()) + login.expiry
    signature = hmac.new(sandbox_vendors.KYC_APP_KEY.encode(), f"{login.appId}.{expires}".encode(), hashlib.sha256)
    return f"{login.appId}.{expires}.{signature.hexdigest()}"


async def start_transaction(session: AsyncSession, base_url: str, start: VendorStart, app_id: str) -> str:
    """The widget's address; a transaction started again keeps what it has."""
    existing = await session.get(SandboxKycTransaction, start.transactionId)
    if existing is None:
        session.add(
            SandboxKycTransaction(
                transaction_id=start.transactionId,
                app_id=app_id,
                workflow_id=start.workflowId,
                redirect_url=start.redirectUrl,
                application_status=VendorStatus.STARTED,
            )
        )
    return f"{base_url}/widget?{urlencode({'transaction_id': start.transactionId})}"


async def results(session: AsyncSession, transaction_id: str) -> VendorResults:
    transaction = await session.get(SandboxKycTransaction, transaction_id)
    if transaction is None:
        raise VendorRefusal(status.HTTP_404_NOT_FOUND, NOT_FOUND)
    return VendorResults(
        transactionId=transaction.transaction_id,
        workflowId=transaction.workflow_id,
        applicationStatus=transaction.application_status,
    )


async def sandbox_transaction(
    session: AsyncSession, transaction_id: str, *, for_update: bool = False
) -> SandboxKycTransaction:
    query = select(SandboxKycTransaction).where(SandboxKycTransaction.transaction_id == transaction_id)
    transaction = await session.scalar(query.with_for_update() if for_update else query)
    if transaction is None:
        raise SandboxRefusal(NOT_FOUND, status.HTTP_404_NOT_FOUND)
    return transaction


def _view(transaction: SandboxKycTransaction) -> SandboxKycTransactionView:
    query = urlencode({"transactionId": transaction.transaction_id, "status": transaction.application_status})
    separator = "&" if "?" in transaction.redirect_url else "?"
    return SandboxKycTransactionView(
        transaction_id=transaction.transaction_id,
        application_status=transaction.application_status,
        redirect_url=f"{transaction.redirect_url}{separator}{query}",
    )


async def choose_outcome(
    session: AsyncSession, transaction_id: str, choice: SandboxKycChoice
) -> SandboxKycTransactionView:
    """What the person picked in the widget, once; the answer carries where the widget returns them."""
    transaction = await sandbox_transaction(session, transaction_id, for_update=True)
    if transaction.application_status != VendorStatus.STARTED:
        raise SandboxRefusal(ALREADY_FINISHED, status.HTTP_409_CONFLICT)
    transaction.application_status = choice.outcome
    transaction.updated_at = func.now()
    return _view(transaction)


async def review(session: AsyncSession, transaction_id: str, decision: str) -> tuple[SandboxKycTransactionView, bytes]:
    """A manual review's decision on a transaction waiting for one; answers the webhook body to post."""
    transaction = await sandbox_transaction(session, transaction_id, for_update=True)
    if transaction.application_status != VendorStatus.NEEDS_REVIEW:
        raise SandboxRefusal(ALREADY_FINISHED, status.HTTP_409_CONFLICT)
    approved = decision == ReviewDecision.APPROVED
    transaction.application_status = VendorStatus.MANUALLY_APPROVED if approved else VendorStatus.MANUALLY_DECLINED
    transaction.updated_at = func.now()
    body = json.dumps(
        {
            "transactionId": transaction.transaction_id,
            "applicationStatus": transaction.application_status,
            "eventType": "MANUAL_REVIEW_STATUS_UPDATE",
            "eventTime": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        }
    ).encode()
    return _view(transaction), body


async def post_webhook(http: httpx.AsyncClient, settings: Settings, body: bytes) -> int:
    """Posts the webhook as the vendor does, signed in its envelope with the sandbox's secret; answers the app's status
    code (0 when it could not be reached)."""
    headers = {"Content-Type": "application/json", **webhook_headers(sandbox_vendors.KYC_WEBHOOK_SECRET, body)}
    try:
        answer = await http.post(settings.kyc_webhook_url, content=body, headers=headers, timeout=10)
    except httpx.HTTPError:
        return 0
    return answer.status_code


OUTCOME_LABELS = {
    VendorStatus.AUTO_APPROVED: "Approve",
    VendorStatus.AUTO_DECLINED: "Decline",
    VendorStatus.NEEDS_REVIEW: "Send to manual review",
    VendorStatus.USER_CANCELLED: "Cancel",
    VendorStatus.ERROR: "Fail with an error",
}


# The page's style and script: the same text on every page, allowed by their hashes (WIDGET_POLICY).
WIDGET_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a; }
button { display: block; width: 100%; margin: 0.5rem 0; padding: 0.75rem; font-size: 1rem; border-radius: 0.5rem;
  border: 1px solid #0b5394; background: #fff; color: #0b5394; cursor: pointer; }
button:focus-visible { outline: 3px solid #f1c232; }
"""
WIDGET_SCRIPT = """
const transactionId = document.getElementById("outcomes").dataset.transaction;
function csrfToken() {
  const match = document.cookie.match(/(?:^|; )(?:__Host-)?csrf_token=([^;]*)/);
  return match ? decodeURIComponent(match[1]) : "";
}
for (const button of document.querySelectorAll("button[data-outcome]")) {
  button.addEventListener("click", async () => {
    const answer = await fetch(`./${encodeURIComponent(transactionId)}`, {
      method: "POST",
      credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRF-Token": csrfToken()},
      body: JSON.stringify({outcome: button.dataset.outcome}),
    });
    const body = await answer.json();
    if (answer.ok) window.location.assign(body.data.redirect_url);
    else document.getElementById("note").textContent = body.message;
  });
}
"""
WIDGET_POLICY = page_policy(scripts=[WIDGET_SCRIPT], styles=[WIDGET_STYLE])


def widget_page(transaction: SandboxKycTransaction) -> str:
    """The stand-in for the vendor's widget: the tester picks the outcome, and the page returns to the app the way
    the real widget does (to the redirect URL with transactionId and status). Served with WIDGET_POLICY."""
    buttons = "\n".join(
        f'<button type="button" data-outcome="{html.escape(outcome)}">{html.escape(label)}</button>'
        for outcome, label in OUTCOME_LABELS.items()
    )
    transaction_id = html.escape(transaction.transaction_id)
    finished = transaction.application_status != VendorStatus.STARTED
    note = f"This transaction has finished: {html.escape(transaction.application_status)}" if finished else ""
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox identity verification</title>
<style>{WIDGET_STYLE}</style>
</head>
<body>
<main>
<h1>Sandbox identity verification</h1>
<p>Transaction <code>{transaction_id}</code>. Pick what the verification vendor decides.</p>
<div id="outcomes" data-transaction="{transaction_id}" {"hidden" if finished else ""}>
{buttons}
</div>
<p role="status" id="note">{note}</p>
</main>
<script>{WIDGET_SCRIPT}</script>
</body>
</html>
"""
