"""A host's writes to a trip (SPEC §5 create and edit trip, §4 delete): the checks in the spec's words, the row, and
the trip's flow told after the commit (domain/flows.py).

The people a host's new departure time concerns are told of it in the edit's own transaction (SPEC §2
Notifications): the trip's active members and everyone whose request waits for an answer, with the old time and the
new. Each notice is pushed after the commit (domain/notifications.py), so an edit that is rolled back tells nobody.

A move of more than half an hour (domain/rules/still_coming.py) asks the active members "Still coming?" in the same
transaction: their rows are marked asked and their notice says so. A shorter move leaves any earlier ask as it is."""

from datetime import datetime, timedelta
from decimal import Decimal

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from api.cab.service import end_running_cab, keep_why_the_cab_ends
from api.errors import refuse
from api.maps.schemas import Location
from api.trips.schemas import TripCreate, TripUpdate, parse_time_of_trip
from domain import clock
from domain.cancellation import mark_cancelled
from domain.flows import signal_after_commit, start_after_commit
from domain.live import Kind, tell_trip
from domain.models import Trip, TripEnd, TripPassenger, User
from domain.notifications import day_and_clock, notice_draft, route, store_notifications
from domain.reliability import record_reliability
from domain.routing import detour_budget_m
from domain.rules import choices, messages, notices
from domain.rules.cab import CabEnd
from domain.rules.geo import distance_km
from domain.rules.join import PassengerStatus, PassengerType
from domain.rules.refusal import not_found
from domain.rules.reliability import ReliabilityEvent, is_late
from domain.rules.still_coming import is_long_move
from domain.rules.trip import (
    HostChange,
    cost_refusal,
    host_change_refusal,
    moved_departure_refusal,
    new_departure_refusal,
    no_change_refusal,
    places_change_refusal,
    seats_refusal,
)
from domain.settings import Settings
from domain.trips import TripDraft, add_trip, people_on_trip
from workflows.push.contracts import push_start
from workflows.trip.contracts import (
    TripCancelled,
    TripRescheduled,
    TripSchedule,
    trip_cancelled,
    trip_rescheduled,
    trip_schedule,
    trip_start,
)

EDITABLE_FIELDS = (
    "total_passengers",
    "preferred_mode_of_transport",
    "max_detour_minutes",
    "is_vehicle_booked",
    "additional_note",
)
# A change of any of these changes how far the host's detour budget reaches (domain/routing.py detour_budget_m).
BUDGET_FIELDS = ("scheduled_at", "preferred_mode_of_transport", "max_detour_minutes")


async def load_trip(session: AsyncSession, trip_id: int, for_update: bool = False) -> Trip:
    """The trip for an action on it (the trip and joining calls), locked for the rest of the transaction when
    for_update; 404 with the spec's words otherwise."""
    query = select(Trip).where(Trip.id == trip_id)
    trip = await session.scalar(query.with_for_update() if for_update else query)
    if trip is None:
        refuse(not_found(messages.TRIP_NOT_FOUND))
    return trip


async def active_count(session: AsyncSession, trip_id: int) -> int:
    """The people in the trip, its host included."""
    return int(await session.scalar(people_on_trip(trip_id)) or 0)


async def hosted_trip(session: AsyncSession, trip_id: int, user_id: int, change: HostChange) -> Trip:
    """The trip, locked, when this person may make this change to it now."""
    trip = await load_trip(session, trip_id, for_update=True)
    refuse(
        host_change_refusal(
            change, is_host=trip.host_id == user_id, status=trip.status, departed=trip.scheduled_at <= clock.now()
        )
    )
    return trip


def cost_for(is_vehicle_booked: bool, estimated_cost: Decimal | None) -> Decimal:
    """A booked vehicle needs a cost; without one the trip is 'Not booked' and carries none."""
    refuse(cost_refusal(is_vehicle_booked=is_vehicle_booked, estimated_cost=estimated_cost))
    return estimated_cost if is_vehicle_booked and estimated_cost else Decimal(0)


def _iso(moment: datetime) -> str:
    return moment.astimezone(clock.IST).isoformat()


