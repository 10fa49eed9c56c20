"""Place search for the trip forms (SPEC §7 maps calls): suggestions, a suggestion's point, a point's name."""

from typing import Annotated

from fastapi import APIRouter, Query

from api.deps import CurrentUser, MapsDep
from api.maps.schemas import PlaceNamePublic, PlacePointPublic, PlaceSuggestionPublic
from api.maps.service import place_name, place_point, suggest_places
from api.openapi import refusals
from domain.envelope import Envelope, ok

router = APIRouter(prefix="/trip/maps", tags=["maps"])

Latitude = Annotated[float, Query(ge=-90, le=90)]
Longitude = Annotated[float, Query(ge=-180, le=180)]


@router.get("/autocomplete", responses=refusals(503))
async def autocomplete_places(
    user: CurrentUser,
    maps: MapsDep,
    s: Annotated[str, Query(max_length=1000)] = "",
    lat: Latitude | None = None,
    long: Longitude | None = None,
) -> Envelope[list[PlaceSuggestionPublic]]:
    return ok(await suggest_places(maps, s, lat, long))


@router.get("/place", responses=refusals(404, 503))
async def read_place(
    user: CurrentUser, maps: MapsDep, place_id: Annotated[str, Query(alias="id", min_length=1, max_length=200)]
) -> Envelope[PlacePointPublic]:
    return ok(await place_point(maps, place_id))


@router.get("/geocode", responses=refusals(404, 503))
async def geocode_point(user: CurrentUser, maps: MapsDep, lat: Latitude, long: Longitude) -> Envelope[PlaceNamePublic]:
    return ok(await place_name(maps, lat, long))
