"""The one time helper: the service is Indian, so days begin at midnight IST."""

from datetime import UTC, date, datetime, time
from zoneinfo import ZoneInfo

IST = ZoneInfo("Asia/Kolkata")


def now() -> datetime:
    return datetime.now(UTC)


def today_ist() -> date:
    return now().astimezone(IST).date()


def start_of_ist_day(moment: datetime) -> datetime:
    return datetime.combine(moment.astimezone(IST).date(), time.min, tzinfo=IST)
