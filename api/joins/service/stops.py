"""A rider's own pick-up and drop on a trip they ask to join (domain/rules/along.py), checked as search matches them:
from the ends' cells, never the exact ends, so a refusal tells nothing more of where the host starts than search
does. Stops near the trip's ends suit it as search's ends rule has it; any others must lie along the host's way,
within the minutes the host will go out of it."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from api.maps.schemas import Location
from domain.routing import estimated_travel
from domain.rules.along import Point, at_the_ends, stop_refusal
from domain.rules.geo import approximate
from domain.rules.refusal import Refusal
from domain.settings import Settings


@dataclass(frozen=True)
class TripWay:
    """What the check needs of the trip: its exact ends (only their cells are used), mode, the minutes its host
    will go out of their way, and departure."""

    origin_latitude: float
    origin_longitude: float
    destination_latitude: float
    destination_longitude: float
    mode: int
    max_detour_minutes: int
    scheduled_at: datetime

    @classmethod
    def of(cls, columns: Sequence[Any], scheduled_at: datetime) -> "TripWay":
        """From the ends' coordinates, the mode and the detour minutes as a statement selects them, in this order."""
        origin_latitude, origin_longitude, destination_latitude, destination_longitude, mode, minutes = columns
        return cls(
            origin_latitude, origin_longitude, destination_latitude, destination_longitude, mode, minutes, scheduled_at
        )


def _cell(latitude: float, longitude: float) -> Point:
    return Point(*approximate(latitude, longitude))


def stops_refusal(settings: Settings, way: TripWay, pickup: Location | None, drop: Location | None) -> Refusal | None:
    """Why the rider's stops cannot be asked of the trip, or None when they suit it (none given: the trip's ends)."""
    if pickup is None and drop is None:
        return None
    origin = _cell(way.origin_latitude, way.origin_longitude)
    destination = _cell(way.destination_latitude, way.destination_longitude)
    start = Point(pickup.latitude, pickup.longitude) if pickup else origin
    end = Point(drop.latitude, drop.longitude) if drop else destination
    if at_the_ends(origin, destination, start, end, settings.trip_search_radius_km):
        return None
    travel = estimated_travel(settings, way.mode, way.scheduled_at)
    return stop_refusal(origin, destination, start, end, travel, way.max_detour_minutes)


def stop_values(pickup: Location | None, drop: Location | None) -> dict[str, object]:
    """The request row's stop columns: a new request replaces the stops of an earlier one (none: the trip's ends)."""
    values: dict[str, object] = {}
    for stop, place in (("pickup", pickup), ("drop", drop)):
        values[f"{stop}_name"] = place.name.strip() if place else None
        values[f"{stop}_place_id"] = place.place_id if place else None
        values[f"{stop}_latitude"] = place.latitude if place else None
        values[f"{stop}_longitude"] = place.longitude if place else None
    return values
