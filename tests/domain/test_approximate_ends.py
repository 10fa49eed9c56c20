"""Approximate trip ends (domain/rules/geo.py): never the exact point, always close, the same for a whole cell."""

import random

from domain.rules.geo import APPROXIMATE_CELL_DEGREES, approximate, distance_km


def test_an_end_is_moved_but_stays_within_a_kilometre_and_a_half():
    rng = random.Random(7)
    for _ in range(5000):
        latitude, longitude = rng.uniform(8.0, 35.0), rng.uniform(68.0, 97.0)
        near = approximate(latitude, longitude)
        assert near != (latitude, longitude)
        assert distance_km(latitude, longitude, *near) <= 1.5


def test_a_point_on_a_cell_centre_is_moved_too():
    centre = 12.9375, 77.6225
    assert approximate(*centre) != centre
    assert distance_km(*centre, *approximate(*centre)) <= 1.5


def test_neighbours_in_one_cell_share_their_shown_point():
    step = APPROXIMATE_CELL_DEGREES
    corner_latitude, corner_longitude = 12.93 + step / 10, 77.62 + step / 10
    here = approximate(corner_latitude, corner_longitude)
    assert approximate(corner_latitude + step / 2, corner_longitude + step / 2) == here
