"""Webhook deliveries

The vendor webhook deliveries already taken, by vendor and delivery id, so a replay is refused across API processes;
the index on the signed timestamp purges those older than the window.

Revision ID: bc3d5e7f9a01
Revises: ab2c4d6e8f90
Create Date: 2026-11-25 21:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "bc3d5e7f9a01"
down_revision: str | None = "ab2c4d6e8f90"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "webhook_deliveries",
        sa.Column("vendor", sa.String(length=20), nullable=False),
        sa.Column("delivery_id", sa.String(length=200), nullable=False),
        sa.Column("signed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("vendor", "delivery_id", name=op.f("pk_webhook_deliveries")),
    )
    op.create_index("ix_webhook_deliveries_signed_at", "webhook_deliveries", ["signed_at"])


def downgrade() -> None:
    op.drop_index("ix_webhook_deliveries_signed_at", table_name="webhook_deliveries")
    op.drop_table("webhook_deliveries")
