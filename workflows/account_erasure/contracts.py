"""AccountErasureWorkflow's id and input, started by the API when a person deletes their account.

What the API, the activities and the flow agree on, the flow's steps too (workflows/flow.py has the shared start
and signal)."""

from dataclasses import dataclass, field

from temporalio import activity

from domain.rules.flow import FlowStart
from workflows.flow import FLOW_STATUS, USER_ID


def account_erasure_workflow_id(user_id: int) -> str:
    return f"account-erasure:{user_id}"


@dataclass(frozen=True)
class AccountErasureInput:
    user_id: int
    image_keys: list[str] = field(default_factory=list)


def account_erasure_start(erasure: AccountErasureInput) -> FlowStart:
    return FlowStart(
        "AccountErasureWorkflow",
        account_erasure_workflow_id(erasure.user_id),
        erasure,
        {USER_ID.name: str(erasure.user_id), FLOW_STATUS.name: "erasing"},
    )


class AccountErasureSteps:
    """The steps AccountErasureWorkflow calls; activities.account.AccountActivities runs them."""

    @activity.defn
    async def scrub_user(self, user_id: int) -> None:
        """Scrubs a deleted account's personal data; refuses, for good, an account that is not deleted."""
        raise NotImplementedError

    @activity.defn
    async def erase_media(self, keys: list[str]) -> None:
        """Deletes the account's pictures from storage."""
        raise NotImplementedError
