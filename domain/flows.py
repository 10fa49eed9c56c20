"""Starting and signalling durable flows without a dual write: a transactional outbox.

Whoever writes something whose lifecycle is a flow (a trip, a join request, a notification to push, ...) adds the
flow's start to `flow_outbox` in the same transaction (`start_after_commit`); a change a running flow must hear of
is added the same way (`signal_after_commit`). So a rolled-back transaction starts and signals nothing, and a
committed one always does:

- every entry's insert notifies RELAY_CHANNEL, which wakes the worker's relay (`domain/flow_relay.py`) at the
  writer's commit: it delivers what waits in batches, sent at once, and starts flows eagerly (their first task
  comes back in the start's answer to its own worker). The API's outbox is `relayed`: its writers leave their
  entries to the relay, so a call answers without waiting for Temporal, and a start costs the stack about a tenth
  less than one the API sent itself (docs/benchmarks.md);
- a writer in the worker (an activity) delivers its own entries right after its commit (`FlowOutbox.transaction`),
  and so does an API call that needs its flow at once (`transaction(at_once=True)`, `deliver_waiting`);
- the relay also looks every interval, for entries a writer left behind (it died between its commit and the
  delivery, or Temporal did not answer then) and any a notification did not announce.

Entries are delivered in order per workflow id (a flow's signals never before its start), and only per workflow id:
a deliverer locks the first entry of each workflow id it sends while Temporal is called, and removes it once
Temporal took it, so two deliverers never send one entry at the same time, and a start that is sent again after a
lost answer is refused by Temporal for an id already used (REJECT_DUPLICATE): each flow starts once. Signals are
at least once; every flow's signals are idempotent.

An entry Temporal refuses is tried again by the relay; after FLOW_OUTBOX_MAX_ATTEMPTS refusals it is parked: it stays
in the table with its last error, counted by the `flow_outbox_parked` metric, until support retries it
(docs/operations.md, `python -m scripts.outbox`). A parked entry holds back the later entries of its own workflow id
and no other. A Temporal that does not answer is no entry's fault: nothing is counted, the entries wait.

This module knows no particular flow: the starts and signals (each flow's `workflows/<flow>/contracts.py`) name
their workflow, id, input and search attributes.
"""

import asyncio
import dataclasses
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager, suppress
from datetime import datetime, timedelta
from enum import Enum
from typing import Any, Protocol

from psycopg.types.json import Jsonb
from sqlalchemy import ColumnElement, Row, bindparam, case, delete, exists, func, insert, or_, select, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import aliased
from temporalio.client import Client
from temporalio.common import (
    MetricMeter,
    SearchAttributeKey,
    SearchAttributePair,
    TypedSearchAttributes,
    WorkflowIDReusePolicy,
)
from temporalio.exceptions import WorkflowAlreadyStartedError
from temporalio.service import RPCError, RPCStatusCode

from domain.compiled_query import CompiledQuery
from domain.db import session_driver_connection, transaction
from domain.models import FlowOutboxEntry

logger = logging.getLogger("humsafar.flows")

# The channel every outbox insert notifies at its commit and the worker's relay listens on.
RELAY_CHANNEL = "flow_outbox"

# The ids of the entries a session added, delivered after its commit.
_ADDED = "flow_outbox_added"
# How long one start or signal may take before the entry is left to the relay.
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
# Unanswered calls in a row after which a delivery stops: Temporal is down, not one entry unlucky.
UNANSWERED_IN_A_ROW = 3
PARKED_METRIC = "flow_outbox_parked"
# How long the oldest entry not parked has waited to be delivered: a backlog grows here first (docs/operations.md).
OLDEST_WAITING_METRIC = "flow_outbox_oldest_waiting_seconds"


class FlowStart(Protocol):
    @property
    def workflow(self) -> str: ...
    @property
    def workflow_id(self) -> str: ...
    @property
    def arg(self) -> Any: ...
    @property
    def search_attributes(self) -> Mapping[str, str]: ...


class FlowSignal(Protocol):
    @property
    def workflow_id(self) -> str: ...
    @property
    def signal(self) -> str: ...
    @property
    def arg(self) -> Any: ...


def _plain(arg: Any) -> Any:
    return dataclasses.asdict(arg) if dataclasses.is_dataclass(arg) and not isinstance(arg, type) else arg


