"""The sandbox KYC vendor (sandbox/kyc.py)."""

from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse

from domain.envelope import Envelope, ok
from sandbox import kyc
from sandbox.schemas import (
    SandboxKycChoice,
    SandboxKycReview,
    SandboxKycReviewed,
    SandboxKycTransactionView,
    VendorAnswer,
    VendorFailure,
    VendorLogin,
    VendorResults,
    VendorResultsQuery,
    VendorStart,
    VendorStartUrl,
    VendorToken,
)
from sandbox.web import SessionDep, SettingsDep, html_page, refusals

router = APIRouter(prefix="/sandbox/kyc", tags=["sandbox"])

# The vendor's own API, called server to server with its keys: outside the browser's CSRF check.
VENDOR_PATHS = ("/login", "/v1/link-kyc/start", "/v1/link-kyc/results")
VENDOR_REFUSALS: dict[int | str, dict[str, Any]] = {
    401: {"model": VendorFailure, "description": "the vendor's refusal: unknown appId or appKey"},
    404: {"model": VendorFailure, "description": "the vendor's refusal: no such transaction"},
}

AppId = Annotated[str | None, Header(alias="appId")]
AppKey = Annotated[str | None, Header(alias="appKey")]


def _vendor_failure(refusal: kyc.VendorRefusal) -> JSONResponse:
    return JSONResponse(refusal.failure.model_dump(), status_code=refusal.failure.statusCode)


@router.post("/login", responses=VENDOR_REFUSALS, response_model=VendorAnswer[VendorToken])
async def vendor_login(body: VendorLogin, settings: SettingsDep) -> object:
    try:
        return VendorAnswer(result=VendorToken(token=kyc.access_token(settings, body)))
    except kyc.VendorRefusal as refusal:
        return _vendor_failure(refusal)


@router.post("/v1/link-kyc/start", responses=VENDOR_REFUSALS, response_model=VendorAnswer[VendorStartUrl])
async def vendor_start(
    body: VendorStart,
    request: Request,
    session: SessionDep,
    settings: SettingsDep,
    app_id: AppId = None,
    app_key: AppKey = None,
) -> object:
    try:
        kyc.check_keys(settings, app_id, app_key)
    except kyc.VendorRefusal as refusal:
        return _vendor_failure(refusal)
    base_url = str(request.url_for("vendor_widget")).removesuffix("/widget")
    url = await kyc.start_transaction(session, base_url, body, app_id or "")
    return VendorAnswer(result=VendorStartUrl(startKycUrl=url))


@router.post("/v1/link-kyc/results", responses=VENDOR_REFUSALS, response_model=VendorAnswer[VendorResults])
async def vendor_results(
    body: VendorResultsQuery,
    session: SessionDep,
    settings: SettingsDep,
    app_id: AppId = None,
    app_key: AppKey = None,
) -> object:
    try:
        kyc.check_keys(settings, app_id, app_key)
        return VendorAnswer(result=await kyc.results(session, body.transactionId))
    except kyc.VendorRefusal as refusal:
        return _vendor_failure(refusal)


@router.get(
    "/widget",
    response_class=HTMLResponse,
    responses=html_page("the widget page") | refusals(404),
    name="vendor_widget",
)
async def vendor_widget(session: SessionDep, transaction_id: Annotated[str, Query(max_length=80)]) -> HTMLResponse:
    """The stand-in for the vendor's web widget: a page where a person picks the outcome."""
    transaction = await kyc.sandbox_transaction(session, transaction_id)
    return HTMLResponse(kyc.widget_page(transaction), headers={"Content-Security-Policy": kyc.WIDGET_POLICY})


@router.post("/{transaction_id}", responses=refusals(404, 409))
async def choose_outcome(
    transaction_id: str, body: SandboxKycChoice, session: SessionDep
) -> Envelope[SandboxKycTransactionView]:
    """The widget's choice, for scripts and tests: auto_approved, auto_declined, needs_review, user_cancelled or
    error. The answer names where the widget returns the person."""
    return ok(await kyc.choose_outcome(session, transaction_id, body))


@router.post("/{transaction_id}/review", responses=refusals(404, 409))
async def review(
    transaction_id: str, body: SandboxKycReview, request: Request, session: SessionDep, settings: SettingsDep
) -> Envelope[SandboxKycReviewed]:
    """A manual review's decision on a transaction in needs_review; the vendor then posts its signed webhook."""
    view, webhook = await kyc.review(session, transaction_id, body.decision)
    await session.commit()
    webhook_status = await kyc.post_webhook(request.app.state.outbound_http, settings, webhook)
    return ok(SandboxKycReviewed(**view.model_dump(), webhook_status=webhook_status))
