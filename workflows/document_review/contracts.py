"""DocumentReviewWorkflow's id, input and outcome.

What the API, the activities and the flow agree on, the flow's steps too (workflows/flow.py has the shared start
and signal)."""

from dataclasses import dataclass

from temporalio import activity

from domain.rules.document import DocumentStatus
from domain.rules.flow import FlowStart
from workflows.flow import FLOW_STATUS, TRIP_ID, USER_ID


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


class DocumentReviewSteps:
    """The steps DocumentReviewWorkflow calls; activities.documents.DocumentActivities runs them."""

    @activity.defn
    async def check_document_guidelines(self, document_id: int) -> str | None:
        """The failure note for a document that breaks the guidelines; None when it may be delivered."""
        raise NotImplementedError

    @activity.defn
    async def record_document_review(self, outcome: DocumentReviewOutcome) -> None:
        """Writes the review's outcome."""
        raise NotImplementedError
