"""The one time helper: the service is Indian, so days begin at midnight IST."""

from datetime import UTC, date, datetime, time

from domain.rules.zone import IST


def now() -> datetime:
    return datetime.now(UTC)


def today_ist() -> date:
    return now().astimezone(IST).date()


def start_of_ist_day(moment: datetime) -> datetime:
    return datetime.combine(moment.astimezone(IST).date(), time.min, tzinfo=IST)


def parse_ist_minute(text: str) -> datetime:
    """'YYYY-MM-DD HH:MM' in IST, as an aware datetime. Raises ValueError for anything else."""
    return datetime.strptime(text.strip(), "%Y-%m-%d %H:%M").replace(tzinfo=IST)


def format_ist_minute(moment: datetime) -> str:
    return moment.astimezone(IST).strftime("%Y-%m-%d %H:%M")
