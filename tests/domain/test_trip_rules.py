"""A host's create and edit of a trip (domain/rules/trip.py, SPEC §5): each refusal at its edges."""

from datetime import datetime, timedelta
from decimal import Decimal

import pytest

from domain.rules import messages
from domain.rules.refusal import invalid
from domain.rules.trip import (
    cost_refusal,
    moved_departure_refusal,
    new_departure_refusal,
    no_change_refusal,
    places_change_refusal,
    seats_refusal,
)
from domain.rules.zone import IST

# A Wednesday morning in India.
NOW = datetime(2026, 11, 25, 8, 0, tzinfo=IST)
# The date picker's last day from NOW: 5 years on, in India.
LAST_MINUTE_AHEAD = datetime(2031, 11, 25, 23, 59, tzinfo=IST)
FIRST_MOMENT_BEYOND = datetime(2031, 11, 26, 0, 0, tzinfo=IST)
SECOND = timedelta(seconds=1)


@pytest.mark.parametrize("cost", [None, Decimal(0)])
def test_a_booked_vehicle_needs_a_cost(cost):
    assert cost_refusal(is_vehicle_booked=True, estimated_cost=cost) == invalid(messages.TRIP_COST_REQUIRED)


@pytest.mark.parametrize("cost", [Decimal("0.01"), Decimal(150)])
def test_a_booked_vehicle_with_a_cost_is_kept(cost):
    assert cost_refusal(is_vehicle_booked=True, estimated_cost=cost) is None


@pytest.mark.parametrize("cost", [None, Decimal(0), Decimal(150)])
def test_a_trip_not_booked_needs_no_cost(cost):
    assert cost_refusal(is_vehicle_booked=False, estimated_cost=cost) is None


DEPARTURE_RULES = [
    (new_departure_refusal, messages.TRIP_CREATE_IN_PAST, messages.TRIP_CREATE_TOO_FAR),
    (moved_departure_refusal, messages.TRIP_EDIT_TO_PAST, messages.TRIP_EDIT_TOO_FAR),
]


@pytest.mark.parametrize(("rule", "in_past", "_"), DEPARTURE_RULES)
@pytest.mark.parametrize("departure", [NOW - timedelta(days=1), NOW - SECOND, NOW], ids=["day", "second", "now"])
def test_a_departure_now_or_before_is_refused(rule, in_past, _, departure):
    assert rule(departure, NOW) == invalid(in_past)


@pytest.mark.parametrize(("rule", "_", "__"), DEPARTURE_RULES)
@pytest.mark.parametrize("departure", [NOW + SECOND, LAST_MINUTE_AHEAD], ids=["next-second", "last-day"])
def test_a_departure_after_now_within_the_picker_is_kept(rule, _, __, departure):
    assert rule(departure, NOW) is None


@pytest.mark.parametrize(("rule", "_", "too_far"), DEPARTURE_RULES)
def test_a_departure_past_the_pickers_last_day_is_refused(rule, _, too_far):
    assert rule(FIRST_MOMENT_BEYOND, NOW) == invalid(too_far)


@pytest.mark.parametrize(("rule", "_", "too_far"), DEPARTURE_RULES)
def test_the_pickers_last_day_is_counted_in_india(rule, _, too_far):
    # 18:29 UTC on the last day is 23:59 in India; 18:30 UTC is already the next day there (00:00 IST).
    assert rule(datetime.fromisoformat("2031-11-25T18:29:00+00:00"), NOW) is None
    assert rule(datetime.fromisoformat("2031-11-25T18:30:00+00:00"), NOW) == invalid(too_far)


@pytest.mark.parametrize(("rule", "_", "too_far"), DEPARTURE_RULES)
def test_from_29_february_the_last_day_is_28_february(rule, _, too_far):
    leap_day = datetime(2028, 2, 29, 9, 0, tzinfo=IST)
    assert rule(datetime(2033, 2, 28, 23, 59, tzinfo=IST), leap_day) is None
    assert rule(datetime(2033, 3, 1, 0, 0, tzinfo=IST), leap_day) == invalid(too_far)


@pytest.mark.parametrize(
    ("origin_sent", "destination_sent"), [(True, False), (False, True), (True, True)], ids=["from", "to", "both"]
)
def test_an_edit_may_not_move_the_trips_ends(origin_sent, destination_sent):
    refusal = places_change_refusal(origin_sent=origin_sent, destination_sent=destination_sent)
    assert refusal == invalid(messages.TRIP_PLACES_LOCKED)


def test_an_edit_without_ends_is_kept():
    assert places_change_refusal(origin_sent=False, destination_sent=False) is None


def test_an_edit_that_changes_nothing_is_refused():
    assert no_change_refusal({}.keys()) == invalid(messages.NOTHING_UPDATED)
    assert no_change_refusal(()) == invalid(messages.NOTHING_UPDATED)


def test_an_edit_that_changes_a_field_is_kept():
    assert no_change_refusal({"total_passengers": 3}.keys()) is None


def test_seats_fewer_than_the_people_on_the_trip_are_refused():
    assert seats_refusal(2, 3) == invalid(messages.TRIP_PASSENGERS_BELOW_JOINED)
    assert seats_refusal(1, 4) == invalid(messages.TRIP_PASSENGERS_BELOW_JOINED)


@pytest.mark.parametrize(("seats", "people"), [(3, 3), (4, 3), (1, 1)], ids=["as-many", "more", "host-alone"])
def test_seats_for_everyone_on_the_trip_are_kept(seats, people):
    assert seats_refusal(seats, people) is None
