"""Travel times without a road network on the machine (the Travel of domain/rules/along.py): the straight line
between two points times a circuity factor, at a speed by mode and hour of day, all in the configuration.

The circuity factor is the ratio of the road distance to the straight line. Newell (1980) put it at about 1.2 for
random pairs of points in a city, O'Sullivan and Morrall (1996) measured 1.21 to 1.23 around transit stations, and
Ballou, Rahardja and Sakai (2002, Transportation Research A 36(9)) measured it country by country for road travel;
Indian cities' one-way streets, flyovers and few river and rail crossings call for somewhat more, so the default is
1.3. The speeds are a city's typical door-to-door speeds: slower in the morning and evening peaks (IST), slower for
an auto-rickshaw than for a car.

A routing engine replaces this module by another Travel, and the rule does not change. Search's SQL draws each
trip's corridor with reach_m() at write time (trips.detour_budget_m), so it holds for any Travel whose minutes never
fall below the straight line at the fastest speed.
"""

from dataclasses import dataclass
from datetime import datetime

from domain.rules.along import Point
from domain.rules.choices import TRANSPORT_AUTO
from domain.rules.geo import distance_km
from domain.rules.zone import IST
from domain.settings import RouteSettings


@dataclass(frozen=True)
class StraightLineTravel:
    """The straight line times the circuity factor, at one speed."""

    circuity: float
    speed_kmh: float

    def minutes(self, start: Point, end: Point) -> float:
        road_km = distance_km(start.latitude, start.longitude, end.latitude, end.longitude) * self.circuity
        return road_km / self.speed_kmh * 60

    def reach_m(self, minutes: float) -> float:
        return max(minutes, 0.0) / 60 * self.speed_kmh / self.circuity * 1000


def speed_kmh(settings: RouteSettings, mode: int, departure: datetime) -> float:
    """The typical speed of a trip by this mode leaving at this moment."""
    hour = departure.astimezone(IST).hour
    peak = any(start <= hour < end for start, end in settings.route_peak_hours_ist)
    speed = settings.route_peak_speed_kmh if peak else settings.route_speed_kmh
    return speed * settings.route_auto_speed_factor if mode == TRANSPORT_AUTO else speed


def estimated_travel(settings: RouteSettings, mode: int, departure: datetime) -> StraightLineTravel:
    """The Travel of a trip by this mode leaving at this moment."""
    return StraightLineTravel(settings.route_circuity_factor, speed_kmh(settings, mode, departure))


def detour_budget_m(settings: RouteSettings, mode: int, departure: datetime, max_detour_minutes: int) -> float:
    """The straight-line metres of a trip's detour budget: what search's SQL compares the extra distance with."""
    return estimated_travel(settings, mode, departure).reach_m(max_detour_minutes)
