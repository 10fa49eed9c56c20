"""A trip's shared cab (SPEC §7 cab calls), for the host; and the cab aggregator's webhook."""

from typing import Annotated

from fastapi import APIRouter, Header, Request

from api.cab.schemas import AggregatorWebhook, CabCancelIn, CabIssueIn, CabPlanIn, CabRequestIn, VendorQuote
from api.cab.service import (
    WEBHOOK_PATH,
    cancel_cab,
    plan_cab,
    raise_issue,
    receive_aggregator_webhook,
    request_cab,
    vendor_quotes,
)
from api.deps import CabAggregatorDep, CurrentUser, MapsDep, SessionDep, SettingsDep
from api.openapi import refusals
from api.webhooks import DeliveryIdHeader, TimestampHeader
from domain.envelope import Envelope, MessageOnly, done, ok
from domain.providers.cab import SIGNATURE_HEADER
from domain.rules import messages
from domain.webhooks import WebhookEnvelope

router = APIRouter(prefix="/trip/cab", tags=["cab"])


@router.put("/interest/{trip_id}", responses=refusals(403, 409, 503))
async def state_interest(
    trip_id: int, body: CabPlanIn, user: CurrentUser, session: SessionDep, maps: MapsDep
) -> MessageOnly:
    """The category (a key of valid_cab_categories) and up to three stops (place ids) the host wants."""
    await plan_cab(session, maps, user, trip_id, body)
    return done(messages.CAB_PLAN_SAVED)


@router.get("/vendors/{trip_id}", responses=refusals(403, 409, 503))
async def list_vendors(
    trip_id: int, user: CurrentUser, session: SessionDep, aggregator: CabAggregatorDep
) -> Envelope[list[VendorQuote]]:
    """Each vendor's quote for the stated category and stops, cheapest first."""
    return ok(await vendor_quotes(session, aggregator, user, trip_id))


@router.post("/request/{trip_id}", responses=refusals(403, 409, 503))
async def request(
    trip_id: int,
    body: CabRequestIn,
    user: CurrentUser,
    session: SessionDep,
    settings: SettingsDep,
    aggregator: CabAggregatorDep,
) -> MessageOnly:
    """Requests the chosen vendor's cab: a CabBookingWorkflow books it and waits for the driver."""
    await request_cab(session, settings, aggregator, user, trip_id, body)
    return done(messages.CAB_REQUESTED)


@router.delete("/request/{trip_id}", responses=refusals(403, 409))
async def cancel(trip_id: int, user: CurrentUser, session: SessionDep, body: CabCancelIn | None = None) -> MessageOnly:
    """Cancels the running request or booking; the vendor is told."""
    await cancel_cab(session, user, trip_id, body.reason if body else None)
    return done(messages.CAB_CANCELLED)


@router.post("/support/{trip_id}", responses=refusals(403, 409))
async def support(trip_id: int, body: CabIssueIn, user: CurrentUser, session: SessionDep) -> MessageOnly:
    """Raises an issue with the latest cab request, once."""
    await raise_issue(session, user, trip_id, body)
    return done(messages.CAB_ISSUE_RAISED)


@router.post(
    WEBHOOK_PATH.removeprefix(router.prefix),
    responses=refusals(401, 404, 409),
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": AggregatorWebhook.model_json_schema()}},
        }
    },
)
async def aggregator_webhook(
    http_request: Request,
    session: SessionDep,
    settings: SettingsDep,
    signature: Annotated[str | None, Header(alias=SIGNATURE_HEADER)] = None,
    timestamp: TimestampHeader = None,
    delivery_id: DeliveryIdHeader = None,
) -> MessageOnly:
    """The aggregator's news of a booking, signed with the shared secret (HMAC-SHA256 of the timestamp, the delivery
    id and the body; docs/webhooks.md). Refused more than 5 minutes from its timestamp, or taken before."""
    envelope = WebhookEnvelope(signature=signature, timestamp=timestamp, delivery_id=delivery_id)
    await receive_aggregator_webhook(session, settings, await http_request.body(), envelope)
    return done(messages.VENDOR_NEWS_RECEIVED)
