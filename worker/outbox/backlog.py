"""What waits in the flow outbox, for support and the metrics: the entries Temporal refused until they were parked
(listed and retried by `python -m scripts.outbox`, docs/operations.md), and how long the oldest entry still to be
delivered has waited, the first figure a backlog shows in."""

import dataclasses
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import aliased
from temporalio.common import MetricMeter

from domain.db import transaction
from domain.models import FlowOutboxEntry

PARKED_METRIC = "flow_outbox_parked"
# How long the oldest entry not parked has waited to be delivered: a backlog grows here first (docs/operations.md).
OLDEST_WAITING_METRIC = "flow_outbox_oldest_waiting_seconds"


@dataclasses.dataclass(frozen=True)
class ParkedEntry:
    id: int
    workflow_id: str
    what: str  # the workflow started or the signal sent
    attempts: int
    last_error: str | None
    parked_at: datetime
    waiting_behind: int  # later entries of the same workflow id, delivered once this one is


class OutboxBacklog:
    """The outbox's parked and waiting entries; `meter` takes the two gauges the relay keeps current."""

    def __init__(self, session_maker: async_sessionmaker[AsyncSession], meter: MetricMeter | None = None) -> None:
        self._session_maker = session_maker
        meter = meter or MetricMeter.noop
        self._parked_gauge = meter.create_gauge(
            PARKED_METRIC, "Flow outbox entries Temporal refused FLOW_OUTBOX_MAX_ATTEMPTS times, waiting for support"
        )
        self._oldest_waiting_gauge = meter.create_gauge(
            OLDEST_WAITING_METRIC, "Seconds the oldest flow start or signal not parked has waited for delivery", "s"
        )

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
                what=f"signal {entry.signal}" if entry.signal else entry.workflow,
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
