"""A join request's lifecycle (SPEC §4 passenger transitions, §8 messages), kept once.

The statuses a person holds on a trip, which moves lead from which status to which and who may make them, and the
words for every refusal. The JoinRequestWorkflow's update validators, the activity that writes each move under the
trip's row lock, and the API that receives the request all decide by this module.
"""

from dataclasses import dataclass
from enum import StrEnum

from domain.rules import messages, notices
from domain.rules.refusal import Refusal, RefusalKind


class PassengerType(StrEnum):
    HOST = "host"
    MEMBER = "member"


class PassengerStatus(StrEnum):
    """A person's status on a trip, as stored (trip_passengers.status) and shown (`user_status`)."""

    REQUESTED = "requested"
    ACTIVE = "active"
    REJECTED = "rejected"
    REMOVED = "removed"
    LEFT = "left"
    REVOKED = "revoked"
    EXPIRED = "expired"


class FlowEnd(StrEnum):
    """How a request's flow can end besides a passenger status: the member travelled, the trip was cancelled, or
    the request was never found (its row was deleted before the flow opened it)."""

    TRAVELLED = "travelled"
    CANCELLED = "cancelled"
    DISCARDED = "discarded"


# A request's flow follows it while it is in one of these; any other status ends the flow.
OPEN = frozenset({PassengerStatus.REQUESTED, PassengerStatus.ACTIVE})
# After these the host's answer stands: the person may not ask to join this trip again.
BARRED = frozenset({PassengerStatus.REJECTED, PassengerStatus.REMOVED})


class Move(StrEnum):
    """The updates of a JoinRequestWorkflow: approve, reject and remove by the host; revoke and leave by the member."""

    APPROVE = "approve"
    REJECT = "reject"
    REMOVE = "remove"
    REVOKE = "revoke"
    LEAVE = "leave"


@dataclass(frozen=True)
class Transition:
    """One move: who makes it, from which status to which, its words when refused and when done, and the notice
    the other side receives (domain/rules/notices.py): its title, its words (with the mover's reason when
    `tells_reason`) and what it is about."""

    by_host: bool
    source: PassengerStatus
    target: PassengerStatus
    not_allowed: str
    in_past: str
    done: str
    notice_title: str
    notice_body: str
    notice_about: str
    tells_reason: bool = False


TRANSITIONS: dict[Move, Transition] = {
    Move.APPROVE: Transition(
        by_host=True,
        source=PassengerStatus.REQUESTED,
        target=PassengerStatus.ACTIVE,
        not_allowed=messages.JOIN_NOT_PENDING,
        in_past=messages.JOIN_ACCEPT_PAST,
        done=messages.JOIN_ACCEPTED,
        notice_title=notices.REQUEST_ACCEPTED_TITLE,
        notice_body=notices.REQUEST_ACCEPTED_BODY,
        notice_about=notices.ABOUT_REQUEST,
    ),
    Move.REJECT: Transition(
        by_host=True,
        source=PassengerStatus.REQUESTED,
        target=PassengerStatus.REJECTED,
        not_allowed=messages.JOIN_NOT_PENDING,
        in_past=messages.JOIN_DECLINE_PAST,
        done=messages.JOIN_DECLINED,
        notice_title=notices.REQUEST_DECLINED_TITLE,
        notice_body=notices.REQUEST_DECLINED_BODY,
        notice_about=notices.ABOUT_REQUEST,
    ),
    Move.REMOVE: Transition(
        by_host=True,
        source=PassengerStatus.ACTIVE,
        target=PassengerStatus.REMOVED,
        not_allowed=messages.JOIN_REMOVE_NOT_MEMBER,
        in_past=messages.JOIN_REMOVE_PAST,
        done=messages.JOIN_REMOVED,
        notice_title=notices.REMOVED_TITLE,
        notice_body=notices.REMOVED_BODY,
        notice_about=notices.ABOUT_REQUEST,
        tells_reason=True,
    ),
    Move.REVOKE: Transition(
        by_host=False,
        source=PassengerStatus.REQUESTED,
        target=PassengerStatus.REVOKED,
        not_allowed=messages.JOIN_NOT_PENDING,
        in_past=messages.JOIN_REVOKE_PAST,
        done=messages.JOIN_REVOKED,
        notice_title=notices.REQUEST_CANCELLED_TITLE,
        notice_body=notices.REQUEST_CANCELLED_BODY,
        notice_about=notices.ABOUT_REQUEST,
    ),
    Move.LEAVE: Transition(
        by_host=False,
        source=PassengerStatus.ACTIVE,
        target=PassengerStatus.LEFT,
        not_allowed=messages.JOIN_LEAVE_NOT_MEMBER,
        in_past=messages.JOIN_LEAVE_PAST,
        done=messages.JOIN_LEFT,
        notice_title=notices.MEMBER_LEFT_TITLE,
        notice_body=notices.MEMBER_LEFT_BODY,
        notice_about=notices.ABOUT_TRIP,
        tells_reason=True,
    ),
}


