"""Trips: publish, edit, delete, read, list and search (SPEC §3 Trip, §4 tabs, §5 create/edit/search, §7)."""

from datetime import date, datetime, time, timedelta
from decimal import Decimal
from functools import cache
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Response, status
from sqlalchemy import ARRAY, BigInteger, String, any_, bindparam, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import CurrentUser, SessionDep, SettingsDep
from api.envelope import Envelope, MessageOnly, done, ok, ok_json
from api.errors import ApiError, refusals
from api.query_models import documented, query_model
from api.schemas.trip import TripCreate, TripCreated, TripDelete, TripList, TripPublic, TripUpdate, parse_time_of_trip
from api.trips.lookups import active_count, load_trip
from api.trips.parameters import AroundQuery, RouteQuery
from api.trips.reader import VIEWER_ID, TripReaderDep, for_the_viewer
from api.trips.rows import TRIP_ROW_COLUMNS
from api.trips.search import TripFilters, around_search, route_search
from api.trips.views import SearchPoint
from domain import clock
from domain.compiled_query import CompiledQuery
from domain.flows import signal_after_commit, start_after_commit
from domain.models import Trip, TripPassenger
from domain.rules import choices, messages
from domain.rules.geo import distance_km
from domain.rules.join import PassengerStatus, PassengerType
from domain.rules.trip import HostChange, TripStatus, host_change_refusal
from domain.settings import Settings
from workflows.contracts import (
    TripCancelled,
    TripRescheduled,
    TripSchedule,
    trip_cancelled,
    trip_rescheduled,
    trip_start,
)

router = APIRouter(prefix="/trip", tags=["trip"])

CommaList = Annotated[str | None, Query(pattern=r"^[A-Za-z0-9_]+(,[A-Za-z0-9_]+)*$", max_length=200)]


def _split(values: str | None) -> tuple[str, ...]:
    return tuple(value for value in (values or "").split(",") if value)


REFUSAL_CODES = {messages.TRIP_HOST_ONLY: status.HTTP_403_FORBIDDEN, messages.TRIP_CANCELLED: status.HTTP_409_CONFLICT}


async def _hosted_trip(session: AsyncSession, trip_id: int, user_id: int, change: HostChange) -> Trip:
    """The trip, locked, when this person may make this change to it now."""
    trip = await load_trip(session, trip_id, for_update=True)
    refusal = host_change_refusal(
        change, is_host=trip.host_id == user_id, status=trip.status, departed=trip.scheduled_at <= clock.now()
    )
    if refusal is not None:
        raise ApiError(refusal, REFUSAL_CODES.get(refusal, status.HTTP_400_BAD_REQUEST))
    return trip


def _cost_for(is_vehicle_booked: bool, estimated_cost: Decimal | None) -> Decimal:
    """A booked vehicle needs a cost; without one the trip is 'Not booked' and carries none."""
    if not is_vehicle_booked:
        return Decimal(0)
    if not estimated_cost:
        raise ApiError(messages.TRIP_COST_REQUIRED)
    return estimated_cost


def _iso(moment: datetime) -> str:
    return moment.astimezone(clock.IST).isoformat()


def _schedule(settings: Settings, trip: Trip) -> TripSchedule:
    return TripSchedule(
        trip_id=trip.id,
        scheduled_at=_iso(trip.scheduled_at),
        reminder_lead_seconds=settings.trip_reminder_lead_seconds,
        completion_delay_seconds=settings.trip_completion_delay_seconds,
    )


def _day_window(day: date, start: time, end: time) -> tuple[datetime, datetime]:
    first = datetime.combine(day, start, tzinfo=clock.IST)
    last = datetime.combine(day, end, tzinfo=clock.IST) + timedelta(seconds=59)
    return first, last


# The searches come first: routes are matched in order, and these are the busiest calls.
@router.get("/search", response_model=Envelope[TripList], openapi_extra=documented(RouteQuery))
async def search_trips(
    reader: TripReaderDep,
    query: Annotated[RouteQuery, Depends(query_model(RouteQuery))],
) -> Response:
    filters = TripFilters(
        maximum_passengers=query.maximum_passengers,
        modes=tuple(int(mode) for mode in _split(query.preferred_mode_of_transport)),
        host_gender=query.gender,
        is_vehicle_booked=query.is_vehicle_booked,
        maximum_cost=query.estimated_cost,
        host_kyc_verified_only=query.is_host_kyc_verified,
    )
    origin = (query.origin_latitude, query.origin_longitude)
    destination = (query.destination_latitude, query.destination_longitude)
    window = _day_window(query.date, query.start_time, query.end_time)
    search = route_search(origin, destination, window, reader.settings.trip_search_radius_km, filters)
    point = SearchPoint(*origin, *destination)
    return ok_json({"trips": await reader.views(search.query, search.values, point)})


