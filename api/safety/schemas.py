"""Rider safety (domain/rules/safety.py): a person's emergency contacts and a trip's live link."""

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field, field_validator

from domain.rules import limits, safety_messages
from domain.rules.safety import STANDING, TripStage
from domain.rules.text import tidy

# A name as sent may have spaces around it that the rule's length does not count; beyond this it is not a name.
NAME_SENT_MAX_LENGTH = 2 * limits.EMERGENCY_CONTACT_NAME_MAX_LENGTH
TripStageName = Literal["upcoming", "under_way", "completed", "cancelled"]
assert set(TripStageName.__args__) == set(TripStage)  # type: ignore[attr-defined]


class EmergencyContactIn(BaseModel):
    """One contact as the person typed it: the name tidied, the number without spaces around it; the rules
    (contacts_refusal) are checked on the whole list, in their words."""

    name: str = Field(
        max_length=NAME_SENT_MAX_LENGTH, description=f"1 to {limits.EMERGENCY_CONTACT_NAME_MAX_LENGTH} characters"
    )
    mobile_number: str = Field(max_length=20, examples=["9876543210"], description="an Indian mobile number")

    @field_validator("name")
    @classmethod
    def tidied(cls, name: str) -> str:
        return tidy(name, rows=False)

    @field_validator("mobile_number")
    @classmethod
    def stripped(cls, number: str) -> str:
        return number.strip()


class EmergencyContactsIn(BaseModel):
    contacts: list[EmergencyContactIn] = Field(
        max_length=limits.EMERGENCY_CONTACTS_MAX, description="the whole list, in order; empty clears it"
    )

    @field_validator("contacts", mode="before")
    @classmethod
    def at_most_the_limit(cls, contacts: object) -> object:
        """Too many is refused in the rule's words before any contact is read."""
        if isinstance(contacts, list) and len(contacts) > limits.EMERGENCY_CONTACTS_MAX:
            raise ValueError(safety_messages.EMERGENCY_CONTACTS_TOO_MANY)
        return contacts


class EmergencyContact(BaseModel):
    name: str
    mobile_number: str


class EmergencyContacts(BaseModel):
    contacts: list[EmergencyContact] = Field(description="in the order the person gave them")


class ShareLink(BaseModel):
    url: str = Field(description="the app's page of the trip, readable without signing in: <PUBLIC_APP_URL>/t/<token>")
    expires_at: datetime = Field(description="an hour after the trip completes")


class SharedPlace(BaseModel):
    name: str = Field(description="the place's short name, never its exact point")


class SharedHost(BaseModel):
    first_name: str
    is_verified: bool


class SharedCab(BaseModel):
    vehicle_model: str | None
    vehicle_registration: str | None
    driver_first_name: str | None


class SharedTrip(BaseModel):
    """What a live link shows the people the sharer trusts: no one's number, no exact end, no one else's name."""

    scheduled_at: datetime
    origin: SharedPlace
    destination: SharedPlace
    host: SharedHost
    cab: SharedCab | None = Field(description="the booked cab; null when none is booked")
    stage: TripStageName
    sos_open: bool = Field(description="someone on the trip has raised an SOS that still stands")
    expires_at: datetime


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


class StandingSos(BaseModel):
    """Someone else's SOS that still stands on the trip, as the host and active members see it: no number."""

    user_id: int
    first_name: str
    since: datetime = Field(description="when it was raised")


class StandingSosList(BaseModel):
    incidents: list[StandingSos] = Field(description="the trip's standing SOS but the person's own, oldest first")
