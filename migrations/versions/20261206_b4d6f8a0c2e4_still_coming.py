"""A member asked "Still coming?" after the host moved the trip by more than half an hour: when they were asked,
until they keep their seat (leaving meanwhile is no late cancellation)

Revision ID: b4d6f8a0c2e4
Revises: a3c5e7b9d1f2
Create Date: 2026-12-06 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "b4d6f8a0c2e4"
down_revision: str | None = "a3c5e7b9d1f2"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("trip_passengers", sa.Column("still_coming_asked_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    op.drop_column("trip_passengers", "still_coming_asked_at")
