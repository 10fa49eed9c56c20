"""The sandbox vendors' own records in the `sandbox` schema: the SMS outbox, the KYC vendor's transactions, the
LinkedIn provider's grants and the aggregator's bookings.

Revision ID: 5a0d9c2e1b68
Revises:
Create Date: 2026-11-28 09:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "5a0d9c2e1b68"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = ("sandbox",)
depends_on: str | Sequence[str] | None = None

SCHEMA = "sandbox"


def upgrade() -> None:
    op.create_table(
        "sms",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("mobile_number", sa.String(length=10), nullable=False),
        sa.Column("message", sa.String(length=500), nullable=False),
        sa.Column("code", sa.String(length=10), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sms")),
        schema=SCHEMA,
    )
    op.create_index(op.f("ix_sandbox_sms_mobile_number"), "sms", ["mobile_number"], schema=SCHEMA)
    op.create_table(
        "kyc_transactions",
        sa.Column("transaction_id", sa.String(length=80), nullable=False),
        sa.Column("app_id", sa.String(length=100), nullable=False),
        sa.Column("workflow_id", sa.String(length=100), nullable=False),
        sa.Column("redirect_url", sa.String(length=1000), nullable=False),
        sa.Column("application_status", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("transaction_id", name=op.f("pk_kyc_transactions")),
        schema=SCHEMA,
    )
    op.create_table(
        "linkedin_grants",
        sa.Column("code", sa.String(length=64), nullable=False),
        sa.Column("client_id", sa.String(length=100), nullable=False),
        sa.Column("redirect_uri", sa.String(length=1000), nullable=False),
        sa.Column("code_challenge", sa.String(length=128), nullable=False),
        sa.Column("member_sub", sa.String(length=64), nullable=False),
        sa.Column("member_name", sa.String(length=100), nullable=False),
        sa.Column("access_token", sa.String(length=64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("code", name=op.f("pk_linkedin_grants")),
        sa.UniqueConstraint("access_token", name=op.f("uq_linkedin_grants_access_token")),
        schema=SCHEMA,
    )
    op.create_table(
        "cab_bookings",
        sa.Column("booking_id", sa.String(length=80), nullable=False),
        sa.Column("idempotency_key", sa.String(length=80), nullable=False),
        sa.Column("reference", sa.String(length=80), nullable=False),
        sa.Column("trip_id", sa.BigInteger(), nullable=False),
        sa.Column("vendor_code", sa.String(length=40), nullable=False),
        sa.Column("category", sa.String(length=20), nullable=False),
        sa.Column("status", sa.String(length=30), nullable=False),
        sa.Column("callback_url", sa.String(length=1000), nullable=False),
        sa.Column("driver", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("vehicle", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("cancel_reason", sa.String(length=300), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("booking_id", name=op.f("pk_cab_bookings")),
        sa.UniqueConstraint("idempotency_key", name=op.f("uq_cab_bookings_idempotency_key")),
        schema=SCHEMA,
    )
    op.create_index(op.f("ix_sandbox_cab_bookings_trip_id"), "cab_bookings", ["trip_id"], schema=SCHEMA)


def downgrade() -> None:
    op.drop_table("cab_bookings", schema=SCHEMA)
    op.drop_table("linkedin_grants", schema=SCHEMA)
    op.drop_table("kyc_transactions", schema=SCHEMA)
    op.drop_table("sms", schema=SCHEMA)
