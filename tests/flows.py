"""Waiting for a flow a call wrote the start of: the call commits and answers, and the worker's relay starts the
flow a moment later (worker/outbox/relay.py)."""

import asyncio
import time
from typing import Any

from temporalio.api.enums.v1 import EventType
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


async def flow_exists(client: Client, workflow_id: str) -> bool:
    try:
        await client.get_workflow_handle(workflow_id).describe()
    except RPCError as error:
        if error.status == RPCStatusCode.NOT_FOUND:
            return False
        raise
    return True


async def waits_for_a_signal_only(handle: WorkflowHandle[Any, Any]) -> bool:
    """Whether the flow waits on nothing but a signal: every timer it started has fired or been cancelled, no
    activity of it is pending, and no task of its own is due. Nothing but a signal can make such a flow act again."""
    timers: set[str] = set()
    async for event in handle.fetch_history_events():
        if event.event_type == EventType.EVENT_TYPE_TIMER_STARTED:
            timers.add(event.timer_started_event_attributes.timer_id)
        elif event.event_type == EventType.EVENT_TYPE_TIMER_FIRED:
            timers.discard(event.timer_fired_event_attributes.timer_id)
        elif event.event_type == EventType.EVENT_TYPE_TIMER_CANCELED:
            timers.discard(event.timer_canceled_event_attributes.timer_id)
    description = await handle.describe()
    raw = description.raw_description
    return not timers and not raw.pending_activities and not raw.HasField("pending_workflow_task")


async def signal_with_its_start(temporal: Client, workflow_id: str, signal: str, arg: Any) -> None:
    """Signals a flow together with its own start (signal-with-start), as support does for a flow Temporal keeps
    until its first task is due (a trip waiting for its reminder), which a plain signal would not wake: the start's
    input and task queue are read from the flow's first event."""
    history = await temporal.get_workflow_handle(workflow_id).fetch_history()
    started = history.events[0].workflow_execution_started_event_attributes
    await temporal.start_workflow(
        started.workflow_type.name,
        args=await temporal.data_converter.decode(started.input.payloads),
        id=workflow_id,
        task_queue=started.task_queue.name,
        start_signal=signal,
        start_signal_args=[arg],
    )
