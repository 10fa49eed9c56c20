"""Taking a network request (docs/interop.md): its signature verified against the registry before anything is read,
then the request kept once by its (message_id, action) and handed to the flow that answers it, in the request's one
transaction, so the ACK leaves only once both are committed. A request sent again finds its row and changes nothing.

- a search starts its own short flow (BecknSearchWorkflow, by message_id);
- an order's first request starts the order's flow (BecknOrderWorkflow, by transaction_id) and each later one
  signals it; the order's requests are taken one at a time (a lock on its transaction id), so two arriving together
  make one start and one signal. A request that finds the order's last one older than ORDER_OPEN_FOR (its flow
  ends once idle) starts the order's next flow, its next round."""

import time
from dataclasses import dataclass

from fastapi import Request
from pydantic import ValidationError
from sqlalchemy import func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from api.beckn.schemas import NetworkRequest
from domain import clock
from domain.flows import signal_after_commit, start_after_commit
from domain.models import BecknMessage
from domain.providers.beckn.ack import SELLER_INVALID_REQUEST
from domain.providers.beckn.catalog import BadSearch, search_points
from domain.providers.beckn.registry import BecknRegistry, beckn_registry
from domain.providers.beckn.signing import VerifiedRequest, verify_request
from workflows.beckn.contracts import (
    ORDER_OPEN_FOR,
    SEARCH,
    BecknRequest,
    beckn_order_message,
    beckn_order_start,
    beckn_search_start,
)


class RequestRefused(Exception):
    """A signed request that is not a TRV10 request Humsafar takes: answered with a NACK and the spec's error."""

    def __init__(self, message: str, code: str = SELLER_INVALID_REQUEST) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def registry_of(request: Request) -> BecknRegistry:
    """The app's one registry client (its cache shared by every request), made on the first network request."""
    state = request.app.state
    registry: BecknRegistry | None = getattr(state, "beckn_registry", None)
    if registry is None:
        registry = state.beckn_registry = beckn_registry(state.outbound_http, state.settings)
    return registry


async def verified(
    registry: BecknRegistry, body: bytes, authorization: str | None, gateway_authorization: str | None
) -> VerifiedRequest:
    """Raises SignatureRefused, or RegistryUnavailable when the registry cannot say whose key signed."""
    return await verify_request(
        body, authorization, gateway_authorization, registry.signing_public_key, now=int(time.time())
    )


def same_url(first: str, second: str) -> bool:
    return first.rstrip("/") == second.rstrip("/")


def read_request(action: str, body: bytes, signer: VerifiedRequest, subscriber_url: str | None) -> NetworkRequest:
    """The request, refused unless it is a TRV10 2.0.1 request for this action from the buyer app that signed it,
    whose callbacks go where the registry lists that buyer app (`subscriber_url`): Humsafar posts to no other
    address on a request's word."""
    try:
        request = NetworkRequest.model_validate_json(body)
    except ValidationError as error:
        where = ".".join(str(step) for step in error.errors()[0]["loc"])
        raise RequestRefused(f"Not a TRV10 2.0.1 request: {where or 'the body'} is refused") from None
    context = request.context
    if context.action != action:
        raise RequestRefused(f"context.action is {context.action}, sent to /{action}")
    if context.bap_id != signer.sender.subscriber_id:
        raise RequestRefused("context.bap_id is not the subscriber that signed the request")
    if subscriber_url is None or not same_url(context.bap_uri, subscriber_url):
        raise RequestRefused("context.bap_uri is not the subscriber_url the registry lists for context.bap_id")
    if action == SEARCH:
        try:
            search_points(request.model_dump())
        except BadSearch:
            raise RequestRefused("The search's fulfillment needs START and END stops with gps") from None
    return request


@dataclass(frozen=True)
class Taken:
    """Whether the request was new (False: sent again, and already taken)."""

    new: bool


async def take(session: AsyncSession, action: str, request: NetworkRequest) -> Taken:
    context = request.context
    request_id = await session.scalar(
        insert(BecknMessage)
        .values(
            message_id=context.message_id,
            action=action,
            transaction_id=context.transaction_id,
            bap_id=context.bap_id,
            bap_uri=context.bap_uri,
            request=request.model_dump(mode="json"),
        )
        .on_conflict_do_nothing(constraint="uq_beckn_messages_message_id_action")
        .returning(BecknMessage.id)
    )
    if request_id is None:
        return Taken(new=False)
    kept = BecknRequest(request_id, action, context.message_id)
    if action == SEARCH:
        await start_after_commit(session, beckn_search_start(context.transaction_id, kept))
        return Taken(new=True)
    # One order's requests one at a time, to the end of this transaction: the first starts its flow.
    order_key = func.hashtextextended(f"beckn-order:{context.transaction_id}", 0)
    await session.execute(select(func.pg_advisory_xact_lock(order_key)))
    last = (
        await session.execute(
            select(BecknMessage.order_round, BecknMessage.received_at)
            .where(
                BecknMessage.transaction_id == context.transaction_id,
                BecknMessage.order_round.is_not(None),
                BecknMessage.id != request_id,
            )
            .order_by(BecknMessage.id.desc())
            .limit(1)
        )
    ).first()
    if last is not None and last.received_at > clock.now() - ORDER_OPEN_FOR:
        order_round = int(last.order_round)
        await signal_after_commit(session, beckn_order_message(context.transaction_id, order_round, kept))
    else:
        order_round = 1 if last is None else int(last.order_round) + 1
        await start_after_commit(session, beckn_order_start(context.transaction_id, order_round, kept))
    await session.execute(update(BecknMessage).where(BecknMessage.id == request_id).values(order_round=order_round))
    return Taken(new=True)
