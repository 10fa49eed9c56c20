"""Place search for the trip forms (SPEC §7 maps calls): suggestions, a suggestion's point, a point's name."""

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request, status

from api.deps import CurrentUser
from api.envelope import Envelope, ok
from api.errors import ApiError, refusals
from api.schemas.maps import PlaceNamePublic, PlacePointPublic, PlaceSuggestionPublic
from domain.providers.maps import MapsProvider, MapsUnavailableError
from domain.rules import messages

router = APIRouter(prefix="/trip/maps", tags=["maps"])

AUTOCOMPLETE_LIMIT = 8
SEARCH_TEXT_MAX_LENGTH = 100

Latitude = Annotated[float, Query(ge=-90, le=90)]
Longitude = Annotated[float, Query(ge=-180, le=180)]


def get_maps(request: Request) -> MapsProvider:
    maps: MapsProvider = request.app.state.maps
    return maps


MapsDep = Annotated[MapsProvider, Depends(get_maps)]


@router.get("/autocomplete", responses=refusals(503))
async def autocomplete_places(
    user: CurrentUser,
    maps: MapsDep,
    s: Annotated[str, Query(max_length=1000)] = "",
    lat: Latitude | None = None,
    long: Longitude | None = None,
) -> Envelope[list[PlaceSuggestionPublic]]:
    text = s.strip()[:SEARCH_TEXT_MAX_LENGTH]
    if not text:
        return ok([])
    near = (lat, long) if lat is not None and long is not None else None
    try:
        suggestions = await maps.autocomplete(text, near, AUTOCOMPLETE_LIMIT)
    except MapsUnavailableError as error:
        raise ApiError(messages.MAPS_UNAVAILABLE, status.HTTP_503_SERVICE_UNAVAILABLE) from error
    return ok([PlaceSuggestionPublic(label=item.label, place_id=item.place_id) for item in suggestions])


@router.get("/place", responses=refusals(404, 503))
async def read_place(
    user: CurrentUser, maps: MapsDep, place_id: Annotated[str, Query(alias="id", min_length=1, max_length=200)]
) -> Envelope[PlacePointPublic]:
    try:
        point = await maps.place(place_id)
    except MapsUnavailableError as error:
        raise ApiError(messages.MAPS_UNAVAILABLE, status.HTTP_503_SERVICE_UNAVAILABLE) from error
    if point is None:
        raise ApiError(messages.PLACE_NOT_FOUND, status.HTTP_404_NOT_FOUND)
    return ok(PlacePointPublic(lat=point.lat, long=point.long))


@router.get("/geocode", responses=refusals(404, 503))
async def geocode_point(user: CurrentUser, maps: MapsDep, lat: Latitude, long: Longitude) -> Envelope[PlaceNamePublic]:
    try:
        place = await maps.reverse_geocode(lat, long)
    except MapsUnavailableError as error:
        raise ApiError(messages.MAPS_UNAVAILABLE, status.HTTP_503_SERVICE_UNAVAILABLE) from error
    if place is None:
        raise ApiError(messages.PLACE_NOT_FOUND, status.HTTP_404_NOT_FOUND)
    return ok(PlaceNamePublic(place_id=place.place_id, name=place.name))
