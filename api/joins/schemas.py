from typing import Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from api.maps.schemas import Location
from api.text import optional_note, required_reason
from domain.rules import limits, messages


class JoinRequestCreate(BaseModel):
    trip_id: int = Field(strict=True)
    additional_note: str | None = Field(default=None, max_length=limits.TRIP_NOTE_MAX_LENGTH)
    small_luggage: int = Field(default=0, strict=True)
    large_luggage: int = Field(default=0, strict=True)
    pickup: Location | None = Field(
        default=None, description="where the rider joins on the host's way; default: the trip's start"
    )
    drop: Location | None = Field(default=None, description="where the rider leaves; default: the trip's end")

    @field_validator("small_luggage", "large_luggage")
    @classmethod
    def luggage_must_be_in_range(cls, count: int) -> int:
        if not limits.LUGGAGE_MIN <= count <= limits.LUGGAGE_MAX:
            raise ValueError(messages.LUGGAGE_RANGE)
        return count

    _note = field_validator("additional_note")(optional_note)


class HostAction(BaseModel):
    action: Literal["APPROVE", "REJECT", "REMOVE", "NO_SHOW"] = Field(
        description="NO_SHOW: an active member did not turn up (after departure, until 24 h after)"
    )
    trip_id: int = Field(strict=True)
    additional_note: str | None = Field(default=None, max_length=limits.TRIP_NOTE_MAX_LENGTH)

    _note = field_validator("additional_note")(optional_note)

    @model_validator(mode="after")
    def removal_needs_a_reason(self) -> "HostAction":
        if self.action == "REMOVE":
            self.additional_note = required_reason(self.additional_note)
        return self


class PassengerAction(BaseModel):
    action: Literal["LEAVE", "REVOKE_REQUEST"]
    trip_id: int = Field(strict=True)
    additional_note: str | None = Field(default=None, max_length=limits.TRIP_NOTE_MAX_LENGTH)

    _note = field_validator("additional_note")(optional_note)

    @model_validator(mode="after")
    def leaving_needs_a_reason(self) -> "PassengerAction":
        if self.action == "LEAVE":
            self.additional_note = required_reason(self.additional_note)
        return self


class StillComing(BaseModel):
    """A member's answer to "Still coming?": they keep their seat."""

    trip_id: int = Field(strict=True)
