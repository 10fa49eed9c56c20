"""A trip as sent and as shown (SPEC §3 Trip, §5 create and edit trip), and the query strings of the trip reads:
route search and Trips Around You (SPEC §3 Search query), each read as one model (api/query_models.py), and the
comma-separated lists of the viewer's tabs."""

import datetime as dt
import re
from datetime import date, datetime, time
from decimal import Decimal
from typing import Annotated, Literal

from fastapi import Query
from pydantic import BaseModel, Field, field_validator

from api.cab.schemas import CabView
from api.maps.schemas import Location
from api.text import free_text, required_reason
from api.users.schemas import Reliability
from domain import clock
from domain.rules import choices, limits, messages

TripStatus = Literal["ACTIVE", "CANCELLED"]
UserStatus = Literal["default", "requested", "active", "rejected", "removed", "left", "revoked", "expired"]


class TripEnd(BaseModel):
    """A trip's end as shown: exact to its host and active members; to anyone else the centre of a grid cell of
    about 500 m (`is_approximate`), without its place id. The trip's distances from a searched point, its rank in
    search and `recommended` are measured to the ends as shown."""

    name: str
    place_id: str | None
    latitude: float
    longitude: float
    is_approximate: bool


def parse_time_of_trip(text: str) -> datetime:
    """'YYYY-MM-DD HH:MM' (IST), with the spec's message for whichever half is wrong."""
    date_part, _, time_part = text.strip().partition(" ")
    try:
        date.fromisoformat(date_part)
    except ValueError as error:
        raise ValueError(messages.TRIP_DATE_INVALID) from error
    if not re.fullmatch(r"[0-2][0-9]:[0-5][0-9]", time_part):
        raise ValueError(messages.TRIP_TIME_INVALID)
    try:
        time.fromisoformat(time_part)
    except ValueError as error:
        raise ValueError(messages.TRIP_TIME_INVALID) from error
    return clock.parse_ist_minute(text)


class TripFieldRules(BaseModel):
    """The rules of SPEC §5 create and edit trip, shared by both bodies."""

    @field_validator("time_of_trip", check_fields=False)
    @classmethod
    def time_must_be_a_date_and_a_time(cls, value: str | None) -> str | None:
        if value is not None:
            parse_time_of_trip(value)
        return value

    @field_validator("estimated_cost", mode="before", check_fields=False)
    @classmethod
    def cost_must_be_a_number(cls, cost: object) -> object:
        if isinstance(cost, bool):
            raise ValueError(messages.TRIP_COST_RANGE)
        return cost

    @field_validator("estimated_cost", check_fields=False)
    @classmethod
    def cost_must_be_in_range(cls, cost: Decimal | None) -> Decimal | None:
        if cost is not None and cost != 0 and not limits.ESTIMATED_COST_MIN <= cost <= limits.ESTIMATED_COST_MAX:
            raise ValueError(messages.TRIP_COST_RANGE)
        return cost

    @field_validator("total_passengers", check_fields=False)
    @classmethod
    def passengers_must_be_two_to_four(cls, count: int | None) -> int | None:
        if count is not None and not limits.PASSENGERS_MIN <= count <= limits.PASSENGERS_MAX:
            raise ValueError(messages.TRIP_PASSENGERS_RANGE)
        return count

    @field_validator("additional_note", check_fields=False)
    @classmethod
    def note_must_be_short(cls, note: str | None) -> str | None:
        if note is None:
            return None
        return free_text(
            note, messages.NOTE_CHARACTERS, max_length=limits.TRIP_NOTE_MAX_LENGTH, too_long=messages.TRIP_NOTE_TOO_LONG
        )

    @field_validator("preferred_mode_of_transport", check_fields=False)
    @classmethod
    def mode_must_be_a_code(cls, mode: int | None) -> int | None:
        if mode is not None and not 1 <= mode <= 99:
            raise ValueError(messages.TRIP_MODE_INVALID)
        return mode

    @field_validator("max_detour_minutes", mode="before", check_fields=False)
    @classmethod
    def detour_must_be_a_choice(cls, minutes: object) -> object:
        """One of the form's choices, a whole number (not a text, a fraction or a yes/no), in the spec's words."""
        if minutes is None:
            return None
        if isinstance(minutes, bool) or not isinstance(minutes, int) or minutes not in choices.DETOUR_CHOICES:
            raise ValueError(messages.TRIP_DETOUR_INVALID)
        return minutes


