"""A host's decision on a request, or a member's leaving or taking a request back (SPEC §4 passenger transitions).

Each is a Workflow Update of the request's JoinRequestWorkflow, so the caller hears at once whether the move was
made, or the reason it was refused: the flow's validator and activity decide by domain/rules/join.py. A move's note
is kept in the database (JoinNote) and the flow is given its id."""

from dataclasses import dataclass

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio.client import Client, WorkflowUpdateFailedError
from temporalio.exceptions import ApplicationError
from temporalio.service import RPCError, RPCStatusCode

from api.errors import refuse
from api.joins.schemas import HostAction, PassengerAction
from api.outbound import commit_before_calling_out, hold_no_connection
from api.trips.service import load_trip
from domain import clock
from domain.bus import close_sockets_of
from domain.flows import until_delivered
from domain.models import JoinNote, Trip, TripPassenger, User
from domain.reliability import record_reliability
from domain.rules import messages
from domain.rules.join import TRANSITIONS, Move, PassengerStatus, PassengerType
from domain.rules.refusal import Refusal, RefusalKind, not_found, not_now, not_theirs
from domain.rules.reliability import ReliabilityEvent, no_show_refusal
from domain.rules.trip import TRIP_IS_CANCELLED, TripStatus
from workflows.join_request.contracts import JoinAction, join_workflow_id

HOST_MOVES = {"APPROVE": Move.APPROVE, "REJECT": Move.REJECT, "REMOVE": Move.REMOVE}
# The flow refuses a move with an ApplicationError whose type is the refusal's kind.
REFUSAL_KINDS = frozenset(RefusalKind)
PASSENGER_MOVES = {"LEAVE": Move.LEAVE, "REVOKE_REQUEST": Move.REVOKE}


# How long a move waits for the relay to start a request's flow made a moment before (domain/flows.py).
START_PATIENCE_SECONDS = 10.0


@dataclass(frozen=True)
class Flows:
    """Temporal, and the database whose outbox a request's start may still wait in."""

    temporal: Client
    session_maker: async_sessionmaker[AsyncSession]


async def _update(flows: Flows, workflow_id: str, move: Move, actor: JoinAction) -> None:
    """The move as a Workflow Update of the request's flow. The flow's start is on its way through the worker's
    relay just after the request was made: a flow not found is asked again once its start has been delivered."""
    handle = flows.temporal.get_workflow_handle(workflow_id)
    try:
        await handle.execute_update(move, actor, result_type=str)
    except RPCError as error:
        if error.status != RPCStatusCode.NOT_FOUND:
            raise
        if not await until_delivered(flows.session_maker, workflow_id, START_PATIENCE_SECONDS):
            raise FlowNotStarted(workflow_id) from error
        await handle.execute_update(move, actor, result_type=str)


class FlowNotStarted(Exception):
    """The request's flow is still to be started: the worker is down or far behind."""


