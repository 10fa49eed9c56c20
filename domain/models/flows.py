"""The flow outbox: starts and signals of durable flows, written in the same transaction as what they are about."""

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, CheckConstraint, DateTime, Index, Integer, String, Text, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from domain.models.base import Base, created_at_column

# The connection setting that names the Temporal task queue its writes are for (domain/db.py).
TASK_QUEUE_SETTING = "humsafar.task_queue"


class FlowOutboxEntry(Base):
    """Start `workflow` with `arg` as `workflow_id` (its first task at `start_at`, when given), or send it `signal`
    with `arg` (with the flow's start, `workflow` with `start_arg`, which wakes a flow whose first task is not due
    yet); delivered after the commit, in order per workflow id, and removed once Temporal took it (domain/flows.py).
    attempts counts Temporal's refusals and last_error tells support the latest; an entry refused
    FLOW_OUTBOX_MAX_ATTEMPTS times is parked (parked_at) until support retries it, holding back only the later entries
    of its own workflow id."""

    __tablename__ = "flow_outbox"
    __table_args__ = (
        CheckConstraint(
            "(workflow IS NOT NULL OR signal IS NOT NULL)"
            " AND ((workflow IS NOT NULL AND signal IS NOT NULL) = (start_arg IS NOT NULL))",
            name="start_or_signal",
        ),
        Index("ix_flow_outbox_workflow_id_id", "workflow_id", "id"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    workflow_id: Mapped[str] = mapped_column(String(200))
    workflow: Mapped[str | None] = mapped_column(String(100))
    signal: Mapped[str | None] = mapped_column(String(100))
    arg: Mapped[Any] = mapped_column(JSONB)
    start_arg: Mapped[Any] = mapped_column(JSONB, nullable=True)
    start_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    search_attributes: Mapped[dict[str, str]] = mapped_column(JSONB, default=dict, server_default="{}")
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    last_error: Mapped[str | None] = mapped_column(Text)
    parked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = created_at_column()
    # The task queue of the deployment whose connection wrote it (domain/db.py): its relay delivers it.
    task_queue: Mapped[str | None] = mapped_column(
        String(200), server_default=text(f"current_setting('{TASK_QUEUE_SETTING}'::text, true)")
    )