@router.get("/search/around", response_model=Envelope[TripList], openapi_extra=documented(AroundQuery))
async def search_trips_around(
    reader: TripReaderDep,
    query: Annotated[AroundQuery, Depends(query_model(AroundQuery))],
) -> Response:
    origin = (query.origin_latitude, query.origin_longitude)
    search = around_search(
        origin,
        _day_window(query.date, query.start_time, query.end_time),
        reader.settings.trip_search_radius_km,
        tuple(int(trip_id) for trip_id in _split(query.blacklisted_trip_ids)),
    )
    point = SearchPoint(*origin)
    return ok_json({"trips": await reader.views(search.query, search.values, point)})


@router.post("/trip")
async def create_trip(
    body: TripCreate, user: CurrentUser, session: SessionDep, settings: SettingsDep
) -> Envelope[TripCreated]:
    assert body.origin is not None and body.destination is not None and body.time_of_trip is not None
    scheduled_at = parse_time_of_trip(body.time_of_trip)
    if scheduled_at <= clock.now():
        raise ApiError(messages.TRIP_CREATE_IN_PAST)
    mode = body.preferred_mode_of_transport
    is_vehicle_booked = body.is_vehicle_booked and mode != choices.TRANSPORT_UNDECIDED
    trip = Trip(
        host_id=user.id,
        scheduled_at=scheduled_at,
        origin_name=body.origin.name.strip(),
        origin_place_id=body.origin.place_id,
        origin_latitude=body.origin.latitude,
        origin_longitude=body.origin.longitude,
        destination_name=body.destination.name.strip(),
        destination_place_id=body.destination.place_id,
        destination_latitude=body.destination.latitude,
        destination_longitude=body.destination.longitude,
        total_passengers=body.total_passengers,
        preferred_mode_of_transport=mode,
        is_vehicle_booked=is_vehicle_booked,
        estimated_cost=_cost_for(is_vehicle_booked, body.estimated_cost),
        additional_note=body.additional_note or None,
        distance_km=distance_km(
            body.origin.latitude, body.origin.longitude, body.destination.latitude, body.destination.longitude
        ),
    )
    session.add(trip)
    await session.flush()
    session.add(TripPassenger(trip_id=trip.id, user_id=user.id, type=PassengerType.HOST, status=PassengerStatus.ACTIVE))
    await session.flush()
    await start_after_commit(session, trip_start(_schedule(settings, trip)))
    return ok(TripCreated(trip_id=trip.id), messages.TRIP_CREATED)


# A lookup by primary key: its one generic plan is right for every trip, so it is prepared.
_ONE_TRIP = for_the_viewer(
    select(*TRIP_ROW_COLUMNS).where(Trip.id == bindparam("trip_id", type_=BigInteger)), prepared=True
)


@router.get("/trip/{trip_id}", response_model=Envelope[TripPublic])
async def read_trip(
    trip_id: int,
    reader: TripReaderDep,
    origin_latitude: Annotated[float | None, Query(ge=-90, le=90)] = None,
    origin_longitude: Annotated[float | None, Query(ge=-180, le=180)] = None,
    destination_latitude: Annotated[float | None, Query(ge=-90, le=90)] = None,
    destination_longitude: Annotated[float | None, Query(ge=-180, le=180)] = None,
) -> Response:
    point = None
    if origin_latitude is not None and origin_longitude is not None:
        point = SearchPoint(origin_latitude, origin_longitude, destination_latitude, destination_longitude)
    views = await reader.views(_ONE_TRIP, {"trip_id": trip_id}, point)
    if not views:
        raise ApiError(messages.TRIP_NOT_FOUND, status.HTTP_404_NOT_FOUND)
    return ok_json(views[0])


