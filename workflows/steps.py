"""How a flow takes its short steps without a round trip to the Temporal server.

A flow's short step (a database write: open the row, apply an answer, record a change; or one quick read from a
vendor: the KYC vendor's status of a transaction) runs as a local activity: the worker runs it inside the flow's own
task and records its result with the task's completion, instead of scheduling an activity task, waiting for it to
be polled, and polling the next workflow task. That is one server round trip and five history events fewer per
step (docs/benchmarks.md has the figures). Retries and timeouts are the same; like any activity it may run more
than once, and every one of these is idempotent. Steps that ask a vendor to act (book or cancel a cab, poll its
booking) stay ordinary activities: they may take longer than a workflow task should.

A step is named by reference, as every flow calls its steps: the method of its flow's steps interface
(`workflows/<flow>/contracts.py`), with its one typed input, so a wrong input is a type error.
"""

from datetime import timedelta
from typing import Any, TypeVar

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, FailureError
from temporalio.types import MethodAsyncSingleParam

Input = TypeVar("Input")
Result = TypeVar("Result")


async def short_step(
    step: MethodAsyncSingleParam[Any, Input, Result],
    arg: Input,
    *,
    start_to_close: timedelta,
    schedule_to_close: timedelta | None = None,
    retry_policy: RetryPolicy,
) -> Result:
    """Runs the step as a local activity; its failure arrives as an activity task's would."""
    try:
        return await workflow.execute_local_activity_method(
            step,
            arg,
            start_to_close_timeout=start_to_close,
            schedule_to_close_timeout=schedule_to_close,
            retry_policy=retry_policy,
        )
    except ActivityError:
        raise
    except FailureError as failure:
        # A local activity's own error arrives bare; the flows read every step's failure as an activity task's
        # arrives: an ActivityError whose cause is the activity's error.
        name = getattr(step, "__name__", str(step))
        raise ActivityError(
            f"{name} failed",
            scheduled_event_id=0,
            started_event_id=0,
            identity="",
            activity_type=name,
            activity_id="",
            retry_state=None,
        ) from failure
