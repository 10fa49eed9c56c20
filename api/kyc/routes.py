"""Identity verification (SPEC §7 KYC calls) and the KYC vendor's webhook."""

from typing import Annotated

from fastapi import APIRouter, Header, Request

from api.deps import CurrentUser, KycVendorDep, SessionDep, SettingsDep
from api.kyc.schemas import KycResult, KycState, KycToken, VendorWebhook
from api.kyc.service import initiate_kyc, receive_vendor_webhook, report_widget_result
from api.openapi import refusals
from api.webhooks import DeliveryIdHeader, TimestampHeader
from domain.envelope import Envelope, MessageOnly, done, ok
from domain.providers.kyc import SIGNATURE_HEADER
from domain.rules import messages
from domain.webhooks import WebhookEnvelope

router = APIRouter(tags=["kyc"])

# Called by the vendor, not by a browser: authenticated by its signature, so outside the CSRF check.
WEBHOOK_PATH = "/kyc/hyperverge/webhook"


@router.patch("/user/kyc/hyperverge/initiate", responses=refusals(409, 503))
async def initiate(
    user: CurrentUser, session: SessionDep, settings: SettingsDep, vendor: KycVendorDep
) -> Envelope[KycToken]:
    """Starts a verification (a KycWorkflow around a vendor transaction), or answers the running one again."""
    return ok(await initiate_kyc(session, settings, vendor, user), messages.KYC_STARTED)


@router.post("/user/kyc/result", responses=refusals(404))
async def report_result(body: KycResult, user: CurrentUser, session: SessionDep) -> Envelope[KycState]:
    """What the widget said when it closed. The server asks the vendor; the answer is the status as it stands."""
    return ok(await report_widget_result(session, user, body), messages.KYC_RESULT_RECEIVED)


@router.post(
    WEBHOOK_PATH,
    responses=refusals(401, 404, 409),
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": VendorWebhook.model_json_schema()}},
        }
    },
)
async def vendor_webhook(
    request: Request,
    session: SessionDep,
    settings: SettingsDep,
    signature: Annotated[str | None, Header(alias=SIGNATURE_HEADER)] = None,
    timestamp: TimestampHeader = None,
    delivery_id: DeliveryIdHeader = None,
) -> MessageOnly:
    """The vendor's word on a transaction, signed with the shared webhook secret (HMAC-SHA256 of the timestamp,
    the delivery id and the body; docs/webhooks.md). Refused more than 5 minutes from its timestamp, or taken before."""
    envelope = WebhookEnvelope(signature=signature, timestamp=timestamp, delivery_id=delivery_id)
    await receive_vendor_webhook(session, settings, await request.body(), envelope)
    return done(messages.VENDOR_NEWS_RECEIVED)
