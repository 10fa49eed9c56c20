"""KycWorkflow's id, input, signals (`widget_closed`, `vendor_update`, `review_decision`) and the change it writes.

What the API, the activities and the flow agree on, the flow's steps too (workflows/flow.py has the shared start
and signal)."""

from dataclasses import dataclass

from temporalio import activity

from domain.rules.flow import FlowSignal, FlowStart
from domain.rules.kyc import KycStatus
from workflows.flow import FLOW_STATUS, USER_ID


def kyc_workflow_id(user_id: int, number: int) -> str:
    return f"kyc:{user_id}:{number}"


def kyc_transaction_id(user_id: int, number: int, nonce: str) -> str:
    """The verification's id with the vendor; the nonce keeps it unguessable."""
    return f"hsf_{user_id}_{number}_{nonce}"


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


class KycSteps:
    """The steps KycWorkflow calls; activities.kyc.KycActivities runs them."""

    @activity.defn
    async def ask_kyc_vendor(self, transaction_id: str) -> str:
        """The vendor's applicationStatus for the transaction, from its results API."""
        raise NotImplementedError

    @activity.defn
    async def record_kyc_change(self, change: KycChange) -> None:
        """Writes the verification's new status; a final outcome is told to the person once."""
        raise NotImplementedError
