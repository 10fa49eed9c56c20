"""The one JSON envelope of every answer: {"status", "message", "data"}. The API's calls and the sandbox vendors'
controls (sandbox/) answer in it, so it lives below both."""

from typing import Generic, Literal, TypeVar

from pydantic import BaseModel
from pydantic_core import to_json
from starlette.responses import Response

DataT = TypeVar("DataT")


class Envelope(BaseModel, Generic[DataT]):
    status: Literal["SUCCESS"] = "SUCCESS"
    message: str
    data: DataT


class MessageOnly(BaseModel):
    status: Literal["SUCCESS"] = "SUCCESS"
    message: str


class Failure(BaseModel):
    status: Literal["FAILURE"] = "FAILURE"
    message: str


def ok(data: DataT, message: str = "OK") -> Envelope[DataT]:
    return Envelope[DataT](message=message, data=data)


def done(message: str) -> MessageOnly:
    return MessageOnly(message=message)


def ok_json(data: object, message: str = "OK") -> Response:
    """The success envelope around data already in its JSON-ready shape (dicts, lists, numbers, text, datetimes),
    serialised in one pass without models: for the largest answers, whose shape the route's response_model documents
    and tests check."""
    body = to_json({"status": "SUCCESS", "message": message, "data": data})
    return Response(body, media_type="application/json")
