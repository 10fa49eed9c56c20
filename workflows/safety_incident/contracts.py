"""SafetyIncidentWorkflow's id, input and signals (`acknowledge` from support, `resolve` when the person is safe).

What the API, the activities and the flow agree on (workflows/flow.py has the shared start and signal)."""

from dataclasses import dataclass

from domain.rules.safety import IncidentStatus
from workflows.flow import FLOW_STATUS, TRIP_ID, USER_ID, FlowSignal, FlowStart


def safety_incident_workflow_id(trip_id: int, user_id: int, number: int) -> str:
    return f"sos:{trip_id}:{user_id}:{number}"


@dataclass(frozen=True)
class SafetyIncidentStart:
    """Starts a SafetyIncidentWorkflow for the incident row the API inserted (status open). `live_link` is the
    trip's live link the person's contacts are sent."""

    incident_id: int
    trip_id: int
    user_id: int
    number: int
    live_link: str
    escalate_seconds: int


@dataclass(frozen=True)
class SafetyAcknowledged:
    """Signal `acknowledge`, sent by support staff from the Temporal UI or CLI: someone is on it."""

    by: str = "support"


@dataclass(frozen=True)
class SafetyResolved:
    """Signal `resolve`: the person said they are safe ("I am safe")."""


# The steps of an incident: the contacts are told, and the trip's other members notified, at the alert and when it
# is resolved; the contacts alone are reminded at each escalation (`reminder-<n>`).
ALERT = "alert"
RESOLVED = "resolved"


def reminder_step(escalation: int) -> str:
    return f"reminder-{escalation}"


@dataclass(frozen=True)
class SafetyStep:
    """One step of the incident the activities take: tell the contacts (`alert`, `reminder-<n>`, `resolved`) with
    the trip's live link, or notify the trip's other members (`alert`, `resolved`)."""

    incident_id: int
    step: str
    live_link: str = ""


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
