"""The sandbox buyer app (sandbox/beckn_buyer.py): its controls, to send Humsafar a signed request and to list the
callbacks it received, and its bap_uri, where Humsafar's signed callbacks arrive."""

from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse

from domain.envelope import Envelope, Failure, ok
from domain.providers.beckn.ack import NETWORK_INVALID_REQUEST, NETWORK_INVALID_SIGNATURE, AckAnswer, ack, nack
from domain.providers.beckn.registry import BecknRegistry, RegistryUnavailable
from domain.providers.beckn.signing import SignatureRefused, challenge
from sandbox import beckn_buyer
from sandbox.schemas import BuyerCallback, BuyerSend, BuyerSent
from sandbox.web import SessionDep, SettingsDep

router = APIRouter(prefix=beckn_buyer.BAP_PATH, tags=["sandbox"])

# Humsafar's callbacks, server to server (signed): outside the browser's CSRF check.
CALLBACK_PREFIX = "/on_"
CALLBACKS = frozenset(
    ("search", "select", "init", "confirm", "status", "cancel", "track", "rating", "support", "update")
)
CALLBACK_REFUSALS: dict[int | str, dict[str, Any]] = {
    400: {"model": AckAnswer, "description": "the buyer app's NACK: not a callback of that action"},
    404: {"model": AckAnswer, "description": "the buyer app's NACK: no such callback"},
    401: {"model": AckAnswer, "description": "the buyer app's NACK: not signed by a key the registry lists"},
    503: {"model": AckAnswer, "description": "the buyer app's NACK: the registry cannot be asked now"},
}


def _registry(request: Request) -> BecknRegistry:
    state = request.app.state
    registry: BecknRegistry | None = getattr(state, "sandbox_buyer_registry", None)
    if registry is None:
        registry = state.sandbox_buyer_registry = beckn_buyer.registry(state.outbound_http, state.settings)
    return registry


def _nack(status_code: int, code: str, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(nack(code, message).model_dump(), status_code=status_code, headers=headers)


SEND_REFUSALS: dict[int | str, dict[str, Any]] = {
    502: {"model": Failure, "description": "Refused: Humsafar's subscriber URL could not be reached"},
}


@router.post("/send", responses=SEND_REFUSALS)
async def buyer_send(body: BuyerSend, request: Request, settings: SettingsDep) -> Envelope[BuyerSent]:
    """Signs the request as the buyer app (listed in the registry first) and sends it to Humsafar's
    /beckn/{action}: answers Humsafar's HTTP status and its ACK or NACK. The answer comes later, as a callback."""
    state = request.app.state
    return ok(await beckn_buyer.send(state.session_maker, state.outbound_http, settings, body))


@router.get("/callbacks")
async def buyer_callbacks(
    session: SessionDep, transaction_id: str = Query(min_length=1, max_length=100)
) -> Envelope[list[BuyerCallback]]:
    """The callbacks the buyer app received for a transaction, in the order they came."""
    return ok(await beckn_buyer.callbacks(session, transaction_id))


@router.post(
    CALLBACK_PREFIX + "{action}",
    responses=CALLBACK_REFUSALS,
    response_model=AckAnswer,
    response_model_exclude_none=True,
)
async def buyer_receive(request: Request, session: SessionDep, action: str) -> object:
    """A callback from a provider (Humsafar), signed (BECKN-006) in its Authorization header: ACK once kept; NACK
    when its signature, checked through the registry, is refused. Everything is answered in the protocol's words,
    the header and the path too."""
    if action not in CALLBACKS:
        return _nack(404, NETWORK_INVALID_REQUEST, f"No callback on_{action}")
    authorization = request.headers.get("Authorization")
    try:
        await beckn_buyer.receive(session, _registry(request), f"on_{action}", await request.body(), authorization)
    except SignatureRefused as refusal:
        return _nack(
            401,
            NETWORK_INVALID_SIGNATURE,
            refusal.reason,
            headers={refusal.challenge_header: challenge(beckn_buyer.REALM)},
        )
    except RegistryUnavailable:
        return _nack(503, NETWORK_INVALID_REQUEST, "The registry cannot be asked now")
    except beckn_buyer.CallbackRefused as refusal:
        return _nack(refusal.status_code, NETWORK_INVALID_REQUEST, refusal.message)
    return ack()
