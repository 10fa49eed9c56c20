"""Flow outbox

Starts and signals of durable flows are written in the transaction of what they are about and delivered to
Temporal after its commit, so a rolled-back request starts nothing and a committed one is never lost.

Revision ID: 4b8e2f7a9c13
Revises: 9a3f5c2d1e84
Create Date: 2026-11-25 05:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "4b8e2f7a9c13"
down_revision: str | None = "9a3f5c2d1e84"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "flow_outbox",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("workflow_id", sa.String(length=200), nullable=False),
        sa.Column("workflow", sa.String(length=100), nullable=True),
        sa.Column("signal", sa.String(length=100), nullable=True),
        sa.Column("arg", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("search_attributes", postgresql.JSONB(astext_type=sa.Text()), server_default="{}", nullable=False),
        sa.Column("attempts", sa.Integer(), server_default="0", nullable=False),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("(workflow IS NULL) <> (signal IS NULL)", name=op.f("ck_flow_outbox_start_or_signal")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_flow_outbox")),
    )


def downgrade() -> None:
    op.drop_table("flow_outbox")
