"""The sandbox LinkedIn (sandbox/linkedin.py)."""

from typing import Annotated, Any

from fastapi import APIRouter, Form, Header, Query
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse

from domain.envelope import Failure
from sandbox import linkedin
from sandbox.schemas import (
    OidcClaims,
    OidcFailure,
    OidcToken,
    OidcTokenRequest,
    SandboxConsent,
    SandboxConsentDecision,
)
from sandbox.web import SessionDep, SettingsDep, html_page

router = APIRouter(prefix="/sandbox/linkedin", tags=["sandbox"])

# The client calls these server to server, authenticated by its secret or a bearer token: outside the CSRF check.
PROVIDER_PATHS = ("/token",)
OIDC_REFUSALS: dict[int | str, dict[str, Any]] = {
    400: {
        "model": OidcFailure | Failure,
        "description": "OAuth's refusal (RFC 6749 §5.2), or the app's when the request fails validation",
    },
    401: {"model": OidcFailure, "description": "OAuth's refusal: the client or the token is not known"},
}


def _refused(refusal: linkedin.OidcRefusal) -> JSONResponse:
    return JSONResponse(refusal.failure.model_dump(), status_code=refusal.status_code)


@router.get(
    "/authorize",
    response_class=HTMLResponse,
    responses=html_page("the consent page") | OIDC_REFUSALS,
)
async def authorize_page(consent: Annotated[SandboxConsent, Query()], settings: SettingsDep) -> object:
    """LinkedIn's consent screen stand-in: Allow or Cancel."""
    try:
        linkedin.check_request(settings, consent)
    except linkedin.OidcRefusal as refusal:
        return _refused(refusal)
    return HTMLResponse(linkedin.consent_page(consent), headers={"Content-Security-Policy": linkedin.CONSENT_POLICY})


@router.post(
    "/authorize",
    status_code=303,
    response_class=RedirectResponse,
    responses={303: {"description": "back to the client with code and state, or with the error"}, **OIDC_REFUSALS},
)
async def authorize(
    consent: Annotated[SandboxConsentDecision, Form()], session: SessionDep, settings: SettingsDep
) -> object:
    try:
        location = await linkedin.decide(session, settings, consent, consent.decision)
    except linkedin.OidcRefusal as refusal:
        return _refused(refusal)
    return RedirectResponse(location, status_code=303)


@router.post("/token", responses=OIDC_REFUSALS, response_model=OidcToken)
async def token(form: Annotated[OidcTokenRequest, Form()], session: SessionDep, settings: SettingsDep) -> object:
    try:
        return await linkedin.exchange(session, settings, **form.model_dump())
    except linkedin.OidcRefusal as refusal:
        return _refused(refusal)


@router.get("/userinfo", responses=OIDC_REFUSALS, response_model=OidcClaims)
async def userinfo(session: SessionDep, authorization: Annotated[str | None, Header(max_length=200)] = None) -> object:
    try:
        return await linkedin.claims(session, authorization)
    except linkedin.OidcRefusal as refusal:
        return _refused(refusal)
