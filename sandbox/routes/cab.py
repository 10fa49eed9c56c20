"""The sandbox cab aggregator (sandbox/cab.py)."""

from typing import Annotated, Any

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse

from domain.envelope import Envelope, ok
from sandbox import cab
from sandbox.schemas import (
    AggregatorBooking,
    AggregatorBookingRequest,
    AggregatorCancel,
    AggregatorFailure,
    AggregatorQuotes,
    AggregatorRide,
    SandboxCabEvent,
    SandboxCabEventSent,
)
from sandbox.web import SessionDep, SettingsDep, refusals

router = APIRouter(prefix="/sandbox/cab", tags=["sandbox"])

# The aggregator's own API, called server to server with its key: outside the browser's CSRF check.
AGGREGATOR_PREFIX = "/v1/"
AGGREGATOR_REFUSALS: dict[int | str, dict[str, Any]] = {
    401: {"model": AggregatorFailure, "description": "the aggregator's refusal: unknown API key"},
    404: {"model": AggregatorFailure, "description": "the aggregator's refusal: no such booking"},
}

Authorization = Annotated[str | None, Header(max_length=200)]


def _refused(refusal: cab.AggregatorRefusal) -> JSONResponse:
    return JSONResponse(AggregatorFailure(error=refusal.error).model_dump(), status_code=refusal.status_code)


@router.post("/v1/quotes", responses=AGGREGATOR_REFUSALS, response_model=AggregatorQuotes)
async def quotes(body: AggregatorRide, settings: SettingsDep, authorization: Authorization = None) -> object:
    """Each vendor's fare for the ride, from its fare table by distance and category."""
    try:
        cab.check_key(settings, authorization)
    except cab.AggregatorRefusal as refusal:
        return _refused(refusal)
    return cab.quotes(body)


@router.post("/v1/bookings", responses=AGGREGATOR_REFUSALS, response_model=AggregatorBooking)
async def book(
    body: AggregatorBookingRequest,
    session: SessionDep,
    settings: SettingsDep,
    authorization: Authorization = None,
    idempotency_key: Annotated[str | None, Header(max_length=80)] = None,
) -> object:
    """A booking waiting for a driver; the same Idempotency-Key answers the same booking."""
    try:
        cab.check_key(settings, authorization)
        return await cab.book(session, body, idempotency_key)
    except cab.AggregatorRefusal as refusal:
        return _refused(refusal)


@router.get("/v1/bookings/{booking_id}", responses=AGGREGATOR_REFUSALS, response_model=AggregatorBooking)
async def read_booking(
    booking_id: str, session: SessionDep, settings: SettingsDep, authorization: Authorization = None
) -> object:
    try:
        cab.check_key(settings, authorization)
        return await cab.booking(session, booking_id)
    except cab.AggregatorRefusal as refusal:
        return _refused(refusal)


@router.post("/v1/bookings/{booking_id}/cancel", responses=AGGREGATOR_REFUSALS, response_model=AggregatorBooking)
async def cancel_booking(
    booking_id: str,
    body: AggregatorCancel,
    session: SessionDep,
    settings: SettingsDep,
    authorization: Authorization = None,
) -> object:
    try:
        cab.check_key(settings, authorization)
        return await cab.cancel(session, booking_id, body.reason)
    except cab.AggregatorRefusal as refusal:
        return _refused(refusal)


@router.post("/bookings/{trip_id}", responses=refusals(404, 409))
async def vendor_event(
    trip_id: int, body: SandboxCabEvent, request: Request, session: SessionDep, settings: SettingsDep
) -> Envelope[SandboxCabEventSent]:
    """For people and scripts: the vendor confirms the trip's open booking (a driver and vehicle), finds no driver,
    or cancels it; the aggregator then posts its signed webhook to the app."""
    found, webhook = await cab.vendor_event(session, trip_id, body)
    await session.commit()
    webhook_status = await cab.post_webhook(request.app.state.outbound_http, settings, found.callback_url, webhook)
    return ok(cab.sent(found, webhook_status))
