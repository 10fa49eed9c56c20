"""What the trip flow tests share: people and trips as the API leaves them, the flow's start, reading results."""

import json
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio.api.enums.v1 import EventType
from temporalio.client import Client, WorkflowHandle

from domain.db import create_engine, create_session_maker, transaction
from domain.flows import signal_after_commit, start_after_commit, until_delivered
from domain.models import Notification, Trip, TripEnd, TripPassenger, User, UserTripsInsights
from domain.rules.flow import FlowSignal, FlowStart
from domain.settings import Settings
from worker.outbox.delivery import FlowDelivery
from workflows.flow import FLOW_STATUS
from workflows.trip.contracts import TripSchedule, trip_schedule, trip_start


@dataclass
class Party:
    """A trip's people by their relation to it: the host, active members and the ones who are not travelling."""

    trip_id: int
    host_id: int
    members: list[int]
    requester_id: int
    left_id: int
    rejected_id: int
    scheduled_at: datetime
    everyone: list[int] = field(default_factory=list)

    @property
    def travellers(self) -> list[int]:
        return [self.host_id, *self.members]


async def create_users(session: AsyncSession, count: int) -> list[int]:
    users = [User(name=f"Traveller {n}", referral_code=f"R{uuid.uuid4().hex[:12]}") for n in range(count)]
    session.add_all(users)
    await session.flush()
    return [user.id for user in users]


async def add_party(
    session: AsyncSession,
    scheduled_at: datetime,
    *,
    members: int = 2,
    mode: int = 1,
    distance_km: float = 20.0,
) -> Party:
    """Inserts a trip with its host, active members, a pending requester, a member who left and a rejected one."""
    host_id, requester_id, left_id, rejected_id, *member_ids = await create_users(session, 4 + members)
    trip = Trip(
        host_id=host_id,
        scheduled_at=scheduled_at,
        origin=TripEnd("Koramangala, Bengaluru, Karnataka", "pin-560034", 12.9352, 77.6245),
        destination=TripEnd("Kempegowda International Airport, Bengaluru", "pin-560300", 13.1986, 77.7066),
        total_passengers=4,
        preferred_mode_of_transport=mode,
        distance_km=distance_km,
    )
    session.add(trip)
    await session.flush()
    relations = [(host_id, "host", "active")]
    relations += [(member_id, "member", "active") for member_id in member_ids]
    relations += [
        (requester_id, "member", "requested"),
        (left_id, "member", "left"),
        (rejected_id, "member", "rejected"),
    ]
    session.add_all(
        TripPassenger(trip_id=trip.id, user_id=user_id, type=kind, status=status) for user_id, kind, status in relations
    )
    await session.flush()
    return Party(
        trip_id=trip.id,
        host_id=host_id,
        members=member_ids,
        requester_id=requester_id,
        left_id=left_id,
        rejected_id=rejected_id,
        scheduled_at=scheduled_at,
        everyone=[user_id for user_id, _, _ in relations],
    )


async def create_party(
    session_maker: async_sessionmaker[AsyncSession],
    scheduled_at: datetime,
    *,
    members: int = 2,
    mode: int = 1,
    distance_km: float = 20.0,
) -> Party:
    """A trip the API has already committed."""
    async with transaction(session_maker) as session:
        return await add_party(session, scheduled_at, members=members, mode=mode, distance_km=distance_km)


def in_seconds(seconds: float) -> datetime:
    return datetime.now(UTC) + timedelta(seconds=seconds)


async def start_flow(client: Client, settings: Settings, start: FlowStart) -> WorkflowHandle:
    """Starts a flow by its contract's start, as the worker's relay does once the writer's transaction has committed
    (a round of its delivery is run here, so a test needs no worker for it)."""
    await _through_the_outbox(client, settings, start)
    return client.get_workflow_handle(start.workflow_id)


async def signal_flow(client: Client, settings: Settings, signal: FlowSignal) -> None:
    """Sends a signal by its contract, as the worker's relay does once the writer's transaction has committed."""
    await _through_the_outbox(client, settings, signal)


async def _through_the_outbox(client: Client, settings: Settings, entry: FlowStart | FlowSignal) -> None:
    engine = create_engine(settings)
    session_maker = create_session_maker(engine)
    try:
        async with transaction(session_maker) as session:
            if isinstance(entry, FlowStart):
                await start_after_commit(session, entry)
            else:
                await signal_after_commit(session, entry)
        await FlowDelivery(session_maker, client, settings.temporal_task_queue).relay_round()
        # A worker's own relay may have taken the entry first.
        assert await until_delivered(session_maker, entry.workflow_id, 30)
    finally:
        await engine.dispose()


