"""SafetyIncidentWorkflow's id, input and signals (`acknowledge` from support, `resolve` when the person is safe).

What the API, the activities and the flow agree on, the flow's steps too (workflows/flow.py has the shared start
and signal)."""

from dataclasses import dataclass

from temporalio import activity

from domain.rules.flow import FlowSignal, FlowStart
from domain.rules.safety import IncidentStatus
from workflows.flow import FLOW_STATUS, TRIP_ID, USER_ID


def safety_incident_workflow_id(trip_id: int, user_id: int, number: int) -> str:
    return f"sos:{trip_id}:{user_id}:{number}"


# Reminders an unacknowledged incident sends at most (an hour's worth at the default interval), so its history stays
# bounded; one interval after the last, support is paged, and the incident still waits for support and the person.
MAX_REMINDERS = 30


@dataclass(frozen=True)
class SafetyIncidentStart:
    """Starts a SafetyIncidentWorkflow for the incident row the API inserted (status open). `contact_ids` are the
    incident's contacts as the API kept them when it was raised (SafetyIncidentContact), the only ones it tells.
    The input carries ids, never a phone number or the live link's token: the steps read and make those
    themselves."""

    incident_id: int
    trip_id: int
    user_id: int
    number: int
    escalate_seconds: int
    contact_ids: tuple[int, ...] = ()
    reminders: int = MAX_REMINDERS


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
    (`alert`, `resolved`); or page support (`support`). Without ids, every kept contact is told."""

    incident_id: int
    step: str
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


class SafetyIncidentSteps:
    """The steps SafetyIncidentWorkflow calls; activities.safety.SafetyActivities runs them."""

    @activity.defn
    async def record_incident_change(self, change: SafetyChange) -> None:
        """Writes the incident's status and its escalations."""
        raise NotImplementedError

    @activity.defn
    async def tell_contacts(self, step: SafetyStep) -> int:
        """Sends the incident's kept contacts this step's SMS, once; answers how many were sent now."""
        raise NotImplementedError

    @activity.defn
    async def page_support(self, step: SafetyStep) -> int:
        """Pages support's on-call number, once; answers how many pages were sent now."""
        raise NotImplementedError

    @activity.defn
    async def notify_members(self, step: SafetyStep) -> int:
        """Notifies the trip's other members of the SOS raised or closed; answers how many notices were new."""
        raise NotImplementedError
