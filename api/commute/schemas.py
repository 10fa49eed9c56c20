"""A commute series (POST/GET/DELETE /api/trip/recurring)."""

import re
from datetime import date

from pydantic import BaseModel, Field, StrictInt, field_validator

from api.trips.schemas import NewTripFields, TripEnd
from domain.rules import messages
from domain.rules.commute import weekdays_refusal


class CommuteCreate(NewTripFields):
    """The create-trip rules of SPEC §5, with a time of day and the weekdays instead of a date."""

    time: str = Field(examples=["09:30"], description="HH:MM, India time")
    days: list[StrictInt] = Field(description="ISO weekdays: 1 Monday to 7 Sunday", max_length=7)
    until: date | None = Field(default=None, description="the last day, YYYY-MM-DD")

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
            raise ValueError(refusal.message)
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