async def _make_move(
    flows: Flows,
    session: AsyncSession,
    trip: Trip,
    member_id: int,
    move: Move,
    actor_id: int,
    note: str | None,
) -> Move:
    """Asks the request's flow to make the move, holding nothing of the database while it does. The two checks here
    only spare the flow a call that cannot succeed; the flow decides.

    The note is committed first (the flow's activity reads it under the request's row lock) and the flow is given
    only its id: what people write never reaches the flow's history. A refused move's note is deleted again."""
    if trip.status == TripStatus.CANCELLED:
        refuse(TRIP_IS_CANCELLED)
    if trip.scheduled_at <= clock.now():
        refuse(Refusal(RefusalKind.TRIP_IN_PAST, TRANSITIONS[move].in_past))
    passenger = await session.scalar(
        select(TripPassenger).where(
            TripPassenger.trip_id == trip.id,
            TripPassenger.user_id == member_id,
            TripPassenger.type == PassengerType.MEMBER,
        )
    )
    if passenger is None or passenger.request_number == 0:
        refuse(not_found(messages.JOIN_REQUEST_NOT_FOUND))
    note_id = await _keep_note(session, passenger.id, actor_id, note)
    actor = JoinAction(actor_id=actor_id, note_id=note_id)
    # The flow's activity locks the request's row meanwhile, and an Update may wait on a busy worker: the request
    # holds no pooled connection while it waits (api/outbound.py).
    await hold_no_connection(session)
    try:
        await _update(flows, join_workflow_id(trip.id, member_id, passenger.request_number), move, actor)
    except WorkflowUpdateFailedError as error:
        await _drop_note(session, note_id)
        cause = error.cause
        if isinstance(cause, ApplicationError) and cause.type in REFUSAL_KINDS:
            refuse(Refusal(RefusalKind(cause.type), cause.message))
        refuse(not_now(messages.GENERIC_ERROR))
    except FlowNotStarted:
        await _drop_note(session, note_id)
        refuse(not_now(messages.GENERIC_ERROR))
    except RPCError:
        await _drop_note(session, note_id)
        # The request's flow has ended: it was answered, withdrawn or expired.
        refuse(Refusal(RefusalKind.REQUEST_GONE, messages.JOIN_REQUEST_NOT_FOUND))
    return move


async def _keep_note(session: AsyncSession, passenger_id: int, author_id: int, note: str | None) -> int | None:
    """The id of the note, committed before the flow is asked (api/outbound.py); None without a note."""
    if not note:
        return None
    kept = JoinNote(passenger_id=passenger_id, author_id=author_id, note=note)
    session.add(kept)
    await session.flush()
    await commit_before_calling_out(session)
    return kept.id


async def _drop_note(session: AsyncSession, note_id: int | None) -> None:
    """Deletes the note of a move the flow refused (it was never applied), before the refusal rolls back."""
    if note_id is not None:
        await session.execute(delete(JoinNote).where(JoinNote.id == note_id))
        await session.commit()


async def decide_as_host(session: AsyncSession, flows: Flows, host: User, member_id: int, decision: HostAction) -> str:
    """Approves, rejects or removes a member of the host's own trip, or marks a member who did not turn up; the
    words for what was done."""
    trip = await load_trip(session, decision.trip_id)
    if trip.host_id != host.id:
        refuse(not_theirs(messages.TRIP_HOST_ONLY))
    if decision.action == "NO_SHOW":
        await _mark_no_show(session, trip, member_id)
        return messages.NO_SHOW_MARKED
    move = await _make_move(
        flows, session, trip, member_id, HOST_MOVES[decision.action], host.id, decision.additional_note
    )
    if move == Move.REMOVE:
        # The removed member's open sockets close, so the trip's chat and news stop reaching them at once.
        await close_sockets_of(session, member_id)
    return TRANSITIONS[move].done


async def _mark_no_show(session: AsyncSession, trip: Trip, member_id: int) -> None:
    """After departure (the member's flow has ended with the trip), once per member and trip."""
    if trip.status == TripStatus.CANCELLED:
        refuse(TRIP_IS_CANCELLED)
    member = await session.scalar(
        select(TripPassenger).where(
            TripPassenger.trip_id == trip.id,
            TripPassenger.user_id == member_id,
            TripPassenger.type == PassengerType.MEMBER,
        )
    )
    refuse(
        no_show_refusal(
            departure=trip.scheduled_at,
            now=clock.now(),
            is_active_member=member is not None and member.status == PassengerStatus.ACTIVE,
        )
    )
    if not await record_reliability(session, member_id, trip.id, ReliabilityEvent.NO_SHOW):
        refuse(not_now(messages.NO_SHOW_ALREADY))


async def act_as_passenger(session: AsyncSession, flows: Flows, user: User, action: PassengerAction) -> str:
    """Leaves the trip or takes the request back; the words for what was done."""
    trip = await load_trip(session, action.trip_id)
    move = await _make_move(
        flows, session, trip, user.id, PASSENGER_MOVES[action.action], user.id, action.additional_note
    )
    return TRANSITIONS[move].done
