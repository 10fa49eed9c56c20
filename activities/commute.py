"""A commute series' schedule, opened and closed, and its trips made up to the horizon, once per series and day."""

from datetime import date, datetime, timedelta

from psycopg import IntegrityError
from sqlalchemy import exists, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio import activity
from temporalio.client import (
    Client,
    Schedule,
    ScheduleActionStartWorkflow,
    ScheduleAlreadyRunningError,
    ScheduleIntervalSpec,
    ScheduleSpec,
)
from temporalio.service import RPCError, RPCStatusCode

from domain import clock
from domain.db import transaction
from domain.flows import start_after_commit
from domain.models import Trip, TripSeries
from domain.routing import detour_budget_m
from domain.rules.commute import occurrences
from domain.rules.geo import distance_km
from domain.settings import Settings
from domain.trips import TripDraft, add_trip
from workflows.commute.contracts import CommuteDay, CommuteSteps, commute_day_workflow_id, commute_schedule_id
from workflows.trip.contracts import trip_schedule, trip_start


class CommuteActivities(CommuteSteps):
    def __init__(
        self,
        session_maker: async_sessionmaker[AsyncSession],
        client: Client,
        settings: Settings,
    ) -> None:
        self._session_maker = session_maker
        self._client = client
        self._settings = settings

    @activity.defn
    async def open_commute_schedule(self, series_id: int) -> None:
        """The series' schedule, made once (again: already there), run at once so the first trips appear now."""
        schedule = Schedule(
            action=ScheduleActionStartWorkflow(
                "CommuteDayWorkflow",
                CommuteDay(series_id=series_id),
                id=commute_day_workflow_id(series_id),
                task_queue=self._settings.temporal_task_queue,
            ),
            spec=ScheduleSpec(
                intervals=[ScheduleIntervalSpec(every=timedelta(seconds=self._settings.commute_schedule_every_seconds))]
            ),
        )
        try:
            await self._client.create_schedule(commute_schedule_id(series_id), schedule, trigger_immediately=True)
        except ScheduleAlreadyRunningError:
            return

    @activity.defn
    async def close_commute_schedule(self, series_id: int) -> None:
        try:
            await self._client.get_schedule_handle(commute_schedule_id(series_id)).delete()
        except RPCError as error:
            if error.status != RPCStatusCode.NOT_FOUND:
                raise

    @activity.defn
    async def make_commute_trips(self, series_id: int) -> int:
        """The series' trips from today to the horizon that are not made yet; answers how many it made."""
        made = 0
        async with transaction(self._session_maker) as session:
            series = await session.get(TripSeries, series_id)
            if series is None or series.stopped_at is not None:
                return 0
            days = occurrences(
                series.weekdays, series.departs_at, series.until, clock.now(), self._settings.commute_horizon_days
            )
            for day, departure in days:
                already = await session.scalar(
                    select(exists().where(Trip.series_id == series_id, Trip.series_date == day))
                )
                if already:
                    continue
                try:
                    async with session.begin_nested():
                        trip_id = await add_trip(session, self._draft(series, day, departure))
                except IntegrityError:
                    continue  # Another run made this day's trip at the same moment.
                schedule = trip_schedule(
                    trip_id,
                    departure,
                    reminder_lead_seconds=self._settings.trip_reminder_lead_seconds,
                    completion_delay_seconds=self._settings.trip_completion_delay_for(
                        distance_km(*series.origin.point, *series.destination.point)
                    ),
                )
                await start_after_commit(session, trip_start(schedule, host_id=series.host_id))
                made += 1
        return made

    def _draft(self, series: TripSeries, day: date, departure: datetime) -> TripDraft:
        mode = series.preferred_mode_of_transport
        return TripDraft(
            host_id=series.host_id,
            scheduled_at=departure,
            origin=series.origin,
            destination=series.destination,
            total_passengers=series.total_passengers,
            preferred_mode_of_transport=mode,
            is_vehicle_booked=series.is_vehicle_booked,
            estimated_cost=series.estimated_cost,
            additional_note=series.additional_note,
            max_detour_minutes=series.max_detour_minutes,
            detour_budget_m=detour_budget_m(self._settings, mode, departure, series.max_detour_minutes),
            series_id=series.id,
            series_date=day,
        )
