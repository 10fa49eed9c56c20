"""trip queries user blocks and request numbers

Revision ID: ef0a5f18c1b2
Revises: e66a8310476f
Create Date: 2026-11-21 23:05:46.449505
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "ef0a5f18c1b2"
down_revision: str | None = "e66a8310476f"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "user_blocks",
        sa.Column("blocker_id", sa.BigInteger(), nullable=False),
        sa.Column("blocked_id", sa.BigInteger(), nullable=False),
        sa.Column("reason", sa.String(length=500), nullable=True),
        sa.Column("reported", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["blocked_id"], ["users.id"], name=op.f("fk_user_blocks_blocked_id_users"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["blocker_id"], ["users.id"], name=op.f("fk_user_blocks_blocker_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("blocker_id", "blocked_id", name=op.f("pk_user_blocks")),
    )
    op.create_index(op.f("ix_user_blocks_blocked_id"), "user_blocks", ["blocked_id"], unique=False)
    op.create_table(
        "trip_queries",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("trip_id", sa.BigInteger(), nullable=False),
        sa.Column("created_by_id", sa.BigInteger(), nullable=False),
        sa.Column("question", sa.String(length=500), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("answer", sa.String(length=500), nullable=True),
        sa.Column("answered_by_id", sa.BigInteger(), nullable=True),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["answered_by_id"], ["users.id"], name=op.f("fk_trip_queries_answered_by_id_users")),
        sa.ForeignKeyConstraint(["created_by_id"], ["users.id"], name=op.f("fk_trip_queries_created_by_id_users")),
        sa.ForeignKeyConstraint(
            ["trip_id"], ["trips.id"], name=op.f("fk_trip_queries_trip_id_trips"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trip_queries")),
    )
    op.create_index(op.f("ix_trip_queries_trip_id"), "trip_queries", ["trip_id"], unique=False)
    op.add_column("trip_passengers", sa.Column("request_number", sa.SmallInteger(), server_default="0", nullable=False))


def downgrade() -> None:
    op.drop_column("trip_passengers", "request_number")
    op.drop_index(op.f("ix_trip_queries_trip_id"), table_name="trip_queries")
    op.drop_table("trip_queries")
    op.drop_index(op.f("ix_user_blocks_blocked_id"), table_name="user_blocks")
    op.drop_table("user_blocks")
