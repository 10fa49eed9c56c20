"""The sandbox network registry (sandbox/beckn_registry.py)."""

from typing import Annotated, Any

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse

from domain.providers.beckn.ack import NETWORK_INVALID_SIGNATURE, AckAnswer, nack
from domain.providers.beckn.registry import Subscription
from domain.providers.beckn.signing import SignatureRefused, challenge
from sandbox import beckn_registry
from sandbox.schemas import RegistryLookup, RegistrySubscribe, RegistrySubscribed
from sandbox.web import SessionDep, SettingsDep

router = APIRouter(prefix="/sandbox/beckn/registry", tags=["sandbox"])

# The registry's own API, called server to server by the network's participants: outside the browser's CSRF check.
REGISTRY_PATHS = ("/subscribe", "/lookup")
NACK = "the registry's NACK"
SUBSCRIBE_REFUSALS: dict[int | str, dict[str, Any]] = {
    409: {"model": AckAnswer, "description": f"{NACK}: the subscriber id is Humsafar's own"},
}
LOOKUP_REFUSALS: dict[int | str, dict[str, Any]] = {
    401: {"model": AckAnswer, "description": f"{NACK}: the lookup is not signed by a key the registry lists"},
}


def _refused(status_code: int, code: str, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(nack(code, message).model_dump(), status_code=status_code, headers=headers)


@router.post("/subscribe", responses=SUBSCRIBE_REFUSALS, response_model=RegistrySubscribed)
async def registry_subscribe(body: RegistrySubscribe, session: SessionDep, settings: SettingsDep) -> object:
    """Lists a buyer app's (or a gateway's) signing key by its subscriber id and unique key id, subscribed at once."""
    try:
        await beckn_registry.subscribe(session, settings, body)
    except beckn_registry.RegistryRefusal as refusal:
        return _refused(refusal.status_code, refusal.code, refusal.message)
    return RegistrySubscribed(status="SUBSCRIBED")


@router.post(
    "/lookup",
    responses=LOOKUP_REFUSALS,
    response_model=list[Subscription],
    response_model_exclude_none=True,
)
async def registry_lookup(
    query: RegistryLookup,
    request: Request,
    session: SessionDep,
    settings: SettingsDep,
    authorization: Annotated[str | None, Header(max_length=1000)] = None,
) -> object:
    """Every subscription matching the query (Humsafar's own among them), to a caller signing the lookup with a key
    the registry lists (BECKN-006)."""
    try:
        return await beckn_registry.lookup(session, settings, query, await request.body(), authorization)
    except SignatureRefused as refusal:
        return _refused(
            401,
            NETWORK_INVALID_SIGNATURE,
            refusal.reason,
            headers={refusal.challenge_header: challenge(beckn_registry.REALM)},
        )
