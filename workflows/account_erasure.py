"""Erases what a deleted account leaves behind: its pictures in storage, then its personal data.

The API has already, in one transaction, marked the user deleted, freed the mobile number and revoked the
sessions; this flow does the slow part durably, so a crash or a storage outage only delays it.
"""

from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, ApplicationError

with workflow.unsafe.imports_passed_through():
    from workflows.contracts import FLOW_STATUS, USER_ID, AccountErasureInput

ERASING = "erasing"
ERASED = "erased"
FAILED = "failed"

# Storage and the database may be down for a while; keep trying rather than leave personal data behind.
PATIENT_RETRY = RetryPolicy(
    initial_interval=timedelta(seconds=1),
    backoff_coefficient=2.0,
    maximum_interval=timedelta(minutes=5),
)


@workflow.defn
class AccountErasureWorkflow:
    @workflow.run
    async def run(self, erasure: AccountErasureInput) -> None:
        workflow.upsert_search_attributes([USER_ID.value_set(str(erasure.user_id)), FLOW_STATUS.value_set(ERASING)])
        try:
            if erasure.image_keys:
                await workflow.execute_activity(
                    "erase_media",
                    erasure.image_keys,
                    start_to_close_timeout=timedelta(minutes=2),
                    retry_policy=PATIENT_RETRY,
                )
            await workflow.execute_activity(
                "scrub_user",
                erasure.user_id,
                start_to_close_timeout=timedelta(seconds=30),
                retry_policy=PATIENT_RETRY,
            )
        except ActivityError as error:
            # Only a non-retryable refusal gets here (e.g. the account is not marked deleted).
            workflow.upsert_search_attributes([FLOW_STATUS.value_set(FAILED)])
            raise ApplicationError(f"account {erasure.user_id} was not erased", non_retryable=True) from error
        workflow.upsert_search_attributes([FLOW_STATUS.value_set(ERASED)])
