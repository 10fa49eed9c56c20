"""PushNotificationWorkflow's id, input and one delivery.

What the API, the activities and the flow agree on, the flow's steps too (workflows/flow.py has the shared start
and signal)."""

from dataclasses import dataclass

from temporalio import activity

from domain.rules.flow import FlowStart
from workflows.flow import FLOW_STATUS, USER_ID


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


class PushSteps:
    """The steps PushNotificationWorkflow calls; activities.push.PushActivities runs them."""

    @activity.defn
    async def push_targets(self, notification_id: int) -> list[int]:
        """The ids of the recipient's push subscriptions to send the notification to."""
        raise NotImplementedError

    @activity.defn
    async def send_push(self, delivery: PushDelivery) -> str:
        """Sends the notification to one device; answers what became of it."""
        raise NotImplementedError
