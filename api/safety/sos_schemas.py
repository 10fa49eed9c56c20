"""SOS on a trip (issue 27; domain/rules/safety.py): what the person sends and what they are answered."""

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from domain.rules.safety import STANDING

StandingStatus = Literal["open", "escalated", "acknowledged"]
assert set(StandingStatus.__args__) == set(STANDING)  # type: ignore[attr-defined]


class SosIn(BaseModel):
    """Where the person is, when the device could tell: both or neither."""

    latitude: float | None = Field(default=None, ge=-90, le=90)
    longitude: float | None = Field(default=None, ge=-180, le=180)


class SosState(BaseModel):
    available: bool = Field(description="the person may raise an SOS on this trip now")
    opens_at: datetime = Field(description="30 minutes before departure")
    closes_at: datetime = Field(description="when the trip completes")
    status: StandingStatus | None = Field(description="the person's SOS on this trip that still stands, if any")


class SosRaised(BaseModel):
    status: StandingStatus
