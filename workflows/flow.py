"""What every flow's contracts share: the start (workflow, id, input, first search attributes), the signal, and the
search attribute keys. Each flow's own id function, input, signals and updates are in `workflows/<flow>/contracts.py`.

Starts and signals are handed to the flow outbox (domain/flows.py) in the writer's transaction, never sent before
its commit. The task queue is a setting (TEMPORAL_TASK_QUEUE), so tests can give each worker its own.
"""

from dataclasses import dataclass
from typing import Any

from temporalio.common import SearchAttributeKey

USER_ID = SearchAttributeKey.for_keyword("UserId")
TRIP_ID = SearchAttributeKey.for_keyword("TripId")
FLOW_STATUS = SearchAttributeKey.for_keyword("FlowStatus")

SEARCH_ATTRIBUTES = (USER_ID, TRIP_ID, FLOW_STATUS)


@dataclass(frozen=True)
class FlowStart:
    """Starts `workflow` as `workflow_id` with `arg`; search attributes by name, so support finds it at once."""

    workflow: str
    workflow_id: str
    arg: Any
    search_attributes: dict[str, str]


@dataclass(frozen=True)
class FlowSignal:
    """Tells a running flow of a change its writer committed."""

    workflow_id: str
    signal: str
    arg: Any
