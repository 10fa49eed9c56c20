"""Network riders: a person an ONDC buyer app booked for, and their orders

A users row may be a buyer app's rider (network_bap_id, network_phone): no mobile number, so it never signs in. A
network order ties the join request a confirm made to the order's flow.

Revision ID: 1b3d5f7a9c2e
Revises: 0a2c4e6f8b1d
Create Date: 2026-12-12 03:40:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "1b3d5f7a9c2e"
down_revision: str | None = "0a2c4e6f8b1d"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("users", sa.Column("network_bap_id", sa.String(length=200), nullable=True))
    op.add_column("users", sa.Column("network_phone", sa.String(length=20), nullable=True))
    op.create_index(
        "uq_users_network_rider",
        "users",
        ["network_bap_id", "network_phone"],
        unique=True,
        postgresql_where=sa.text("network_bap_id IS NOT NULL"),
    )
    op.create_table(
        "network_orders",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("passenger_id", sa.BigInteger(), nullable=False),
        sa.Column("request_number", sa.SmallInteger(), nullable=False),
        sa.Column("confirm_id", sa.BigInteger(), nullable=False),
        sa.Column("transaction_id", sa.String(length=100), nullable=False),
        sa.Column("order_round", sa.SmallInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["passenger_id"],
            ["trip_passengers.id"],
            name=op.f("fk_network_orders_passenger_id_trip_passengers"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["confirm_id"],
            ["beckn_messages.id"],
            name=op.f("fk_network_orders_confirm_id_beckn_messages"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_network_orders")),
        sa.UniqueConstraint("passenger_id", "request_number", name="uq_network_orders_passenger_request"),
        sa.UniqueConstraint("confirm_id", name=op.f("uq_network_orders_confirm_id")),
    )
    op.create_index(op.f("ix_network_orders_transaction_id"), "network_orders", ["transaction_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_network_orders_transaction_id"), table_name="network_orders")
    op.drop_table("network_orders")
    op.drop_index("uq_users_network_rider", table_name="users")
    op.drop_column("users", "network_phone")
    op.drop_column("users", "network_bap_id")
