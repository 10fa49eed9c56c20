from pydantic import BaseModel, Field, field_validator, model_validator

from api.schemas.text import free_text
from domain.rules import choices, limits, messages


class FeedbackCreate(BaseModel):
    services: list[str] = Field(default_factory=list, max_length=len(choices.FEEDBACK_FEATURES))
    features: list[str] = Field(default_factory=list, max_length=20)
    note: str = ""

    @field_validator("note")
    @classmethod
    def note_must_be_given_and_short(cls, note: str) -> str:
        note = free_text(note, messages.NOTE_CHARACTERS)
        if not note:
            raise ValueError(messages.FEEDBACK_NOTE_REQUIRED)
        if len(note) > limits.FEEDBACK_NOTE_MAX_LENGTH:
            raise ValueError(messages.FEEDBACK_NOTE_TOO_LONG)
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
