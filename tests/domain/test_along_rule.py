"""Riders along the way (domain/rules/along.py) with the straight-line estimate (domain/routing.py): the order of
pick-up and drop, the host's budget at its edges, and no budget at all."""

from datetime import datetime

import pytest

from domain.routing import StraightLineTravel, detour_budget_m, estimated_travel, speed_kmh
from domain.rules import messages
from domain.rules.along import Point, along_detour, at_the_ends, same_direction, stop_refusal
from domain.rules.choices import TRANSPORT_AUTO, TRANSPORT_CAB
from domain.rules.geo import distance_km
from domain.rules.zone import IST
from domain.settings import Settings

# Electronic City to Hebbal, and a rider from HSR Layout to Shivajinagar: on the host's way, the same direction.
ELECTRONIC_CITY, HEBBAL = Point(12.8452, 77.6602), Point(13.0358, 77.5970)
HSR_LAYOUT, SHIVAJINAGAR = Point(12.9116, 77.6474), Point(12.9857, 77.6057)
TRAVEL = StraightLineTravel(circuity=1.3, speed_kmh=24.0)


def test_a_rider_on_the_way_matches_with_a_few_minutes_of_detour() -> None:
    detour = along_detour(ELECTRONIC_CITY, HEBBAL, HSR_LAYOUT, SHIVAJINAGAR, TRAVEL, 10)
    assert detour is not None and 0 < detour < 10


def test_the_reverse_direction_is_refused_however_small_the_detour() -> None:
    assert not same_direction(ELECTRONIC_CITY, HEBBAL, SHIVAJINAGAR, HSR_LAYOUT)
    assert along_detour(ELECTRONIC_CITY, HEBBAL, SHIVAJINAGAR, HSR_LAYOUT, TRAVEL, 30) is None
    refusal = stop_refusal(ELECTRONIC_CITY, HEBBAL, SHIVAJINAGAR, HSR_LAYOUT, TRAVEL, 30)
    assert refusal is not None and refusal.message == messages.JOIN_STOPS_WRONG_WAY


def test_no_budget_means_riders_at_the_ends_only() -> None:
    assert along_detour(ELECTRONIC_CITY, HEBBAL, HSR_LAYOUT, SHIVAJINAGAR, TRAVEL, 0) is None


@pytest.mark.parametrize("budget", [5, 10, 15, 20, 30])
def test_the_budget_holds_at_its_edge(budget: int) -> None:
    """A pick-up moved off the way until its detour is just within the budget, then just beyond it."""

    def detour_at(offset: float) -> float | None:
        pickup = Point(HSR_LAYOUT.latitude, HSR_LAYOUT.longitude + offset)
        return along_detour(ELECTRONIC_CITY, HEBBAL, pickup, SHIVAJINAGAR, TRAVEL, budget)

    low, high = 0.0, 1.0
    for _ in range(60):
        middle = (low + high) / 2
        low, high = (middle, high) if detour_at(middle) is not None else (low, middle)
    within, beyond = detour_at(low), detour_at(high + 1e-9)
    assert within is not None and within == pytest.approx(budget, abs=1e-3)
    assert beyond is None
    refusal = stop_refusal(
        ELECTRONIC_CITY,
        HEBBAL,
        Point(HSR_LAYOUT.latitude, HSR_LAYOUT.longitude + high + 1e-6),
        SHIVAJINAGAR,
        TRAVEL,
        budget,
    )
    assert refusal is not None and refusal.message == messages.JOIN_STOPS_OUT_OF_WAY


def test_the_estimate_is_the_straight_line_times_the_circuity_at_the_speed() -> None:
    km = distance_km(HSR_LAYOUT.latitude, HSR_LAYOUT.longitude, SHIVAJINAGAR.latitude, SHIVAJINAGAR.longitude)
    assert TRAVEL.minutes(HSR_LAYOUT, SHIVAJINAGAR) == pytest.approx(km * 1.3 / 24 * 60)
    # The budget in straight-line metres is what the estimate covers in that time.
    assert TRAVEL.reach_m(TRAVEL.minutes(HSR_LAYOUT, SHIVAJINAGAR)) == pytest.approx(km * 1000)


def test_speeds_follow_the_mode_and_the_peak_hours() -> None:
    settings = Settings()
    peak, night = datetime(2026, 12, 1, 9, 0, tzinfo=IST), datetime(2026, 12, 1, 23, 0, tzinfo=IST)
    assert speed_kmh(settings, TRANSPORT_CAB, peak) == settings.route_peak_speed_kmh
    assert speed_kmh(settings, TRANSPORT_CAB, night) == settings.route_speed_kmh
    assert speed_kmh(settings, TRANSPORT_AUTO, night) == settings.route_speed_kmh * settings.route_auto_speed_factor
    # Ten minutes reach less far in the peak than at night.
    assert detour_budget_m(settings, TRANSPORT_CAB, peak, 10) < detour_budget_m(settings, TRANSPORT_CAB, night, 10)
    assert estimated_travel(settings, TRANSPORT_CAB, night).reach_m(0) == 0


def test_the_ends_match_when_both_stops_are_within_the_radius_of_their_ends() -> None:
    near_start, near_end = Point(12.8500, 77.6600), Point(13.0300, 77.5970)
    assert at_the_ends(ELECTRONIC_CITY, HEBBAL, near_start, near_end, 5.0)
    assert not at_the_ends(ELECTRONIC_CITY, HEBBAL, HSR_LAYOUT, near_end, 5.0)
    # Each stop is held to its own end: swapped, neither is near.
    assert not at_the_ends(ELECTRONIC_CITY, HEBBAL, near_end, near_start, 5.0)
