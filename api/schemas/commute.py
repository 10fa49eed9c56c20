"""A commute series (POST/GET/DELETE /api/trip/recurring)."""

import re
from datetime import date
from decimal import Decimal

from pydantic import BaseModel, Field, field_validator

from api.schemas.trip import Location, TripEnd, TripFieldRules, place_or
from domain.rules import choices, limits, messages
from domain.rules.commute import weekdays_refusal


class CommuteCreate(TripFieldRules):
    """The create-trip rules of SPEC §5, with a time of day and the weekdays instead of a date."""

    origin: Location | None = Field(default=None, validate_default=True)
    destination: Location | None = Field(default=None, validate_default=True)
    time: str = Field(examples=["09:30"], description="HH:MM, India time")
    days: list[int] = Field(description="ISO weekdays: 1 Monday to 7 Sunday", max_length=7)
    total_passengers: int = limits.PASSENGERS_DEFAULT
    preferred_mode_of_transport: int = choices.TRANSPORT_UNDECIDED
    is_vehicle_booked: bool = False
    estimated_cost: Decimal | None = None
    additional_note: str | None = None
    until: date | None = Field(default=None, description="the last day, YYYY-MM-DD")

    @field_validator("origin")
    @classmethod
    def origin_must_be_a_place(cls, value: Location | None) -> Location:
        return place_or(messages.TRIP_FROM_REQUIRED, value)

    @field_validator("destination")
    @classmethod
    def destination_must_be_a_place(cls, value: Location | None) -> Location:
        return place_or(messages.TRIP_TO_REQUIRED, value)

    @field_validator("time")
    @classmethod
    def time_of_day(cls, value: str) -> str:
        if not re.fullmatch(r"([01][0-9]|2[0-3]):[0-5][0-9]", value.strip()):
            raise ValueError(messages.TRIP_TIME_INVALID)
        return value.strip()

    @field_validator("days")
    @classmethod
    def weekdays(cls, value: list[int]) -> list[int]:
        if refusal := weekdays_refusal(value):
            raise ValueError(refusal)
        return sorted(set(value))


class CommuteCreated(BaseModel):
    series_id: int


class CommuteSeries(BaseModel):
    id: int
    origin: TripEnd
    destination: TripEnd
    time: str
    days: list[int]
    until: date | None
    next_trips: list[int] = Field(description="ids of the series' upcoming trips")
