"""The CO2 rules: one vehicle replaces everyone's own, by the India GHG Program factors; one tree per 50 kg."""

from decimal import Decimal

import pytest

from domain.rules.co2 import (
    AUTO_KG_PER_KM,
    CAR_KG_PER_KM,
    co2_saved_kg,
    co2_saved_per_person_kg,
    kg_per_km,
    trees_planted,
)


@pytest.mark.parametrize(
    ("mode", "factor"),
    [(1, CAR_KG_PER_KM), (2, AUTO_KG_PER_KM), (3, CAR_KG_PER_KM), (4, CAR_KG_PER_KM), (0, CAR_KG_PER_KM)],
)
def test_cab_undecided_and_self_drive_count_as_a_car_and_auto_as_a_cng_three_wheeler(mode: int, factor: float) -> None:
    assert kg_per_km(mode) == factor


def test_factors_are_the_published_base_factors() -> None:
    assert (CAR_KG_PER_KM, AUTO_KG_PER_KM) == (0.130, 0.10768)


@pytest.mark.parametrize("people", [0, 1])
def test_nobody_saves_anything_travelling_alone(people: int) -> None:
    assert co2_saved_kg(1, 25.0, people) == 0
    assert co2_saved_per_person_kg(1, 25.0, people) == Decimal("0.00")


def test_each_extra_sharer_saves_one_vehicle_trip() -> None:
    assert co2_saved_kg(1, 20.0, 2) == 2.6
    assert co2_saved_kg(1, 20.0, 4) == 7.8
    assert co2_saved_kg(2, 10.0, 3) == 2.15


def test_a_trip_without_distance_saves_nothing() -> None:
    assert co2_saved_kg(1, 0.0, 3) == 0


def test_the_saving_is_shared_out_evenly_among_the_sharers() -> None:
    assert co2_saved_per_person_kg(1, 20.0, 2) == Decimal("1.30")
    assert co2_saved_per_person_kg(1, 20.0, 4) == Decimal("1.95")
    assert co2_saved_per_person_kg(5, 30.0, 3) * 3 == Decimal("7.80")


@pytest.mark.parametrize(("kg", "trees"), [(0, 0), (49.99, 0), (50, 1), (99.5, 1), (120, 2), (Decimal("150.00"), 3)])
def test_one_tree_for_every_full_50_kg(kg: float | Decimal, trees: int) -> None:
    assert trees_planted(kg) == trees
