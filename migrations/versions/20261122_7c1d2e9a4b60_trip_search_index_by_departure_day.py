"""Trip search index by departure day (IST), then both ends

The earlier index began with the departure time itself. A GiST splits its pages by its first column while that
column tells entries apart, and departure times nearly all differ, so pages held trips close in time from all over
the country: a search read every trip of its day before the ends narrowed it. Every search looks within one day, so
the first column is now that day: trips of one day tie on it and the pages within the day are split by the ends,
and a search reads only that day's trips near where it starts and ends.

Revision ID: 7c1d2e9a4b60
Revises: 3efd6781e5fb
Create Date: 2026-11-22 05:05:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "7c1d2e9a4b60"
down_revision: str | None = "3efd6781e5fb"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ACTIVE = sa.text("status = 'ACTIVE'")
ENDS = [
    sa.literal_column("ll_to_earth(origin_latitude, origin_longitude)"),
    sa.literal_column("ll_to_earth(destination_latitude, destination_longitude)"),
]


def _replace_index(first: sa.ColumnElement[object] | str) -> None:
    op.drop_index("ix_trips_active_search", table_name="trips", postgresql_using="gist", postgresql_where=ACTIVE)
    op.create_index("ix_trips_active_search", "trips", [first, *ENDS], postgresql_using="gist", postgresql_where=ACTIVE)


def upgrade() -> None:
    _replace_index(sa.literal_column("((scheduled_at AT TIME ZONE 'Asia/Kolkata')::date)"))


def downgrade() -> None:
    _replace_index("scheduled_at")
