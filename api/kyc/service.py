"""Identity verification (SPEC §3 User kyc fields, §4 KYC outcomes, §7 KYC calls): the API starts a KycWorkflow
around a vendor transaction and passes on what the app and the vendor say; the flow decides (workflows/kyc.py,
domain/rules/kyc.py)."""

import secrets

from fastapi import status
from pydantic import ValidationError
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import ApiError
from api.kyc.schemas import KycResult, KycState, KycToken, VendorWebhook
from api.webhooks import take_delivery
from domain.flows import signal_after_commit, start_after_commit
from domain.models import KycVerification, User
from domain.providers.kyc import HyperVergeClient, KycVendorError
from domain.rules import messages
from domain.rules.kyc import RUNNING, KycStatus, initiate_refusal
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


async def initiate_kyc(session: AsyncSession, settings: Settings, vendor: HyperVergeClient, user: User) -> KycToken:
    """The transaction of the user's running verification, or a new one with its flow started after the commit."""
    refusal = initiate_refusal(enabled=settings.enable_kyc, verified=user.is_kyc_verified)
    if refusal is not None:
        raise ApiError(refusal, status.HTTP_409_CONFLICT)
    # One initiate at a time per person: a second one waits here and then finds the first's verification.
    await session.execute(select(User.id).where(User.id == user.id).with_for_update(key_share=True))
    latest = await session.scalar(
        select(KycVerification)
        .where(KycVerification.user_id == user.id)
        .order_by(KycVerification.number.desc())
        .limit(1)
    )
    try:
        verification = latest if latest is not None and latest.status in RUNNING else None
        if verification is None:
            verification = await _new_verification(session, settings, vendor, user, latest.number + 1 if latest else 1)
        access_token = await vendor.access_token()
    except KycVendorError as error:
        raise ApiError(messages.KYC_VENDOR_UNAVAILABLE, status.HTTP_503_SERVICE_UNAVAILABLE) from error
    return KycToken(
        access_token=access_token,
        workflow_id=settings.kyc_vendor_workflow_id,
        transaction_id=verification.transaction_id,
        widget_url=verification.start_url,
    )


async def _new_verification(
    session: AsyncSession, settings: Settings, vendor: HyperVergeClient, user: User, number: int
) -> KycVerification:
    transaction_id = kyc_transaction_id(user.id, number, secrets.token_hex(6))
    start_url = await vendor.start(transaction_id, return_url(settings))
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
        raise ApiError(messages.KYC_TRANSACTION_NOT_FOUND, status.HTTP_404_NOT_FOUND)
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
    except ValidationError as error:
        raise ApiError(messages.VENDOR_WEBHOOK_INVALID) from error
    verification = await _verification(session, webhook.transactionId)
    if verification is None:
        raise ApiError(messages.KYC_TRANSACTION_NOT_FOUND, status.HTTP_404_NOT_FOUND)
    if verification.status in RUNNING:
        update = KycVendorUpdate(application_status=webhook.applicationStatus)
        await signal_after_commit(session, kyc_vendor_update(verification.user_id, verification.number, update))
