"""Joining a trip (SPEC §4 passenger transitions, §5, §8): requests, host decisions, members leaving.

Each request is a JoinRequestWorkflow; decisions and member actions reach it as Workflow Updates, so the caller
gets the new status, or the reason it was refused, at once.
"""

from typing import Literal

from fastapi import APIRouter, status
from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client, WorkflowUpdateFailedError
from temporalio.common import SearchAttributePair, TypedSearchAttributes
from temporalio.exceptions import ApplicationError
from temporalio.service import RPCError

from api.deps import CurrentUser, SessionDep, SettingsDep, TemporalDep
from api.envelope import MessageOnly, done
from api.errors import ApiError, refusals
from api.schemas.join import HostAction, JoinRequestCreate, PassengerAction
from api.trips.lookups import active_count, load_trip
from domain import clock
from domain.models import Trip, TripPassenger, UserBlock
from domain.rules import messages
from workflows.contracts import FLOW_STATUS, TRIP_ID, USER_ID, JoinAction, JoinRequest, join_workflow_id

router = APIRouter(prefix="/trip/user", tags=["join"])

JoinUpdate = Literal["approve", "reject", "remove", "revoke", "leave"]

PAST_TRIP_MESSAGES: dict[JoinUpdate, str] = {
    "approve": messages.JOIN_ACCEPT_PAST,
    "reject": messages.JOIN_DECLINE_PAST,
    "remove": messages.JOIN_REMOVE_PAST,
    "leave": messages.JOIN_LEAVE_PAST,
    "revoke": messages.JOIN_REVOKE_PAST,
}
DONE_MESSAGES: dict[JoinUpdate, str] = {
    "approve": messages.JOIN_ACCEPTED,
    "reject": messages.JOIN_DECLINED,
    "remove": messages.JOIN_REMOVED,
    "leave": messages.JOIN_LEFT,
    "revoke": messages.JOIN_REVOKED,
}
HOST_UPDATES: dict[str, JoinUpdate] = {"APPROVE": "approve", "REJECT": "reject", "REMOVE": "remove"}
PASSENGER_UPDATES: dict[str, JoinUpdate] = {"LEAVE": "leave", "REVOKE_REQUEST": "revoke"}


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
    body: JoinRequestCreate, user: CurrentUser, session: SessionDep, settings: SettingsDep, temporal: TemporalDep
) -> MessageOnly:
    trip = await load_trip(session, body.trip_id, for_update=True)
    if trip.status == "CANCELLED":
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
    if passenger is not None and passenger.status == "requested":
        raise ApiError(messages.JOIN_ALREADY_REQUESTED, status.HTTP_409_CONFLICT)
    if passenger is not None and passenger.status == "active":
        raise ApiError(messages.JOIN_ALREADY_MEMBER, status.HTTP_409_CONFLICT)
    if passenger is not None and passenger.status in ("rejected", "removed"):
        raise ApiError(messages.JOIN_NOT_ALLOWED, status.HTTP_403_FORBIDDEN)
    if await active_count(session, trip.id) >= trip.total_passengers:
        raise ApiError(messages.JOIN_TRIP_FULL, status.HTTP_409_CONFLICT)
    if passenger is None:
        passenger = TripPassenger(trip_id=trip.id, user_id=user.id, type="member", request_number=0)
        session.add(passenger)
    passenger.status = "requested"
    passenger.additional_note = body.additional_note
    passenger.small_luggage = body.small_luggage
    passenger.large_luggage = body.large_luggage
    passenger.request_number += 1
    await session.flush()
    await temporal.start_workflow(
        "JoinRequestWorkflow",
        JoinRequest(
            passenger_id=passenger.id,
            trip_id=trip.id,
            user_id=user.id,
            host_id=trip.host_id,
            nudge_interval_seconds=settings.join_nudge_interval_seconds,
        ),
        id=join_workflow_id(trip.id, user.id, passenger.request_number),
        task_queue=settings.temporal_task_queue,
        search_attributes=TypedSearchAttributes(
            [
                SearchAttributePair(TRIP_ID, str(trip.id)),
                SearchAttributePair(USER_ID, str(user.id)),
                SearchAttributePair(FLOW_STATUS, "requested"),
            ]
        ),
    )
    return done(messages.JOIN_REQUEST_SENT)


async def _act(
    temporal: Client,
    session: AsyncSession,
    trip: Trip,
    member_id: int,
    update: JoinUpdate,
    actor: JoinAction,
) -> MessageOnly:
    if trip.status == "CANCELLED":
        raise ApiError(messages.TRIP_CANCELLED, status.HTTP_409_CONFLICT)
    if trip.scheduled_at <= clock.now():
        raise ApiError(PAST_TRIP_MESSAGES[update])
    passenger = await session.scalar(
        select(TripPassenger).where(
            TripPassenger.trip_id == trip.id, TripPassenger.user_id == member_id, TripPassenger.type == "member"
        )
    )
    if passenger is None or passenger.request_number == 0:
        raise ApiError(messages.JOIN_REQUEST_NOT_FOUND, status.HTTP_404_NOT_FOUND)
    handle = temporal.get_workflow_handle(join_workflow_id(trip.id, member_id, passenger.request_number))
    try:
        await handle.execute_update(update, actor, result_type=str)
    except WorkflowUpdateFailedError as error:
        cause = error.cause
        reason = cause.message if isinstance(cause, ApplicationError) else messages.GENERIC_ERROR
        raise ApiError(reason, status.HTTP_409_CONFLICT) from error
    except RPCError as error:
        raise ApiError(messages.JOIN_REQUEST_NOT_FOUND, status.HTTP_409_CONFLICT) from error
    return done(DONE_MESSAGES[update])


@router.put("/host/{member_id}", responses=refusals(403, 404, 409))
async def decide_as_host(
    member_id: int, body: HostAction, user: CurrentUser, session: SessionDep, temporal: TemporalDep
) -> MessageOnly:
    trip = await load_trip(session, body.trip_id)
    if trip.host_id != user.id:
        raise ApiError(messages.TRIP_HOST_ONLY, status.HTTP_403_FORBIDDEN)
    actor = JoinAction(actor_id=user.id, note=body.additional_note)
    return await _act(temporal, session, trip, member_id, HOST_UPDATES[body.action], actor)


@router.put("/passenger", responses=refusals(404, 409))
async def act_as_passenger(
    body: PassengerAction, user: CurrentUser, session: SessionDep, temporal: TemporalDep
) -> MessageOnly:
    trip = await load_trip(session, body.trip_id)
    actor = JoinAction(actor_id=user.id, note=body.additional_note)
    return await _act(temporal, session, trip, user.id, PASSENGER_UPDATES[body.action], actor)
