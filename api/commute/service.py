"""A host's commute series (domain/rules/commute.py): kept as a row whose Temporal Schedule makes its trips, opened and
closed through the flow outbox in the same transaction as the row."""

from datetime import time

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.commute.schemas import CommuteCreate, CommuteSeries
from api.errors import refuse
from api.trips.queries.views import end_view
from api.trips.schemas import TripEnd
from api.trips.service import cancel_trip, cost_for, end_of
from domain import clock
from domain.flows import start_after_commit
from domain.models import Trip, TripPassenger, TripSeries, User
from domain.notifications import notice_draft, store_notifications
from domain.rules import choices, messages, notices
from domain.rules.cab import CabEnd
from domain.rules.commute import until_refusal
from domain.rules.join import PassengerStatus
from domain.rules.refusal import not_found
from domain.rules.trip import TripStatus
from domain.settings import Settings
from workflows.commute.contracts import CommuteScheduleChange, commute_schedule_change
from workflows.push.contracts import push_start

STOPPED_REASON = "The host stopped this commute"


async def start_commute(session: AsyncSession, host: User, body: CommuteCreate) -> TripSeries:
    assert body.origin is not None and body.destination is not None
    refuse(until_refusal(body.until, clock.now()))
    hours, minutes = map(int, body.time.split(":"))
    is_vehicle_booked = body.is_vehicle_booked and body.preferred_mode_of_transport != choices.TRANSPORT_UNDECIDED
    series = TripSeries(
        host_id=host.id,
        origin=end_of(body.origin),
        destination=end_of(body.destination),
        departs_at=time(hours, minutes),
        weekdays=body.days,
        total_passengers=body.total_passengers,
        preferred_mode_of_transport=body.preferred_mode_of_transport,
        max_detour_minutes=body.max_detour_minutes,
        is_vehicle_booked=is_vehicle_booked,
        estimated_cost=cost_for(is_vehicle_booked, body.estimated_cost),
        additional_note=body.additional_note or None,
        until=body.until,
    )
    session.add(series)
    await session.flush()
    change = CommuteScheduleChange(series_id=series.id, host_id=host.id, open=True)
    await start_after_commit(session, commute_schedule_change(change))
    return series


async def commutes_of(session: AsyncSession, host: User) -> list[CommuteSeries]:
    """The host's running series, newest first, each with its upcoming trips."""
    found = (
        await session.scalars(
            select(TripSeries)
            .where(TripSeries.host_id == host.id, TripSeries.stopped_at.is_(None))
            .order_by(TripSeries.id.desc())
        )
    ).all()
    upcoming = await session.execute(
        select(Trip.series_id, func.array_agg(Trip.id))
        .where(
            Trip.series_id.in_([series.id for series in found]),
            Trip.status == TripStatus.ACTIVE,
            Trip.scheduled_at > clock.now(),
        )
        .group_by(Trip.series_id)
    )
    trips_of = {series_id: sorted(ids) for series_id, ids in upcoming}
    return [
        CommuteSeries(
            id=series.id,
            origin=TripEnd(**end_view(series.origin, exact=True)),
            destination=TripEnd(**end_view(series.destination, exact=True)),
            time=series.departs_at.strftime("%H:%M"),
            days=series.weekdays,
            until=series.until,
            next_trips=trips_of.get(series.id, []),
        )
        for series in found
    ]


async def stop_commute(session: AsyncSession, settings: Settings, host: User, series_id: int) -> None:
    """Stops the series: its schedule is deleted, its upcoming trips nobody joined are cancelled, and the ones people
    joined stay (the host is told)."""
    series = await session.scalar(select(TripSeries).where(TripSeries.id == series_id).with_for_update())
    if series is None or series.host_id != host.id or series.stopped_at is not None:
        refuse(not_found(messages.COMMUTE_NOT_FOUND))
    series.stopped_at = clock.now()
    members = (
        select(func.count())
        .where(TripPassenger.trip_id == Trip.id, TripPassenger.status == PassengerStatus.ACTIVE)
        .correlate(Trip)
        .scalar_subquery()
    )
    upcoming = (
        await session.execute(
            select(Trip, members)
            .where(Trip.series_id == series_id, Trip.status == TripStatus.ACTIVE, Trip.scheduled_at > clock.now())
            .with_for_update(of=Trip)
        )
    ).all()
    kept = 0
    for trip, people in upcoming:
        if people > 1:
            kept += 1
            continue
        await cancel_trip(session, settings, trip, STOPPED_REASON, CabEnd.COMMUTE_STOPPED)
    change = CommuteScheduleChange(series_id=series_id, host_id=host.id, open=False)
    await start_after_commit(session, commute_schedule_change(change))
    if kept:
        notice = notice_draft(
            recipient_id=host.id,
            kind="COMMUTE_STOPPED",
            fields={},
            body="COMMUTE_TRIPS_KEPT",
            entity_type=notices.ABOUT_TRIP,
            entity_id="",
            dedupe_key=f"commute-stopped:{series_id}",
        )
        await store_notifications(session, [notice], push_start)
