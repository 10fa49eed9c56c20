"""The ONDC network's requests Humsafar took and the callbacks it answers them with

Revision ID: f9b1d3e5a7c9
Revises: e8a0c2d4f6b8
Create Date: 2026-12-10 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "f9b1d3e5a7c9"
down_revision: str | None = "e8a0c2d4f6b8"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "beckn_messages",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("message_id", sa.String(length=100), nullable=False),
        sa.Column("action", sa.String(length=20), nullable=False),
        sa.Column("transaction_id", sa.String(length=100), nullable=False),
        sa.Column("bap_id", sa.String(length=200), nullable=False),
        sa.Column("bap_uri", sa.String(length=1000), nullable=False),
        sa.Column("request", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("order_round", sa.SmallInteger(), nullable=True),
        sa.Column("received_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_beckn_messages")),
        sa.UniqueConstraint("message_id", "action", name="uq_beckn_messages_message_id_action"),
    )
    op.create_index("ix_beckn_messages_transaction_id", "beckn_messages", ["transaction_id"], unique=False)
    op.create_table(
        "beckn_callbacks",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("request_id", sa.BigInteger(), nullable=True),
        sa.Column("message_id", sa.String(length=100), nullable=False),
        sa.Column("action", sa.String(length=20), nullable=False),
        sa.Column("transaction_id", sa.String(length=100), nullable=False),
        sa.Column("url", sa.String(length=1100), nullable=False),
        sa.Column("body", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["request_id"],
            ["beckn_messages.id"],
            name=op.f("fk_beckn_callbacks_request_id_beckn_messages"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_beckn_callbacks")),
        sa.UniqueConstraint("message_id", "action", name="uq_beckn_callbacks_message_id_action"),
    )
    op.create_index("ix_beckn_callbacks_transaction_id", "beckn_callbacks", ["transaction_id"], unique=False)
    op.create_index(op.f("ix_beckn_callbacks_request_id"), "beckn_callbacks", ["request_id"], unique=False)


def downgrade() -> None:
    op.drop_table("beckn_callbacks")
    op.drop_table("beckn_messages")
