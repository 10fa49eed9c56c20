"""The sandbox's stand-in vendors. Its SMS outbox keeps what a gateway would have sent, so a tester can read the
one-time code of any number."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.schemas.sandbox import SentSms
from domain.models import SandboxSms

# A tester wants the latest code, not a number's whole history.
SHOWN_SMS = 50


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
