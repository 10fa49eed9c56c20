"""Riders along the way (SPEC §3 Search, ARCHITECTURE.md "Search"), kept once: whether a rider's pick-up P and drop Q
suit a trip from O to D, and how far out of their way the host goes for them.

P and Q match when P comes before Q on the way (the step from P to Q points the same way as the trip) and the host's
extra time for O→P→Q→D over O→D is within the minutes the host said they would go out of their way. Trips whose ends
are near the rider's ends match "at the ends" (the rule search had before), rank first and cost the host nothing.

Travel times come from a Travel (domain/routing.py): today an estimate from the straight line; a routing engine can
take its place without a change here. Everyone outside the trip is measured from the ends' cell centres (domain/rules/
geo.py approximate), never the exact ends.
"""

from dataclasses import dataclass
from enum import StrEnum
from math import cos, radians, sin
from typing import Final, Protocol

from domain.rules import messages
from domain.rules.geo import EARTH_RADIUS_KM, distance_km
from domain.rules.refusal import Refusal, invalid

# A detour this close to the budget still fits: the two sides of the comparison come from different arithmetic.
DETOUR_TOLERANCE_MINUTES: Final = 1e-6


class MatchKind(StrEnum):
    ENDS = "ends"
    ALONG = "along"


@dataclass(frozen=True, slots=True)
class Point:
    latitude: float
    longitude: float


class Travel(Protocol):
    """How long the host's vehicle takes between two points, for one trip's mode and hour."""

    def minutes(self, start: Point, end: Point) -> float:
        """Minutes from start to end."""
        ...

    def reach_m(self, minutes: float) -> float:
        """The straight-line metres the vehicle covers at most in this many minutes: the bound search's corridor is
        drawn with (a point the host reaches within the budget lies within it of the way)."""
        ...


def earth_vector(point: Point) -> tuple[float, float, float]:
    """The point in metres on earthdistance's sphere, as ll_to_earth places it, so Python and SQL agree."""
    radius_m = EARTH_RADIUS_KM * 1000
    latitude, longitude = radians(point.latitude), radians(point.longitude)
    return (
        radius_m * cos(latitude) * cos(longitude),
        radius_m * cos(latitude) * sin(longitude),
        radius_m * sin(latitude),
    )


def at_the_ends(origin: Point, destination: Point, pickup: Point, drop: Point, radius_km: float) -> bool:
    """The match at the ends: the pick-up within the search radius of the trip's start, the drop of its end."""
    return all(
        distance_km(stop.latitude, stop.longitude, end.latitude, end.longitude) <= radius_km
        for stop, end in ((pickup, origin), (drop, destination))
    )


def same_direction(origin: Point, destination: Point, pickup: Point, drop: Point) -> bool:
    """The step from pick-up to drop points the way the trip goes (their scalar product is positive)."""
    o, d, p, q = (earth_vector(point) for point in (origin, destination, pickup, drop))
    return sum((q[i] - p[i]) * (d[i] - o[i]) for i in range(3)) > 0


def detour_minutes(origin: Point, destination: Point, pickup: Point, drop: Point, travel: Travel) -> float:
    """The host's extra minutes for O→P→Q→D over O→D."""
    through = travel.minutes(origin, pickup) + travel.minutes(pickup, drop) + travel.minutes(drop, destination)
    return max(through - travel.minutes(origin, destination), 0.0)


def along_detour(
    origin: Point, destination: Point, pickup: Point, drop: Point, travel: Travel, budget_minutes: int
) -> float | None:
    """The host's detour for a rider from pick-up to drop, or None when they do not suit the trip: 0 budget, the
    wrong way, or more out of the host's way than the budget."""
    if budget_minutes <= 0 or not same_direction(origin, destination, pickup, drop):
        return None
    minutes = detour_minutes(origin, destination, pickup, drop, travel)
    return minutes if minutes <= budget_minutes + DETOUR_TOLERANCE_MINUTES else None


def stop_refusal(
    origin: Point, destination: Point, pickup: Point, drop: Point, travel: Travel, budget_minutes: int
) -> Refusal | None:
    """Why a rider's own pick-up and drop cannot be asked of this trip, or None when they suit it."""
    if not same_direction(origin, destination, pickup, drop):
        return invalid(messages.JOIN_STOPS_WRONG_WAY)
    if along_detour(origin, destination, pickup, drop, travel, budget_minutes) is None:
        return invalid(messages.JOIN_STOPS_OUT_OF_WAY)
    return None
