"""What the API, the worker and the workflows agree on: workflow ids, inputs, search attributes.

The task queue is a setting (TEMPORAL_TASK_QUEUE), so tests can give each worker its own.
"""

from dataclasses import dataclass, field

from temporalio.common import SearchAttributeKey

USER_ID = SearchAttributeKey.for_keyword("UserId")
TRIP_ID = SearchAttributeKey.for_keyword("TripId")
FLOW_STATUS = SearchAttributeKey.for_keyword("FlowStatus")

SEARCH_ATTRIBUTES = (USER_ID, TRIP_ID, FLOW_STATUS)


def account_erasure_workflow_id(user_id: int) -> str:
    return f"account-erasure:{user_id}"


@dataclass(frozen=True)
class AccountErasureInput:
    user_id: int
    image_keys: list[str] = field(default_factory=list)


def trip_workflow_id(trip_id: int) -> str:
    return f"trip:{trip_id}"


@dataclass(frozen=True)
class TripSchedule:
    """Starts a TripWorkflow. Times are ISO 8601 in UTC; durations come from settings, so tests run them short."""

    trip_id: int
    scheduled_at: str
    reminder_lead_seconds: int
    completion_delay_seconds: int


@dataclass(frozen=True)
class TripRescheduled:
    """Signal `reschedule`: the host moved the trip; the timers follow."""

    scheduled_at: str


@dataclass(frozen=True)
class TripCancelled:
    """Signal `cancel`: the host deleted the trip; the members are told the reason."""

    reason: str


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

    actor_id is who acts; note is the host's or member's note or reason. The update answers the new status.
    """

    actor_id: int
    note: str | None = None


JOIN_UPDATES = ("approve", "reject", "remove", "revoke", "leave")


def push_workflow_id(notification_id: int) -> str:
    return f"push:{notification_id}"


@dataclass(frozen=True)
class PushNotification:
    """Starts a PushNotificationWorkflow for a stored notification (it may not be committed yet)."""

    notification_id: int
    recipient_id: int


@dataclass(frozen=True)
class PushDelivery:
    """One notification to one of the recipient's devices."""

    notification_id: int
    subscription_id: int
