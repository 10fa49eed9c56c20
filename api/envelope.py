"""The one JSON envelope of every answer: {"status", "message", "data"}."""

from typing import Generic, Literal, TypeVar

from pydantic import BaseModel

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