async def publish_trip(session: AsyncSession, settings: Settings, host: User, body: TripCreate) -> int:
    """The new trip's id, its host its first active person; its flow starts once the transaction commits."""
    assert body.origin is not None and body.destination is not None and body.time_of_trip is not None
    scheduled_at = parse_time_of_trip(body.time_of_trip)
    refuse(new_departure_refusal(scheduled_at, clock.now()))
    mode = body.preferred_mode_of_transport
    is_vehicle_booked = body.is_vehicle_booked and mode != choices.TRANSPORT_UNDECIDED
    draft = TripDraft(
        host_id=host.id,
        scheduled_at=scheduled_at,
        origin=end_of(body.origin),
        destination=end_of(body.destination),
        total_passengers=body.total_passengers,
        preferred_mode_of_transport=mode,
        is_vehicle_booked=is_vehicle_booked,
        estimated_cost=cost_for(is_vehicle_booked, body.estimated_cost),
        additional_note=body.additional_note,
        max_detour_minutes=body.max_detour_minutes,
        detour_budget_m=detour_budget_m(settings, mode, scheduled_at, body.max_detour_minutes),
    )
    trip_id = await add_trip(session, draft)
    schedule = schedule_of(settings, trip_id, scheduled_at, draft.origin, draft.destination)
    await start_after_commit(session, trip_start(schedule, host_id=host.id))
    return trip_id


def schedule_of(
    settings: Settings, trip_id: int, departure: datetime, origin: TripEnd, destination: TripEnd
) -> TripSchedule:
    """The trip flow's input, for a trip departing then between these ends."""
    return trip_schedule(
        trip_id,
        departure,
        reminder_lead_seconds=settings.trip_reminder_lead_seconds,
        completion_delay_seconds=settings.trip_completion_delay_for(distance_km(*origin.point, *destination.point)),
    )


def _schedule(settings: Settings, trip: Trip) -> TripSchedule:
    return schedule_of(settings, trip.id, trip.scheduled_at, trip.origin, trip.destination)


def end_of(place: Location) -> TripEnd:
    """The place the host picked as a trip's or a commute's end, its name trimmed."""
    return TripEnd(place.name.strip(), place.place_id, place.latitude, place.longitude)


def _changes(trip: Trip, body: TripUpdate) -> dict[str, object]:
    """Only the fields whose value differs from the trip's."""
    refuse(places_change_refusal(origin_sent=body.origin is not None, destination_sent=body.destination is not None))
    wanted: dict[str, object] = {}
    if body.time_of_trip is not None:
        wanted["scheduled_at"] = parse_time_of_trip(body.time_of_trip)
    for field in EDITABLE_FIELDS:
        value = getattr(body, field)
        if value is not None:
            wanted[field] = value or None if field == "additional_note" else value
    mode = wanted.get("preferred_mode_of_transport", trip.preferred_mode_of_transport)
    booked = bool(wanted.get("is_vehicle_booked", trip.is_vehicle_booked)) and mode != choices.TRANSPORT_UNDECIDED
    if "is_vehicle_booked" in wanted or "preferred_mode_of_transport" in wanted or body.estimated_cost is not None:
        wanted["is_vehicle_booked"] = booked
        cost = body.estimated_cost if body.estimated_cost is not None else trip.estimated_cost
        wanted["estimated_cost"] = cost_for(booked, cost)
    return {field: value for field, value in wanted.items() if getattr(trip, field) != value}


async def edit_trip(session: AsyncSession, settings: Settings, trip: Trip, body: TripUpdate) -> None:
    """Applies the fields that change to the trip its host may edit (hosted_trip, locked); a new departure time is
    told to the trip's members and requesters, with the old one, and reschedules the trip's flow (its reminder too)
    once the transaction commits."""
    changes = _changes(trip, body)
    refuse(no_change_refusal(changes.keys()))
    new_time = changes.get("scheduled_at")
    if isinstance(new_time, datetime):
        refuse(moved_departure_refusal(new_time, clock.now()))
    seats = changes.get("total_passengers")
    if isinstance(seats, int):
        refuse(seats_refusal(seats, await active_count(session, trip.id)))
    departure_before = trip.scheduled_at
    for field, value in changes.items():
        setattr(trip, field, value)
    if any(field in changes for field in BUDGET_FIELDS):
        trip.detour_budget_m = detour_budget_m(
            settings, trip.preferred_mode_of_transport, trip.scheduled_at, trip.max_detour_minutes
        )
    await session.flush()
    await tell_trip(session, Kind.TRIP, trip.id)
    if isinstance(new_time, datetime):
        moved = TripRescheduled(scheduled_at=_iso(new_time))
        await signal_after_commit(session, trip_rescheduled(_schedule(settings, trip), moved, host_id=trip.host_id))
        await tell_of_the_move(session, trip, departure_before)
        await end_running_cab(session, trip.id, CabEnd.TRIP_MOVED, "The trip's time changed")


