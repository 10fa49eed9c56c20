"""What a writer hands the flow outbox (domain/outbox.py) for the worker's relay to send to Temporal: a flow's start,
or a signal to a running flow. Each flow's contracts (workflows/<flow>/contracts.py) build them; plain data, so the
writers, the contracts and the relay share this one definition."""

from dataclasses import dataclass
from typing import Any


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
