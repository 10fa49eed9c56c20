"""Waiting for a flow a call wrote the start of: the call commits and answers, and the worker's relay starts the
flow a moment later (domain/flow_relay.py)."""

import asyncio
import time
from typing import Any

from temporalio.client import Client, WorkflowHandle
from temporalio.service import RPCError, RPCStatusCode


async def started_flow(
    temporal: Client, workflow_id: str, result_type: type | None = None, timeout_seconds: float = 10.0
) -> WorkflowHandle[Any, Any]:
    """The flow of this id once it has been started."""
    handle = temporal.get_workflow_handle(workflow_id, result_type=result_type)
    deadline = time.monotonic() + timeout_seconds
    while True:
        try:
            await handle.describe()
        except RPCError as error:
            if error.status != RPCStatusCode.NOT_FOUND or time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.05)
        else:
            return handle