# Every entry's insert, compiled once and prepared (domain/compiled_query.py). The notification goes out at the
# commit, once per transaction, and never for one rolled back.
_ADDING = CompiledQuery(
    insert(FlowOutboxEntry)
    .values(
        workflow_id=bindparam("workflow_id"),
        workflow=bindparam("workflow"),
        signal=bindparam("signal"),
        arg=bindparam("arg"),
        search_attributes=bindparam("search_attributes"),
        attempts=0,
    )
    .returning(FlowOutboxEntry.id, func.pg_notify(RELAY_CHANNEL, "")),
    prepared=True,
)


async def _add(session: AsyncSession, entries: list[dict[str, Any]]) -> None:
    rows = await _ADDING.rows_for_each(await session_driver_connection(session), entries)
    session.info.setdefault(_ADDED, []).extend(row[0] for row in rows)


async def start_after_commit(session: AsyncSession, *starts: FlowStart) -> None:
    """Starts these flows once the session's transaction commits; never if it rolls back."""
    if starts:
        await _add(
            session,
            [
                {
                    "workflow_id": start.workflow_id,
                    "workflow": start.workflow,
                    "signal": None,
                    "arg": Jsonb(_plain(start.arg)),
                    "search_attributes": Jsonb(dict(start.search_attributes)),
                }
                for start in starts
            ],
        )


async def signal_after_commit(session: AsyncSession, *signals: FlowSignal) -> None:
    """Sends these signals once the session's transaction commits; never if it rolls back."""
    if signals:
        await _add(
            session,
            [
                {
                    "workflow_id": signal.workflow_id,
                    "workflow": None,
                    "signal": signal.signal,
                    "arg": Jsonb(_plain(signal.arg)),
                    "search_attributes": Jsonb({}),
                }
                for signal in signals
            ],
        )


def _search_attributes(named: Mapping[str, str]) -> TypedSearchAttributes:
    return TypedSearchAttributes(
        [SearchAttributePair(SearchAttributeKey.for_keyword(name), value) for name, value in named.items()]
    )


class Delivery(Enum):
    """What became of one entry a deliverer took up."""

    TAKEN = "taken"  # Temporal took it (or had it already): removed
    REFUSED = "refused"  # Temporal refused it: counted, parked at the last attempt
    UNANSWERED = "unanswered"  # Temporal did not answer, or was too busy to: left as it was
    NOT_NOW = "not now"  # gone, parked, held by another deliverer, or behind an earlier entry of its workflow id


@dataclasses.dataclass(frozen=True)
class ParkedEntry:
    id: int
    workflow_id: str
    what: str  # the workflow started or the signal sent
    attempts: int
    last_error: str | None
    parked_at: datetime
    waiting_behind: int  # later entries of the same workflow id, delivered once this one is


class Room(Protocol):
    """How many entries the relay may send now, at most `most` (its worker's free workflow task slots)."""

    async def __call__(self, most: int, /) -> int: ...


@dataclasses.dataclass(frozen=True)
class RelayBatch:
    taken: int
    more: bool  # entries it did not send wait: the batch was full, or one it sent had another behind it


