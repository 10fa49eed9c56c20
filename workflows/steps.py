"""How a flow takes its short steps without a round trip to the Temporal server.

A flow's short step (a database write: open the row, apply an answer, record a change; or one quick read from a
vendor: the KYC vendor's status of a transaction) runs as a local activity: the worker runs it inside the flow's own
task and records its result with the task's completion, instead of scheduling an activity task, waiting for it to
be polled, and polling the next workflow task. That is one server round trip and five history events fewer per
step (docs/benchmarks.md has the figures). Retries and timeouts are the same; like any activity it may run more
than once, and every one of these is idempotent. Steps that ask a vendor to act (book or cancel a cab, poll its
booking) stay ordinary activities: they may take longer than a workflow task should.

Flows started since carry the `LEAN_STEPS` patch marker and trust the search attributes their start set, instead
of setting them again. Flows recorded before it replay as they were: each call here asks `lean()` first.
"""

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, FailureError

LEAN_STEPS = "lean-steps"


def lean() -> bool:
    """True in a flow started with local database steps; False while replaying one recorded before them."""
    return workflow.patched(LEAN_STEPS)


async def short_step(
    activity: str,
    *args: Any,
    result_type: type | None = None,
    start_to_close: timedelta,
    schedule_to_close: timedelta | None = None,
    retry_policy: RetryPolicy,
    local: bool | None = None,
) -> Any:
    """Runs the named short activity: locally in a lean flow, as an activity task in one recorded before; `local`
    says which instead, for a step a later version of the flow moved (workflows/trip/contracts.py)."""
    arguments: Sequence[Any] = args
    if not (lean() if local is None else local):
        return await workflow.execute_activity(
            activity,
            args=arguments,
            result_type=result_type,
            start_to_close_timeout=start_to_close,
            schedule_to_close_timeout=schedule_to_close,
            retry_policy=retry_policy,
        )
    try:
        return await workflow.execute_local_activity(
            activity,
            args=arguments,
            result_type=result_type,
            start_to_close_timeout=start_to_close,
            schedule_to_close_timeout=schedule_to_close,
            retry_policy=retry_policy,
        )
    except ActivityError:
        raise
    except FailureError as failure:
        # A local activity's own error arrives bare; the flows read every step's failure as an activity task's
        # arrives: an ActivityError whose cause is the activity's error.
        raise ActivityError(
            f"{activity} failed",
            scheduled_event_id=0,
            started_event_id=0,
            identity="",
            activity_type=activity,
            activity_id="",
            retry_state=None,
        ) from failure
