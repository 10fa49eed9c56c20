"""What the API, the worker and the workflows agree on: each flow's id function, input, signals and updates, and
the start that names its workflow, id, input and first search attributes.

Starts and signals are handed to the flow outbox (domain/flows.py) in the writer's transaction, never sent before
its commit. The task queue is a setting (TEMPORAL_TASK_QUEUE), so tests can give each worker its own.
"""

from dataclasses import dataclass, field
from typing import Any

from temporalio.common import SearchAttributeKey

from domain.rules.cab import CabStatus
from domain.rules.document import DocumentStatus
from domain.rules.join import PassengerStatus
from domain.rules.kyc import KycStatus
from domain.rules.trip import TripStage

USER_ID = SearchAttributeKey.for_keyword("UserId")
TRIP_ID = SearchAttributeKey.for_keyword("TripId")
FLOW_STATUS = SearchAttributeKey.for_keyword("FlowStatus")

SEARCH_ATTRIBUTES = (USER_ID, TRIP_ID, FLOW_STATUS)


@dataclass(frozen=True)
class FlowStart:
    """Starts `workflow` as `workflow_id` with `arg`; search attributes by name, so support finds it at once."""

    workflow: str
    workflow_id: str
    arg: Any
    search_attributes: dict[str, str]


@dataclass(frozen=True)
class FlowSignal:
    """Tells a running flow of a change its writer committed."""

    workflow_id: str
    signal: str
    arg: Any


def account_erasure_workflow_id(user_id: int) -> str:
    return f"account-erasure:{user_id}"


@dataclass(frozen=True)
class AccountErasureInput:
    user_id: int
    image_keys: list[str] = field(default_factory=list)


def account_erasure_start(erasure: AccountErasureInput) -> FlowStart:
    return FlowStart(
        "AccountErasureWorkflow",
        account_erasure_workflow_id(erasure.user_id),
        erasure,
        {USER_ID.name: str(erasure.user_id), FLOW_STATUS.name: "erasing"},
    )


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


def trip_start(schedule: TripSchedule, *, host_id: int) -> FlowStart:
    """The trip's flow, found by its trip and by its host's UserId (support looks a person's flows up in one search);
    search attributes set at the start are no command of the history, so recorded histories replay unchanged."""
    return FlowStart(
        "TripWorkflow",
        trip_workflow_id(schedule.trip_id),
        schedule,
        {TRIP_ID.name: str(schedule.trip_id), USER_ID.name: str(host_id), FLOW_STATUS.name: TripStage.SCHEDULED},
    )


def trip_rescheduled(trip_id: int, change: TripRescheduled) -> FlowSignal:
    return FlowSignal(trip_workflow_id(trip_id), "reschedule", change)


def trip_cancelled(trip_id: int, cancellation: TripCancelled) -> FlowSignal:
    return FlowSignal(trip_workflow_id(trip_id), "cancel", cancellation)


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


def push_workflow_id(notification_id: int) -> str:
    return f"push:{notification_id}"


@dataclass(frozen=True)
class PushNotification:
    """Starts a PushNotificationWorkflow for a stored notification (it may not be committed yet)."""

    notification_id: int
    recipient_id: int


def push_start(notification_id: int, recipient_id: int) -> FlowStart:
    return FlowStart(
        "PushNotificationWorkflow",
        push_workflow_id(notification_id),
        PushNotification(notification_id=notification_id, recipient_id=recipient_id),
        {USER_ID.name: str(recipient_id), FLOW_STATUS.name: "sending"},
    )


@dataclass(frozen=True)
class PushDelivery:
    """One notification to one of the recipient's devices."""

    notification_id: int
    subscription_id: int


def document_review_workflow_id(document_id: int) -> str:
    return f"document-review:{document_id}"


@dataclass(frozen=True)
class DocumentReview:
    document_id: int
    trip_id: int
    user_id: int


@dataclass(frozen=True)
class DocumentReviewOutcome:
    document_id: int
    status: str  # DocumentStatus.DELIVERED or REFUSED
    failure_message: str | None = None


def document_review_start(review: DocumentReview) -> FlowStart:
    return FlowStart(
        "DocumentReviewWorkflow",
        document_review_workflow_id(review.document_id),
        review,
        {
            TRIP_ID.name: str(review.trip_id),
            USER_ID.name: str(review.user_id),
            FLOW_STATUS.name: DocumentStatus.CHECKING,
        },
    )


def kyc_workflow_id(user_id: int, number: int) -> str:
    return f"kyc:{user_id}:{number}"