def place_or(message: str, value: Location | None) -> Location:
    if value is None or not value.name.strip() or not value.place_id.strip():
        raise ValueError(message)
    return value


class NewTripFields(TripFieldRules):
    """What a new trip (or a commute series of them) is: both places, seats, mode, booking, cost and note."""

    origin: Location | None = Field(default=None, validate_default=True)
    destination: Location | None = Field(default=None, validate_default=True)
    total_passengers: int = Field(default=limits.PASSENGERS_DEFAULT, strict=True)
    preferred_mode_of_transport: int = Field(default=choices.TRANSPORT_UNDECIDED, strict=True)
    max_detour_minutes: int = Field(
        default=choices.DEFAULT_DETOUR_MINUTES,
        strict=True,
        description="how far the host will go out of their way for riders along it: 0, 5, 10, 15, 20 or 30",
    )
    is_vehicle_booked: bool = False
    estimated_cost: Decimal | None = None
    additional_note: str | None = None

    @field_validator("origin")
    @classmethod
    def origin_must_be_a_place(cls, value: Location | None) -> Location:
        return place_or(messages.TRIP_FROM_REQUIRED, value)

    @field_validator("destination")
    @classmethod
    def destination_must_be_a_place(cls, value: Location | None) -> Location:
        return place_or(messages.TRIP_TO_REQUIRED, value)


class TripCreate(NewTripFields):
    time_of_trip: str | None = Field(default=None, validate_default=True, examples=["2026-12-01 09:30"])

    @field_validator("time_of_trip", mode="before")
    @classmethod
    def time_must_be_given(cls, value: object) -> object:
        if value is None or (isinstance(value, str) and not value.strip()):
            raise ValueError(messages.TRIP_DATE_INVALID)
        return value


class TripUpdate(TripFieldRules):
    """Only the changed fields. Origin and destination are locked; sending them is refused."""

    time_of_trip: str | None = Field(default=None, examples=["2026-12-01 09:30"])
    total_passengers: int | None = Field(default=None, strict=True)
    preferred_mode_of_transport: int | None = Field(default=None, strict=True)
    max_detour_minutes: int | None = Field(default=None, strict=True)
    is_vehicle_booked: bool | None = None
    estimated_cost: Decimal | None = None
    additional_note: str | None = None
    origin: Location | None = None
    destination: Location | None = None


class TripDelete(BaseModel):
    """SPEC §7: DELETE /trip/trip/{id} with body reason, required (a preset or the host's own words)."""

    reason: str | None = Field(default=None, max_length=300, validate_default=True)

    _reason = field_validator("reason")(required_reason)


class TripCreated(BaseModel):
    trip_id: int


class TripHost(BaseModel):
    id: int
    name: str | None
    small_image_url: str | None
    medium_image_url: str | None
    is_kyc_verified: bool
    average_rating: float
    flagged_count: int


class RiderStop(BaseModel):
    """Where a rider joins or leaves the trip: their own stop on the host's way, else the trip's end as shown."""

    name: str
    latitude: float
    longitude: float


class TripPassengerView(BaseModel):
    id: int
    name: str | None
    small_image_url: str | None
    is_kyc_verified: bool
    average_rating: float
    flagged_count: int
    additional_note: str | None
    small_luggage: int
    large_luggage: int
    status: str
    type: Literal["host", "member"]
    booked_through: str | None = Field(
        description="a network rider's buyer app (its ONDC subscriber id), which booked the seat for them; null for "
        "the app's own members. A network rider's phone is never shown"
    )
    reliability: Reliability | None = Field(description="only to the trip's host")
    pickup: RiderStop | None = Field(
        description="where the rider joins; to anyone but the host and active members only on their own row"
    )
    drop: RiderStop | None = Field(description="where the rider leaves; shown as pickup is")
    detour_minutes: int | None = Field(
        description="the host's extra minutes for the rider's own stops (0 at the trip's ends), rounded up; shown as "
        "pickup is"
    )


class QueryAuthor(BaseModel):
    id: int
    name: str | None
    small_image_url: str | None


class TripQueryView(BaseModel):
    id: int
    question: str
    created_by: QueryAuthor
    created_on: datetime
    answer: str | None
    answered_by: QueryAuthor | None
    answered_on: datetime | None


class CostRange(BaseModel):
    low: int
    high: int


