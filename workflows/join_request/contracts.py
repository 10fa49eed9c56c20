"""JoinRequestWorkflow's id, input and the argument of its updates.

What the API, the activities and the flow agree on (workflows/flow.py has the shared start and signal)."""

from dataclasses import dataclass

from domain.rules.join import PassengerStatus
from workflows.flow import FLOW_STATUS, TRIP_ID, USER_ID, FlowStart


def join_workflow_id(trip_id: int, user_id: int, request_number: int) -> str:
    return f"join:{trip_id}:{user_id}:{request_number}"


@dataclass(frozen=True)
class JoinRequest:
    """Starts a JoinRequestWorkflow for the TripPassenger row the API inserted (status requested)."""

    passenger_id: int
    trip_id: int
    user_id: int
    host_id: int
    nudge_interval_seconds: int


@dataclass(frozen=True)
class JoinAction:
    """The argument of every update: approve, reject, remove (by the host), revoke, leave (by the member).

    actor_id is who acts; note_id is the host's or member's note or reason (a JoinNote row the API wrote before the
    update), so the words stay in the database. Updates sent before carried the words themselves in note. The
    update answers the new status.
    """

    actor_id: int
    note: str | None = None
    note_id: int | None = None


def join_start(request: JoinRequest, request_number: int) -> FlowStart:
    return FlowStart(
        "JoinRequestWorkflow",
        join_workflow_id(request.trip_id, request.user_id, request_number),
        request,
        {
            TRIP_ID.name: str(request.trip_id),
            USER_ID.name: str(request.user_id),
            FLOW_STATUS.name: PassengerStatus.REQUESTED,
        },
    )
