"""Checks a chat attachment against the community guidelines, then records the outcome.

The API starts this flow through the flow outbox with the document row; the outcome decides whether
the document is delivered to the chat or its sender gets the failure note.
"""

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from domain.rules.document import DocumentStatus
    from workflows.document_review.contracts import DocumentReview, DocumentReviewOutcome, DocumentReviewSteps
    from workflows.flow import FLOW_STATUS, TRIP_ID, USER_ID
    from workflows.policies import BOUNDED_RETRY, LONG_STEP_TIMEOUT, STEP_TIMEOUT


@workflow.defn
class DocumentReviewWorkflow:
    @workflow.run
    async def run(self, review: DocumentReview) -> DocumentReviewOutcome:
        workflow.upsert_search_attributes(
            [
                TRIP_ID.value_set(str(review.trip_id)),
                USER_ID.value_set(str(review.user_id)),
                FLOW_STATUS.value_set(DocumentStatus.CHECKING),
            ]
        )
        failure_message = await workflow.execute_activity_method(
            DocumentReviewSteps.check_document_guidelines,
            review.document_id,
            start_to_close_timeout=LONG_STEP_TIMEOUT,
            retry_policy=BOUNDED_RETRY,
        )
        status = DocumentStatus.REFUSED if failure_message else DocumentStatus.DELIVERED
        outcome = DocumentReviewOutcome(review.document_id, status, failure_message or None)
        await workflow.execute_activity_method(
            DocumentReviewSteps.record_document_review,
            outcome,
            start_to_close_timeout=STEP_TIMEOUT,
            retry_policy=BOUNDED_RETRY,
        )
        workflow.upsert_search_attributes([FLOW_STATUS.value_set(outcome.status)])
        return outcome
