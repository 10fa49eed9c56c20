"""What the join request tests share: a trip and its requests as the API leaves them, the flow's start as the
join endpoint makes it, the answers as it sends them, and reading the results."""

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio.client import Client, WorkflowHandle, WorkflowUpdateFailedError
from temporalio.exceptions import ApplicationError

from domain.db import transaction
from domain.models import Trip, TripEnd, TripPassenger
from domain.settings import Settings
from tests.workflows.trip_support import create_users, start_flow
from workflows.join_request.contracts import JoinAction, JoinRequest, join_start
from workflows.join_request.workflow import JoinRequestWorkflow

ROUTE = "from Koramangala to Kempegowda International Airport"


@dataclass(frozen=True)
class HostedTrip:
    trip_id: int
    host_id: int
    member_ids: list[int]


@dataclass(frozen=True)
class Request:
    passenger_id: int
    trip_id: int
    user_id: int
    host_id: int
    request_number: int = 1


async def add_trip(
    session: AsyncSession, scheduled_at: datetime, *, total_passengers: int = 4, members: int = 0
) -> HostedTrip:
    """A trip with its host and some active members, as the trip and join endpoints leave it."""
    host_id, *member_ids = await create_users(session, 1 + members)
    trip = Trip(
        host_id=host_id,
        scheduled_at=scheduled_at,
        origin=TripEnd("Koramangala, Bengaluru, Karnataka", "pin-560034", 12.9352, 77.6245),
        destination=TripEnd("Kempegowda International Airport, Bengaluru", "pin-560300", 13.1986, 77.7066),
        total_passengers=total_passengers,
        preferred_mode_of_transport=1,
        distance_km=34.0,
    )
    session.add(trip)
    await session.flush()
    session.add(TripPassenger(trip_id=trip.id, user_id=host_id, type="host", status="active"))
    session.add_all(
        TripPassenger(trip_id=trip.id, user_id=member_id, type="member", status="active", request_number=1)
        for member_id in member_ids
    )
    await session.flush()
    return HostedTrip(trip.id, host_id, member_ids)


async def add_requests(
    session: AsyncSession, trip: HostedTrip, count: int = 1, *, status: str = "requested", large_luggage: int = 0
) -> list[Request]:
    """People asking to join, each with their first request, as the join endpoint inserts them."""
    passengers = [
        TripPassenger(
            trip_id=trip.trip_id,
            user_id=user_id,
            type="member",
            status=status,
            request_number=1,
            large_luggage=large_luggage,
            additional_note="I will be at the gate",
        )
        for user_id in await create_users(session, count)
    ]
    session.add_all(passengers)
    await session.flush()
    return [Request(each.id, trip.trip_id, each.user_id, trip.host_id) for each in passengers]


async def create_trip_with_requests(
    session_maker: async_sessionmaker[AsyncSession],
    scheduled_at: datetime,
    count: int = 1,
    *,
    total_passengers: int = 4,
    members: int = 0,
) -> tuple[HostedTrip, list[Request]]:
    """A trip and its requests the API has already committed."""
    async with transaction(session_maker) as session:
        trip = await add_trip(session, scheduled_at, total_passengers=total_passengers, members=members)
        return trip, await add_requests(session, trip, count)


async def start_join_flow(
    client: Client, settings: Settings, request: Request, *, nudge_interval_seconds: int = 3600
) -> WorkflowHandle[JoinRequestWorkflow, str]:
    """Starts the flow as the join endpoint does: by id, with TripId, UserId and FlowStatus set from the start."""
    request_input = JoinRequest(
        passenger_id=request.passenger_id,
        trip_id=request.trip_id,
        user_id=request.user_id,
        host_id=request.host_id,
        nudge_interval_seconds=nudge_interval_seconds,
    )
    return await start_flow(client, settings, join_start(request_input, request.request_number))


async def answer(handle: WorkflowHandle, update: str, actor_id: int, note: str | None = None) -> str:
    """Sends an update as the join endpoints do; answers the new status."""
    status: str = await handle.execute_update(update, JoinAction(actor_id=actor_id, note=note), result_type=str)
    return status


async def refusal(handle: WorkflowHandle, update: str, actor_id: int, note: str | None = None) -> str:
    """Sends an update that must be refused; answers the message the endpoint shows, as it reads it."""
    try:
        status = await answer(handle, update, actor_id, note)
    except WorkflowUpdateFailedError as error:
        assert isinstance(error.cause, ApplicationError)
        return error.cause.message
    raise AssertionError(f"{update} was accepted: {status}")


async def opened(handle: WorkflowHandle) -> bool:
    """The flow has read its committed request and told the host; its departure timer is armed."""
    return await handle.query("departure") is not None


async def passenger_statuses(session_maker: async_sessionmaker[AsyncSession], trip_id: int) -> dict[int, str]:
    async with transaction(session_maker) as session:
        rows = await session.execute(
            select(TripPassenger.user_id, TripPassenger.status).where(TripPassenger.trip_id == trip_id)
        )
        return {user_id: status for user_id, status in rows.all()}


async def change_trip(session_maker: async_sessionmaker[AsyncSession], trip_id: int, **values: object) -> None:
    """What an edit or a delete of the trip leaves in the database."""
    async with transaction(session_maker) as session:
        await session.execute(update(Trip).where(Trip.id == trip_id).values(**values))
