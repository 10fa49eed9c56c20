"""Every SMS but a sign-in code passes here: a kept row (domain/models/safety.py KeptSms) is counted against its
number's daily cap once, then sent once, so that no number can be flooded through Humsafar by anyone.

The cap is a counter per number and IST day in PostgreSQL (`sms_daily_counts`), taken by one atomic upsert that
counts only while the count is under the cap. A notice (a new contact's) counts while the number has had fewer than
SMS_DAILY_CAP_PER_NUMBER today; an SOS's alert, reminders and resolution, and support's page, while it has had fewer
than SMS_DAILY_ALERT_CAP_PER_NUMBER: a whole incident (its alert, every reminder and its close) is some thirty SMS
to each contact, so a number can follow several real incidents in a day and no stranger's notices can use up what an
emergency needs. A message over its cap is not sent: its row is marked withheld and never tried again.

A row is counted in the transaction that marks it counted, and sent while no transaction is open, with a reference
the gateway keeps once; a crash after the count sends it without counting it again, a crash after the send sends it
again with the same reference.
"""

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from sqlalchemy import select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.sql import func

from domain import clock
from domain.db import transaction
from domain.models import EmergencyContactNotice, SafetySms, SmsDailyCount
from domain.providers.sms import SmsMessage, SmsProvider
from domain.settings import Settings

# Where the sandbox pages support (its gateway keeps the page for a tester to read) when no number is set.
SANDBOX_SUPPORT_ONCALL_NUMBER: Final = "9000000001"

KeptRow = SafetySms | EmergencyContactNotice


class SmsPriority(StrEnum):
    NOTICE = "notice"
    ALERT = "alert"


class SmsOutcome(StrEnum):
    SENT = "sent"
    WITHHELD = "withheld"
    # Sent or withheld before: nothing to do.
    SETTLED = "settled"


@dataclass(frozen=True)
class SmsCaps:
    """How many SMS of each priority one number may be sent an IST day."""

    notice: int
    alert: int

    @classmethod
    def of(cls, settings: Settings) -> "SmsCaps":
        return cls(notice=settings.sms_daily_cap_per_number, alert=settings.sms_daily_alert_cap_per_number)

    def cap(self, priority: SmsPriority) -> int:
        return self.alert if priority == SmsPriority.ALERT else self.notice


def support_oncall_number(settings: Settings) -> str | None:
    """The number support is paged at: the configured one, or the sandbox's."""
    if settings.support_oncall_number:
        return settings.support_oncall_number
    return SANDBOX_SUPPORT_ONCALL_NUMBER if settings.sandbox else None


async def count_against_cap(session: AsyncSession, mobile_number: str, cap: int) -> bool:
    """Counts one SMS to the number today; False, counting nothing, once it has had `cap` today."""
    counted = await session.scalar(
        insert(SmsDailyCount)
        .values(mobile_number=mobile_number, day=clock.today_ist(), sent=1)
        .on_conflict_do_update(
            index_elements=[SmsDailyCount.mobile_number, SmsDailyCount.day],
            set_={"sent": SmsDailyCount.sent + 1},
            where=SmsDailyCount.sent < cap,
        )
        .returning(SmsDailyCount.sent)
    )
    return counted is not None and counted <= cap


async def sent_today(session: AsyncSession, mobile_number: str) -> int:
    """How many SMS the cap has counted to the number today."""
    count = await session.scalar(
        select(SmsDailyCount.sent).where(
            SmsDailyCount.mobile_number == mobile_number, SmsDailyCount.day == clock.today_ist()
        )
    )
    return count or 0


async def send_kept(
    session_maker: async_sessionmaker[AsyncSession],
    gateway: SmsProvider,
    table: type[KeptRow],
    row_id: int,
    reference: str,
    cap: int,
) -> SmsOutcome:
    """Sends one kept SMS once, within its number's daily cap; the gateway is called with no transaction open. A
    gateway's error is raised (the row stays unsent, to be sent by the step's retry)."""
    async with transaction(session_maker) as session:
        row: KeptRow | None = await session.scalar(select(table).where(table.id == row_id).with_for_update())
        if row is None or row.sent_at is not None or row.withheld_at is not None:
            return SmsOutcome.SETTLED
        if row.counted_at is None:
            if not await count_against_cap(session, row.mobile_number, cap):
                row.withheld_at = func.now()
                return SmsOutcome.WITHHELD
            row.counted_at = func.now()
        message = SmsMessage(row.mobile_number, row.message, reference=reference)
    await gateway.send(message)
    async with transaction(session_maker) as session:
        await session.execute(
            update(table).where(table.id == row_id, table.sent_at.is_(None)).values(sent_at=func.now())
        )
    return SmsOutcome.SENT