# What a deliverer reads of an entry to send it.
_SENT = (
    FlowOutboxEntry.id,
    FlowOutboxEntry.workflow_id,
    FlowOutboxEntry.workflow,
    FlowOutboxEntry.signal,
    FlowOutboxEntry.arg,
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


class FlowOutbox:
    """Delivers committed outbox entries to Temporal. Without a client it only writes: the entries wait for a
    relay (tests of the writers alone). `relayed`: its writers leave their entries to the worker's relay, unless
    a call needs its flow at once. `meter` takes the `flow_outbox_parked` gauge the relay keeps current.
    `eager_start`, for an outbox whose client a worker of the task queue runs on: Temporal hands a new flow's first
    task back in the start's answer, to be run here at once, when the worker has room for it (docs/benchmarks.md)."""

    def __init__(
        self,
        session_maker: async_sessionmaker[AsyncSession],
        client: Callable[[], Awaitable[Client]] | None = None,
        task_queue: str = "",
        max_attempts: int = DEFAULT_MAX_ATTEMPTS,
        meter: MetricMeter | None = None,
        eager_start: bool = False,
        relayed: bool = False,
    ) -> None:
        self._session_maker = session_maker
        self._eager_start = eager_start
        self._relayed = relayed
        self._client = client
        self._task_queue = task_queue
        self._max_attempts = max_attempts
        meter = meter or MetricMeter.noop
        self._parked_gauge = meter.create_gauge(
            PARKED_METRIC, "Flow outbox entries Temporal refused FLOW_OUTBOX_MAX_ATTEMPTS times, waiting for support"
        )
        self._oldest_waiting_gauge = meter.create_gauge(
            OLDEST_WAITING_METRIC, "Seconds the oldest flow start or signal not parked has waited for delivery", "s"
        )

    @asynccontextmanager
    async def transaction(self, at_once: bool = False) -> AsyncIterator[AsyncSession]:
        """One unit of work whose flow starts and signals are delivered once it has committed; `at_once` by this
        writer even where the outbox is relayed, for a caller that acts on the flow right after."""
        async with transaction(self._session_maker) as session:
            yield session
        await self.deliver_committed(session, at_once)

    async def deliver_committed(self, session: AsyncSession, at_once: bool = False) -> None:
        """Delivers what this (committed) session added, unless the relay is to (a relayed outbox, not `at_once`);
        what cannot be delivered now is left to the relay."""
        added: list[int] = session.info.pop(_ADDED, [])
        if added and (at_once or not self._relayed):
            try:
                await self.deliver(added)
            except (SQLAlchemyError, OSError, RuntimeError) as error:
                logger.warning("flow outbox: %d entries left to the relay: %s", len(added), error)

    async def deliver_waiting(self, workflow_id: str) -> int:
        """Delivers whatever still waits for this workflow id (its start, say, before a call acts on the flow);
        answers how many Temporal took."""
        async with self._session_maker() as session:
            waiting = select(FlowOutboxEntry.id).where(FlowOutboxEntry.workflow_id == workflow_id)
            ids = list(await session.scalars(waiting))
        return await self.deliver(ids) if ids else 0

    async def deliver(self, ids: Sequence[int]) -> int:
        """Delivers these entries one by one, in order, waiting for another deliverer holding one; answers how many
        Temporal took. Stops once Temporal has not answered a few times in a row."""
        if self._client is None:
            return 0
        client = await self._client()
        taken = unanswered = 0
        for entry_id in sorted(ids):
            delivery = await self._deliver_one(client, entry_id)
            unanswered = unanswered + 1 if delivery is Delivery.UNANSWERED else 0
            if unanswered >= UNANSWERED_IN_A_ROW:
                break
            taken += delivery is Delivery.TAKEN
        return taken

    async def relay_round(self, room: Room | None = None) -> int:
        """As the relay: delivers every entry waiting and not parked, a batch of workflow ids' first entries at a
        time, each batch sent at once (as many as `room` allows, when given), until none is left or Temporal does
        not answer; an entry refused is tried once a round. Answers how many Temporal took."""
        if self._client is None:
            return 0
        client = await self._client()
        taken, tried = 0, set[int]()
        while True:
            size = BATCH if room is None else await room(BATCH)
            batch = await self._relay_batch(client, tried, size)
            if batch is None:
                return taken
            taken += batch.taken
            if not batch.more:
                return taken

    async def _relay_batch(self, client: Client, tried: set[int], size: int) -> RelayBatch | None:
        """Locks the first entry of up to `size` workflow ids (held by no other deliverer, not tried in this
        round), sends them all at once and removes the ones Temporal took in the same transaction; a refusal is
        counted there too. None when there was none to send, or Temporal did not answer."""
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
            errors = await asyncio.gather(*(self._sent(client, entry) for entry in entries))
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

    async def _sent(self, client: Client, entry: Row[Any]) -> Exception | None:
        """Sends one entry; the error Temporal (or its client) answered, None once Temporal took it."""
        try:
            await self._send(client, entry)
        except Exception as error:  # a refusal, or an entry Temporal's client cannot send: counted alike
            return error
        return None

    async def _deliver_one(self, client: Client, entry_id: int) -> Delivery:
        """Takes this one entry out, if it is its workflow id's first and not parked, waiting for a deliverer that
        holds it, and sends it; Temporal taking it commits its removal, a refusal rolls it back and is counted."""
        first = (
            select(FlowOutboxEntry.id)
            .where(FlowOutboxEntry.id == entry_id, FlowOutboxEntry.parked_at.is_(None), _first_of_its_workflow_id())
            .with_for_update()
        )
        # One statement locks the entry only when it is its workflow id's first, and removes it: an entry behind
        # another, like one gone or parked, is not now. The removal stands only once Temporal has taken the entry
        # (three round trips with the transaction's own).
        taking = delete(FlowOutboxEntry).where(FlowOutboxEntry.id == first.scalar_subquery()).returning(*_SENT)
        async with self._session_maker() as session:
            entry = (await session.execute(taking)).first()
            if entry is None:
                await session.rollback()
                return Delivery.NOT_NOW
            error = await self._sent(client, entry)
            if error is None:
                await session.commit()
                return Delivery.TAKEN
            await session.rollback()
        async with transaction(self._session_maker) as session:
            return await self._count(session, entry, error)

    async def _count(self, session: AsyncSession, entry: Row[Any], error: Exception) -> Delivery:
        """Keeps the error on the entry; counts a refusal, and parks the entry at the last attempt."""
        what, workflow_id = entry.workflow or entry.signal, entry.workflow_id
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

    async def _send(self, client: Client, entry: Row[Any]) -> None:
        if entry.workflow is not None:
            # A start refused for an id already used was made by an earlier delivery whose answer was lost.
            with suppress(WorkflowAlreadyStartedError):
                await client.start_workflow(
                    entry.workflow,
                    entry.arg,
                    id=entry.workflow_id,
                    task_queue=self._task_queue,
                    id_reuse_policy=WorkflowIDReusePolicy.REJECT_DUPLICATE,
                    search_attributes=_search_attributes(entry.search_attributes),
                    rpc_timeout=RPC_TIMEOUT,
                    request_eager_start=self._eager_start,
                )
            return
        assert entry.signal is not None
        try:
            await client.get_workflow_handle(entry.workflow_id).signal(entry.signal, entry.arg, rpc_timeout=RPC_TIMEOUT)
        except RPCError as error:
            if error.status != RPCStatusCode.NOT_FOUND:
                raise
            logger.info("flow outbox: %s for %s, which has ended, dropped", entry.signal, entry.workflow_id)

    async def parked(self) -> list[ParkedEntry]:
        """The parked entries, oldest first, each with how many entries of its workflow id wait behind it."""
        behind = aliased(FlowOutboxEntry)
        waiting = (
            select(func.count())
            .where(behind.workflow_id == FlowOutboxEntry.workflow_id, behind.id > FlowOutboxEntry.id)
            .scalar_subquery()
        )
        query = (
            select(FlowOutboxEntry, waiting).where(FlowOutboxEntry.parked_at.is_not(None)).order_by(FlowOutboxEntry.id)
        )
        async with self._session_maker() as session:
            rows = (await session.execute(query)).all()
        return [
            ParkedEntry(
                id=entry.id,
                workflow_id=entry.workflow_id,
                what=entry.workflow or f"signal {entry.signal}",
                attempts=entry.attempts,
                last_error=entry.last_error,
                parked_at=entry.parked_at,
                waiting_behind=count,
            )
            for entry, count in rows
        ]

    async def retry(self, ids: Sequence[int] | None = None) -> int:
        """Unparks these parked entries (every one without ids), their count of refusals back to nought: the relay
        delivers them, and the entries behind them, on its next round. Answers how many it unparked."""
        query = update(FlowOutboxEntry).where(FlowOutboxEntry.parked_at.is_not(None))
        if ids is not None:
            query = query.where(FlowOutboxEntry.id.in_(ids))
        async with transaction(self._session_maker) as session:
            result = await session.execute(query.values(parked_at=None, attempts=0).returning(FlowOutboxEntry.id))
            return len(result.all())

    async def count_parked(self) -> int:
        """How many entries are parked now; kept in the `flow_outbox_parked` gauge by the relay."""
        async with self._session_maker() as session:
            parked = await session.scalar(
                select(func.count()).select_from(FlowOutboxEntry).where(FlowOutboxEntry.parked_at.is_not(None))
            )
        self._parked_gauge.set(parked or 0)
        return parked or 0

    async def oldest_waiting_seconds(self) -> int:
        """How long the oldest entry not parked has waited (0 when none waits); kept in the
        `flow_outbox_oldest_waiting_seconds` gauge by the relay. Entries leave as they are delivered: the table holds
        a backlog's worth at most, read once an interval."""
        async with self._session_maker() as session:
            waited = await session.scalar(
                select(func.extract("epoch", func.now() - func.min(FlowOutboxEntry.created_at))).where(
                    FlowOutboxEntry.parked_at.is_(None)
                )
            )
        seconds = max(int(waited or 0), 0)
        self._oldest_waiting_gauge.set(seconds)
        return seconds
