"""CabBookingWorkflow's id, input, signals (`end`, `vendor_event`, `issue_raised`) and the change it writes.

What the API, the activities and the flow agree on, the flow's steps too (workflows/flow.py has the shared start
and signal)."""

from dataclasses import dataclass

from temporalio import activity

from domain.rules.cab import CabStatus
from domain.rules.flow import FlowSignal, FlowStart
from workflows.flow import FLOW_STATUS, TRIP_ID, USER_ID


def cab_workflow_id(trip_id: int, number: int) -> str:
    return f"cab:{trip_id}:{number}"


def cab_reference(trip_id: int, number: int) -> str:
    """The booking's reference with the aggregator: its idempotency key, so a retried booking never books twice."""
    return f"cab-{trip_id}-{number}"


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
    """Signal `vendor_event`: the aggregator's signed webhook, checked by the API (also what a poll finds).

    Only the event: the driver and the vehicle the vendor names are written to the booking row by whoever heard the
    vendor (the API, or the poll), so the flow's history carries no one's name or number. Flows started before
    carried them here; their notices still decode, and are written as then."""

    event: str
    driver_name: str | None = None
    driver_phone: str | None = None
    vehicle_model: str | None = None
    vehicle_registration: str | None = None


@dataclass(frozen=True)
class CabEndRequest:
    """Signal `end`: the host cancelled, or the trip was deleted or moved; the booking is cancelled with the vendor.

    The host's reason stays in the booking row (cancel_reason), where the cancel reads it; flows started before
    were sent it here too."""

    cause: str
    reason: str | None = None


@dataclass(frozen=True)
class CabIssue:
    """Signal `issue_raised`: the host raised an issue (recorded once, by the API, in the booking row).

    The host's words stay in the row (raised_issue), where support reads them; flows started before were sent them
    here too."""

    issue: str = ""


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


class CabBookingSteps:
    """The steps CabBookingWorkflow calls; activities.cab.CabActivities runs them. Each but the change takes the
    booking's id."""

    @activity.defn
    async def book_cab(self, booking_id: int) -> None:
        """Books with the vendor by the booking's reference."""
        raise NotImplementedError

    @activity.defn
    async def poll_cab_booking(self, booking_id: int) -> CabVendorNotice:
        """What the vendor says of the booking now: the event only."""
        raise NotImplementedError

    @activity.defn
    async def cancel_cab_with_vendor(self, booking_id: int) -> None:
        """Tells the vendor the cab is not wanted."""
        raise NotImplementedError

    @activity.defn
    async def record_cab_change(self, change: CabChange) -> None:
        """Writes the booking's new status and tells the people of it."""
        raise NotImplementedError
