"""A trip completes when it is over: its ends' distance at a city speed plus a margin, within the longest delay."""

import pytest

from domain.rules.geo import distance_km
from domain.rules.trip import completion_delay_seconds
from domain.settings import Settings

HOURS = 3600
# Koramangala and Whitefield (tests/places.py), about 14 km apart.
KORAMANGALA = (12.9352, 77.6245)
WHITEFIELD = (12.9698, 77.7500)


def delay(distance: float) -> int:
    return completion_delay_seconds(distance, city_speed_kmh=20.0, margin_seconds=HOURS, longest_seconds=6 * HOURS)


@pytest.mark.parametrize(
    ("distance", "seconds"),
    [
        (0.0, HOURS),  # the same place: the margin alone
        (10.0, HOURS + 30 * 60),  # half an hour at 20 km/h
        (40.0, 3 * HOURS),  # Koramangala to the airport, about 40 km: two hours and the margin
        (0.001, HOURS + 1),  # a part of a second counts as a whole one
        (100.0, 6 * HOURS),  # farther than the city: never later than the longest delay
    ],
)
def test_a_trip_completes_its_travel_time_and_the_margin_after_departure(distance: float, seconds: int) -> None:
    assert delay(distance) == seconds


def test_a_faster_city_or_a_smaller_margin_completes_sooner() -> None:
    slow = completion_delay_seconds(30.0, city_speed_kmh=15.0, margin_seconds=HOURS, longest_seconds=6 * HOURS)
    fast = completion_delay_seconds(30.0, city_speed_kmh=30.0, margin_seconds=HOURS, longest_seconds=6 * HOURS)
    tight = completion_delay_seconds(30.0, city_speed_kmh=30.0, margin_seconds=600, longest_seconds=6 * HOURS)
    assert (slow, fast, tight) == (3 * HOURS, 2 * HOURS, HOURS + 600)


def test_the_settings_give_the_rule_its_speed_margin_and_longest_delay() -> None:
    settings = Settings(
        _env_file=None,
        sandbox=True,
        trip_city_speed_kmh=20.0,
        trip_completion_margin_seconds=HOURS,
        trip_completion_delay_seconds=6 * HOURS,
    )
    across_town = distance_km(*KORAMANGALA, *WHITEFIELD)
    assert settings.trip_completion_delay_for(across_town) == delay(across_town) < 2 * HOURS
    assert (
        Settings(_env_file=None, sandbox=True, trip_completion_delay_seconds=60).trip_completion_delay_for(40.0) == 60
    )
