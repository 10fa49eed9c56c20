"""The sandbox SMS gateway: speaks the gateway's protocol (domain/providers/sms.py) and keeps what it would have
delivered, so a tester can read the one-time code of any number."""

import hmac

from fastapi import status
from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain import sandbox as sandbox_vendors
from domain.providers.sms import COUNTRY_CODE, sign_in_code_in
from sandbox.models import SandboxSms
from sandbox.schemas import SentSms, SmsGatewayMessage, SmsGatewayReceipt
from sandbox.web import SandboxRefusal

# A tester wants the latest code, not a number's whole history.
SHOWN_SMS = 50
UNKNOWN_KEY = "Invalid API key"


def check_key(authorization: str | None) -> None:
    given = (authorization or "").removeprefix("Bearer ").strip()
    if not hmac.compare_digest(given.encode(), sandbox_vendors.SMS_GATEWAY_API_KEY.encode()):
        raise SandboxRefusal(UNKNOWN_KEY, status.HTTP_401_UNAUTHORIZED)


async def accept(session: AsyncSession, message: SmsGatewayMessage) -> SmsGatewayReceipt:
    """Keeps the message as delivered to the number; one sent again with the same reference is kept once, and
    answered with the same receipt."""
    kept = await session.scalar(
        insert(SandboxSms)
        .values(
            mobile_number=message.to.removeprefix(COUNTRY_CODE),
            message=message.message,
            code=sign_in_code_in(message.message),
            reference=message.reference,
        )
        .on_conflict_do_nothing(index_elements=[SandboxSms.reference])
        .returning(SandboxSms.id)
    )
    if kept is None:
        kept = await session.scalar(select(SandboxSms.id).where(SandboxSms.reference == message.reference))
    return SmsGatewayReceipt(message_id=f"sms_{kept}")


async def sms_sent_to(session: AsyncSession, mobile_number: str) -> list[SentSms]:
    """The messages sent to the number, newest first."""
    rows = await session.scalars(
        select(SandboxSms)
        .where(SandboxSms.mobile_number == mobile_number)
        .order_by(SandboxSms.created_at.desc(), SandboxSms.id.desc())
        .limit(SHOWN_SMS)
    )
    return [
        SentSms(mobile_number=row.mobile_number, message=row.message, code=row.code, created_at=row.created_at)
        for row in rows
    ]
