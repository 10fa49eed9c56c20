"""Every transition of a join request (SPEC §4 passenger status; domain/rules/join.py), one named row each.

A request's moves are the table `TRANSITIONS`, checked by `move_refusal` (the flow's update validators and the
activity that writes each move decide by it); asking to join (again) is `join_request_refusal`. The ends at departure
(requested -> expired, active -> travelled) and a cancelled trip are the JoinRequestWorkflow's own timers and
catch-up, not a rule function: here only that they end what `OPEN` follows.
"""

import itertools

import pytest

from domain.rules import messages
from domain.rules.join import (
    ASKABLE_AGAIN,
    BARRED,
    OPEN,
    TRANSITIONS,
    FlowEnd,
    Move,
    PassengerStatus,
    ask_refusal,
    full_trip_refusal,
    join_request_refusal,
    move_refusal,
)
from domain.rules.refusal import Refusal, RefusalKind

REQUESTED, ACTIVE = PassengerStatus.REQUESTED, PassengerStatus.ACTIVE
REJECTED, REMOVED, LEFT = PassengerStatus.REJECTED, PassengerStatus.REMOVED, PassengerStatus.LEFT
REVOKED, EXPIRED = PassengerStatus.REVOKED, PassengerStatus.EXPIRED

MOVES = [
    (REQUESTED, Move.APPROVE, ACTIVE),
    (REQUESTED, Move.REJECT, REJECTED),
    (REQUESTED, Move.REVOKE, REVOKED),
    (ACTIVE, Move.REMOVE, REMOVED),
    (ACTIVE, Move.LEAVE, LEFT),
]
ALLOWED = {(source, move) for source, move, _ in MOVES}
REFUSED = [(source, move) for source, move in itertools.product(PassengerStatus, Move) if (source, move) not in ALLOWED]


def moved(move: Move, status: str, **facts: bool) -> Refusal | None:
    """The rule's answer to this move from this status, made by the rightful person on an upcoming trip unless
    the facts say otherwise."""
    return move_refusal(
        move,
        rightful_actor=facts.get("rightful_actor", True),
        trip_cancelled=facts.get("trip_cancelled", False),
        departed=facts.get("departed", False),
        status=status,
    )


@pytest.mark.parametrize(("source", "move", "target"), MOVES, ids=[f"{s}-{m}->{t}" for s, m, t in MOVES])
def test_a_move_the_table_allows_leads_to_its_status(source, move, target):
    assert moved(move, source) is None
    transition = TRANSITIONS[move]
    assert (transition.source, transition.target) == (source, target)


def test_the_table_has_exactly_these_moves():
    assert {(t.source, move, t.target) for move, t in TRANSITIONS.items()} == set(MOVES)


@pytest.mark.parametrize(("source", "move"), REFUSED, ids=[f"{s}-{m}->refused" for s, m in REFUSED])
def test_every_other_move_is_refused_as_not_allowed_now(source, move):
    assert moved(move, source) == Refusal(RefusalKind.NOT_ALLOWED_NOW, TRANSITIONS[move].not_allowed)


WHO_MOVES = [
    (Move.APPROVE, "host", messages.TRIP_HOST_ONLY),
    (Move.REJECT, "host", messages.TRIP_HOST_ONLY),
    (Move.REMOVE, "host", messages.TRIP_HOST_ONLY),
    (Move.REVOKE, "requester", messages.JOIN_REQUESTER_ONLY),
    (Move.LEAVE, "requester", messages.JOIN_REQUESTER_ONLY),
]


@pytest.mark.parametrize(
    ("move", "only", "words"), WHO_MOVES, ids=[f"{m}-by-anyone-but-the-{who}->refused" for m, who, _ in WHO_MOVES]
)
def test_a_move_by_anyone_but_its_maker_is_refused_before_anything_else(move, only, words):
    source = TRANSITIONS[move].source
    assert TRANSITIONS[move].by_host == (only == "host")
    refusal = moved(move, source, rightful_actor=False, trip_cancelled=True, departed=True)
    assert refusal == Refusal(RefusalKind.NOT_THEIRS, words)


@pytest.mark.parametrize("move", list(Move), ids=[f"{m}-on-a-cancelled-trip->refused" for m in Move])
def test_no_move_on_a_cancelled_trip(move):
    refusal = moved(move, TRANSITIONS[move].source, trip_cancelled=True, departed=True)
    assert refusal == Refusal(RefusalKind.TRIP_CANCELLED, messages.TRIP_CANCELLED)


@pytest.mark.parametrize("move", list(Move), ids=[f"{m}-after-departure->refused" for m in Move])
def test_no_move_after_departure(move):
    refusal = moved(move, TRANSITIONS[move].source, departed=True)
    assert refusal == Refusal(RefusalKind.TRIP_IN_PAST, TRANSITIONS[move].in_past)


