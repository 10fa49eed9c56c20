"""Trips: publish, edit, delete, read, list and search (SPEC §3 Trip, §4 tabs, §5 create/edit/search, §7)."""

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Response

from api.deps import CurrentUser, MapsDep, SessionDep, SettingsDep
from api.errors import refuse
from api.maps.service import check_trip_ends
from api.openapi import refusals
from api.query_models import documented, query_model
from api.trips.queries.reader import TripReaderDep
from api.trips.queries.reads import one_trip, searched_point, trips_around, trips_on_route, viewer_trips
from api.trips.schemas import (
    AroundQuery,
    CommaList,
    RouteQuery,
    TripCreate,
    TripCreated,
    TripDelete,
    TripList,
    TripPublic,
    TripsFound,
    TripUpdate,
)
from api.trips.service import delete_hosted_trip, edit_trip, hosted_trip, publish_trip
from domain.envelope import Envelope, MessageOnly, done, ok, ok_json
from domain.models import Trip
from domain.rules import messages
from domain.rules.refusal import invalid
from domain.rules.trip import HostChange

router = APIRouter(prefix="/trip", tags=["trip"])


# The searches come first: routes are matched in order, and these are the busiest calls.
@router.get("/search", response_model=Envelope[TripsFound], openapi_extra=documented(RouteQuery))
async def search_trips(
    reader: TripReaderDep,
    query: Annotated[RouteQuery, Depends(query_model(RouteQuery))],
) -> Response:
    trips, has_more = await trips_on_route(reader, query)
    return ok_json({"trips": trips, "has_more": has_more})


@router.get("/search/around", response_model=Envelope[TripsFound], openapi_extra=documented(AroundQuery))
async def search_trips_around(
    reader: TripReaderDep,
    query: Annotated[AroundQuery, Depends(query_model(AroundQuery))],
) -> Response:
    trips, has_more = await trips_around(reader, query)
    return ok_json({"trips": trips, "has_more": has_more})


@router.post("/trip")
async def create_trip(
    body: TripCreate, user: CurrentUser, session: SessionDep, settings: SettingsDep, maps: MapsDep
) -> Envelope[TripCreated]:
    await check_trip_ends(session, maps, body.origin, body.destination)
    trip_id = await publish_trip(session, settings, user, body)
    return ok(TripCreated(trip_id=trip_id), messages.TRIP_CREATED)


@router.get("/trip/{trip_id}", response_model=Envelope[TripPublic])
async def read_trip(
    trip_id: int,
    reader: TripReaderDep,
    origin_latitude: Annotated[float | None, Query(ge=-90, le=90)] = None,
    origin_longitude: Annotated[float | None, Query(ge=-180, le=180)] = None,
    destination_latitude: Annotated[float | None, Query(ge=-90, le=90)] = None,
    destination_longitude: Annotated[float | None, Query(ge=-180, le=180)] = None,
) -> Response:
    point = searched_point(origin_latitude, origin_longitude, destination_latitude, destination_longitude)
    return ok_json(await one_trip(reader, trip_id, point))


async def trip_to_edit(trip_id: int, user: CurrentUser, session: SessionDep) -> Trip:
    """The trip, locked, when the person asking may edit it now. A dependency is answered before the body is read
    into its model, so anyone else's edit is refused whatever its body holds, at the cost of one row."""
    return await hosted_trip(session, trip_id, user.id, HostChange.EDIT)


@router.put("/trip/{trip_id}", responses=refusals(409))
async def update_trip(
    trip: Annotated[Trip, Depends(trip_to_edit)], body: TripUpdate, session: SessionDep, settings: SettingsDep
) -> MessageOnly:
    await edit_trip(session, settings, trip, body)
    return done(messages.TRIP_UPDATED)


@router.delete("/trip/{trip_id}", responses=refusals(409))
async def delete_trip(
    trip_id: int, user: CurrentUser, session: SessionDep, settings: SettingsDep, body: TripDelete | None = None
) -> MessageOnly:
    """Needs a reason (SPEC §7 body reason): without one, or without a body, 'Reason is required'."""
    if body is None or body.reason is None:
        refuse(invalid(messages.REASON_REQUIRED))
    await delete_hosted_trip(session, settings, trip_id, user, body.reason)
    return done(messages.TRIP_DELETED)


@router.get("/user_trips", response_model=Envelope[TripList])
async def read_user_trips(
    reader: TripReaderDep,
    status_ids: CommaList = None,
    type_ids: CommaList = None,
    retrieve_past_trips: Annotated[int, Query(ge=0, le=1)] = 0,
) -> Response:
    """The Upcoming, Hosting and Recent tabs of SPEC §4: the viewer's trips by their own status and role."""
    return ok_json({"trips": await viewer_trips(reader, status_ids, type_ids, bool(retrieve_past_trips))})
