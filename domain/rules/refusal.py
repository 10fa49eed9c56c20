"""A refusal in one shape, from every rule: what kind of refusal it is, and the product's words for it.

The kind says why the change may not be made; the API answers each kind with one HTTP status (api/errors.py), so
no caller chooses a status by reading the words. A join flow's refusal carries its kind as the type of its
ApplicationError: recorded flow histories hold these words, so a kind's value never changes.
"""

from dataclasses import dataclass
from enum import StrEnum


class RefusalKind(StrEnum):
    # The input breaks a rule: what was sent, not the state of things.
    INVALID = "Invalid"
    # Not this person's to do: only the host, only the requester, only a member.
    NOT_THEIRS = "NotTheirs"
    # The trip has departed: too late for this.
    TRIP_IN_PAST = "TripInPast"
    # The state of things does not allow it now.
    NOT_ALLOWED_NOW = "NotAllowedNow"
    TRIP_CANCELLED = "TripCancelled"
    TRIP_FULL = "TripFull"
    # The request has moved on: answered, withdrawn or expired since.
    REQUEST_GONE = "RequestGone"
    # What was asked for is not there, or not to be shown to this person.
    NOT_FOUND = "NotFound"
    # Who asks is not known: no valid session, or a delivery its sender did not sign.
    UNAUTHENTICATED = "Unauthenticated"
    # More than a limit allows in its window: wait, or ask less.
    TOO_MANY = "TooMany"
    # What was sent is bigger than is kept.
    TOO_LARGE = "TooLarge"
    # A service the change needs is not answering now: try again later.
    UNAVAILABLE = "Unavailable"


@dataclass(frozen=True)
class Refusal:
    kind: RefusalKind
    message: str


def invalid(message: str) -> Refusal:
    return Refusal(RefusalKind.INVALID, message)


def not_theirs(message: str) -> Refusal:
    return Refusal(RefusalKind.NOT_THEIRS, message)


def not_now(message: str) -> Refusal:
    return Refusal(RefusalKind.NOT_ALLOWED_NOW, message)


def not_found(message: str) -> Refusal:
    return Refusal(RefusalKind.NOT_FOUND, message)


def unauthenticated(message: str) -> Refusal:
    return Refusal(RefusalKind.UNAUTHENTICATED, message)


def too_many(message: str) -> Refusal:
    return Refusal(RefusalKind.TOO_MANY, message)


def too_large(message: str) -> Refusal:
    return Refusal(RefusalKind.TOO_LARGE, message)


def unavailable(message: str) -> Refusal:
    return Refusal(RefusalKind.UNAVAILABLE, message)