ASKS = [
    (None, REQUESTED),
    (REVOKED, REQUESTED),
    (LEFT, REQUESTED),
    (EXPIRED, REQUESTED),
    (REQUESTED, Refusal(RefusalKind.NOT_ALLOWED_NOW, messages.JOIN_ALREADY_REQUESTED)),
    (ACTIVE, Refusal(RefusalKind.NOT_ALLOWED_NOW, messages.JOIN_ALREADY_MEMBER)),
    (REJECTED, Refusal(RefusalKind.NOT_THEIRS, messages.JOIN_NOT_ALLOWED)),
    (REMOVED, Refusal(RefusalKind.NOT_THEIRS, messages.JOIN_NOT_ALLOWED)),
]


@pytest.mark.parametrize(
    ("source", "outcome"),
    ASKS,
    ids=[f"{s or 'no-relation'}-ask->{'refused' if isinstance(o, Refusal) else o}" for s, o in ASKS],
)
def test_asking_to_join(source, outcome):
    refusal = join_request_refusal(source)
    assert refusal == (outcome if isinstance(outcome, Refusal) else None)
    if source is not None:
        assert (source in ASKABLE_AGAIN) == (refusal is None)


def test_every_status_is_named_by_an_ask_row():
    assert {source for source, _ in ASKS} == {None, *PassengerStatus}


ENDS = [
    (REQUESTED, "departure", EXPIRED),
    (ACTIVE, "departure", FlowEnd.TRAVELLED),
    (REQUESTED, "trip-cancelled", FlowEnd.CANCELLED),
    (ACTIVE, "trip-cancelled", FlowEnd.CANCELLED),
]


@pytest.mark.parametrize(("source", "event", "target"), ENDS, ids=[f"{s}-{e}->{t}" for s, e, t in ENDS])
def test_the_flows_ends_close_an_open_request(source, event, target):
    assert source in OPEN
    assert target not in OPEN


def test_only_requested_and_active_are_followed_and_only_the_hosts_answers_bar_asking_again():
    assert {REQUESTED, ACTIVE} == OPEN
    assert {REJECTED, REMOVED} == BARRED
    assert {REVOKED, LEFT, EXPIRED} == ASKABLE_AGAIN


@pytest.mark.parametrize(
    ("people", "seats", "full"),
    [(1, 2, False), (2, 2, True), (3, 4, False), (4, 4, True), (5, 4, True)],
    ids=["room-for-one", "full", "room", "full-at-four", "over-full"],
)
def test_a_trip_takes_no_one_more_once_its_seats_are_filled(people: int, seats: int, full: bool) -> None:
    refusal = full_trip_refusal(people_on_trip=people, seats=seats)
    assert refusal == (Refusal(RefusalKind.TRIP_FULL, messages.JOIN_TRIP_FULL) if full else None)


OPEN_TRIP = {
    "blocked": False,
    "cancelled": False,
    "own_trip": False,
    "departed": False,
    "status": None,
    "people_on_trip": 1,
    "seats": 3,
}


@pytest.mark.parametrize(
    ("changed", "refusal"),
    [
        ({}, None),
        ({"status": REVOKED}, None),
        ({"blocked": True, "cancelled": True}, Refusal(RefusalKind.NOT_FOUND, messages.TRIP_NOT_FOUND)),
        ({"cancelled": True, "own_trip": True}, Refusal(RefusalKind.TRIP_CANCELLED, messages.TRIP_CANCELLED)),
        ({"own_trip": True, "departed": True}, Refusal(RefusalKind.INVALID, messages.JOIN_OWN_TRIP)),
        ({"departed": True, "status": REQUESTED}, Refusal(RefusalKind.TRIP_IN_PAST, messages.JOIN_REQUEST_PAST)),
        (
            {"status": REQUESTED, "people_on_trip": 3},
            Refusal(RefusalKind.NOT_ALLOWED_NOW, messages.JOIN_ALREADY_REQUESTED),
        ),
        ({"people_on_trip": 3}, Refusal(RefusalKind.TRIP_FULL, messages.JOIN_TRIP_FULL)),
    ],
    ids=[
        "open-trip->asked",
        "revoked-asks-again->asked",
        "blocked->not-found-first",
        "cancelled->before-own-trip",
        "own-trip->before-departed",
        "departed->before-already-requested",
        "already-requested->before-full",
        "full->refused",
    ],
)
def test_asking_to_join_is_refused_in_the_order_the_person_should_hear(changed, refusal) -> None:
    assert ask_refusal(**(OPEN_TRIP | changed)) == refusal
