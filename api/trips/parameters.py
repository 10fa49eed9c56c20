"""The query strings of the trip reads: route search and Trips Around You (SPEC §3 Search query), each read as one
model (api/query_models.py), and the comma-separated lists of the viewer's tabs."""

import datetime as dt
from typing import Annotated

from fastapi import Query
from pydantic import BaseModel, Field

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
