"""Humsafar as a provider platform on ONDC's mobility network: `POST /beckn/{action}`, at the app's root (its
subscriber URL is `{PUBLIC_APP_URL}/beckn`), called by buyer apps and gateways, never by a browser: outside the
API's envelope, its OpenAPI document (the network's is trv10-2.0.1-build.yaml) and the browser's CSRF check.

Every answer is the protocol's ACK or NACK (domain/providers/beckn/ack.py): ACK once the request is kept and its
answer's flow is on its way; 401 with a NACK and the challenge for a signature refused; 503 with a NACK while the
registry cannot say whose key signed; 400 with a NACK and the error for a request that is not a TRV10 one; 404 with
a NACK for an action a provider does not take."""

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from api.beckn.schemas import ACTIONS
from api.beckn.service import RequestRefused, read_request, registry_of, take, verified
from api.deps import SessionDep
from domain.providers.beckn.ack import SELLER_INVALID_REQUEST, SELLER_INVALID_SIGNATURE, AckAnswer, ack, nack
from domain.providers.beckn.registry import RegistryUnavailable
from domain.providers.beckn.signing import AUTHORIZATION, GATEWAY_AUTHORIZATION, SignatureRefused, challenge

router = APIRouter(tags=["beckn"], include_in_schema=False)

# At the app's root, not under /api (api/main.py ROOT_AREAS).
PATH = "/beckn"
# The realm of Humsafar's challenge to a request it cannot verify.
REALM = "humsafar"
# The network's error while the registry cannot be asked (ONDC-RFC-001: the seller's internal error).
SELLER_INTERNAL_ERROR = "31001"


def answer(protocol_answer: AckAnswer, status_code: int = 200, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(protocol_answer.model_dump(exclude_none=True), status_code=status_code, headers=headers)


@router.post(PATH + "/{action}")
async def network_request(action: str, request: Request, session: SessionDep) -> JSONResponse:
    """A buyer app's signed request: ACK once kept, answered later by `on_{action}` at its bap_uri. The headers are
    read here, so that every refusal is in the protocol's words."""
    if action not in ACTIONS:
        return answer(nack(SELLER_INVALID_REQUEST, f"Humsafar does not answer /{action}"), 404)
    authorization = request.headers.get(AUTHORIZATION)
    gateway_authorization = request.headers.get(GATEWAY_AUTHORIZATION)
    body = await request.body()
    registry = registry_of(request)
    try:
        signer = await verified(registry, body, authorization, gateway_authorization)
        # Known now: the signature's check looked the signer up.
        listed = await registry.subscription(signer.sender)
    except SignatureRefused as refusal:
        return answer(nack(SELLER_INVALID_SIGNATURE, refusal.reason), 401, {refusal.challenge_header: challenge(REALM)})
    except RegistryUnavailable:
        return answer(nack(SELLER_INTERNAL_ERROR, "The registry cannot be asked now; send the request again"), 503)
    try:
        network_request = read_request(action, body, signer, None if listed is None else listed.subscriber_url)
    except RequestRefused as refusal:
        return answer(nack(refusal.code, refusal.message), 400)
    await take(session, action, network_request)
    return answer(ack())
