"""Riders along the way keep the approximate-ends rule (SPEC §6): a stranger who searches from many chosen
pick-ups round a host's start and reads every figure of each match (walk, detour minutes, pick-up) cannot locate the
host's exact start any better than its 500 m cell, which they are shown anyway.

The attack is least squares over all the figures: for a guessed start O, each match at the ends says |P - O| is its
walk, each match along the way that the host's extra distance for O→P→Q→D lies within its detour minute (the minute
is worth a known distance: domain/routing.py, the trip's mode and hour). Run on figures measured from the exact start
the same attack finds it (the control), so the test would catch a figure that leaked it."""

import math
import random
from datetime import date, datetime, time, timedelta

import pytest

from domain import clock
from domain.routing import estimated_travel
from domain.rules import choices
from domain.rules.along import MatchKind
from domain.rules.geo import approximate, distance_km
from tests.api.conftest import new_person, place
from tests.api.test_search_along import found, host_trip, searched
from tests.api.test_trip_privacy import off_centre

pytestmark = pytest.mark.usefixtures("worker")

# A host from south Bengaluru to 28 km north, at noon.
START = off_centre(12.9000, 77.6000)
END = off_centre(13.1500, 77.6100)
PROBE_STEP_KM, PROBE_REACH = 0.3, 6  # pick-ups every 300 m, up to 1.8 km each way round the start


def _moved(point: tuple[float, float], north_km: float, east_km: float) -> tuple[float, float]:
    return point[0] + north_km / 111.32, point[1] + east_km / (111.32 * math.cos(math.radians(point[0])))


def _extra_m(start: tuple[float, float], pickup, drop, end: tuple[float, float]) -> float:
    legs = distance_km(*start, *pickup) + distance_km(*pickup, *drop) + distance_km(*drop, *end)
    return (legs - distance_km(*start, *end)) * 1000


def _misfit(start: tuple[float, float], observations: list[tuple], end: tuple[float, float], minute_m: float) -> float:
    """The sum of squared residuals (metres) of the figures for a guessed start."""
    total = 0.0
    for kind, pickup, drop, figure in observations:
        if kind == MatchKind.ENDS:
            total += (distance_km(*start, *pickup) * 1000 - figure) ** 2
        else:  # the extra distance lies within the figure's minute: its middle
            total += (_extra_m(start, pickup, drop, end) - (figure - 0.5) * minute_m) ** 2
    return total


def trilaterate(observations: list[tuple], end: tuple[float, float], around: tuple[float, float], minute_m: float):
    """The start that fits the figures best: a 50 m grid over 1.5 km round `around`, then a 5 m grid round the best."""
    best = around
    for step_km, steps in ((0.05, 30), (0.005, 10)):
        centre = best
        candidates = [
            _moved(centre, north * step_km, east * step_km)
            for north in range(-steps, steps + 1)
            for east in range(-steps, steps + 1)
        ]
        best = min(candidates, key=lambda start: _misfit(start, observations, end, minute_m))
    return best


@pytest.fixture
def day() -> date:
    return clock.now().astimezone(clock.IST).date() + timedelta(days=random.randint(100, 1500))


async def test_many_chosen_pick_ups_do_not_give_away_the_hosts_start(signed_in, app, day, api_settings):
    start_place, end_place = place("Home", *START), place("Office", *END)
    trip_id = await host_trip(signed_in, day, start_place, end_place, preferred_mode_of_transport=choices.TRANSPORT_CAB)
    cell, end_cell = approximate(*START), approximate(*END)
    assert distance_km(*START, *cell) > 0.2
    # The drop: half-way along the shown way (an along-the-way match), or the shown end (a match at the ends).
    half_way = ((cell[0] + end_cell[0]) / 2, (cell[1] + end_cell[1]) / 2)
    departure = datetime.combine(day, time(12, 0), tzinfo=clock.IST)
    minute_m = estimated_travel(api_settings, choices.TRANSPORT_CAB, departure).reach_m(1)
    shown, exact = [], []
    async with new_person(app, "Curious Stranger") as stranger:
        for north in range(-PROBE_REACH, PROBE_REACH + 1):
            for east in range(-PROBE_REACH, PROBE_REACH + 1):
                pickup = _moved(START, north * PROBE_STEP_KM, east * PROBE_STEP_KM)
                for drop in (half_way, end_cell):
                    probe = searched(place("Probe", *pickup), place("Probe", *drop), day)
                    trips = await found(stranger, "/api/trip/search", probe)
                    matched = [trip["match"] for trip in trips if trip["id"] == trip_id]
                    for match in matched:
                        figure = match["pickup"]["walk_m"] if match["kind"] == "ends" else match["detour_minutes"]
                        shown.append((match["kind"], pickup, drop, figure))
                        assert match["pickup"]["walk_m"] == 0 or (
                            (match["pickup"]["latitude"], match["pickup"]["longitude"]) == cell
                        )
                        # The same figure, measured from the exact start: what a leak would give away.
                        if match["kind"] == "ends":
                            exact.append((match["kind"], pickup, drop, round(distance_km(*pickup, *START) * 1000)))
                        else:
                            extra_minutes = _extra_m(START, pickup, drop, end_cell) / minute_m
                            exact.append((match["kind"], pickup, drop, max(math.ceil(extra_minutes), 0)))
    along = [observation for observation in shown if observation[0] == MatchKind.ALONG]
    assert len(along) >= 50 and len(shown) > len(along), "the probes must give both kinds of figure"
    # The search starts from the cell's centre, the start the stranger is shown; it reaches 1.5 km round it.
    guessed, control = (trilaterate(figures, end_cell, cell, minute_m) for figures in (shown, exact))
    # A leak would be found: the control lands nearer the exact start than the cell's centre.
    assert distance_km(*control, *START) < distance_km(*control, *cell)
    # What the stranger was shown lands on the cell, no nearer the start than the centre is.
    assert distance_km(*guessed, *cell) < distance_km(*guessed, *START)
    assert distance_km(*guessed, *START) >= distance_km(*cell, *START) * 0.75
