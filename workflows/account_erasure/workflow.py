"""Erases what a deleted account leaves behind: its personal data, then its pictures in storage.

The API marks the user deleted, frees the mobile number and revokes the sessions in one transaction, which also
hands this flow's start to the flow outbox, so the flow starts after the commit. Scrubbing comes first and refuses
an account that is not deleted, so no live user's pictures are ever erased.
"""

from temporalio import workflow
from temporalio.exceptions import ActivityError, ApplicationError

with workflow.unsafe.imports_passed_through():
    from workflows.account_erasure.contracts import AccountErasureInput, AccountErasureSteps
    from workflows.flow import FLOW_STATUS, USER_ID
    from workflows.policies import LONG_STEP_TIMEOUT, PATIENT_RETRY, STEP_TIMEOUT

ERASING = "erasing"
ERASED = "erased"
FAILED = "failed"


@workflow.defn
class AccountErasureWorkflow:
    @workflow.run
    async def run(self, erasure: AccountErasureInput) -> None:
        workflow.upsert_search_attributes([USER_ID.value_set(str(erasure.user_id)), FLOW_STATUS.value_set(ERASING)])
        try:
            await workflow.execute_activity_method(
                AccountErasureSteps.scrub_user,
                erasure.user_id,
                start_to_close_timeout=STEP_TIMEOUT,
                retry_policy=PATIENT_RETRY,
            )
        except ActivityError as error:
            # Only the non-retryable refusal gets here: the account is not (or no longer) marked deleted.
            workflow.upsert_search_attributes([FLOW_STATUS.value_set(FAILED)])
            raise ApplicationError(f"account {erasure.user_id} is not deleted", non_retryable=True) from error
        if erasure.image_keys:
            await workflow.execute_activity_method(
                AccountErasureSteps.erase_media,
                erasure.image_keys,
                start_to_close_timeout=LONG_STEP_TIMEOUT,
                retry_policy=PATIENT_RETRY,
            )
        workflow.upsert_search_attributes([FLOW_STATUS.value_set(ERASED)])
