"""SafetyIncidentWorkflow's id, input and signals (`acknowledge` from support, `resolve` when the person is safe).

What the API, the activities and the flow agree on (workflows/flow.py has the shared start and signal)."""

from dataclasses import dataclass

from domain.rules.safety import IncidentStatus
from workflows.flow import FLOW_STATUS, TRIP_ID, USER_ID, FlowSignal, FlowStart


def safety_incident_workflow_id(trip_id: int, user_id: int, number: int) -> str:
    return f"sos:{trip_id}:{user_id}:{number}"


# Reminders an unacknowledged incident sends at most (an hour's worth at the default interval), so its history stays
# bounded; one interval after the last, support is paged, and the incident still waits for support and the person.
MAX_REMINDERS = 30
# The flow's version a new incident asks for: 2 keeps the contacts when it is raised and passes their ids, never
# the live link; bounds each send and runs them beside the escalation timer; pages support after the last reminder.
# Version 1 (an input without it, recorded before) takes the path it took then.
SAFETY_INCIDENT_VERSION = 2


@dataclass(frozen=True)
class SafetyIncidentStart:
    """Starts a SafetyIncidentWorkflow for the incident row the API inserted (status open). `contact_ids` are the
    incident's contacts as the API kept them when it was raised (SafetyIncidentContact), the only ones it tells.
    The input carries ids, never a phone number or the live link's token: the steps read and make those
    themselves. `live_link` is what flows started before version 2 carried; nothing reads it."""

    incident_id: int
    trip_id: int
    user_id: int
    number: int
    escalate_seconds: int
    live_link: str = ""
    contact_ids: tuple[int, ...] = ()
    reminders: int = MAX_REMINDERS
    version: int = 1


@dataclass(frozen=True)
class SafetyAcknowledged:
    """Signal `acknowledge`, sent by support staff from the Temporal UI or CLI: someone is on it."""

    by: str = "support"


@dataclass(frozen=True)
class SafetyResolved:
    """Signal `resolve`: the person said they are safe ("I am safe")."""


# The steps of an incident: the contacts are told, and the trip's other members notified, at the alert and when it
# is resolved; the contacts alone are reminded at each escalation (`reminder-<n>`); support's on-call number is
# paged when the last reminder went unacknowledged (`support`).
ALERT = "alert"
RESOLVED = "resolved"
SUPPORT = "support"


def reminder_step(escalation: int) -> str:
    return f"reminder-{escalation}"


@dataclass(frozen=True)
class SafetyStep:
    """One step of the incident the activities take: tell the contacts (`alert`, `reminder-<n>`, `resolved`), the
    incident's kept contacts of these ids, with the trip's live link the step makes; notify the trip's other members
    (`alert`, `resolved`); or page support (`support`). `live_link` is what flows started before version 2 passed;
    nothing reads it (their steps, without ids, tell the incident's kept contacts)."""

    incident_id: int
    step: str
    live_link: str = ""
    contact_ids: tuple[int, ...] = ()


@dataclass(frozen=True)
class SafetyChange:
    """What the flow writes: the incident's new status and how many times it has escalated."""

    incident_id: int
    status: str
    escalations: int = 0


def safety_incident_start(start: SafetyIncidentStart) -> FlowStart:
    return FlowStart(
        "SafetyIncidentWorkflow",
        safety_incident_workflow_id(start.trip_id, start.user_id, start.number),
        start,
        {TRIP_ID.name: str(start.trip_id), USER_ID.name: str(start.user_id), FLOW_STATUS.name: IncidentStatus.OPEN},
    )


def safety_resolved(trip_id: int, user_id: int, number: int) -> FlowSignal:
    return FlowSignal(safety_incident_workflow_id(trip_id, user_id, number), "resolve", SafetyResolved())
