"""A cab booking keeps why it ended: its host cancelled it, or its trip was moved, deleted or its commute stopped

Revision ID: a3c5e7b9d1f2
Revises: 4917bf14fa62
Create Date: 2026-12-05 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "a3c5e7b9d1f2"
down_revision: str | None = "4917bf14fa62"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("cab_bookings", sa.Column("end_cause", sa.String(length=20), nullable=True))


def downgrade() -> None:
    op.drop_column("cab_bookings", "end_cause")
