"""Place search for the trip forms (SPEC §7 maps calls) through the configured maps provider: suggestions for typed
text, a suggestion's point, and a point's name. A provider that cannot be reached is answered 503."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import refuse
from api.maps.schemas import Location, PlaceNamePublic, PlacePointPublic, PlaceSuggestionPublic
from api.outbound import hold_no_connection
from domain.providers.maps import MapsProvider, MapsUnavailableError, point_of
from domain.rules import messages
from domain.rules.refusal import invalid, not_found, unavailable
from domain.rules.trip import point_fits_place

AUTOCOMPLETE_LIMIT = 8
SEARCH_TEXT_MAX_LENGTH = 100


@asynccontextmanager
async def _provider_reachable() -> AsyncIterator[None]:
    try:
        yield
    except MapsUnavailableError:
        refuse(unavailable(messages.MAPS_UNAVAILABLE))


async def suggest_places(
    maps: MapsProvider, typed: str, lat: float | None, long: float | None
) -> list[PlaceSuggestionPublic]:
    """Places for the typed text, nearer the given point first when there is one."""
    text = typed.strip()[:SEARCH_TEXT_MAX_LENGTH]
    if not text:
        return []
    near = (lat, long) if lat is not None and long is not None else None
    async with _provider_reachable():
        suggestions = await maps.autocomplete(text, near, AUTOCOMPLETE_LIMIT)
    return [PlaceSuggestionPublic(label=item.label, place_id=item.place_id) for item in suggestions]


async def place_point(maps: MapsProvider, place_id: str) -> PlacePointPublic:
    async with _provider_reachable():
        point = await point_of(maps, place_id)
    if point is None:
        refuse(not_found(messages.PLACE_NOT_FOUND))
    return PlacePointPublic(lat=point.lat, long=point.long)


async def place_name(maps: MapsProvider, lat: float, long: float) -> PlaceNamePublic:
    async with _provider_reachable():
        place = await maps.reverse_geocode(lat, long)
    if place is None:
        refuse(not_found(messages.PLACE_NOT_FOUND))
    return PlaceNamePublic(place_id=place.place_id, name=place.name)


async def check_trip_ends(
    session: AsyncSession, maps: MapsProvider, origin: Location | None, destination: Location | None
) -> None:
    """Each end of a new trip is a place the maps service knows, given at its point or at a pin near it
    (domain/rules/trip.py); else 'Please choose the From/To location ...'. Asked before the request writes, while it
    holds nothing of the database when the answer comes over the network (api/outbound.py). Both ends are asked at
    once."""
    asked = ((origin, messages.TRIP_FROM_UNKNOWN), (destination, messages.TRIP_TO_UNKNOWN))
    ends = [(end, words) for end, words in asked if end is not None]
    if maps.over_the_network:
        await hold_no_connection(session)
    async with _provider_reachable():
        points = await maps.points([end.place_id for end, _ in ends])
    for end, words in ends:
        point = points.get(end.place_id)
        if point is None or not point_fits_place((point.lat, point.long), (end.latitude, end.longitude)):
            refuse(invalid(words))
