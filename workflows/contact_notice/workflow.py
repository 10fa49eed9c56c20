"""Sends the one SMS a number is sent when a person adds it as an emergency contact (api/safety/service/contacts.py):
who added it and how to stop it.

The API keeps the notice (one per person and number, ever) and hands this flow's start to the outbox in the same
transaction. Its one step sends the kept SMS once, within the number's daily cap (domain/sms_cap.py): a gateway
that is down delays it, for as long as it would still be worth sending. FlowStatus: sending -> sent | withheld |
undelivered.
"""

from temporalio import workflow
from temporalio.exceptions import ActivityError

with workflow.unsafe.imports_passed_through():
    from workflows.contact_notice.contracts import ContactNotice, ContactNoticeSteps
    from workflows.flow import FLOW_STATUS
    from workflows.policies import CONTACT_NOTICE_PATIENCE, DELIVERY_RETRY, STEP_TIMEOUT

UNDELIVERED = "undelivered"


@workflow.defn
class ContactNoticeWorkflow:
    @workflow.run
    async def run(self, notice: ContactNotice) -> str:
        """Answers what became of the notice: sent, withheld (over the number's cap) or undelivered."""
        try:
            outcome = await workflow.execute_activity_method(
                ContactNoticeSteps.send_contact_notice,
                notice.notice_id,
                start_to_close_timeout=STEP_TIMEOUT,
                schedule_to_close_timeout=CONTACT_NOTICE_PATIENCE,
                retry_policy=DELIVERY_RETRY,
            )
        except ActivityError:
            outcome = UNDELIVERED
        workflow.upsert_search_attributes([FLOW_STATUS.value_set(outcome)])
        return outcome
