"""Place search for the trip forms: the offline gazetteer in PostgreSQL, or OSM Photon over HTTP.

Both speak one protocol: suggestions for typed text (nearer first when the caller's point is known), the point of a
suggestion, and the name of a point.
"""

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import httpx
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from domain.gazetteer.search import find_places, nearest_place, places_by_id, points_of
from domain.settings import Settings

logger = logging.getLogger("humsafar.maps")

LatLng = tuple[float, float]
INDIA_BBOX = "68.1,6.5,97.5,37.1"  # min lon, min lat, max lon, max lat
PHOTON_TIMEOUT_SECONDS = 5.0


@dataclass(frozen=True)
class PlaceSuggestion:
    label: str
    place_id: str


@dataclass(frozen=True)
class PlacePoint:
    lat: float
    long: float


@dataclass(frozen=True)
class PlaceName:
    place_id: str
    name: str


class MapsUnavailableError(Exception):
    """The maps vendor did not answer usefully; the caller may retry."""


class MapsProvider(Protocol):
    # Whether its answers come over the network: a request then lets go of its database connection before asking
    # (api/outbound.py). The gazetteer answers from its own pool of connections, so a request may keep its own.
    over_the_network: bool

    async def autocomplete(self, text: str, near: LatLng | None, limit: int) -> list[PlaceSuggestion]: ...

    async def points(self, place_ids: Sequence[str]) -> dict[str, PlacePoint]:
        """The point of each of these places it knows, by place id."""
        ...

    async def names(self, place_ids: Sequence[str]) -> dict[str, str]:
        """The name of each of these places it knows by its id alone, by place id: the name it was suggested by."""
        ...

    async def reverse_geocode(self, lat: float, lng: float) -> PlaceName | None: ...


async def point_of(maps: MapsProvider, place_id: str) -> PlacePoint | None:
    return (await maps.points([place_id])).get(place_id)


class GazetteerMaps:
    """The offline gazetteer of Indian localities (domain/gazetteer), searched with pg_trgm and earthdistance."""

    def __init__(self, session_maker: async_sessionmaker[AsyncSession]) -> None:
        self.session_maker = session_maker
        self._engine: AsyncEngine = session_maker.kw["bind"]

    async def autocomplete(self, text: str, near: LatLng | None, limit: int) -> list[PlaceSuggestion]:
        async with self.session_maker() as session:
            places = await find_places(session, text, near, limit)
        return [PlaceSuggestion(label=place.label, place_id=place.place_id) for place in places]

    over_the_network = False

    async def points(self, place_ids: Sequence[str]) -> dict[str, PlacePoint]:
        found = await points_of(self._engine, place_ids)
        return {place_id: PlacePoint(lat, long) for place_id, (lat, long) in found.items()}

    async def names(self, place_ids: Sequence[str]) -> dict[str, str]:
        """A gazetteer id is one locality's, so it keeps that locality's name where others share its point."""
        async with self.session_maker() as session:
            places = await places_by_id(session, place_ids)
        return {place.place_id: place.label for place in places}

    async def reverse_geocode(self, lat: float, lng: float) -> PlaceName | None:
        async with self.session_maker() as session:
            place = await nearest_place(session, lat, lng)
        return PlaceName(place_id=place.place_id, name=place.label) if place else None


# Photon has no lookup by id, so a Photon place id carries its point: 'osm-N123456@12.9352,77.6245'.
PHOTON_PLACE_ID = re.compile(r"^osm-[NWR]\d+@(-?\d{1,2}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)$")


def photon_place_id(feature: dict[str, Any]) -> str | None:
    properties = feature.get("properties") or {}
    coordinates = (feature.get("geometry") or {}).get("coordinates") or []
    osm_type, osm_id = properties.get("osm_type"), properties.get("osm_id")
    if osm_type not in ("N", "W", "R") or not isinstance(osm_id, int) or len(coordinates) < 2:
        return None
    longitude, latitude = float(coordinates[0]), float(coordinates[1])
    return f"osm-{osm_type}{osm_id}@{latitude:.6f},{longitude:.6f}"


