"""Starting and signalling durable flows without a dual write: a transactional outbox.

What follows a commit is written in the commit itself. Whoever writes something whose lifecycle is a flow (a trip, a
join request, a notification to push, ...) adds the flow's start to `flow_outbox` in the same transaction
(`start_after_commit`); a change a running flow must hear of is added the same way (`signal_after_commit`); and the
people whose screens show the change are told by a NOTIFY in it too (domain/live.py). So the writer's transaction is
the one unit of work, the same for an API call (api/deps.py) and an activity (domain/db.py `transaction`): a rolled
back transaction starts, signals and tells nothing, and a committed one always does, even if its writer dies right
after.

Every entry's insert notifies RELAY_CHANNEL, which wakes the worker's relay (worker/outbox/) at the writer's commit:
the relay alone sends the entries to Temporal, in batches, as many at once as its worker has room for, each flow
started eagerly (its first task comes back in the start's answer to the relay's own worker). Entries are delivered in
order per workflow id (a flow's signals never before its start), each start once and each signal at least once;
an entry Temporal keeps refusing is parked for support (docs/operations.md).

A call that acts on a flow its own earlier write started (a host's answer to a request made a moment ago, the
review of a document just uploaded) waits for the relay to deliver it (`until_delivered`).

This module knows no particular flow: the starts and signals (each flow's `workflows/<flow>/contracts.py`) name
their workflow, id, input and search attributes (domain/rules/flow.py).
"""

import asyncio
import dataclasses
import time
from datetime import datetime
from typing import Any

from psycopg.types.json import Jsonb
from sqlalchemy import bindparam, exists, func, insert, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from domain.compiled_query import CompiledQuery
from domain.db import session_driver_connection
from domain.models import FlowOutboxEntry
from domain.rules.flow import FlowSignal, FlowStart

# The channel every outbox insert notifies at its commit and the worker's relay listens on.
RELAY_CHANNEL = "flow_outbox"
# How often a call waiting for the relay looks whether its flow's entries are gone.
DELIVERY_POLL_SECONDS = 0.02


def _moment(iso: str | None) -> datetime | None:
    return datetime.fromisoformat(iso) if iso else None


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
        start_arg=bindparam("start_arg"),
        start_at=bindparam("start_at"),
        search_attributes=bindparam("search_attributes"),
        attempts=0,
    )
    .returning(func.pg_notify(RELAY_CHANNEL, "")),
    prepared=True,
)


async def _add(session: AsyncSession, entries: list[dict[str, Any]]) -> None:
    await _ADDING.rows_for_each(await session_driver_connection(session), entries)


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
                    "start_arg": None,
                    "start_at": _moment(start.start_at),
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
                    "workflow": signal.start.workflow if signal.start else None,
                    "signal": signal.signal,
                    "arg": Jsonb(_plain(signal.arg)),
                    "start_arg": Jsonb(_plain(signal.start.arg)) if signal.start else None,
                    "start_at": None,
                    "search_attributes": Jsonb(dict(signal.start.search_attributes) if signal.start else {}),
                }
                for signal in signals
            ],
        )


async def until_delivered(
    session_maker: async_sessionmaker[AsyncSession], workflow_id: str, patience_seconds: float
) -> bool:
    """Waits until the relay has delivered every entry of this workflow id committed so far; False when some still
    wait after `patience_seconds` (the worker is down or far behind)."""
    waiting = select(exists().where(FlowOutboxEntry.workflow_id == workflow_id))
    deadline = time.monotonic() + patience_seconds
    while True:
        async with session_maker() as session:
            if not await session.scalar(waiting):
                return True
        if time.monotonic() >= deadline:
            return False
        await asyncio.sleep(DELIVERY_POLL_SECONDS)
