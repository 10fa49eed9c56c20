"""Trip reviews

What people who travelled together say about each other after the trip: stars, attribute thumbs or a flag.

Revision ID: 5c7d9e1f2a34
Revises: 4b8e2f7a9c13
Create Date: 2026-11-25 08:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "5c7d9e1f2a34"
down_revision: str | None = "4b8e2f7a9c13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "trip_reviews",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("trip_id", sa.BigInteger(), nullable=False),
        sa.Column("reviewer_id", sa.BigInteger(), nullable=False),
        sa.Column("reviewee_id", sa.BigInteger(), nullable=False),
        sa.Column("stars", sa.SmallInteger(), server_default="0", nullable=False),
        sa.Column("attributes", postgresql.JSONB(astext_type=sa.Text()), server_default="{}", nullable=False),
        sa.Column("is_flagged", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("flagged_review", sa.String(length=300), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("stars BETWEEN 0 AND 5", name=op.f("ck_trip_reviews_stars")),
        sa.CheckConstraint("reviewer_id <> reviewee_id", name=op.f("ck_trip_reviews_not_oneself")),
        sa.CheckConstraint(
            "NOT is_flagged OR (flagged_review IS NOT NULL AND stars = 0 AND attributes = '{}'::jsonb)",
            name=op.f("ck_trip_reviews_flag_alone"),
        ),
        sa.ForeignKeyConstraint(
            ["trip_id"], ["trips.id"], name=op.f("fk_trip_reviews_trip_id_trips"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["reviewer_id"], ["users.id"], name=op.f("fk_trip_reviews_reviewer_id_users"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["reviewee_id"], ["users.id"], name=op.f("fk_trip_reviews_reviewee_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trip_reviews")),
    )
    op.create_index(
        "uq_trip_reviews_trip_reviewer_reviewee", "trip_reviews", ["trip_id", "reviewer_id", "reviewee_id"], unique=True
    )
    op.create_index("ix_trip_reviews_reviewee_id_updated_at", "trip_reviews", ["reviewee_id", "updated_at"])
    op.create_index(op.f("ix_trip_reviews_reviewer_id"), "trip_reviews", ["reviewer_id"])


def downgrade() -> None:
    op.drop_table("trip_reviews")
