"""Reliability records

Each late cancellation and no-show of a person on a trip, counted on their trip insights.

Revision ID: 9a1b3c5d7e89
Revises: 8f0a2b4c5d67
Create Date: 2026-11-25 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "9a1b3c5d7e89"
down_revision: str | None = "8f0a2b4c5d67"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "user_trips_insights", sa.Column("late_cancellations", sa.Integer(), server_default="0", nullable=False)
    )
    op.add_column("user_trips_insights", sa.Column("no_shows", sa.Integer(), server_default="0", nullable=False))
    op.create_table(
        "reliability_records",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("trip_id", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("kind IN ('late_cancellation', 'no_show')", name=op.f("ck_reliability_records_kind")),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_reliability_records_user_id_users"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["trip_id"], ["trips.id"], name=op.f("fk_reliability_records_trip_id_trips"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_reliability_records")),
    )
    op.create_index(
        "uq_reliability_records_user_id_trip_id_kind",
        "reliability_records",
        ["user_id", "trip_id", "kind"],
        unique=True,
    )
    op.create_index(op.f("ix_reliability_records_trip_id"), "reliability_records", ["trip_id"])


def downgrade() -> None:
    op.drop_table("reliability_records")
    op.drop_column("user_trips_insights", "no_shows")
    op.drop_column("user_trips_insights", "late_cancellations")