def move_refusal(
    move: Move, *, rightful_actor: bool, trip_cancelled: bool, departed: bool, status: str
) -> Refusal | None:
    """Why this move may not be made now, or None when it may. The checks run in the order the person acting
    should hear them: not theirs, then the trip's state, then the request's."""
    transition = TRANSITIONS[move]
    if not rightful_actor:
        only = messages.TRIP_HOST_ONLY if transition.by_host else messages.JOIN_REQUESTER_ONLY
        return Refusal(RefusalKind.NOT_THEIRS, only)
    if trip_cancelled:
        return Refusal(RefusalKind.TRIP_CANCELLED, messages.TRIP_CANCELLED)
    if departed:
        return Refusal(RefusalKind.TRIP_IN_PAST, transition.in_past)
    if status != transition.source:
        return Refusal(RefusalKind.NOT_ALLOWED_NOW, transition.not_allowed)
    return None


def full_trip_refusal(*, people_on_trip: int, seats: int) -> Refusal | None:
    """A trip takes no one more once the people on it (its host included) fill its seats: asked or approved."""
    if people_on_trip >= seats:
        return Refusal(RefusalKind.TRIP_FULL, messages.JOIN_TRIP_FULL)
    return None


def ask_refusal(
    *,
    blocked: bool,
    cancelled: bool,
    own_trip: bool,
    departed: bool,
    status: PassengerStatus | None,
    people_on_trip: int,
    seats: int,
) -> Refusal | None:
    """Why this person may not ask to join the trip now, or None, in the order they should hear it. A block between
    them and the host is answered as a trip not found, as search and the trip's page answer it: it is not told."""
    if blocked:
        return Refusal(RefusalKind.NOT_FOUND, messages.TRIP_NOT_FOUND)
    if cancelled:
        return Refusal(RefusalKind.TRIP_CANCELLED, messages.TRIP_CANCELLED)
    if own_trip:
        return Refusal(RefusalKind.INVALID, messages.JOIN_OWN_TRIP)
    if departed:
        return Refusal(RefusalKind.TRIP_IN_PAST, messages.JOIN_REQUEST_PAST)
    return join_request_refusal(status) or full_trip_refusal(people_on_trip=people_on_trip, seats=seats)


def join_request_refusal(status: PassengerStatus | None) -> Refusal | None:
    """Why a person holding this status on a trip may not ask to join it (again), or None."""
    if status == PassengerStatus.REQUESTED:
        return Refusal(RefusalKind.NOT_ALLOWED_NOW, messages.JOIN_ALREADY_REQUESTED)
    if status == PassengerStatus.ACTIVE:
        return Refusal(RefusalKind.NOT_ALLOWED_NOW, messages.JOIN_ALREADY_MEMBER)
    if status in BARRED:
        return Refusal(RefusalKind.NOT_THEIRS, messages.JOIN_NOT_ALLOWED)
    return None


# The statuses from which a person may ask to join the trip again: the request is renewed on the same row.
ASKABLE_AGAIN = frozenset(status for status in PassengerStatus if join_request_refusal(status) is None)
