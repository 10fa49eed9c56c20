"""Rider safety: emergency contacts, live links to trips, SOS incidents and the SMS each of their steps sent

Revision ID: b8d0f2a4c6e8
Revises: a7c9e1b3d5f7
Create Date: 2026-11-29 09:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "b8d0f2a4c6e8"
down_revision: str | None = "a7c9e1b3d5f7"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _created_at() -> sa.Column:
    return sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False)


def upgrade() -> None:
    op.create_table(
        "emergency_contacts",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("position", sa.SmallInteger(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("mobile_number", sa.String(length=10), nullable=False),
        _created_at(),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name="fk_emergency_contacts_user_id_users", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_emergency_contacts"),
    )
    op.create_index(
        "uq_emergency_contacts_user_id_position", "emergency_contacts", ["user_id", "position"], unique=True
    )

    op.create_table(
        "trip_shares",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("trip_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("generation", sa.SmallInteger(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        _created_at(),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["trip_id"], ["trips.id"], name="fk_trip_shares_trip_id_trips", ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name="fk_trip_shares_user_id_users", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_trip_shares"),
        sa.UniqueConstraint("token_hash", name="uq_trip_shares_token_hash"),
    )
    op.create_index("ix_trip_shares_user_id", "trip_shares", ["user_id"])
    op.create_index(
        "uq_trip_shares_trip_id_user_id_generation", "trip_shares", ["trip_id", "user_id", "generation"], unique=True
    )

    op.create_table(
        "safety_incidents",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("trip_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("number", sa.SmallInteger(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("latitude", sa.Float(), nullable=True),
        sa.Column("longitude", sa.Float(), nullable=True),
        sa.Column("escalations", sa.SmallInteger(), server_default="0", nullable=False),
        sa.Column("opened_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("acknowledged_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("resolved_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint(
            "status IN ('open', 'escalated', 'acknowledged', 'resolved')", name="ck_safety_incidents_status"
        ),
        sa.ForeignKeyConstraint(
            ["trip_id"], ["trips.id"], name="fk_safety_incidents_trip_id_trips", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name="fk_safety_incidents_user_id_users", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_safety_incidents"),
    )
    op.create_index("ix_safety_incidents_user_id", "safety_incidents", ["user_id"])
    op.create_index(
        "uq_safety_incidents_trip_id_user_id_number", "safety_incidents", ["trip_id", "user_id", "number"], unique=True
    )
    op.create_index(
        "uq_safety_incidents_standing",
        "safety_incidents",
        ["trip_id", "user_id"],
        unique=True,
        postgresql_where=sa.text("status <> 'resolved'"),
    )

    op.create_table(
        "safety_sms",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("incident_id", sa.BigInteger(), nullable=False),
        sa.Column("step", sa.String(length=20), nullable=False),
        sa.Column("mobile_number", sa.String(length=10), nullable=False),
        sa.Column("message", sa.String(length=500), nullable=False),
        _created_at(),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["incident_id"],
            ["safety_incidents.id"],
            name="fk_safety_sms_incident_id_safety_incidents",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_safety_sms"),
    )
    op.create_index(
        "uq_safety_sms_incident_id_step_mobile_number",
        "safety_sms",
        ["incident_id", "step", "mobile_number"],
        unique=True,
    )


def downgrade() -> None:
    op.drop_table("safety_sms")
    op.drop_table("safety_incidents")
    op.drop_table("trip_shares")
    op.drop_table("emergency_contacts")
