"""Pushes one stored notification to every device of its recipient (SPEC §2 Notifications, through the browser's
push service).

The flow is started through the flow outbox after the notification's commit, for a recipient with a push
subscription; its first step finds no devices when the person turned App Notification off or has unsubscribed
since. Each device is then sent to on its own with retries, for as long as the message would still be worth
showing: a push service that is down delays the message, a subscription that answers 404 or 410 is removed, and one
device's failure never holds back another's.
FlowStatus: sending -> delivered | undelivered.
"""

import asyncio

from temporalio import workflow
from temporalio.exceptions import ActivityError

with workflow.unsafe.imports_passed_through():
    from workflows.flow import FLOW_STATUS
    from workflows.policies import BOUNDED_RETRY, DELIVERY_RETRY, PUSH_PATIENCE, STEP_TIMEOUT
    from workflows.push.contracts import PushDelivery, PushNotification, PushSteps

DELIVERED = "delivered"
UNDELIVERED = "undelivered"


@workflow.defn
class PushNotificationWorkflow:
    @workflow.run
    async def run(self, push: PushNotification) -> int:
        """Answers on how many devices the notification was shown."""
        targets = await workflow.execute_activity_method(
            PushSteps.push_targets,
            push.notification_id,
            start_to_close_timeout=STEP_TIMEOUT,
            retry_policy=BOUNDED_RETRY,
        )
        outcomes = await asyncio.gather(
            *(self._deliver(PushDelivery(push.notification_id, subscription_id)) for subscription_id in targets)
        )
        delivered = sum(outcome == DELIVERED for outcome in outcomes)
        workflow.upsert_search_attributes([FLOW_STATUS.value_set(DELIVERED if delivered else UNDELIVERED)])
        return delivered

    async def _deliver(self, delivery: PushDelivery) -> str:
        try:
            outcome = await workflow.execute_activity_method(
                PushSteps.send_push,
                delivery,
                start_to_close_timeout=STEP_TIMEOUT,
                schedule_to_close_timeout=PUSH_PATIENCE,
                retry_policy=DELIVERY_RETRY,
            )
        except ActivityError:
            return UNDELIVERED
        return outcome
