"""The sandbox SMS outbox (sandbox/sms.py): what a gateway would have sent."""

from fastapi import APIRouter, Query

from domain.envelope import Envelope, ok
from domain.rules import patterns
from sandbox.schemas import SentSms
from sandbox.sms import sms_sent_to
from sandbox.web import SessionDep

router = APIRouter(prefix="/sandbox", tags=["sandbox"])


@router.get("/sms")
async def list_sent_sms(
    session: SessionDep, mobile_number: str = Query(pattern=patterns.PHONE)
) -> Envelope[list[SentSms]]:
    return ok(await sms_sent_to(session, mobile_number))
