"""Asking to join a trip (SPEC §4 passenger transitions, §5): the checks in the spec's words, the person's row on the
trip, and the request's flow (JoinRequestWorkflow) started once the transaction commits."""

from fastapi import status
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import ApiError, refuse
from api.joins.schemas import JoinRequestCreate
from api.trips.lookups import active_count, load_trip
from api.users.blocks import are_blocked
from domain import clock
from domain.flows import start_after_commit
from domain.models import TripPassenger, User
from domain.rules import messages
from domain.rules.join import PassengerStatus, PassengerType, request_refusal
from domain.rules.trip import TripStatus
from domain.settings import Settings
from workflows.join_request.contracts import JoinRequest, join_start

# A refusal that is about who asks, not about the trip's or the request's state (409).


async def ask_to_join(session: AsyncSession, settings: Settings, user: User, body: JoinRequestCreate) -> None:
    """The person's request on the trip. The trip's row stays locked until the commit, so the checks still hold
    then. A person who asks again does so on the same row; each request is numbered, so each has a flow of its
    own."""
    trip = await load_trip(session, body.trip_id, for_update=True)
    if await are_blocked(session, user.id, trip.host_id):
        # Not found, as in search and when opening the trip (api/users/blocks.py): the block is not told.
        raise ApiError(messages.TRIP_NOT_FOUND, status.HTTP_404_NOT_FOUND)
    if trip.status == TripStatus.CANCELLED:
        raise ApiError(messages.TRIP_CANCELLED, status.HTTP_409_CONFLICT)
    if trip.host_id == user.id:
        raise ApiError(messages.JOIN_OWN_TRIP)
    if trip.scheduled_at <= clock.now():
        raise ApiError(messages.JOIN_REQUEST_PAST)
    passenger = await session.scalar(
        select(TripPassenger).where(TripPassenger.trip_id == trip.id, TripPassenger.user_id == user.id)
    )
    refuse(request_refusal(PassengerStatus(passenger.status) if passenger is not None else None))
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