async def cancel_trip(
    session: AsyncSession, settings: Settings, trip: Trip, reason: str, cab_end: CabEnd = CabEnd.TRIP_CANCELLED
) -> None:
    """The locked, active trip cancelled by its host (deleted, or its commute stopped); its flow hears of it after the
    commit, and ends its cab and tells its members (domain/cancellation.py). The reason stays in the trip's row: the
    flow is told only that the trip is cancelled. A running cab keeps why it ends (`cab_end`), which its cancel's
    notice and the cab block say."""
    await keep_why_the_cab_ends(session, trip.id, cab_end)
    await mark_cancelled(session, trip, reason)
    cancelled = trip_cancelled(_schedule(settings, trip), TripCancelled(), host_id=trip.host_id)
    await signal_after_commit(session, cancelled)


async def delete_hosted_trip(session: AsyncSession, settings: Settings, trip_id: int, host: User, reason: str) -> None:
    """The host deletes the trip: it is cancelled (domain/cancellation.py). Deleting a trip with members shortly
    before departure is the host's late cancellation."""
    trip = await hosted_trip(session, trip_id, host.id, HostChange.DELETE)
    late_window = timedelta(seconds=settings.late_cancel_window_seconds)
    if is_late(trip.scheduled_at, clock.now(), late_window) and await active_count(session, trip.id) > 1:
        await record_reliability(session, host.id, trip.id, ReliabilityEvent.LATE_CANCELLATION)
    await cancel_trip(session, settings, trip, reason)


async def people_told_of_a_move(session: AsyncSession, trip_id: int) -> list[tuple[int, str]]:
    """The trip's active members and pending requesters whose accounts still exist, with their status: the host made
    the move."""
    rows = await session.execute(
        select(TripPassenger.user_id, TripPassenger.status)
        .join(User, User.id == TripPassenger.user_id)
        .where(
            TripPassenger.trip_id == trip_id,
            TripPassenger.type == PassengerType.MEMBER,
            TripPassenger.status.in_((PassengerStatus.ACTIVE, PassengerStatus.REQUESTED)),
            User.deleted_at.is_(None),
        )
        .order_by(TripPassenger.id)
    )
    return [(user_id, status) for user_id, status in rows.all()]


async def ask_still_coming(session: AsyncSession, trip_id: int, asked_at: datetime) -> None:
    """Marks the trip's active members asked "Still coming?" (a later long move asks again, from then)."""
    await session.execute(
        update(TripPassenger)
        .where(
            TripPassenger.trip_id == trip_id,
            TripPassenger.type == PassengerType.MEMBER,
            TripPassenger.status == PassengerStatus.ACTIVE,
        )
        .values(still_coming_asked_at=asked_at)
    )


async def tell_of_the_move(session: AsyncSession, trip: Trip, before: datetime) -> int:
    """Tells everyone the move concerns that the trip, which was to leave then, now leaves at its new time; answers
    how many were told. On a long move the active members are asked "Still coming?", in their notice too. Each
    notice is named by the trip, the person and the moment of the edit: every move is told, a trip moved back and
    forth too."""
    now = clock.now()
    long_move = is_long_move(before, trip.scheduled_at)
    if long_move:
        await ask_still_coming(session, trip.id, now)
    fields = {
        "route": route(trip.origin.name, trip.destination.name),
        "before": day_and_clock(before),
        "after": day_and_clock(trip.scheduled_at),
    }
    drafts = [
        notice_draft(
            recipient_id=user_id,
            sender_id=trip.host_id,
            kind="TRIP_MOVED",
            fields=fields,
            added=[("STILL_COMING_ASKED", {})] if long_move and status == PassengerStatus.ACTIVE else (),
            entity_type=notices.ABOUT_TRIP,
            entity_id=str(trip.id),
            dedupe_key=f"trip-moved:{trip.id}:{user_id}:{now.isoformat()}",
        )
        for user_id, status in await people_told_of_a_move(session, trip.id)
    ]
    return await store_notifications(session, drafts, push_start)
