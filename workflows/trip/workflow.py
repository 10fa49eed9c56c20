"""A published trip from creation to its end: reminder before departure, start, completion, or cancellation.

The API inserts the trip and hands this flow's start to the flow outbox in one transaction, so the flow starts
after the commit, for an active trip, and arms its timers at once. An edit of the time (signal `reschedule`) re-arms
every timer from the new time; a delete (signal `cancel`) ends the flow at any point before completion, and the
members hear why. A trip departing within the reminder's lead time, made or moved that late, is reminded at once.
At departure a short step tells the start to the buyer apps of network riders on it.
FlowStatus: scheduled -> started -> completed, or cancelled.

The flow arms its timers in its first task without reading the trip: it was committed active before the start was
delivered, and a cancellation or a new time committed since reaches the flow as a signal behind its start
(domain/flows.py delivers each workflow id's entries in order). Its start set its search attributes. The reminder
is a short step inside the task its timer wakes.
"""

from collections.abc import Callable
from datetime import datetime, timedelta

from temporalio import workflow
from temporalio.exceptions import ActivityError

with workflow.unsafe.imports_passed_through():
    from domain.rules.trip import TripFlowStatus
    from workflows.flow import FLOW_STATUS
    from workflows.policies import PATIENT_RETRY, STEP_TIMEOUT
    from workflows.steps import short_step
    from workflows.trip.contracts import (
        TripCancellationNotice,
        TripCancelled,
        TripReminder,
        TripRescheduled,
        TripSchedule,
        TripSteps,
    )
    from workflows.waiting import sleep_until, utc_moment

# The change that tells a trip's start (start_trip) at its departure; a trip's history from before it replays
# without the step.
STARTS_TOLD = "starts-told"


@workflow.defn
class TripWorkflow:
    @workflow.init
    def __init__(self, schedule: TripSchedule) -> None:
        self._trip_id = schedule.trip_id
        self._departure = utc_moment(schedule.scheduled_at)
        self._reminder_lead = timedelta(seconds=schedule.reminder_lead_seconds)
        self._completion_delay = timedelta(seconds=schedule.completion_delay_seconds)
        self._plan = 0
        self._cancellation: TripCancelled | None = None
        self._status: str = TripFlowStatus.SCHEDULED  # as the start's search attributes say

    @workflow.signal
    def reschedule(self, change: TripRescheduled) -> None:
        self._departure = utc_moment(change.scheduled_at)
        self._plan += 1

    @workflow.signal
    def cancel(self, cancellation: TripCancelled) -> None:
        if self._cancellation is None:
            self._cancellation = cancellation

    @workflow.query
    def departure(self) -> str:
        """The departure the timers are armed for, for support staff comparing it with the database."""
        return self._departure.isoformat()

    @workflow.run
    async def run(self, schedule: TripSchedule) -> None:
        if await self._follow_the_schedule():
            self._set_status(TripFlowStatus.COMPLETED)
            return
        await self._end_cancelled()

    async def _follow_the_schedule(self) -> bool:
        """True once the trip is completed; False when it was cancelled instead."""
        while self._cancellation is None:
            plan = self._plan
            departure = self._departure
            reminder_at = departure - self._reminder_lead
            if workflow.now() < departure:
                self._set_status(TripFlowStatus.SCHEDULED)
            if workflow.now() < reminder_at:
                if not await sleep_until(reminder_at, self._changed_since(plan), "reminder"):
                    continue
                await self._remind(departure)
            elif workflow.now() < departure:
                # Made or moved within the reminder's lead time: reminded at once rather than not at all.
                await self._remind(departure)
            if not await sleep_until(departure, self._changed_since(plan), "departure"):
                continue
            self._set_status(TripFlowStatus.STARTED)
            if workflow.patched(STARTS_TOLD):
                await self._tell_start()
            if not await sleep_until(departure + self._completion_delay, self._changed_since(plan), "completion"):
                continue
            return await workflow.execute_activity_method(
                TripSteps.complete_trip, self._trip_id, start_to_close_timeout=STEP_TIMEOUT, retry_policy=PATIENT_RETRY
            )
        return False

    def _changed_since(self, plan: int) -> Callable[[], bool]:
        """Whether a reschedule or a cancel arrived since the flow armed its timers for `plan`."""
        return lambda: self._cancellation is not None or self._plan != plan

    async def _remind(self, departure: datetime) -> None:
        try:
            await short_step(
                TripSteps.remind_trip,
                TripReminder(self._trip_id, departure.isoformat()),
                start_to_close=STEP_TIMEOUT,
                # A reminder after the departure helps nobody; give up on it rather than hold the flow.
                schedule_to_close=max(departure - workflow.now(), STEP_TIMEOUT),
                retry_policy=PATIENT_RETRY,
            )
        except ActivityError:
            workflow.logger.warning("trip %s: reminder for %s not stored", self._trip_id, departure.isoformat())

    async def _tell_start(self) -> None:
        try:
            await short_step(
                TripSteps.start_trip,
                self._trip_id,
                start_to_close=STEP_TIMEOUT,
                # News of a start is worth telling while the trip lasts; past that, the completion is told instead.
                schedule_to_close=max(self._completion_delay, STEP_TIMEOUT),
                retry_policy=PATIENT_RETRY,
            )
        except ActivityError:
            workflow.logger.warning("trip %s: its start was not told", self._trip_id)

    async def _end_cancelled(self) -> None:
        reason = self._cancellation.reason if self._cancellation else ""
        await workflow.execute_activity_method(
            TripSteps.notify_trip_cancelled,
            TripCancellationNotice(self._trip_id, reason),
            start_to_close_timeout=STEP_TIMEOUT,
            retry_policy=PATIENT_RETRY,
        )
        self._set_status(TripFlowStatus.CANCELLED)

    def _set_status(self, status: str) -> None:
        if status != self._status:
            self._status = status
            workflow.upsert_search_attributes([FLOW_STATUS.value_set(status)])
