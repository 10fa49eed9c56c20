"""How each trip a search found matched the rider (api/trips/schemas.py TripMatch): at the trip's ends, or along its
way with the host's detour (domain/rules/along.py), and where the rider is picked up and dropped.

At the ends the pick-up and drop are the trip's ends as the viewer is shown them (cell centres to anyone outside the
trip), and the walk is measured to those; along the way they are the rider's own searched points, no walk, and the
detour search measured from the ends' cells (api/trips/queries/search.py). So no figure a stranger is given comes from
an exact end."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from api.trips.queries.views import View
from domain.rules.along import MatchKind
from domain.rules.geo import distance_km


@dataclass(frozen=True)
class SearchedStop:
    """A point the rider searched from or to, and the name they gave it."""

    name: str
    latitude: float
    longitude: float


def _stop(name: str, latitude: float, longitude: float, walk_m: int) -> View:
    return {"name": name, "latitude": latitude, "longitude": longitude, "walk_m": walk_m}


def _at_trip_end(end: View, searched: SearchedStop | None) -> View:
    """The trip's end as shown, and the walk to it from the rider's point (none when they gave no point)."""
    walk_km = distance_km(searched.latitude, searched.longitude, end["latitude"], end["longitude"]) if searched else 0
    return _stop(end["name"], end["latitude"], end["longitude"], round(walk_km * 1000))


def _at_rider(searched: SearchedStop) -> View:
    return _stop(searched.name, searched.latitude, searched.longitude, 0)


def match_of(view: View, kind: str, detour_minutes: int, pickup: SearchedStop, drop: SearchedStop | None) -> View:
    """The match of one trip: drop is None for Trips Around You (the rider goes where the trip goes)."""
    if kind == MatchKind.ENDS:
        return {
            "kind": MatchKind.ENDS.value,
            "pickup": _at_trip_end(view["origin"], pickup),
            "drop": _at_trip_end(view["destination"], drop),
            "detour_minutes": 0,
        }
    return {
        "kind": MatchKind.ALONG.value,
        "pickup": _at_rider(pickup),
        "drop": _at_rider(drop) if drop else _at_trip_end(view["destination"], None),
        "detour_minutes": detour_minutes,
    }


def with_matches(
    views: list[View],
    figures: Mapping[int, tuple[Any, ...]],
    pickup: SearchedStop,
    drop: SearchedStop | None = None,
) -> list[View]:
    """Each view with its match (figures: search's MATCH_COLUMNS by trip id, in search's order); matches at the ends
    first in the views' order (the viewer's own trips placed by their exact ends), then along the way in search's
    order (the least detour first)."""
    for view in views:
        kind, detour_minutes = figures[view["id"]]
        view["match"] = match_of(view, kind, detour_minutes, pickup, drop)
    by_id = {view["id"]: view for view in views}
    along = [by_id[trip_id] for trip_id, (kind, _) in figures.items() if kind == MatchKind.ALONG]
    return [view for view in views if view["match"]["kind"] == MatchKind.ENDS] + along
