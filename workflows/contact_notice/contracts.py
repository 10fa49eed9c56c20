"""ContactNoticeWorkflow's id and input: the one SMS a number is sent when a person adds it as an emergency contact.

What the API, the activities and the flow agree on, the flow's steps too (workflows/flow.py has the shared start)."""

from dataclasses import dataclass

from temporalio import activity

from domain.rules.flow import FlowStart
from workflows.flow import FLOW_STATUS, USER_ID


def contact_notice_workflow_id(notice_id: int) -> str:
    return f"contact-notice:{notice_id}"


@dataclass(frozen=True)
class ContactNotice:
    """Starts a ContactNoticeWorkflow for the notice row (EmergencyContactNotice) the API kept: its id, never the
    number."""

    notice_id: int
    user_id: int


def contact_notice_start(notice_id: int, user_id: int) -> FlowStart:
    return FlowStart(
        "ContactNoticeWorkflow",
        contact_notice_workflow_id(notice_id),
        ContactNotice(notice_id=notice_id, user_id=user_id),
        {USER_ID.name: str(user_id), FLOW_STATUS.name: "sending"},
    )


class ContactNoticeSteps:
    """The step ContactNoticeWorkflow calls; activities.safety.SafetyActivities runs it."""

    @activity.defn
    async def send_contact_notice(self, notice_id: int) -> str:
        """Sends the kept notice once, within its number's daily cap: `sent` or `withheld`."""
        raise NotImplementedError
