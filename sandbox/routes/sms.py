"""The sandbox SMS gateway (sandbox/sms.py): the gateway's own API, and what it would have delivered."""

from typing import Annotated

from fastapi import APIRouter, Header, Query

from domain.envelope import Envelope, ok
from domain.rules import patterns
from sandbox import sms
from sandbox.schemas import SentSms, SmsGatewayMessage, SmsGatewayReceipt
from sandbox.web import SessionDep, refusals

router = APIRouter(prefix="/sandbox", tags=["sandbox"])

# The gateway's own API, called server to server with its key: outside the browser's CSRF check.
GATEWAY_PATH = "/sms/gateway"


@router.post(GATEWAY_PATH, responses=refusals(401))
async def gateway_send(
    body: SmsGatewayMessage,
    session: SessionDep,
    authorization: Annotated[str | None, Header(max_length=200)] = None,
) -> Envelope[SmsGatewayReceipt]:
    """A message to deliver, kept as delivered; a sign-in message's code is kept beside it."""
    sms.check_key(authorization)
    return ok(await sms.accept(session, body))


@router.get("/sms")
async def list_sent_sms(
    session: SessionDep, mobile_number: str = Query(pattern=patterns.PHONE)
) -> Envelope[list[SentSms]]:
    return ok(await sms.sms_sent_to(session, mobile_number))
