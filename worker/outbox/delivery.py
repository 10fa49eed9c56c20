"""Delivering the flow outbox's committed entries to Temporal, a batch at a time (domain/flows.py writes them).

Entries are delivered in order per workflow id, and only per workflow id: the relay locks the first entry of each
workflow id it sends while Temporal is called (skipping those another relay holds), and removes it once Temporal
took it, so two relays never send one entry at the same time, and a start that is sent again after a lost answer is
refused by Temporal for an id already used (REJECT_DUPLICATE): each flow starts once. Signals are at least once;
every flow's signals are idempotent.

An entry Temporal refuses is tried again the next round; after FLOW_OUTBOX_MAX_ATTEMPTS refusals it is parked: it
stays in the table with its last error until support retries it (worker/outbox/backlog.py, docs/operations.md). A
parked entry holds back the later entries of its own workflow id and no other. A Temporal that does not answer is no
entry's fault: nothing is counted, the entries wait.
"""

import asyncio
import dataclasses
import logging
from collections.abc import Mapping
from contextlib import suppress
from datetime import UTC, datetime, timedelta
from enum import Enum
from typing import Any, Protocol

from sqlalchemy import ColumnElement, Row, case, delete, exists, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import aliased
from temporalio.client import Client
from temporalio.common import SearchAttributeKey, SearchAttributePair, TypedSearchAttributes, WorkflowIDReusePolicy
from temporalio.exceptions import WorkflowAlreadyStartedError
from temporalio.service import RPCError, RPCStatusCode

from domain.models import FlowOutboxEntry

logger = logging.getLogger("humsafar.flows")

# How long one start or signal may take before the entry is left for the next round.
RPC_TIMEOUT = timedelta(seconds=5)
BATCH = 100
# Refusals after which an entry is parked for support, unless FLOW_OUTBOX_MAX_ATTEMPTS says otherwise.
DEFAULT_MAX_ATTEMPTS = 20
# Temporal's answers that say it was not reached or too busy, not that it refused the entry.
UNANSWERED_STATUSES = frozenset(
    {
        RPCStatusCode.UNAVAILABLE,
        RPCStatusCode.DEADLINE_EXCEEDED,
        RPCStatusCode.RESOURCE_EXHAUSTED,
        RPCStatusCode.CANCELLED,
        RPCStatusCode.ABORTED,
    }
)


class Delivery(Enum):
    """What became of one entry the relay sent."""

    TAKEN = "taken"  # Temporal took it (or had it already): removed
    REFUSED = "refused"  # Temporal refused it: counted, parked at the last attempt
    UNANSWERED = "unanswered"  # Temporal did not answer, or was too busy to: left as it was


class Room(Protocol):
    """How many entries the relay may send now, at most `most` (its worker's free workflow task slots)."""

    async def __call__(self, most: int, /) -> int: ...


@dataclasses.dataclass(frozen=True)
class RelayBatch:
    taken: int
    more: bool  # entries it did not send wait: the batch was full, or one it sent had another behind it


# What the relay reads of an entry to send it.
_SENT = (
    FlowOutboxEntry.id,
    FlowOutboxEntry.workflow_id,
    FlowOutboxEntry.workflow,
    FlowOutboxEntry.signal,
    FlowOutboxEntry.arg,
    FlowOutboxEntry.start_arg,
    FlowOutboxEntry.start_at,
    FlowOutboxEntry.search_attributes,
)


def _first_of_its_workflow_id() -> ColumnElement[bool]:
    """No earlier entry of the same workflow id waits: a flow's signals never go before its start."""
    earlier = aliased(FlowOutboxEntry)
    return ~exists().where(earlier.workflow_id == FlowOutboxEntry.workflow_id, earlier.id < FlowOutboxEntry.id)


def _unanswered(error: Exception) -> bool:
    """Temporal could not be reached, did not answer in time, or was too busy: no fault of the entry's."""
    if isinstance(error, RPCError):
        return error.status in UNANSWERED_STATUSES
    return isinstance(error, TimeoutError | RuntimeError)


def _search_attributes(named: Mapping[str, str]) -> TypedSearchAttributes:
    return TypedSearchAttributes(
        [SearchAttributePair(SearchAttributeKey.for_keyword(name), value) for name, value in named.items()]
    )


