"""What a writer hands the flow outbox (domain/outbox.py) for the worker's relay to send to Temporal: a flow's start,
or a signal to a running flow. Each flow's contracts (workflows/<flow>/contracts.py) build them; plain data, so the
writers, the contracts and the relay share this one definition."""

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class FlowStart:
    """Starts `workflow` as `workflow_id` with `arg`; search attributes by name, so support finds it at once.

    `start_at` (ISO 8601), for a flow with nothing to do before then: Temporal keeps it with no task and no timer
    until that moment, and a plain signal does not wake it before; send its signals with its start
    (`FlowSignal.start`)."""

    workflow: str
    workflow_id: str
    arg: Any
    search_attributes: dict[str, str]
    start_at: str | None = None


@dataclass(frozen=True)
class FlowSignal:
    """Tells a running flow of a change its writer committed. With `start`, the flow's own start, it is sent with it
    (signal-with-start): that wakes a flow whose first task is not due yet, and starts none that has ended."""

    workflow_id: str
    signal: str
    arg: Any
    start: FlowStart | None = None