def trip_flow_schedule(party: Party, *, reminder_lead_seconds: int, completion_delay_seconds: int) -> TripSchedule:
    """The flow's input as the trip endpoint writes it, the time in IST."""
    return trip_schedule(
        party.trip_id,
        party.scheduled_at,
        reminder_lead_seconds=reminder_lead_seconds,
        completion_delay_seconds=completion_delay_seconds,
    )


async def start_trip_flow(
    client: Client,
    settings: Settings,
    party: Party,
    *,
    reminder_lead_seconds: int,
    completion_delay_seconds: int,
) -> WorkflowHandle:
    """Starts the flow as the trip endpoint does: by id, with TripId, UserId and FlowStatus set from its start."""
    schedule = trip_flow_schedule(
        party, reminder_lead_seconds=reminder_lead_seconds, completion_delay_seconds=completion_delay_seconds
    )
    return await start_flow(client, settings, trip_start(schedule, host_id=party.host_id))


@dataclass(frozen=True)
class Sent:
    recipient_id: int
    title: str
    message: str
    entity_type: str
    dedupe_key: str | None


async def notifications_about(session_maker: async_sessionmaker[AsyncSession], trip_id: int) -> list[Sent]:
    async with transaction(session_maker) as session:
        rows = await session.scalars(
            select(Notification).where(Notification.entity_id == str(trip_id)).order_by(Notification.id)
        )
        return [Sent(row.recipient_id, row.title, row.message, row.entity_type, row.dedupe_key) for row in rows]


def recipients(sent: list[Sent], title: str) -> list[int]:
    return sorted(each.recipient_id for each in sent if each.title == title)


@dataclass(frozen=True)
class Insights:
    trips_hosted: int
    total_trips_joined: int
    new_people_met: int
    total_co2_saved: Decimal


NOTHING_YET = Insights(0, 0, 0, Decimal("0.00"))


async def insights_of(session_maker: async_sessionmaker[AsyncSession], user_ids: list[int]) -> dict[int, Insights]:
    """Everyone's counts; someone without a row has nothing yet."""
    async with transaction(session_maker) as session:
        rows = {
            row.user_id: Insights(row.trips_hosted, row.total_trips_joined, row.new_people_met, row.total_co2_saved)
            for row in await session.scalars(select(UserTripsInsights).where(UserTripsInsights.user_id.in_(user_ids)))
        }
    return {user_id: rows.get(user_id, NOTHING_YET) for user_id in user_ids}


async def flow_statuses(handle: WorkflowHandle) -> list[str]:
    """Every FlowStatus the flow had, in order: its start's, then each it set."""
    statuses: list[str] = []
    async for event in handle.fetch_history_events():
        if event.event_type == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED:
            fields = event.workflow_execution_started_event_attributes.search_attributes.indexed_fields
        elif event.event_type == EventType.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES:
            fields = event.upsert_workflow_search_attributes_event_attributes.search_attributes.indexed_fields
        else:
            continue
        if FLOW_STATUS.name in fields:
            status = json.loads(fields[FLOW_STATUS.name].data)
            if not statuses or statuses[-1] != status:
                statuses.append(status)
    return statuses


async def events_of(handle: WorkflowHandle, event_type: "EventType.ValueType") -> int:
    """How many events of this type the flow's history holds."""
    return sum([1 async for event in handle.fetch_history_events() if event.event_type == event_type])


# What the Temporal SDK's core records for a local activity's outcome.
LOCAL_ACTIVITY_MARKER = "core_local_activity"


async def scheduled_activities(handle: WorkflowHandle) -> list[str]:
    """The activities the flow ran, in order, whether as activity tasks or locally."""
    names = []
    async for event in handle.fetch_history_events():
        if event.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED:
            names.append(event.activity_task_scheduled_event_attributes.activity_type.name)
        elif event.event_type == EventType.EVENT_TYPE_MARKER_RECORDED:
            marker = event.marker_recorded_event_attributes
            if marker.marker_name == LOCAL_ACTIVITY_MARKER:
                names.append(json.loads(marker.details["data"].payloads[0].data)["activity_type"])
    return names
