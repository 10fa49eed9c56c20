"""Which days a commute series makes a trip for (domain/rules/commute.py)."""

from datetime import date, datetime, time

from domain.clock import IST
from domain.rules import messages
from domain.rules.commute import occurrences, weekdays_refusal
from domain.rules.refusal import invalid

# A Wednesday morning in India.
NOW = datetime(2026, 11, 25, 8, 0, tzinfo=IST)


def test_weekdays_within_the_horizon_and_only_ahead():
    days = [day for day, _ in occurrences([1, 3, 5], time(9, 0), None, NOW, horizon_days=7)]
    assert days == [date(2026, 11, 25), date(2026, 11, 27), date(2026, 11, 30), date(2026, 12, 2)]
    late = [day for day, _ in occurrences([3], time(7, 0), None, NOW, horizon_days=7)]
    assert late == [date(2026, 12, 2)], "today's 07:00 has passed"


def test_the_last_day_ends_the_series():
    days = [day for day, _ in occurrences([1, 2, 3, 4, 5, 6, 7], time(9, 0), date(2026, 11, 26), NOW, 7)]
    assert days == [date(2026, 11, 25), date(2026, 11, 26)]


def test_departures_are_in_india_time():
    [(_, departure)] = list(occurrences([3], time(18, 30), None, NOW, horizon_days=0))
    assert departure == datetime(2026, 11, 25, 18, 30, tzinfo=IST)


def test_days_must_be_iso_weekdays():
    assert weekdays_refusal([]) == invalid(messages.COMMUTE_DAYS_REQUIRED)
    assert weekdays_refusal([0, 8]) == invalid(messages.COMMUTE_DAYS_REQUIRED)
    assert weekdays_refusal([1, 7]) is None
