"""Waiting inside a workflow for a condition with a deadline."""

from collections.abc import Callable

from temporalio import workflow


async def until(condition: Callable[[], bool], timeout_seconds: float) -> bool:
    """Waits for the condition (a durable timer); False when the time ran out first."""
    if timeout_seconds <= 0:
        return condition()
    try:
        await workflow.wait_condition(condition, timeout=timeout_seconds)
    except TimeoutError:
        return False
    return True
