"""Sandbox vendors, mounted only when SANDBOX=true. The SMS outbox shows what a gateway would have sent."""

from fastapi import APIRouter, Query

from api.deps import SessionDep
from api.sandbox.sms import sms_sent_to
from api.schemas.sandbox import SentSms
from domain.envelope import Envelope, ok
from domain.rules import patterns

router = APIRouter(prefix="/sandbox", tags=["sandbox"])


@router.get("/sms")
async def list_sent_sms(
    session: SessionDep, mobile_number: str = Query(pattern=patterns.PHONE)
) -> Envelope[list[SentSms]]:
    return ok(await sms_sent_to(session, mobile_number))
