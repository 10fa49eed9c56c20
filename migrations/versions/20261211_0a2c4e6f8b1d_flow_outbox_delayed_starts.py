"""Flow outbox: delayed starts, and signals sent with their flow's start

A start may name the moment its flow's first task is due (start_at): Temporal keeps the flow, with no task and no
timer, until then. A signal to such a flow is sent with the flow's start (signal-with-start, start_arg the flow's
input), which wakes it early; a plain signal would wait for the moment.

Revision ID: 0a2c4e6f8b1d
Revises: f9b1d3e5a7c9
Create Date: 2026-12-11 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0a2c4e6f8b1d"
down_revision: str | None = "f9b1d3e5a7c9"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

START_OR_SIGNAL = "(workflow IS NULL) <> (signal IS NULL)"
# A start, a signal, or a signal with its flow's start (both named, and the start's input kept apart).
START_SIGNAL_OR_BOTH = (
    "(workflow IS NOT NULL OR signal IS NOT NULL)"
    " AND ((workflow IS NOT NULL AND signal IS NOT NULL) = (start_arg IS NOT NULL))"
)


def upgrade() -> None:
    op.add_column("flow_outbox", sa.Column("start_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("flow_outbox", sa.Column("start_arg", postgresql.JSONB(), nullable=True))
    op.drop_constraint(op.f("ck_flow_outbox_start_or_signal"), "flow_outbox", type_="check")
    op.create_check_constraint(op.f("ck_flow_outbox_start_or_signal"), "flow_outbox", START_SIGNAL_OR_BOTH)


def downgrade() -> None:
    op.execute("DELETE FROM flow_outbox WHERE start_arg IS NOT NULL")
    op.drop_constraint(op.f("ck_flow_outbox_start_or_signal"), "flow_outbox", type_="check")
    op.create_check_constraint(op.f("ck_flow_outbox_start_or_signal"), "flow_outbox", START_OR_SIGNAL)
    op.drop_column("flow_outbox", "start_arg")
    op.drop_column("flow_outbox", "start_at")