class TripPublic(BaseModel):
    """A trip as the viewer sees it (SPEC §3 Trip)."""

    id: int
    trip_id: int
    status: TripStatus
    scheduled_at: str = Field(description="'YYYY-MM-DD HH:MM' in IST")
    is_past: bool
    origin: TripEnd
    destination: TripEnd
    host: TripHost
    hosts: list[TripHost]
    is_current_user_host: bool
    active_passenger_count: int
    total_passengers: int
    passengers: list[TripPassengerView]
    queries: list[TripQueryView]
    chat_id: int | None
    additional_note: str | None
    estimated_cost: float
    estimated_cost_range: CostRange | None
    distance: float
    distance_from_origin: float | None
    distance_from_destination: float | None
    sum_of_distance: float | None
    current_co2_saving: float
    next_co2_saving: float
    preferred_mode_of_transport: int
    max_detour_minutes: int = Field(description="how far the host will go out of their way for riders along it")
    is_vehicle_booked: bool
    is_cab_booked: bool
    cab: CabView
    recommended: bool
    is_user_in_trip: bool
    user_status: UserStatus
    still_coming_asked: bool = Field(
        description='the viewer, an active member, was asked "Still coming?" after the host moved the trip by more '
        "than half an hour, and has not kept their seat since"
    )
    small_luggage: int
    large_luggage: int


class TripList(BaseModel):
    trips: list[TripPublic]


class MatchStop(BaseModel):
    """Where a rider found by search is picked up or dropped: the trip's end as shown (a match at the ends), else
    the rider's own searched point on the host's way."""

    name: str
    latitude: float
    longitude: float
    walk_m: int = Field(description="the rider's walk to it, whole metres (0 along the way)")


class TripMatch(BaseModel):
    """How a search found the trip (api/trips/queries/matches.py); every figure from the ends as the viewer is shown
    them."""

    kind: Literal["ends", "along"]
    pickup: MatchStop
    drop: MatchStop
    detour_minutes: int = Field(description="the host's extra minutes for the rider, rounded up (0 at the ends)")


class TripFound(TripPublic):
    """A trip as search and Trips Around You find it."""

    match: TripMatch


class TripsFound(BaseModel):
    trips: list[TripFound] = Field(description="a page of the trips found, best first")
    has_more: bool = Field(description="another page follows (ask for it with `page`)")


HH_MM_IST = "HH:MM in IST"
# Past this page a rider is better served by a narrower time or the filters.
MAX_SEARCH_PAGE = 49


class AroundQuery(BaseModel):
    origin_latitude: float = Field(ge=-90, le=90)
    origin_longitude: float = Field(ge=-180, le=180)
    date: dt.date
    start_time: dt.time = Field(dt.time(0, 0), description=HH_MM_IST)
    end_time: dt.time = Field(dt.time(23, 59), description=HH_MM_IST)
    blacklisted_trip_ids: str | None = Field(None, pattern=r"^[0-9]+(,[0-9]+)*$", max_length=2000)


class RouteQuery(BaseModel):
    origin_latitude: float = Field(ge=-90, le=90)
    origin_longitude: float = Field(ge=-180, le=180)
    destination_latitude: float = Field(ge=-90, le=90)
    destination_longitude: float = Field(ge=-180, le=180)
    date: dt.date
    start_time: dt.time = Field(dt.time(0, 0), description=HH_MM_IST)
    end_time: dt.time = Field(dt.time(23, 59), description=HH_MM_IST)
    origin_name: str | None = Field(None, max_length=200)
    origin_place_id: str | None = Field(None, max_length=200)
    destination_name: str | None = Field(None, max_length=200)
    destination_place_id: str | None = Field(None, max_length=200)
    maximum_passengers: int | None = Field(None, ge=2, le=4)
    preferred_mode_of_transport: str | None = Field(None, pattern=r"^[0-9]{1,2}(,[0-9]{1,2})*$")
    gender: str | None = Field(None, pattern="^(MALE|FEMALE)$")
    is_vehicle_booked: bool | None = None
    estimated_cost: float | None = Field(None, ge=0, le=100000)
    is_host_kyc_verified: bool = False
    page: int = Field(0, ge=0, le=MAX_SEARCH_PAGE, description="which page of the trips found, from 0")


# Status and type names, or mode codes: short words joined by commas.
CommaList = Annotated[str | None, Query(pattern=r"^[A-Za-z0-9_]+(,[A-Za-z0-9_]+)*$", max_length=200)]


def comma_separated(values: str | None) -> tuple[str, ...]:
    return tuple(value for value in (values or "").split(",") if value)
