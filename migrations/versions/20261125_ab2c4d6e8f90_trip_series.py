"""Trip series

A host's commute repeated on some weekdays, and each of its trips marked with the series and the day.

Revision ID: ab2c4d6e8f90
Revises: 9a1b3c5d7e89
Create Date: 2026-11-25 13:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "ab2c4d6e8f90"
down_revision: str | None = "9a1b3c5d7e89"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "trip_series",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("host_id", sa.BigInteger(), nullable=False),
        sa.Column("origin_name", sa.String(length=200), nullable=False),
        sa.Column("origin_place_id", sa.String(length=200), nullable=False),
        sa.Column("origin_latitude", sa.Float(), nullable=False),
        sa.Column("origin_longitude", sa.Float(), nullable=False),
        sa.Column("destination_name", sa.String(length=200), nullable=False),
        sa.Column("destination_place_id", sa.String(length=200), nullable=False),
        sa.Column("destination_latitude", sa.Float(), nullable=False),
        sa.Column("destination_longitude", sa.Float(), nullable=False),
        sa.Column("departs_at", sa.Time(), nullable=False),
        sa.Column("weekdays", sa.ARRAY(sa.SmallInteger()), nullable=False),
        sa.Column("total_passengers", sa.SmallInteger(), nullable=False),
        sa.Column("preferred_mode_of_transport", sa.SmallInteger(), nullable=False),
        sa.Column("is_vehicle_booked", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("estimated_cost", sa.Numeric(precision=10, scale=2), server_default="0", nullable=False),
        sa.Column("additional_note", sa.String(length=300), nullable=True),
        sa.Column("until", sa.Date(), nullable=True),
        sa.Column("stopped_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["host_id"], ["users.id"], name=op.f("fk_trip_series_host_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trip_series")),
    )
    op.create_index(op.f("ix_trip_series_host_id"), "trip_series", ["host_id"])
    op.add_column("trips", sa.Column("series_id", sa.BigInteger(), nullable=True))
    op.add_column("trips", sa.Column("series_date", sa.Date(), nullable=True))
    op.create_foreign_key(
        op.f("fk_trips_series_id_trip_series"), "trips", "trip_series", ["series_id"], ["id"], ondelete="SET NULL"
    )
    op.create_index(
        "uq_trips_series_id_series_date",
        "trips",
        ["series_id", "series_date"],
        unique=True,
        postgresql_where=sa.text("series_id IS NOT NULL"),
    )


def downgrade() -> None:
    op.drop_index("uq_trips_series_id_series_date", table_name="trips")
    op.drop_constraint(op.f("fk_trips_series_id_trip_series"), "trips", type_="foreignkey")
    op.drop_column("trips", "series_date")
    op.drop_column("trips", "series_id")
    op.drop_table("trip_series")
