"""Joining a trip (SPEC §4 passenger transitions, §5, §8): requests, host decisions, members leaving.

Each request is a JoinRequestWorkflow; decisions and member actions reach it as Workflow Updates, so the caller
gets the new status, or the reason it was refused, at once.
"""

from fastapi import APIRouter, status
from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client, WorkflowUpdateFailedError
from temporalio.exceptions import ApplicationError
from temporalio.service import RPCError

from api.deps import CurrentUser, SessionDep, SettingsDep, TemporalDep
from api.envelope import MessageOnly, done
from api.errors import ApiError, refusals
from api.schemas.join import HostAction, JoinRequestCreate, PassengerAction
from api.trips.lookups import active_count, load_trip
from domain import clock
from domain.flows import start_after_commit
from domain.models import Trip, TripPassenger, UserBlock
from domain.rules import messages
from domain.rules.join import TRANSITIONS, Move, PassengerStatus, PassengerType, RefusalKind, request_refusal
from domain.rules.trip import TripStatus
from workflows.contracts import JoinAction, JoinRequest, join_start, join_workflow_id

router = APIRouter(prefix="/trip/user", tags=["join"])

HOST_MOVES = {"APPROVE": Move.APPROVE, "REJECT": Move.REJECT, "REMOVE": Move.REMOVE}
PASSENGER_MOVES = {"LEAVE": Move.LEAVE, "REVOKE_REQUEST": Move.REVOKE}
REQUEST_REFUSAL_CODES = {RefusalKind.NOT_THEIRS: status.HTTP_403_FORBIDDEN}


async def are_blocked(session: AsyncSession, one: int, other: int) -> bool:
    """True when either of the two has blocked the other."""
    found = await session.scalar(
        select(UserBlock.blocker_id).where(
            or_(
                (UserBlock.blocker_id == one) & (UserBlock.blocked_id == other),
                (UserBlock.blocker_id == other) & (UserBlock.blocked_id == one),
            )
        )
    )
    return found is not None


@router.post("", responses=refusals(403, 404, 409))
async def request_to_join(
    body: JoinRequestCreate, user: CurrentUser, session: SessionDep, settings: SettingsDep
) -> MessageOnly:
    trip = await load_trip(session, body.trip_id, for_update=True)
    if trip.status == TripStatus.CANCELLED:
        raise ApiError(messages.TRIP_CANCELLED, status.HTTP_409_CONFLICT)
    if trip.host_id == user.id:
        raise ApiError(messages.JOIN_OWN_TRIP)
    if trip.scheduled_at <= clock.now():
        raise ApiError(messages.JOIN_REQUEST_PAST)
    if await are_blocked(session, user.id, trip.host_id):
        raise ApiError(messages.JOIN_NOT_ALLOWED, status.HTTP_403_FORBIDDEN)
    passenger = await session.scalar(
        select(TripPassenger).where(TripPassenger.trip_id == trip.id, TripPassenger.user_id == user.id)
    )
    refusal = request_refusal(PassengerStatus(passenger.status) if passenger is not None else None)
    if refusal is not None:
        raise ApiError(refusal.message, REQUEST_REFUSAL_CODES.get(refusal.kind, status.HTTP_409_CONFLICT))
    if await active_count(session, trip.id) >= trip.total_passengers:
        raise ApiError(messages.JOIN_TRIP_FULL, status.HTTP_409_CONFLICT)
    if passenger is None:
        passenger = TripPassenger(trip_id=trip.id, user_id=user.id, type=PassengerType.MEMBER, request_number=0)
        session.add(passenger)
    passenger.status = PassengerStatus.REQUESTED
    passenger.additional_note = body.additional_note
    passenger.small_luggage = body.small_luggage
    passenger.large_luggage = body.large_luggage
    passenger.request_number += 1
    await session.flush()
    request = JoinRequest(
        passenger_id=passenger.id,
        trip_id=trip.id,
        user_id=user.id,
        host_id=trip.host_id,
        nudge_interval_seconds=settings.join_nudge_interval_seconds,
    )
    await start_after_commit(session, join_start(request, passenger.request_number))
    return done(messages.JOIN_REQUEST_SENT)


async def _act(
    temporal: Client,
    session: AsyncSession,
    trip: Trip,
    member_id: int,
    move: Move,
    actor: JoinAction,
) -> MessageOnly:
    """Asks the request's flow to make the move; its validator and activity decide by domain/rules/join.py, and the
    two checks here only spare the flow a call that cannot succeed."""
    if trip.status == TripStatus.CANCELLED:
        raise ApiError(messages.TRIP_CANCELLED, status.HTTP_409_CONFLICT)
    if trip.scheduled_at <= clock.now():
        raise ApiError(TRANSITIONS[move].in_past)
    passenger = await session.scalar(
        select(TripPassenger).where(
            TripPassenger.trip_id == trip.id,
            TripPassenger.user_id == member_id,
            TripPassenger.type == PassengerType.MEMBER,
        )
    )
    if passenger is None or passenger.request_number == 0:
        raise ApiError(messages.JOIN_REQUEST_NOT_FOUND, status.HTTP_404_NOT_FOUND)
    handle = temporal.get_workflow_handle(join_workflow_id(trip.id, member_id, passenger.request_number))
    try:
        await handle.execute_update(move, actor, result_type=str)
    except WorkflowUpdateFailedError as error:
        cause = error.cause
        reason = cause.message if isinstance(cause, ApplicationError) else messages.GENERIC_ERROR
        raise ApiError(reason, status.HTTP_409_CONFLICT) from error
    except RPCError as error:
        raise ApiError(messages.JOIN_REQUEST_NOT_FOUND, status.HTTP_409_CONFLICT) from error
    return done(TRANSITIONS[move].done)


@router.put("/host/{member_id}", responses=refusals(403, 404, 409))
async def decide_as_host(
    member_id: int, body: HostAction, user: CurrentUser, session: SessionDep, temporal: TemporalDep
) -> MessageOnly:
    trip = await load_trip(session, body.trip_id)
    if trip.host_id != user.id:
        raise ApiError(messages.TRIP_HOST_ONLY, status.HTTP_403_FORBIDDEN)
    actor = JoinAction(actor_id=user.id, note=body.additional_note)
    return await _act(temporal, session, trip, member_id, HOST_MOVES[body.action], actor)


@router.put("/passenger", responses=refusals(404, 409))
async def act_as_passenger(
    body: PassengerAction, user: CurrentUser, session: SessionDep, temporal: TemporalDep
) -> MessageOnly:
    trip = await load_trip(session, body.trip_id)
    actor = JoinAction(actor_id=user.id, note=body.additional_note)
    return await _act(temporal, session, trip, user.id, PASSENGER_MOVES[body.action], actor)
