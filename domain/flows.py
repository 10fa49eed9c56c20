"""Starting and signalling durable flows without a dual write: a transactional outbox.

Whoever writes something whose lifecycle is a flow (a trip, a join request, a notification to push, ...) adds the
flow's start to `flow_outbox` in the same transaction (`start_after_commit`); a change a running flow must hear of
is added the same way (`signal_after_commit`). So a rolled-back transaction starts and signals nothing, and a
committed one always does:

- the writer delivers its own entries right after its commit (`FlowOutbox.deliver_committed`, called by the API's
  request transaction and by `FlowOutbox.transaction` in activities), so the next call already finds the flow;
- the worker's relay (`FlowOutbox.relay`) delivers the entries a writer left behind, when it died between its
  commit and the delivery, or Temporal was unreachable just then.

Delivering claims the entries with a row lock, starts or signals each in order, and removes the ones Temporal
took, all in one transaction: two deliverers never send one entry twice at the same time, and a start that is sent
again after a lost answer is refused by Temporal for an id already used (REJECT_DUPLICATE), so each flow starts
once. Signals are at least once; every flow's signals are idempotent.

This module knows no particular flow: the starts and signals (each flow's `workflows/<flow>/contracts.py`) name their workflow, id,
input and search attributes.
"""

import asyncio
import dataclasses
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager, suppress
from datetime import timedelta
from typing import Any, Protocol

from sqlalchemy import delete, func, insert, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio.client import Client
from temporalio.common import SearchAttributeKey, SearchAttributePair, TypedSearchAttributes, WorkflowIDReusePolicy
from temporalio.exceptions import WorkflowAlreadyStartedError
from temporalio.service import RPCError, RPCStatusCode

from domain.db import transaction
from domain.models import FlowOutboxEntry

logger = logging.getLogger("humsafar.flows")

# The ids of the entries a session added, delivered after its commit.
_ADDED = "flow_outbox_added"
# How long one start or signal may take before the entry is left to the relay.
RPC_TIMEOUT = timedelta(seconds=5)
BATCH = 100


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


async def _add(session: AsyncSession, values: list[dict[str, Any]]) -> None:
    added = await session.scalars(insert(FlowOutboxEntry).values(values).returning(FlowOutboxEntry.id))
    session.info.setdefault(_ADDED, []).extend(added)


async def start_after_commit(session: AsyncSession, *starts: FlowStart) -> None:
    """Starts these flows once the session's transaction commits; never if it rolls back."""
    if starts:
        await _add(
            session,
            [
                {
                    "workflow_id": start.workflow_id,
                    "workflow": start.workflow,
                    "arg": _plain(start.arg),
                    "search_attributes": dict(start.search_attributes),
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
                {"workflow_id": signal.workflow_id, "signal": signal.signal, "arg": _plain(signal.arg)}
                for signal in signals
            ],
        )


def _search_attributes(named: Mapping[str, str]) -> TypedSearchAttributes:
    return TypedSearchAttributes(
        [SearchAttributePair(SearchAttributeKey.for_keyword(name), value) for name, value in named.items()]
    )


class FlowOutbox:
    """Delivers committed outbox entries to Temporal. Without a client it only writes: the entries wait for a
    relay (tests of the writers alone)."""

    def __init__(
        self,
        session_maker: async_sessionmaker[AsyncSession],
        client: Callable[[], Awaitable[Client]] | None = None,
        task_queue: str = "",
    ) -> None:
        self._session_maker = session_maker
        self._client = client
        self._task_queue = task_queue

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        """One unit of work whose flow starts and signals are delivered once it has committed."""
        async with transaction(self._session_maker) as session:
            yield session
        await self.deliver_committed(session)

    async def deliver_committed(self, session: AsyncSession) -> None:
        """Delivers what this (committed) session added; what cannot be delivered now is left to the relay."""
        added: list[int] = session.info.pop(_ADDED, [])
        if added and self._client is not None:
            try:
                await self.deliver(added)
            except (SQLAlchemyError, OSError, RuntimeError) as error:
                logger.warning("flow outbox: %d entries left to the relay: %s", len(added), error)

    async def deliver(self, ids: Sequence[int] | None = None, older_than: timedelta | None = None) -> int:
        """Delivers these entries (waiting for another deliverer holding them), or up to a batch of those older than
        `older_than` that nobody holds; answers how many Temporal took. Stops at the first that fails, so a flow's
        start always goes before its signals."""
        if self._client is None:
            return 0
        query = select(FlowOutboxEntry).order_by(FlowOutboxEntry.id)
        if ids is not None:
            query = query.where(FlowOutboxEntry.id.in_(ids)).with_for_update()
        else:
            cutoff = func.now() - (older_than or timedelta(0))
            query = query.where(FlowOutboxEntry.created_at <= cutoff).limit(BATCH).with_for_update(skip_locked=True)
        async with transaction(self._session_maker) as session:
            entries = list(await session.scalars(query))
            if not entries:
                return 0
            client = await self._client()
            delivered: list[int] = []
            for entry in entries:
                try:
                    await self._send(client, entry)
                except (RPCError, RuntimeError, TimeoutError) as error:
                    entry.attempts += 1
                    entry.last_error = str(error)[:1000]
                    logger.warning(
                        "flow outbox: %s to %s not delivered: %s",
                        entry.workflow or entry.signal,
                        entry.workflow_id,
                        error,
                    )
                    break
                delivered.append(entry.id)
            if delivered:
                await session.execute(delete(FlowOutboxEntry).where(FlowOutboxEntry.id.in_(delivered)))
        return len(delivered)

    async def _send(self, client: Client, entry: FlowOutboxEntry) -> None:
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
                )
            return
        assert entry.signal is not None
        try:
            await client.get_workflow_handle(entry.workflow_id).signal(entry.signal, entry.arg, rpc_timeout=RPC_TIMEOUT)
        except RPCError as error:
            if error.status != RPCStatusCode.NOT_FOUND:
                raise
            logger.info("flow outbox: %s for %s, which has ended, dropped", entry.signal, entry.workflow_id)

    async def relay(self, stop: asyncio.Event, interval: timedelta, grace: timedelta) -> None:
        """Until `stop` is set: every interval, delivers the entries older than the grace (a live writer delivers
        its own long before), each batch at once after the last."""
        while not stop.is_set():
            try:
                while await self.deliver(older_than=grace) == BATCH and not stop.is_set():
                    pass
            except (SQLAlchemyError, OSError, RuntimeError) as error:
                logger.warning("flow relay: %s", error)
            with suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), interval.total_seconds())
