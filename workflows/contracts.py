"""What the API, the worker and the workflows agree on: workflow ids, inputs, search attributes.

The task queue is a setting (TEMPORAL_TASK_QUEUE), so tests can give each worker its own.
"""

from dataclasses import dataclass, field

from temporalio.common import SearchAttributeKey

USER_ID = SearchAttributeKey.for_keyword("UserId")
TRIP_ID = SearchAttributeKey.for_keyword("TripId")
FLOW_STATUS = SearchAttributeKey.for_keyword("FlowStatus")

SEARCH_ATTRIBUTES = (USER_ID, TRIP_ID, FLOW_STATUS)


def account_erasure_workflow_id(user_id: int) -> str:
    return f"account-erasure:{user_id}"


@dataclass(frozen=True)
class AccountErasureInput:
    user_id: int
    image_keys: list[str] = field(default_factory=list)
