"""The sandbox SMS outbox: keeps what a gateway would have sent, so a tester can read the one-time code of any
number. `sms_providers` is where the API (sign-in codes) and the worker choose between it and the real gateway."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.providers.sms import SmsMessage, SmsProvider, SmsProviders
from domain.settings import Settings
from sandbox.models import SandboxSms
from sandbox.schemas import SentSms

# A tester wants the latest code, not a number's whole history.
SHOWN_SMS = 50


class SandboxOutbox:
    """Keeps each message in the sandbox outbox, in the caller's transaction."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def send(self, message: SmsMessage) -> None:
        self.session.add(SandboxSms(mobile_number=message.mobile_number, message=message.text, code=message.code))
        await self.session.flush()


def sms_providers(settings: Settings, gateway: SmsProvider) -> SmsProviders:
    """Where a caller's messages go: the sandbox outbox, in the caller's transaction, only with SANDBOX=true; the
    gateway otherwise."""
    if settings.sandbox:
        return SandboxOutbox

    def the_gateway(_: AsyncSession) -> SmsProvider:
        return gateway

    return the_gateway


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
