"""Profile picture uploads counted per person and hour; a cab's cancel asked once

Revision ID: d4f6a8b0c2e4
Revises: c3d5e7f9a1b2
Create Date: 2026-11-26 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "d4f6a8b0c2e4"
down_revision: str | None = "c3d5e7f9a1b2"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "profile_image_upload_windows",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("window_started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("uploads", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_profile_image_upload_windows_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_profile_image_upload_windows")),
    )
    op.add_column("cab_bookings", sa.Column("cancel_requested_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    op.drop_column("cab_bookings", "cancel_requested_at")
    op.drop_table("profile_image_upload_windows")
