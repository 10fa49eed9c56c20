"""Each rider's pick-up and drop on a trip as the trip's views show them (the host's requests, the members' list and
the trip sheet): the rider's own stops, or the trip's ends when they chose none, and the host's extra minutes for
them (domain/rules/along.py).

The figures are measured from the ends as the viewer sees them (api/trips/queries/views.py end_view): the host and
active members from the exact ends; anyone else only of their own request, from the ends' cells, so no figure leaks
where the host starts."""

from math import ceil
from typing import Any

from api.trips.queries.rows import Person
from domain.rules.along import DETOUR_TOLERANCE_MINUTES, Point, Travel, detour_minutes

View = dict[str, Any]

# Nothing shown of another person's stops to a viewer who may not see them.
HIDDEN: View = {"pickup": None, "drop": None, "detour_minutes": None}


def _stop(name: str | None, latitude: float | None, longitude: float | None, end: View) -> View:
    """The rider's own stop, or the trip's end as shown when they chose none."""
    if latitude is None or longitude is None:
        return {"name": end["name"], "latitude": end["latitude"], "longitude": end["longitude"]}
    return {"name": name or "", "latitude": latitude, "longitude": longitude}


def has_own_stops(person: Person) -> bool:
    return person.pickup_latitude is not None or person.drop_latitude is not None


def shown_detour(minutes: float) -> int:
    """The host's extra minutes rounded up to a whole minute (a hair over a whole minute from float arithmetic is
    not one more)."""
    return max(ceil(minutes - DETOUR_TOLERANCE_MINUTES), 0)


def stops_view(person: Person, origin: View, destination: View, travel: Travel) -> View:
    """The person's pick-up and drop and the host's detour for them, against the trip's ends as shown (origin,
    destination: end_view's dicts)."""
    pickup = _stop(person.pickup_name, person.pickup_latitude, person.pickup_longitude, origin)
    drop = _stop(person.drop_name, person.drop_latitude, person.drop_longitude, destination)
    minutes = 0
    if has_own_stops(person):
        minutes = shown_detour(
            detour_minutes(
                Point(origin["latitude"], origin["longitude"]),
                Point(destination["latitude"], destination["longitude"]),
                Point(pickup["latitude"], pickup["longitude"]),
                Point(drop["latitude"], drop["longitude"]),
                travel,
            )
        )
    return {"pickup": pickup, "drop": drop, "detour_minutes": minutes}