class FlowDelivery:
    """Sends the committed entries of its task queue's deployment to Temporal. `eager_start`, for a client a worker
    of the task queue runs on: Temporal hands a new flow's first task back in the start's answer, to be run here at
    once, when the worker has room for it (docs/benchmarks.md)."""

    def __init__(
        self,
        session_maker: async_sessionmaker[AsyncSession],
        client: Client,
        task_queue: str,
        max_attempts: int = DEFAULT_MAX_ATTEMPTS,
        eager_start: bool = False,
    ) -> None:
        self._session_maker = session_maker
        self._client = client
        self._task_queue = task_queue
        self._max_attempts = max_attempts
        self._eager_start = eager_start

    async def relay_round(self, room: Room | None = None) -> int:
        """Delivers every entry waiting and not parked, a batch of workflow ids' first entries at a time, each batch
        sent at once (as many as `room` allows, when given), until none is left or Temporal does not answer; an
        entry refused is tried once a round. Answers how many Temporal took."""
        taken, tried = 0, set[int]()
        while True:
            size = BATCH if room is None else await room(BATCH)
            batch = await self._relay_batch(tried, size)
            if batch is None:
                return taken
            taken += batch.taken
            if not batch.more:
                return taken

    async def _relay_batch(self, tried: set[int], size: int) -> RelayBatch | None:
        """Locks the first entry of up to `size` workflow ids (held by no other relay, not tried in this round),
        sends them all at once and removes the ones Temporal took in the same transaction; a refusal is counted there
        too. None when there was none to send, or Temporal did not answer."""
        later = aliased(FlowOutboxEntry)
        followed = exists().where(later.workflow_id == FlowOutboxEntry.workflow_id, later.id > FlowOutboxEntry.id)
        firsts = (
            select(*_SENT, followed.label("followed"))
            .where(
                FlowOutboxEntry.parked_at.is_(None),
                FlowOutboxEntry.id.not_in(tried),
                # Its own deployment's entries, and any written before entries named their task queue.
                or_(FlowOutboxEntry.task_queue == self._task_queue, FlowOutboxEntry.task_queue.is_(None)),
                _first_of_its_workflow_id(),
            )
            .order_by(FlowOutboxEntry.attempts, FlowOutboxEntry.id)
            .limit(size)
            .with_for_update(skip_locked=True)
        )
        async with self._session_maker() as session:
            entries = (await session.execute(firsts)).all()
            if not entries:
                await session.rollback()
                return None
            errors = await asyncio.gather(*(self._sent(entry) for entry in entries))
            taken = [entry for entry, error in zip(entries, errors, strict=True) if error is None]
            not_taken = [(entry, error) for entry, error in zip(entries, errors, strict=True) if error is not None]
            if taken:
                await session.execute(delete(FlowOutboxEntry).where(FlowOutboxEntry.id.in_([e.id for e in taken])))
            deliveries = [await self._count(session, entry, error) for entry, error in not_taken]
            await session.commit()
        tried.update(entry.id for entry, _ in not_taken)
        if Delivery.UNANSWERED in deliveries:
            return None
        # More waits when the batch was full, or an entry taken had another of its workflow id behind it.
        more = len(entries) == size or any(entry.followed for entry in taken)
        return RelayBatch(len(taken), more)

    async def _sent(self, entry: Row[Any]) -> Exception | None:
        """Sends one entry; the error Temporal (or its client) answered, None once Temporal took it."""
        try:
            await self._send(entry)
        except Exception as error:  # a refusal, or an entry Temporal's client cannot send: counted alike
            return error
        return None

    async def _count(self, session: AsyncSession, entry: Row[Any], error: Exception) -> Delivery:
        """Keeps the error on the entry; counts a refusal, and parks the entry at the last attempt."""
        what, workflow_id = entry.signal or entry.workflow, entry.workflow_id
        last_error = f"{type(error).__name__}: {error}"[:1000]
        noting = update(FlowOutboxEntry).where(FlowOutboxEntry.id == entry.id)
        if _unanswered(error):
            logger.warning("flow outbox: %s to %s not delivered, Temporal did not answer: %s", what, workflow_id, error)
            await session.execute(noting.values(last_error=last_error))
            return Delivery.UNANSWERED
        attempts = FlowOutboxEntry.attempts + 1
        counting = noting.values(
            attempts=attempts,
            last_error=last_error,
            parked_at=case((attempts >= self._max_attempts, func.now()), else_=None),
        ).returning(FlowOutboxEntry.attempts, FlowOutboxEntry.parked_at)
        counted = (await session.execute(counting)).first()
        if counted is None or counted.parked_at is None:
            logger.warning(
                "flow outbox: %s to %s refused (%s): %s", what, workflow_id, counted and counted.attempts, error
            )
        else:
            logger.error(
                "flow outbox: %s to %s parked after %d refusals, for support to retry: %s",
                what,
                workflow_id,
                counted.attempts,
                error,
            )
        return Delivery.REFUSED

    async def _send(self, entry: Row[Any]) -> None:
        if entry.signal is None:
            await self._start(entry)
        elif entry.workflow is not None:
            await self._signal_with_start(entry)
        else:
            await self._signal(entry)

    async def _start(self, entry: Row[Any]) -> None:
        """Starts the flow; one whose first task is due later (start_at) is kept by Temporal, with no task and no
        timer, until then, and is never started eagerly. A start refused for an id already used was made by an
        earlier delivery whose answer was lost."""
        delay = entry.start_at - datetime.now(UTC) if entry.start_at else None
        delayed = delay is not None and delay > timedelta(0)
        with suppress(WorkflowAlreadyStartedError):
            await self._start_workflow(
                entry,
                entry.arg,
                start_delay=delay if delayed else None,
                request_eager_start=self._eager_start and not delayed,
            )

    async def _signal_with_start(self, entry: Row[Any]) -> None:
        """Signals the flow with its start, which wakes one whose first task is not due yet; a flow that has ended is
        not started again (REJECT_DUPLICATE), and the signal is dropped."""
        try:
            await self._start_workflow(entry, entry.start_arg, start_signal=entry.signal, start_signal_args=[entry.arg])
        except WorkflowAlreadyStartedError:
            logger.info("flow outbox: %s for %s, which has ended, dropped", entry.signal, entry.workflow_id)

    async def _start_workflow(self, entry: Row[Any], arg: Any, **options: Any) -> None:
        await self._client.start_workflow(
            entry.workflow,
            arg,
            id=entry.workflow_id,
            task_queue=self._task_queue,
            id_reuse_policy=WorkflowIDReusePolicy.REJECT_DUPLICATE,
            search_attributes=_search_attributes(entry.search_attributes),
            rpc_timeout=RPC_TIMEOUT,
            **options,
        )

    async def _signal(self, entry: Row[Any]) -> None:
        try:
            await self._client.get_workflow_handle(entry.workflow_id).signal(
                entry.signal, entry.arg, rpc_timeout=RPC_TIMEOUT
            )
        except RPCError as error:
            if error.status != RPCStatusCode.NOT_FOUND:
                raise
            logger.info("flow outbox: %s for %s, which has ended, dropped", entry.signal, entry.workflow_id)
