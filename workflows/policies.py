"""How patiently every flow retries its steps and how long one attempt may take: one home for all of them.

A step that writes to our database or asks a vendor retries until it succeeds (a crash, a lost answer and a vendor
that is down for a while are all survived), backing off to at most a minute between attempts. A step someone is
waiting on (a host's answer to a join request) retries quickly. A step that may fail for good (a file in storage,
the devices of a push) gives up after a bounded number of attempts. Delivering a push backs off further: the push
services ask senders to slow down.

Changing a policy or a timeout changes no flow's history: recorded flows replay unchanged.
"""

from datetime import timedelta

from temporalio.common import RetryPolicy

PATIENT_RETRY = RetryPolicy(
    initial_interval=timedelta(seconds=1),
    backoff_coefficient=2.0,
    maximum_interval=timedelta(minutes=1),
)
# Someone is waiting for the answer; it still completes after they gave up, so the state stays whole.
ANSWER_RETRY = RetryPolicy(
    initial_interval=timedelta(milliseconds=200),
    backoff_coefficient=2.0,
    maximum_interval=timedelta(seconds=10),
)
BOUNDED_RETRY = RetryPolicy(
    initial_interval=timedelta(seconds=1),
    backoff_coefficient=2.0,
    maximum_interval=timedelta(minutes=1),
    maximum_attempts=20,
)
DELIVERY_RETRY = RetryPolicy(
    initial_interval=timedelta(seconds=1),
    backoff_coefficient=2.0,
    maximum_interval=timedelta(minutes=10),
)

# One attempt of a database write or a vendor call.
STEP_TIMEOUT = timedelta(seconds=30)
# One attempt of a step over many rows or files (a commute's days, an account's pictures, a document's scan).
LONG_STEP_TIMEOUT = timedelta(minutes=2)
