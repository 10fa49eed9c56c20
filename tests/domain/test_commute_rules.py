"""Which days a commute series makes a trip for (domain/rules/commute.py)."""

from datetime import UTC, date, datetime, time, timedelta

from domain.clock import IST
from domain.rules import messages
from domain.rules.commute import occurrences, until_refusal, weekdays_refusal
from domain.rules.refusal import invalid
from domain.rules.trip import last_day_ahead

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


def test_a_last_day_from_today_to_the_date_pickers_reach_is_kept():
    assert until_refusal(None, NOW) is None
    assert until_refusal(date(2026, 11, 25), NOW) is None, "today is still ahead"
    assert until_refusal(date(2026, 11, 24), NOW) == invalid(messages.COMMUTE_UNTIL_PAST)
    reach = last_day_ahead(date(2026, 11, 25))
    assert until_refusal(reach, NOW) is None
    assert until_refusal(reach + timedelta(days=1), NOW) == invalid(messages.COMMUTE_UNTIL_TOO_FAR)


def test_today_for_the_last_day_is_indias():
    # 20:00 UTC on the 24th is already the 25th in India: the 24th has passed there.
    evening = datetime(2026, 11, 24, 20, 0, tzinfo=UTC)
    assert until_refusal(date(2026, 11, 24), evening) == invalid(messages.COMMUTE_UNTIL_PAST)
    assert until_refusal(date(2026, 11, 25), evening) is None
