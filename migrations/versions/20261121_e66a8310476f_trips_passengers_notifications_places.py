"""trips passengers notifications and places

Revision ID: e66a8310476f
Revises: c9582677bc9e
Create Date: 2026-11-21 22:50:33.290628
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "e66a8310476f"
down_revision: str | None = "c9582677bc9e"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "places",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("place_id", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("district", sa.String(length=100), nullable=False),
        sa.Column("state", sa.String(length=100), nullable=False),
        sa.Column("pincode", sa.String(length=6), nullable=False),
        sa.Column("latitude", sa.Float(), nullable=False),
        sa.Column("longitude", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_places")),
        sa.UniqueConstraint("place_id", name=op.f("uq_places_place_id")),
    )
    op.create_index(
        "ix_places_earth",
        "places",
        [sa.literal_column("ll_to_earth(latitude, longitude)")],
        unique=False,
        postgresql_using="gist",
    )
    op.create_index(
        "ix_places_name_trgm",
        "places",
        ["name"],
        unique=False,
        postgresql_using="gin",
        postgresql_ops={"name": "gin_trgm_ops"},
    )
    op.create_table(
        "notifications",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("recipient_id", sa.BigInteger(), nullable=False),
        sa.Column("sender_id", sa.BigInteger(), nullable=True),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("message", sa.String(length=1000), nullable=False),
        sa.Column("entity_type", sa.String(length=20), nullable=False),
        sa.Column("entity_id", sa.String(length=100), nullable=False),
        sa.Column("dedupe_key", sa.String(length=200), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint(
            "entity_type IN ('request', 'trip', 'query', 'chat', 'review', 'profile')",
            name=op.f("ck_notifications_entity_type"),
        ),
        sa.ForeignKeyConstraint(
            ["recipient_id"], ["users.id"], name=op.f("fk_notifications_recipient_id_users"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["sender_id"], ["users.id"], name=op.f("fk_notifications_sender_id_users"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notifications")),
        sa.UniqueConstraint("dedupe_key", name=op.f("uq_notifications_dedupe_key")),
    )
    op.create_index(
        "ix_notifications_recipient_id_created_at", "notifications", ["recipient_id", "created_at"], unique=False
    )
    op.create_table(
        "trips",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("host_id", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=10), server_default="ACTIVE", nullable=False),
        sa.Column("scheduled_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("origin_name", sa.String(length=200), nullable=False),
        sa.Column("origin_place_id", sa.String(length=200), nullable=False),
        sa.Column("origin_latitude", sa.Float(), nullable=False),
        sa.Column("origin_longitude", sa.Float(), nullable=False),
        sa.Column("destination_name", sa.String(length=200), nullable=False),
        sa.Column("destination_place_id", sa.String(length=200), nullable=False),
        sa.Column("destination_latitude", sa.Float(), nullable=False),
        sa.Column("destination_longitude", sa.Float(), nullable=False),
        sa.Column("total_passengers", sa.SmallInteger(), nullable=False),
        sa.Column("preferred_mode_of_transport", sa.SmallInteger(), nullable=False),
        sa.Column("is_vehicle_booked", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("estimated_cost", sa.Numeric(precision=10, scale=2), server_default="0", nullable=False),
        sa.Column("additional_note", sa.String(length=300), nullable=True),
        sa.Column("distance_km", sa.Float(), nullable=False),
        sa.Column("cancellation_reason", sa.String(length=300), nullable=True),
        sa.Column("cancelled_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("status IN ('ACTIVE', 'CANCELLED')", name=op.f("ck_trips_status")),
        sa.CheckConstraint("estimated_cost >= 0 AND estimated_cost <= 100000", name=op.f("ck_trips_estimated_cost")),
        sa.CheckConstraint("total_passengers BETWEEN 2 AND 4", name=op.f("ck_trips_total_passengers")),
        sa.ForeignKeyConstraint(["host_id"], ["users.id"], name=op.f("fk_trips_host_id_users")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trips")),
    )
    op.create_index(
        "ix_trips_destination_earth",
        "trips",
        [sa.literal_column("ll_to_earth(destination_latitude, destination_longitude)")],
        unique=False,
        postgresql_using="gist",
    )
    op.create_index(op.f("ix_trips_host_id"), "trips", ["host_id"], unique=False)
    op.create_index(
        "ix_trips_origin_earth",
        "trips",
        [sa.literal_column("ll_to_earth(origin_latitude, origin_longitude)")],
        unique=False,
        postgresql_using="gist",
    )
    op.create_index("ix_trips_status_scheduled_at", "trips", ["status", "scheduled_at"], unique=False)
    op.create_table(
        "trip_completions",
        sa.Column("trip_id", sa.BigInteger(), nullable=False),
        sa.Column("completed_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["trip_id"], ["trips.id"], name=op.f("fk_trip_completions_trip_id_trips"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("trip_id", name=op.f("pk_trip_completions")),
    )
    op.create_table(
        "trip_passengers",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("trip_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("type", sa.String(length=10), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("additional_note", sa.String(length=300), nullable=True),
        sa.Column("small_luggage", sa.SmallInteger(), server_default="0", nullable=False),
        sa.Column("large_luggage", sa.SmallInteger(), server_default="0", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint(
            "status IN ('requested', 'active', 'rejected', 'removed', 'left', 'revoked', 'expired')",
            name=op.f("ck_trip_passengers_status"),
        ),
        sa.CheckConstraint("type IN ('host', 'member')", name=op.f("ck_trip_passengers_type")),
        sa.CheckConstraint(
            "small_luggage BETWEEN 0 AND 20 AND large_luggage BETWEEN 0 AND 20", name=op.f("ck_trip_passengers_luggage")
        ),
        sa.ForeignKeyConstraint(
            ["trip_id"], ["trips.id"], name=op.f("fk_trip_passengers_trip_id_trips"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_trip_passengers_user_id_users")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trip_passengers")),
        sa.UniqueConstraint("trip_id", "user_id", name=op.f("uq_trip_passengers_trip_id")),
    )
    op.create_index("ix_trip_passengers_user_id_status", "trip_passengers", ["user_id", "status"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_trip_passengers_user_id_status", table_name="trip_passengers")
    op.drop_table("trip_passengers")
    op.drop_table("trip_completions")
    op.drop_index("ix_trips_status_scheduled_at", table_name="trips")
    op.drop_index("ix_trips_origin_earth", table_name="trips", postgresql_using="gist")
    op.drop_index(op.f("ix_trips_host_id"), table_name="trips")
    op.drop_index("ix_trips_destination_earth", table_name="trips", postgresql_using="gist")
    op.drop_table("trips")
    op.drop_index("ix_notifications_recipient_id_created_at", table_name="notifications")
    op.drop_table("notifications")
    op.drop_index(
        "ix_places_name_trgm", table_name="places", postgresql_using="gin", postgresql_ops={"name": "gin_trgm_ops"}
    )
    op.drop_index("ix_places_earth", table_name="places", postgresql_using="gist")
    op.drop_table("places")
