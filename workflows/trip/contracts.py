"""TripWorkflow's id, input and signals (`reschedule`, `cancel`).

What the API, the activities and the flow agree on, the flow's steps too (workflows/flow.py has the shared start
and signal)."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from temporalio import activity

from domain.rules.flow import FlowSignal, FlowStart
from domain.rules.trip import TripFlowStatus
from domain.rules.zone import IST
from workflows.flow import FLOW_STATUS, TRIP_ID, USER_ID


def trip_workflow_id(trip_id: int) -> str:
    return f"trip:{trip_id}"


@dataclass(frozen=True)
class TripSchedule:
    """Starts a TripWorkflow. Times are ISO 8601 in UTC; durations come from settings, so tests run them short. The
    completion delay is the trip's own (Settings.trip_completion_delay_for its ends' distance): its ends are fixed, so
    it holds for every departure the trip is moved to."""

    trip_id: int
    scheduled_at: str
    reminder_lead_seconds: int
    completion_delay_seconds: int


def trip_schedule(
    trip_id: int, departure: datetime, *, reminder_lead_seconds: int, completion_delay_seconds: int
) -> TripSchedule:
    """The flow's input for a trip departing then, the time with IST's offset as the trip endpoints send it."""
    return TripSchedule(
        trip_id,
        departure.astimezone(IST).isoformat(),
        reminder_lead_seconds,
        completion_delay_seconds,
    )


@dataclass(frozen=True)
class TripRescheduled:
    """Signal `reschedule`: the host moved the trip; the timers follow."""

    scheduled_at: str


@dataclass(frozen=True)
class TripCancelled:
    """Signal `cancel`: the trip is cancelled. The API marks it cancelled first and sends no reason: the host's words
    stay in the trip's row (cancellation_reason), where the flow's activity reads them for the members' notice.
    Support cancelling a trip from the Temporal UI gives its reason here; flows started before were sent the host's
    too."""

    reason: str = ""


def trip_start(schedule: TripSchedule, *, host_id: int) -> FlowStart:
    """The trip's flow, found by its trip and by its host's UserId (support looks a person's flows up in one search);
    search attributes set at the start are no command of the history, so recorded histories replay unchanged.

    The flow has nothing to do before its reminder is due: Temporal keeps it until then with no task and no timer
    (`start_at`), so an open trip costs no worker memory and its start no workflow task. Its signals are sent with
    this start (`trip_rescheduled`, `trip_cancelled`), which wakes it at once."""
    departure = datetime.fromisoformat(schedule.scheduled_at)
    return FlowStart(
        "TripWorkflow",
        trip_workflow_id(schedule.trip_id),
        schedule,
        {TRIP_ID.name: str(schedule.trip_id), USER_ID.name: str(host_id), FLOW_STATUS.name: TripFlowStatus.SCHEDULED},
        start_at=(departure - timedelta(seconds=schedule.reminder_lead_seconds)).isoformat(),
    )


def trip_rescheduled(schedule: TripSchedule, change: TripRescheduled, *, host_id: int) -> FlowSignal:
    """The new time, sent with the trip's flow's start (waking a flow that waits for its reminder)."""
    return FlowSignal(trip_workflow_id(schedule.trip_id), "reschedule", change, trip_start(schedule, host_id=host_id))


def trip_cancelled(schedule: TripSchedule, cancellation: TripCancelled, *, host_id: int) -> FlowSignal:
    """The cancellation, sent with the trip's flow's start (waking a flow that waits for its reminder)."""
    return FlowSignal(trip_workflow_id(schedule.trip_id), "cancel", cancellation, trip_start(schedule, host_id=host_id))


@dataclass(frozen=True)
class TripReminder:
    """Remind the trip's host and active members of the departure at `scheduled_at` (ISO 8601, UTC)."""

    trip_id: int
    scheduled_at: str


@dataclass(frozen=True)
class TripCancellationNotice:
    """Tell the trip's members it is cancelled: with `reason` when support gave one, else the trip row's."""

    trip_id: int
    reason: str = ""


class TripSteps:
    """The steps TripWorkflow calls; activities.trips.TripActivities runs them."""

    @activity.defn
    async def remind_trip(self, reminder: TripReminder) -> int:
        """Reminds the host and the active members; answers how many reminders were new."""
        raise NotImplementedError

    @activity.defn
    async def notify_trip_cancelled(self, notice: TripCancellationNotice) -> int:
        """Marks the trip cancelled if support cancelled it and tells the members; answers how many notices were new."""
        raise NotImplementedError

    @activity.defn
    async def start_trip(self, trip_id: int) -> int:
        """Tells the trip's start to whoever is told of it outside the app (a network rider's buyer app); answers how
        many were told."""
        raise NotImplementedError

    @activity.defn
    async def complete_trip(self, trip_id: int) -> bool:
        """Credits everyone who travelled, once; False when the trip is gone or cancelled instead."""
        raise NotImplementedError
