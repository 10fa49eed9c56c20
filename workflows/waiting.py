"""Waiting inside a workflow: for a condition with a deadline, or until a moment unless something changes first."""

import contextlib
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from temporalio import workflow


def utc_moment(iso: str) -> datetime:
    """A time from a contract or an activity: the contracts ask for UTC; an offset such as IST's is honoured too,
    and a bare time is taken as UTC."""
    parsed = datetime.fromisoformat(iso)
    return parsed.astimezone(UTC) if parsed.tzinfo else parsed.replace(tzinfo=UTC)


async def until(condition: Callable[[], bool], timeout_seconds: float) -> bool:
    """Waits for the condition (a durable timer); False when the time ran out first."""
    if timeout_seconds <= 0:
        return condition()
    try:
        await workflow.wait_condition(condition, timeout=timeout_seconds)
    except TimeoutError:
        return False
    return True


async def sleep_until(moment: datetime, changed: Callable[[], bool], summary: str) -> bool:
    """True when the moment came with nothing changed; False as soon as `changed` holds. The durable timer, armed
    only for a moment still ahead, carries the summary (what the flow waits for, shown in its history)."""
    remaining = moment - workflow.now()
    if remaining > timedelta(0):
        with contextlib.suppress(TimeoutError):
            await workflow.wait_condition(changed, timeout=remaining, timeout_summary=summary)
    return not changed()