def photon_label(properties: dict[str, Any]) -> str:
    """'Koramangala, Bengaluru, Karnataka': the place, its area, its town, its state; a repeated part once."""
    street = " ".join(str(properties[key]) for key in ("housenumber", "street") if properties.get(key))
    candidates = (
        properties.get("name") or street,
        properties.get("locality") or properties.get("district"),
        properties.get("city") or properties.get("county"),
        properties.get("state"),
    )
    parts: list[str] = []
    for candidate in candidates:
        part = str(candidate or "").strip()
        if part and part.casefold() not in {existing.casefold() for existing in parts}:
            parts.append(part)
    return ", ".join(parts)


def parse_photon_features(payload: Any) -> list[tuple[str, str]]:
    """(place_id, label) of each usable feature of a Photon GeoJSON answer, in the vendor's order."""
    features = payload.get("features") if isinstance(payload, dict) else None
    found: list[tuple[str, str]] = []
    for feature in features or []:
        if not isinstance(feature, dict):
            continue
        place_id = photon_place_id(feature)
        label = photon_label(feature.get("properties") or {})
        if place_id and label:
            found.append((place_id, label))
    return found


class PhotonMaps:
    """OSM Photon (komoot's public instance or a self-hosted one): /api for search, /reverse for names."""

    def __init__(self, client: httpx.AsyncClient, base_url: str, language: str = "en") -> None:
        self.client = client
        self.base_url = base_url.rstrip("/")
        self.language = language

    async def _features(self, path: str, params: dict[str, str | int | float]) -> list[tuple[str, str]]:
        try:
            answer = await self.client.get(f"{self.base_url}{path}", params=params, timeout=PHOTON_TIMEOUT_SECONDS)
            answer.raise_for_status()
            return parse_photon_features(answer.json())
        except (httpx.HTTPError, ValueError) as error:
            logger.warning("Photon %s failed: %s", path, error)
            raise MapsUnavailableError(str(error)) from error

    async def autocomplete(self, text: str, near: LatLng | None, limit: int) -> list[PlaceSuggestion]:
        query = " ".join(text.split())
        if not query or limit <= 0:
            return []
        params: dict[str, str | int | float] = {"q": query, "limit": limit, "lang": self.language, "bbox": INDIA_BBOX}
        if near:
            params |= {"lat": near[0], "lon": near[1]}
        features = await self._features("/api", params)
        return [PlaceSuggestion(label=label, place_id=place_id) for place_id, label in features]

    over_the_network = True

    async def points(self, place_ids: Sequence[str]) -> dict[str, PlacePoint]:
        """Read from the ids themselves, which carry their points."""
        matches = {place_id: PHOTON_PLACE_ID.match(place_id) for place_id in place_ids}
        return {place_id: PlacePoint(float(m[1]), float(m[2])) for place_id, m in matches.items() if m}

    async def names(self, place_ids: Sequence[str]) -> dict[str, str]:
        """None: a Photon id carries its point only, and the place is named by reverse geocoding that point."""
        return {}

    async def reverse_geocode(self, lat: float, lng: float) -> PlaceName | None:
        features = await self._features("/reverse", {"lat": lat, "lon": lng, "limit": 1, "lang": self.language})
        return PlaceName(place_id=features[0][0], name=features[0][1]) if features else None


def create_maps_provider(
    settings: Settings, session_maker: async_sessionmaker[AsyncSession], http_client: httpx.AsyncClient
) -> MapsProvider:
    """MAPS_PROVIDER picks the vendor: 'gazetteer' (default, offline) or 'photon' (PHOTON_URL)."""
    if settings.maps_provider == "photon":
        return PhotonMaps(http_client, settings.photon_url)
    return GazetteerMaps(session_maker)
