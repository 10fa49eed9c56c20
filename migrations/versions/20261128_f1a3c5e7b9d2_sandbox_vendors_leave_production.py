"""The sandbox vendors' tables leave production's schema: the SMS outbox, the KYC vendor's transactions, the LinkedIn
provider's grants and the aggregator's bookings. With SANDBOX=true the sandbox's own migrations (sandbox/migrations)
create them again in the `sandbox` schema, after this chain; what the old tables held is sandbox data, let go.

Revision ID: f1a3c5e7b9d2
Revises: e5a7c9b1d3f5
Create Date: 2026-11-28 09:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "f1a3c5e7b9d2"
down_revision: str | None = "e5a7c9b1d3f5"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_table("sandbox_sms")
    op.drop_table("sandbox_kyc_transactions")
    op.drop_table("sandbox_linkedin_grants")
    op.drop_table("sandbox_cab_bookings")


def downgrade() -> None:
    """The tables as the earlier revisions left them, so undoing those revisions finds what they drop."""
    op.create_table(
        "sandbox_sms",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("mobile_number", sa.String(length=10), nullable=False),
        sa.Column("message", sa.String(length=500), nullable=False),
        sa.Column("code", sa.String(length=10), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sandbox_sms")),
    )
    op.create_index(op.f("ix_sandbox_sms_mobile_number"), "sandbox_sms", ["mobile_number"], unique=False)
    op.create_table(
        "sandbox_kyc_transactions",
        sa.Column("transaction_id", sa.String(length=80), nullable=False),
        sa.Column("app_id", sa.String(length=100), nullable=False),
        sa.Column("workflow_id", sa.String(length=100), nullable=False),
        sa.Column("redirect_url", sa.String(length=1000), nullable=False),
        sa.Column("application_status", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("transaction_id", name=op.f("pk_sandbox_kyc_transactions")),
    )
    op.create_table(
        "sandbox_linkedin_grants",
        sa.Column("code", sa.String(length=64), nullable=False),
        sa.Column("client_id", sa.String(length=100), nullable=False),
        sa.Column("redirect_uri", sa.String(length=1000), nullable=False),
        sa.Column("code_challenge", sa.String(length=128), nullable=False),
        sa.Column("member_sub", sa.String(length=64), nullable=False),
        sa.Column("member_name", sa.String(length=100), nullable=False),
        sa.Column("access_token", sa.String(length=64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("code", name=op.f("pk_sandbox_linkedin_grants")),
        sa.UniqueConstraint("access_token", name=op.f("uq_sandbox_linkedin_grants_access_token")),
    )
    op.create_table(
        "sandbox_cab_bookings",
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
        sa.PrimaryKeyConstraint("booking_id", name=op.f("pk_sandbox_cab_bookings")),
        sa.UniqueConstraint("idempotency_key", name=op.f("uq_sandbox_cab_bookings_idempotency_key")),
    )
    op.create_index(op.f("ix_sandbox_cab_bookings_trip_id"), "sandbox_cab_bookings", ["trip_id"])
