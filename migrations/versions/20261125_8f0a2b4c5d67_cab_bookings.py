"""Cab bookings

A trip's cab plan (category and stops), each cab request with its vendor quote, driver and vehicle, and the sandbox
aggregator's own bookings.

Revision ID: 8f0a2b4c5d67
Revises: 7e9f1a3b4c56
Create Date: 2026-11-25 11:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "8f0a2b4c5d67"
down_revision: str | None = "7e9f1a3b4c56"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

STATUSES = "('requested', 'booked', 'cancelled', 'unfulfilled', 'vendor_cancelled')"


def upgrade() -> None:
    op.create_table(
        "trip_cab_plans",
        sa.Column("trip_id", sa.BigInteger(), nullable=False),
        sa.Column("category", sa.String(length=20), nullable=False),
        sa.Column("stops", postgresql.JSONB(astext_type=sa.Text()), server_default="[]", nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["trip_id"], ["trips.id"], name=op.f("fk_trip_cab_plans_trip_id_trips"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("trip_id", name=op.f("pk_trip_cab_plans")),
    )
    op.create_table(
        "cab_bookings",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("trip_id", sa.BigInteger(), nullable=False),
        sa.Column("number", sa.SmallInteger(), nullable=False),
        sa.Column("host_id", sa.BigInteger(), nullable=False),
        sa.Column("reference", sa.String(length=80), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("category", sa.String(length=20), nullable=False),
        sa.Column("stops", postgresql.JSONB(astext_type=sa.Text()), server_default="[]", nullable=False),
        sa.Column("vendor_code", sa.String(length=40), nullable=False),
        sa.Column("vendor_name", sa.String(length=100), nullable=False),
        sa.Column("vendor_logo", sa.String(length=2000), nullable=True),
        sa.Column("total_fare", sa.Numeric(precision=10, scale=2), nullable=False),
        sa.Column("fare_breakup", postgresql.JSONB(astext_type=sa.Text()), server_default="{}", nullable=False),
        sa.Column("vendor_booking_id", sa.String(length=80), nullable=True),
        sa.Column("driver_name", sa.String(length=100), nullable=True),
        sa.Column("driver_phone", sa.String(length=20), nullable=True),
        sa.Column("vehicle_model", sa.String(length=100), nullable=True),
        sa.Column("vehicle_registration", sa.String(length=20), nullable=True),
        sa.Column("raised_issue", sa.String(length=500), nullable=True),
        sa.Column("cancel_reason", sa.String(length=300), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint(f"status IN {STATUSES}", name=op.f("ck_cab_bookings_status")),
        sa.ForeignKeyConstraint(
            ["trip_id"], ["trips.id"], name=op.f("fk_cab_bookings_trip_id_trips"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(["host_id"], ["users.id"], name=op.f("fk_cab_bookings_host_id_users")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_cab_bookings")),
        sa.UniqueConstraint("reference", name=op.f("uq_cab_bookings_reference")),
    )
    op.create_index("uq_cab_bookings_trip_id_number", "cab_bookings", ["trip_id", "number"], unique=True)
    op.create_index(op.f("ix_cab_bookings_host_id"), "cab_bookings", ["host_id"])
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


def downgrade() -> None:
    op.drop_table("sandbox_cab_bookings")
    op.drop_table("cab_bookings")
    op.drop_table("trip_cab_plans")
