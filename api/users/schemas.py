import re
from datetime import date, datetime
from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from api.text import free_text, optional_reason
from domain import clock
from domain.i18n import api_words
from domain.i18n.languages import Language, is_language
from domain.rules import choices, limits, messages, patterns

Gender = Literal["MALE", "FEMALE", "OTHERS"]


def parse_dob(text: str) -> date:
    """DD-MM-YYYY within the last 100 years, never in the future."""
    if not re.fullmatch(patterns.DOB, text):
        raise ValueError(messages.DOB_INVALID)
    day, month, year = (int(part) for part in text.split("-"))
    try:
        born = date(year, month, day)
    except ValueError as error:
        raise ValueError(messages.DOB_INVALID) from error
    today = clock.today_ist()
    earliest = date(today.year - limits.DOB_MAX_YEARS_BACK, today.month, min(today.day, 28))
    if not earliest <= born <= today:
        raise ValueError(messages.DOB_INVALID)
    return born


def format_dob(born: date | None) -> str | None:
    return born.strftime("%d-%m-%Y") if born else None


def age_on(born: date | None, today: date) -> int | None:
    if born is None:
        return None
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))


class UserUpdate(BaseModel):
    """Any subset of the profile; the notification toggle sends only receive_notification."""

    name: str | None = None
    gender: str | None = None
    dob: str | None = Field(default=None, examples=["21-11-1995"])
    profile_image_base64: str | None = None
    receive_notification: bool | None = Field(default=None, strict=True)
    referrer_code: str | None = None
    language: Language | None = Field(
        default=None, description="the language the app speaks to the person: en, hi or kn", examples=["hi"]
    )

    def is_language_only(self) -> bool:
        """The app's language alone: a preference a person has before their profile exists."""
        return self.model_fields_set == {"language"}

    @field_validator("name")
    @classmethod
    def name_must_be_letters_with_single_spaces(cls, value: str | None) -> str | None:
        if value is None:
            return None
        value = value.strip()
        if not value:
            raise ValueError(messages.NAME_REQUIRED)
        if len(value) > 100 or not re.fullmatch(patterns.NAME, value):
            raise ValueError(messages.NAME_INVALID)
        return value

    @field_validator("gender")
    @classmethod
    def gender_must_be_known(cls, value: str | None) -> str | None:
        if value is not None and value not in choices.GENDERS:
            raise ValueError(messages.GENDER_REQUIRED)
        return value

    @field_validator("dob")
    @classmethod
    def dob_must_be_in_the_last_hundred_years(cls, value: str | None) -> str | None:
        if value is None:
            return None
        if not value.strip():
            raise ValueError(messages.DOB_REQUIRED)
        parse_dob(value.strip())
        return value.strip()

    @field_validator("language", mode="before")
    @classmethod
    def language_must_be_one_the_app_speaks(cls, value: object) -> object:
        """Any other value, of any type, is refused in the one sentence that names the choices."""
        if value is not None and not is_language(value):
            raise ValueError(api_words.LANGUAGE_INVALID)
        return value

    @field_validator("referrer_code")
    @classmethod
    def referral_code_must_be_letters_or_digits(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        value = value.strip()
        if not re.fullmatch(patterns.REFERRAL_CODE, value):
            raise ValueError(messages.REFERRAL_CODE_INVALID)
        return value


class TripInsights(BaseModel):
    total_trips_joined: int
    trips_hosted: int
    new_people_met: int
    total_co2_saved: float


class Reliability(BaseModel):
    """A person's record: trips completed, late cancellations and no-shows."""

    completed_trips: int
    late_cancellations: int
    no_shows: int


class UserPublic(BaseModel):
    """Another user's card."""

    id: int
    name: str | None
    gender: Gender | None
    age: int | None
    small_image_url: str | None
    medium_image_url: str | None
    is_kyc_verified: bool
    linked_in_url: str | None
    flagged_count: int
    average_rating: float
    reliability: Reliability


class UserPrivate(UserPublic):
    """The signed-in user's own profile."""

    dob: str | None
    mobile_number: str
    kyc_status: str | None
    kyc_message: str | None
    referred_count: int
    referral_code: str
    receive_notification: bool
    language: Language = Field(description="the language the app speaks to the person; en until they choose")
    is_profile_complete: bool
    user_trips_insights: TripInsights
    member_since: datetime = Field(description="when the account was made; a newcomer's empty lists say so")


class CurrentLocation(BaseModel):
    lat: str
    long: str

    @field_validator("lat", "long")
    @classmethod
    def must_be_a_coordinate(cls, value: str) -> str:
        try:
            number = Decimal(value.strip())
        except ArithmeticError as error:
            raise ValueError(messages.LOCATION_INVALID) from error
        if not number.is_finite() or abs(number) > 180:
            raise ValueError(messages.LOCATION_INVALID)
        return value.strip()


class BlockUser(BaseModel):
    reason: str | None = Field(default=None, max_length=500)
    report_user: bool = False

    _reason = field_validator("reason")(optional_reason)


class FeedbackCreate(BaseModel):
    services: list[str] = Field(default_factory=list, max_length=len(choices.FEEDBACK_FEATURES))
    features: list[str] = Field(default_factory=list, max_length=20)
    note: str = ""

    @field_validator("note")
    @classmethod
    def note_must_be_given_and_short(cls, note: str) -> str:
        note = free_text(
            note,
            messages.NOTE_CHARACTERS,
            max_length=limits.FEEDBACK_NOTE_MAX_LENGTH,
            too_long=messages.FEEDBACK_NOTE_TOO_LONG,
        )
        if not note:
            raise ValueError(messages.FEEDBACK_NOTE_REQUIRED)
        return note

    @model_validator(mode="after")
    def choices_must_come_from_the_list(self) -> "FeedbackCreate":
        if not self.services:
            raise ValueError(messages.FEEDBACK_SERVICE_REQUIRED)
        if any(service not in choices.FEEDBACK_FEATURES for service in self.services):
            raise ValueError(messages.FEEDBACK_CHOICE_INVALID)
        allowed = {feature for service in self.services for feature in choices.FEEDBACK_FEATURES[service]}
        if any(feature not in allowed for feature in self.features):
            raise ValueError(messages.FEEDBACK_CHOICE_INVALID)
        self.services = list(dict.fromkeys(self.services))
        self.features = list(dict.fromkeys(self.features))
        return self
