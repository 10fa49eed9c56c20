"""feedback

Revision ID: c9582677bc9e
Revises: 1d66ff0ac44a
Create Date: 2026-11-21 22:43:59.233895
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "c9582677bc9e"
down_revision: str | None = "1d66ff0ac44a"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "feedback",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("services", sa.ARRAY(sa.String(length=40)), nullable=False),
        sa.Column("features", sa.ARRAY(sa.String(length=40)), nullable=False),
        sa.Column("note", sa.String(length=500), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_feedback_user_id_users"), ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_feedback")),
    )
    op.create_index(op.f("ix_feedback_user_id"), "feedback", ["user_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_feedback_user_id"), table_name="feedback")
    op.drop_table("feedback")
