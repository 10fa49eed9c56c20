"""PushNotificationWorkflow's id, input and one delivery.

What the API, the activities and the flow agree on (workflows/flow.py has the shared start and signal)."""

from dataclasses import dataclass

from workflows.flow import FLOW_STATUS, USER_ID, FlowStart


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
