"""A commute series (SPEC: commuters repeat the same trip on weekdays), kept once: which days it makes a trip for.

Each occurrence is an ordinary trip, made once per series and day however often the series' schedule runs, and only
while the series runs, its last day has not passed and the time is still ahead."""

from collections.abc import Collection, Iterator
from datetime import date, datetime, time, timedelta

from domain.rules import messages
from domain.rules.refusal import Refusal, invalid
from domain.rules.trip import too_far_ahead
from domain.rules.zone import IST

ISO_WEEKDAYS = range(1, 8)


def occurrences(
    weekdays: Collection[int], departs_at: time, until: date | None, now: datetime, horizon_days: int
) -> Iterator[tuple[date, datetime]]:
    """The days from today (IST) to the horizon that the series makes a trip for, each with its departure."""
    today = now.astimezone(IST).date()
    for offset in range(horizon_days + 1):
        day = today + timedelta(days=offset)
        if until is not None and day > until:
            return
        departure = datetime.combine(day, departs_at, tzinfo=IST)
        if day.isoweekday() in weekdays and departure > now:
            yield day, departure


def weekdays_refusal(weekdays: Collection[int]) -> Refusal | None:
    if not weekdays or any(day not in ISO_WEEKDAYS for day in weekdays):
        return invalid(messages.COMMUTE_DAYS_REQUIRED)
    return None


def until_refusal(until: date | None, now: datetime) -> Refusal | None:
    """A series' last day, when it has one: not before today (IST), nor beyond the date picker's reach."""
    if until is None:
        return None
    if until < now.astimezone(IST).date():
        return invalid(messages.COMMUTE_UNTIL_PAST)
    if too_far_ahead(until, now):
        return invalid(messages.COMMUTE_UNTIL_TOO_FAR)
    return None
