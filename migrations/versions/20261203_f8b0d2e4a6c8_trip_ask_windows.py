"""Requests to join a trip and questions on it counted per person, trip and day

Revision ID: f8b0d2e4a6c8
Revises: e7a9c1d3f5b7
Create Date: 2026-12-03 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "f8b0d2e4a6c8"
down_revision: str | None = "e7a9c1d3f5b7"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "trip_ask_windows",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("trip_id", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("window_started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("asks", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["trip_id"], ["trips.id"], name=op.f("fk_trip_ask_windows_trip_id_trips"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_trip_ask_windows_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", "trip_id", "kind", name=op.f("pk_trip_ask_windows")),
    )
    op.create_index(op.f("ix_trip_ask_windows_trip_id"), "trip_ask_windows", ["trip_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_trip_ask_windows_trip_id"), table_name="trip_ask_windows")
    op.drop_table("trip_ask_windows")
