"""Identity verification (SPEC §3 User kyc fields, §4 KYC outcomes, §7 KYC calls): the API starts a KycWorkflow
around a vendor transaction and passes on what the app and the vendor say; the flow decides (workflows/kyc.py,
domain/rules/kyc.py)."""

import secrets

from pydantic import ValidationError
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import refuse
from api.kyc.schemas import KycResult, KycState, KycToken, VendorWebhook
from api.outbound import hold_no_connection
from api.webhooks import take_delivery
from domain.flows import signal_after_commit, start_after_commit
from domain.models import KycVerification, User
from domain.providers.kyc import HyperVergeClient, KycVendorError
from domain.rules import messages
from domain.rules.kyc import RUNNING, KycStatus, initiate_refusal
from domain.rules.refusal import invalid, not_found, unavailable
from domain.settings import Settings
from domain.webhooks import WebhookEnvelope
from workflows.kyc.contracts import (
    KycStart,
    KycVendorUpdate,
    KycWidgetClosed,
    kyc_start,
    kyc_transaction_id,
    kyc_vendor_update,
    kyc_widget_closed,
)


def return_url(settings: Settings) -> str:
    """Where the vendor's widget sends the person back, with transactionId and status."""
    return f"{settings.public_app_url}/kyc"


# How often an initiate calls the vendor again when the verifications changed meanwhile (one ended, say).
INITIATE_ATTEMPTS = 3


async def initiate_kyc(session: AsyncSession, settings: Settings, vendor: HyperVergeClient, user: User) -> KycToken:
    """The transaction of the user's running verification, or a new one with its flow started after the commit.

    The vendor is called while the request holds nothing of the database (api/outbound.py); then, under the user's
    row lock, the verifications are read again: initiates sent together still end with one verification, the others
    answering it (the vendor transactions they started go unused). State that moved on meanwhile is read and
    called for again, a few times at most."""
    refuse(initiate_refusal(enabled=settings.enable_kyc, verified=user.is_kyc_verified))
    try:
        await hold_no_connection(session)
        access_token = await vendor.access_token()
        verification = None
        for _ in range(INITIATE_ATTEMPTS):
            verification = await _running_or_started(session, settings, vendor, user)
            if verification is not None:
                break
    except KycVendorError:
        refuse(unavailable(messages.KYC_VENDOR_UNAVAILABLE))
    if verification is None:
        refuse(unavailable(messages.KYC_VENDOR_UNAVAILABLE))
    return KycToken(
        access_token=access_token,
        workflow_id=settings.kyc_vendor_workflow_id,
        transaction_id=verification.transaction_id,
        widget_url=verification.start_url,
    )


async def _latest_verification(session: AsyncSession, user_id: int) -> KycVerification | None:
    return await session.scalar(
        select(KycVerification)
        .where(KycVerification.user_id == user_id)
        .order_by(KycVerification.number.desc())
        .limit(1)
        .execution_options(populate_existing=True)
    )


def _next_number(latest: KycVerification | None) -> int:
    return latest.number + 1 if latest is not None else 1


async def _running_or_started(
    session: AsyncSession, settings: Settings, vendor: HyperVergeClient, user: User
) -> KycVerification | None:
    """The running verification, or one started with the vendor now and recorded; None when the verifications
    changed while the vendor was called."""
    latest = await _latest_verification(session, user.id)
    started: tuple[int, str, str] | None = None
    if latest is None or latest.status not in RUNNING:
        number = _next_number(latest)
        transaction_id = kyc_transaction_id(user.id, number, secrets.token_hex(6))
        await hold_no_connection(session)
        started = (number, transaction_id, await vendor.start(transaction_id, return_url(settings)))
    # One initiate at a time per person: a second one waits here and then finds the first's verification.
    await session.execute(
        select(User).where(User.id == user.id).with_for_update(key_share=True).execution_options(populate_existing=True)
    )
    refuse(initiate_refusal(enabled=settings.enable_kyc, verified=user.is_kyc_verified))
    latest = await _latest_verification(session, user.id)
    if latest is not None and latest.status in RUNNING:
        return latest
    if started is None or started[0] != _next_number(latest):
        await hold_no_connection(session)
        return None
    return await _new_verification(session, settings, user, *started)


async def _new_verification(
    session: AsyncSession, settings: Settings, user: User, number: int, transaction_id: str, start_url: str
) -> KycVerification:
    verification = KycVerification(
        user_id=user.id,
        number=number,
        transaction_id=transaction_id,
        status=KycStatus.INITIATED,
        start_url=start_url,
    )
    session.add(verification)
    await session.flush()
    user.kyc_status = KycStatus.INITIATED
    user.kyc_message = None
    start = KycStart(
        verification_id=verification.id,
        user_id=user.id,
        number=number,
        transaction_id=transaction_id,
        widget_timeout_seconds=settings.kyc_widget_timeout_seconds,
        review_timeout_seconds=settings.kyc_review_timeout_seconds,
    )
    await start_after_commit(session, kyc_start(start))
    return verification


async def _verification(session: AsyncSession, transaction_id: str) -> KycVerification | None:
    return await session.scalar(select(KycVerification).where(KycVerification.transaction_id == transaction_id))


async def report_widget_result(session: AsyncSession, user: User, result: KycResult) -> KycState:
    """The app's report that the widget closed: the flow asks the vendor for the outcome."""
    verification = await _verification(session, result.transaction_id)
    if verification is None or verification.user_id != user.id:
        refuse(not_found(messages.KYC_TRANSACTION_NOT_FOUND))
    if verification.status in RUNNING:
        report = KycWidgetClosed(outcome=result.status)
        await signal_after_commit(session, kyc_widget_closed(user.id, verification.number, report))
    return KycState(kyc_status=verification.status)


async def receive_vendor_webhook(
    session: AsyncSession, settings: Settings, body: bytes, envelope: WebhookEnvelope
) -> None:
    """The vendor's signed word on a transaction, passed to its flow; refused unsigned, stale or replayed, changing
    nothing."""
    await take_delivery(session, "kyc", settings.kyc_webhook_secret, body, envelope)
    try:
        webhook = VendorWebhook.model_validate_json(body)
    except ValidationError:
        refuse(invalid(messages.VENDOR_WEBHOOK_INVALID))
    verification = await _verification(session, webhook.transactionId)
    if verification is None:
        refuse(not_found(messages.KYC_TRANSACTION_NOT_FOUND))
    if verification.status in RUNNING:
        update = KycVendorUpdate(application_status=webhook.applicationStatus)
        await signal_after_commit(session, kyc_vendor_update(verification.user_id, verification.number, update))
