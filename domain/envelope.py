"""The one JSON envelope of every answer: {"status", "message", "data"}. The API's calls and the sandbox vendors'
controls (sandbox/) answer in it, so it lives below both.

The message is made in English (the product's constants) and leaves in the reader's language (domain/i18n)."""

from collections.abc import Mapping
from typing import Generic, Literal, TypeVar

from pydantic import BaseModel, computed_field, field_serializer
from pydantic_core import to_json
from starlette.responses import Response

from domain.i18n.catalog import english_id, in_language
from domain.i18n.reading import reading_language

DataT = TypeVar("DataT")


def in_reading_language(message: str) -> str:
    return in_language(message, reading_language())


def labels_in_reading_language(labels: Mapping[str, str]) -> dict[str, str]:
    """Choices by key, each labelled in the reader's language (domain/rules/labels.py): the keys stay as they are."""
    return {key: in_reading_language(label) for key, label in labels.items()}


def fare_items_in_reading_language(fare: Mapping[str, float]) -> dict[str, float]:
    """A vendor's fare by item, each item we know named in the reader's language ('Base fare'); one the vendor named
    in its own words stays as it is."""
    return {in_reading_language(item): amount for item, amount in fare.items()}


class _SaidInReadingLanguage(BaseModel):
    """An answer's words leave in the reader's language."""

    @field_serializer("message", check_fields=False)
    def _said(self, message: str) -> str:
        return in_reading_language(message)


class Envelope(_SaidInReadingLanguage, Generic[DataT]):
    status: Literal["SUCCESS"] = "SUCCESS"
    message: str
    data: DataT


class MessageOnly(_SaidInReadingLanguage):
    status: Literal["SUCCESS"] = "SUCCESS"
    message: str


class Failure(_SaidInReadingLanguage):
    status: Literal["FAILURE"] = "FAILURE"
    message: str

    @computed_field  # type: ignore[prop-decorator]
    @property
    def message_id(self) -> str | None:
        """The message's id (domain/i18n/catalog.py), the same in every language: what a client compares to tell one
        refusal from another; none for words not the product's own (a validator's)."""
        known = english_id(self.message)
        return known[0] if known else None


def ok(data: DataT, message: str = "OK") -> Envelope[DataT]:
    return Envelope[DataT](message=message, data=data)


def done(message: str) -> MessageOnly:
    return MessageOnly(message=message)


def ok_json(data: object, message: str = "OK") -> Response:
    """The success envelope around data already in its JSON-ready shape (dicts, lists, numbers, text, datetimes),
    serialised in one pass without models: for the largest answers, whose shape the route's response_model documents
    and tests check."""
    body = to_json({"status": "SUCCESS", "message": in_reading_language(message), "data": data})
    return Response(body, media_type="application/json")
