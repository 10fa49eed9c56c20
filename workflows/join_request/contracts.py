"""JoinRequestWorkflow's id, input and the argument of its updates.

What the API, the activities and the flow agree on, the flow's steps too (workflows/flow.py has the shared start
and signal)."""

from dataclasses import dataclass

from temporalio import activity

from domain.rules.flow import FlowStart
from domain.rules.join import PassengerStatus
from workflows.flow import FLOW_STATUS, TRIP_ID, USER_ID


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


@dataclass(frozen=True)
class JoinMove:
    """One move of a request (approve, reject, remove, revoke, leave) by `actor_id`, with the note of `note_id`
    (a JoinNote row) or, from an update that carried them, the note's words."""

    passenger_id: int
    move: str
    actor_id: int
    note_id: int | None = None
    note: str | None = None


@dataclass(frozen=True)
class HostNudge:
    """The `number`-th reminder to the host of a request still waiting."""

    passenger_id: int
    number: int


class JoinRequestSteps:
    """The steps JoinRequestWorkflow calls; activities.join_requests.JoinRequestActivities runs them. The
    departures they answer are ISO 8601 in UTC."""

    @activity.defn
    async def open_join_request(self, passenger_id: int) -> str | None:
        """Tells the host of the request; answers the trip's departure, None when the request is gone or moved on."""
        raise NotImplementedError

    @activity.defn
    async def apply_join_action(self, move: JoinMove) -> str:
        """Makes the move and tells the other side; answers the passenger's new status, or refuses with the facts."""
        raise NotImplementedError

    @activity.defn
    async def nudge_host(self, nudge: HostNudge) -> str:
        """Reminds the host of the request; answers the trip's departure."""
        raise NotImplementedError

    @activity.defn
    async def expire_join_request(self, passenger_id: int) -> str | None:
        """At departure, expires a request never answered (None); answers the new departure of a trip moved later."""
        raise NotImplementedError

    @activity.defn
    async def confirm_departure(self, passenger_id: int) -> str | None:
        """At departure: None when the member travels; answers the new departure of a trip moved later."""
        raise NotImplementedError
