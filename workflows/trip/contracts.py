"""TripWorkflow's id, input and signals (`reschedule`, `cancel`).

What the API, the activities and the flow agree on (workflows/flow.py has the shared start and signal)."""

from dataclasses import dataclass
from datetime import datetime

from domain.rules.trip import TripFlowStatus
from domain.rules.zone import IST
from workflows.flow import FLOW_STATUS, TRIP_ID, USER_ID, FlowSignal, FlowStart


def trip_workflow_id(trip_id: int) -> str:
    return f"trip:{trip_id}"


# The flow a start asks for, said in its input rather than by a patch, so a new flow's history records no marker
# (and no search attribute upsert) for it. 2: the flow opens without reading its trip and stores its reminder as a
# short step (workflows/trip/workflow.py). A start without it was made before: the flow takes the path it took then.
LEANER_TRIP_VERSION = 2
# 3: a trip departing within the reminder's lead time (made or moved that late) is reminded at once, not skipped. Its
# completion delay, since then, is the trip's expected duration (domain/rules/trip.py completion_delay_seconds).
REMINDED_INSIDE_LEAD_TRIP_VERSION = 3


@dataclass(frozen=True)
class TripSchedule:
    """Starts a TripWorkflow. Times are ISO 8601 in UTC; durations come from settings, so tests run them short. The
    completion delay is the trip's own (Settings.trip_completion_delay_for its ends' distance): its ends are fixed, so
    it holds for every departure the trip is moved to."""

    trip_id: int
    scheduled_at: str
    reminder_lead_seconds: int
    completion_delay_seconds: int
    version: int = 0


def trip_schedule(
    trip_id: int, departure: datetime, *, reminder_lead_seconds: int, completion_delay_seconds: int
) -> TripSchedule:
    """The flow's input for a trip departing then, the time with IST's offset as the trip endpoints send it."""
    return TripSchedule(
        trip_id,
        departure.astimezone(IST).isoformat(),
        reminder_lead_seconds,
        completion_delay_seconds,
        REMINDED_INSIDE_LEAD_TRIP_VERSION,
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
    search attributes set at the start are no command of the history, so recorded histories replay unchanged."""
    return FlowStart(
        "TripWorkflow",
        trip_workflow_id(schedule.trip_id),
        schedule,
        {TRIP_ID.name: str(schedule.trip_id), USER_ID.name: str(host_id), FLOW_STATUS.name: TripFlowStatus.SCHEDULED},
    )


def trip_rescheduled(trip_id: int, change: TripRescheduled) -> FlowSignal:
    return FlowSignal(trip_workflow_id(trip_id), "reschedule", change)


def trip_cancelled(trip_id: int, cancellation: TripCancelled) -> FlowSignal:
    return FlowSignal(trip_workflow_id(trip_id), "cancel", cancellation)
