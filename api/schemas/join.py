import re
from typing import Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from domain.rules import limits, messages, patterns


def free_text(value: str, message: str) -> str:
    """Trimmed text of the allowed characters of SPEC §5, or the given message."""
    value = value.strip()
    if not re.fullmatch(patterns.FREE_TEXT, value):
        raise ValueError(message)
    return value


def optional_note(value: str | None) -> str | None:
    if value is None:
        return None
    return free_text(value, messages.NOTE_CHARACTERS) or None


def required_reason(value: str | None) -> str:
    if value is None or not value.strip():
        raise ValueError(messages.REASON_REQUIRED)
    return free_text(value, messages.NOTE_CHARACTERS)


def message_text(value: str) -> str:
    """A question, an answer or a chat message: 10 to 500 characters after trimming, allowed characters only."""
    value = value.strip()
    if not limits.MESSAGE_MIN_LENGTH <= len(value) <= limits.MESSAGE_MAX_LENGTH:
        raise ValueError(messages.MESSAGE_LENGTH)
    return free_text(value, messages.MESSAGE_CHARACTERS)


class JoinRequestCreate(BaseModel):
    trip_id: int = Field(strict=True)
    additional_note: str | None = Field(default=None, max_length=limits.TRIP_NOTE_MAX_LENGTH)
    small_luggage: int = 0
    large_luggage: int = 0

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


class QueryCreate(BaseModel):
    trip_id: int = Field(strict=True)
    question: str = Field(max_length=2000)

    _question = field_validator("question")(message_text)


class QueryAnswer(BaseModel):
    answer: str = Field(max_length=2000)

    _answer = field_validator("answer")(message_text)


class BlockUser(BaseModel):
    reason: str | None = Field(default=None, max_length=500)
    report_user: bool = False
