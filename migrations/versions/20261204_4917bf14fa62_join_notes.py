"""Notes on join request moves kept in the database, their id alone given to the request's flow

Revision ID: 4917bf14fa62
Revises: f8b0d2e4a6c8
Create Date: 2026-12-04 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "4917bf14fa62"
down_revision: str | None = "f8b0d2e4a6c8"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "join_notes",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("passenger_id", sa.BigInteger(), nullable=False),
        sa.Column("author_id", sa.BigInteger(), nullable=False),
        sa.Column("note", sa.String(length=300), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["author_id"], ["users.id"], name=op.f("fk_join_notes_author_id_users"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["passenger_id"],
            ["trip_passengers.id"],
            name=op.f("fk_join_notes_passenger_id_trip_passengers"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_join_notes")),
    )
    op.create_index(op.f("ix_join_notes_passenger_id"), "join_notes", ["passenger_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_join_notes_passenger_id"), table_name="join_notes")
    op.drop_table("join_notes")
