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

# An SOS's SMS step: one attempt (each of its SMS waits at most the gateway's 10 s), and how often it is tried: about
# a minute in all, then the step gives up and its SMS stay kept unsent, beside the escalation timer, not in its way.
SMS_SEND_TIMEOUT = timedelta(seconds=20)
SMS_SEND_RETRY = RetryPolicy(
    initial_interval=timedelta(seconds=1),
    backoff_coefficient=2.0,
    maximum_interval=timedelta(seconds=15),
    maximum_attempts=5,
)
# How long a push may keep trying: a notification pushed a day late is noise; the list still has it.
PUSH_PATIENCE = timedelta(hours=6)
# How long a contact's notice may keep trying: a day late it still tells the number who added it; after that the
# gateway's trouble is support's.
CONTACT_NOTICE_PATIENCE = timedelta(days=1)

# One attempt of a database write or a vendor call.
STEP_TIMEOUT = timedelta(seconds=30)
# One attempt of a step over many rows or files (a commute's days, an account's pictures, a document's scan).
LONG_STEP_TIMEOUT = timedelta(minutes=2)
