"""The sandbox buyer app's callbacks from Humsafar, each kept once by its message id and action

Revision ID: 9c5f3a8b2d46
Revises: 8b4e2f7a9c15
Create Date: 2026-12-10 03:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "9c5f3a8b2d46"
down_revision: str | None = "8b4e2f7a9c15"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SCHEMA = "sandbox"


def upgrade() -> None:
    op.create_table(
        "beckn_buyer_callbacks",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("transaction_id", sa.String(length=100), nullable=False),
        sa.Column("message_id", sa.String(length=100), nullable=False),
        sa.Column("action", sa.String(length=20), nullable=False),
        sa.Column("signed_by", sa.String(length=200), nullable=False),
        sa.Column("body", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("deliveries", sa.Integer(), server_default="1", nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_beckn_buyer_callbacks")),
        sa.UniqueConstraint("message_id", "action", name="uq_beckn_buyer_callbacks_message_id_action"),
        schema=SCHEMA,
    )
    op.create_index(
        op.f("ix_sandbox_beckn_buyer_callbacks_transaction_id"),
        "beckn_buyer_callbacks",
        ["transaction_id"],
        unique=False,
        schema=SCHEMA,
    )


def downgrade() -> None:
    op.drop_table("beckn_buyer_callbacks", schema=SCHEMA)
