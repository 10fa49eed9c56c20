"""The flow outbox's sending side, in the worker (domain/flows.py is the writing side): the relay that delivers the
committed entries to Temporal (`relay.py`, `delivery.py`) and what support and the metrics see of those Temporal
refused or that wait (`backlog.py`)."""