@dataclass(frozen=True)
class KycStart:
    """Starts a KycWorkflow for the verification row the API inserted (status initiated)."""

    verification_id: int
    user_id: int
    number: int
    transaction_id: str
    widget_timeout_seconds: int
    review_timeout_seconds: int


@dataclass(frozen=True)
class KycWidgetClosed:
    """Signal `widget_closed`: the app says the widget closed with this outcome. Only a cue to ask the vendor."""

    outcome: str


@dataclass(frozen=True)
class KycVendorUpdate:
    """Signal `vendor_update`: the vendor's signed webhook, checked by the API, with its applicationStatus."""

    application_status: str


@dataclass(frozen=True)
class KycReviewDecision:
    """Signal `review_decision`, sent by support staff from the Temporal UI: `approved` or `rejected`."""

    decision: str


@dataclass(frozen=True)
class KycChange:
    """What the flow writes: the verification's new status and, when it came from the vendor, the vendor's word."""

    verification_id: int
    user_id: int
    status: str
    vendor_status: str | None = None


def kyc_start(start: KycStart) -> FlowStart:
    return FlowStart(
        "KycWorkflow",
        kyc_workflow_id(start.user_id, start.number),
        start,
        {USER_ID.name: str(start.user_id), FLOW_STATUS.name: KycStatus.INITIATED},
    )


def kyc_widget_closed(user_id: int, number: int, report: KycWidgetClosed) -> FlowSignal:
    return FlowSignal(kyc_workflow_id(user_id, number), "widget_closed", report)


def kyc_vendor_update(user_id: int, number: int, update: KycVendorUpdate) -> FlowSignal:
    return FlowSignal(kyc_workflow_id(user_id, number), "vendor_update", update)


def cab_workflow_id(trip_id: int, number: int) -> str:
    return f"cab:{trip_id}:{number}"


@dataclass(frozen=True)
class CabBookingStart:
    """Starts a CabBookingWorkflow for the booking row the API inserted (status requested)."""

    booking_id: int
    trip_id: int
    host_id: int
    number: int
    departure: str
    confirm_timeout_seconds: int
    poll_interval_seconds: int


@dataclass(frozen=True)
class CabVendorNotice:
    """Signal `vendor_event`: the aggregator's signed webhook, checked by the API (also what a poll finds)."""

    event: str
    driver_name: str | None = None
    driver_phone: str | None = None
    vehicle_model: str | None = None
    vehicle_registration: str | None = None


@dataclass(frozen=True)
class CabEndRequest:
    """Signal `end`: the host cancelled, or the trip was deleted or moved; the booking is cancelled with the vendor."""

    cause: str
    reason: str | None = None


@dataclass(frozen=True)
class CabIssue:
    """Signal `issue_raised`: the host raised an issue (recorded once, by the API)."""

    issue: str


@dataclass(frozen=True)
class CabChange:
    """What the flow writes: the booking's new status, with the driver and vehicle when booked."""

    booking_id: int
    status: str
    notice: CabVendorNotice | None = None


def cab_start(start: CabBookingStart) -> FlowStart:
    return FlowStart(
        "CabBookingWorkflow",
        cab_workflow_id(start.trip_id, start.number),
        start,
        {TRIP_ID.name: str(start.trip_id), USER_ID.name: str(start.host_id), FLOW_STATUS.name: CabStatus.REQUESTED},
    )


def cab_end(trip_id: int, number: int, end: CabEndRequest) -> FlowSignal:
    return FlowSignal(cab_workflow_id(trip_id, number), "end", end)


def cab_vendor_event(trip_id: int, number: int, notice: CabVendorNotice) -> FlowSignal:
    return FlowSignal(cab_workflow_id(trip_id, number), "vendor_event", notice)


def cab_issue_raised(trip_id: int, number: int, issue: CabIssue) -> FlowSignal:
    return FlowSignal(cab_workflow_id(trip_id, number), "issue_raised", issue)


def commute_schedule_id(series_id: int) -> str:
    """The Temporal Schedule that keeps a commute series' trips created."""
    return f"commute:{series_id}"


@dataclass(frozen=True)
class CommuteScheduleChange:
    """Opens (creates) or closes (deletes) a commute series' schedule."""

    series_id: int
    host_id: int
    open: bool


@dataclass(frozen=True)
class CommuteDay:
    """What the series' schedule starts: make the series' trips up to the horizon."""

    series_id: int


def commute_schedule_change(change: CommuteScheduleChange) -> FlowStart:
    what = "open" if change.open else "close"
    return FlowStart(
        "CommuteScheduleWorkflow",
        f"commute-schedule:{change.series_id}:{what}",
        change,
        {USER_ID.name: str(change.host_id), FLOW_STATUS.name: f"{what}ing"},
    )
