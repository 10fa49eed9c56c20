"""Sandbox vendors, mounted only when SANDBOX=true. The SMS outbox shows what a gateway would have sent."""

from datetime import datetime

from fastapi import APIRouter, Query
from pydantic import BaseModel
from sqlalchemy import select

from api.deps import SessionDep
from api.envelope import Envelope, ok
from domain.models import SandboxSms
from domain.rules import patterns

router = APIRouter(prefix="/sandbox", tags=["sandbox"])


class SentSms(BaseModel):
    mobile_number: str
    message: str
    code: str | None
    created_at: datetime


@router.get("/sms")
async def list_sent_sms(
    session: SessionDep, mobile_number: str = Query(pattern=patterns.PHONE)
) -> Envelope[list[SentSms]]:
    rows = await session.scalars(
        select(SandboxSms)
        .where(SandboxSms.mobile_number == mobile_number)
        .order_by(SandboxSms.created_at.desc(), SandboxSms.id.desc())
        .limit(50)
    )
    return ok(
        [
            SentSms(mobile_number=row.mobile_number, message=row.message, code=row.code, created_at=row.created_at)
            for row in rows
        ]
    )
