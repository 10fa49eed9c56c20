"""The search attribute keys every flow's contracts share. Each flow's own id function, input, start
(domain/rules/flow.py FlowStart), signals and updates are in `workflows/<flow>/contracts.py`.

Starts and signals are handed to the flow outbox (domain/outbox.py) in the writer's transaction, never sent before
its commit. The task queue is a setting (TEMPORAL_TASK_QUEUE), so tests can give each worker its own.
"""

from temporalio.common import SearchAttributeKey

USER_ID = SearchAttributeKey.for_keyword("UserId")
TRIP_ID = SearchAttributeKey.for_keyword("TripId")
FLOW_STATUS = SearchAttributeKey.for_keyword("FlowStatus")
# An ONDC order's transaction id (workflows/beckn): support finds a network order's flows by it.
TRANSACTION_ID = SearchAttributeKey.for_keyword("TransactionId")

SEARCH_ATTRIBUTES = (USER_ID, TRIP_ID, FLOW_STATUS, TRANSACTION_ID)