def _changes(trip: Trip, body: TripUpdate) -> dict[str, object]:
    """Only the fields whose value differs from the trip's."""
    if body.origin is not None or body.destination is not None:
        raise ApiError(messages.TRIP_PLACES_LOCKED)
    wanted: dict[str, object] = {}
    if body.time_of_trip is not None:
        wanted["scheduled_at"] = parse_time_of_trip(body.time_of_trip)
    for field in ("total_passengers", "preferred_mode_of_transport", "is_vehicle_booked", "additional_note"):
        value = getattr(body, field)
        if value is not None:
            wanted[field] = value or None if field == "additional_note" else value
    mode = wanted.get("preferred_mode_of_transport", trip.preferred_mode_of_transport)
    booked = bool(wanted.get("is_vehicle_booked", trip.is_vehicle_booked)) and mode != choices.TRANSPORT_UNDECIDED
    if "is_vehicle_booked" in wanted or "preferred_mode_of_transport" in wanted or body.estimated_cost is not None:
        wanted["is_vehicle_booked"] = booked
        cost = body.estimated_cost if body.estimated_cost is not None else trip.estimated_cost
        wanted["estimated_cost"] = _cost_for(booked, cost)
    return {field: value for field, value in wanted.items() if getattr(trip, field) != value}


@router.put("/trip/{trip_id}", responses=refusals(409))
async def update_trip(trip_id: int, body: TripUpdate, user: CurrentUser, session: SessionDep) -> MessageOnly:
    trip = await _hosted_trip(session, trip_id, user.id, HostChange.EDIT)
    changes = _changes(trip, body)
    if not changes:
        raise ApiError(messages.NOTHING_UPDATED)
    new_time = changes.get("scheduled_at")
    if isinstance(new_time, datetime) and new_time <= clock.now():
        raise ApiError(messages.TRIP_EDIT_TO_PAST)
    seats = changes.get("total_passengers")
    if isinstance(seats, int) and seats < await active_count(session, trip.id):
        raise ApiError(messages.TRIP_PASSENGERS_BELOW_JOINED)
    for field, value in changes.items():
        setattr(trip, field, value)
    await session.flush()
    if isinstance(new_time, datetime):
        await signal_after_commit(session, trip_rescheduled(trip.id, TripRescheduled(scheduled_at=_iso(new_time))))
    return done(messages.TRIP_UPDATED)


@router.delete("/trip/{trip_id}", responses=refusals(409))
async def delete_trip(trip_id: int, body: TripDelete, user: CurrentUser, session: SessionDep) -> MessageOnly:
    trip = await _hosted_trip(session, trip_id, user.id, HostChange.DELETE)
    trip.status = TripStatus.CANCELLED
    trip.cancellation_reason = body.reason
    trip.cancelled_at = clock.now()
    await session.flush()
    await signal_after_commit(session, trip_cancelled(trip.id, TripCancelled(reason=body.reason)))
    return done(messages.TRIP_DELETED)


@cache
def _user_trips_query(by_status: bool, by_type: bool, past: bool) -> CompiledQuery:
    found = (
        select(*TRIP_ROW_COLUMNS)
        .join(TripPassenger, TripPassenger.trip_id == Trip.id)
        .where(TripPassenger.user_id == VIEWER_ID)
    )
    if by_status:
        found = found.where(TripPassenger.status == any_(bindparam("statuses", type_=ARRAY(String))))
    if by_type:
        found = found.where(TripPassenger.type == any_(bindparam("types", type_=ARRAY(String))))
    if past:
        found = found.order_by(Trip.scheduled_at.desc(), Trip.id.desc()).limit(100)
        return for_the_viewer(found, lambda trips: (trips.c.scheduled_at.desc(), trips.c.id.desc()))
    found = found.where(Trip.scheduled_at > func.now()).order_by(Trip.scheduled_at, Trip.id).limit(100)
    return for_the_viewer(found, lambda trips: (trips.c.scheduled_at, trips.c.id))


@router.get("/user_trips", response_model=Envelope[TripList])
async def read_user_trips(
    reader: TripReaderDep,
    status_ids: CommaList = None,
    type_ids: CommaList = None,
    retrieve_past_trips: Annotated[int, Query(ge=0, le=1)] = 0,
) -> Response:
    """The Upcoming, Hosting and Recent tabs of SPEC §4: the viewer's trips by their own status and role."""
    statuses, types = _split(status_ids), _split(type_ids)
    query = _user_trips_query(bool(statuses), bool(types), bool(retrieve_past_trips))
    values = {"statuses": list(statuses), "types": list(types)}
    return ok_json({"trips": await reader.views(query, values)})
