"""Trip search index over departure time and both ends, for active trips

One GiST (btree_gist for the timestamp, cube for the points) replaces the two single-point earth indexes: route
search narrows by the date window and both earth boxes in one index scan, around-me search by the window and the
origin box, and neither reads the heap for trips outside the window.

Revision ID: b674dd75a58a
Revises: b345bed8e1ce
Create Date: 2026-11-21 23:32:19.479225
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "b674dd75a58a"
down_revision: str | None = "b345bed8e1ce"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_index(op.f("ix_trips_destination_earth"), table_name="trips", postgresql_using="gist")
    op.drop_index(op.f("ix_trips_origin_earth"), table_name="trips", postgresql_using="gist")
    op.create_index(
        "ix_trips_active_search",
        "trips",
        [
            "scheduled_at",
            sa.literal_column("ll_to_earth(origin_latitude, origin_longitude)"),
            sa.literal_column("ll_to_earth(destination_latitude, destination_longitude)"),
        ],
        unique=False,
        postgresql_using="gist",
        postgresql_where=sa.text("status = 'ACTIVE'"),
    )


def downgrade() -> None:
    op.drop_index(
        "ix_trips_active_search",
        table_name="trips",
        postgresql_using="gist",
        postgresql_where=sa.text("status = 'ACTIVE'"),
    )
    op.create_index(
        op.f("ix_trips_origin_earth"),
        "trips",
        [sa.literal_column("ll_to_earth(origin_latitude, origin_longitude)")],
        unique=False,
        postgresql_using="gist",
    )
    op.create_index(
        op.f("ix_trips_destination_earth"),
        "trips",
        [sa.literal_column("ll_to_earth(destination_latitude, destination_longitude)")],
        unique=False,
        postgresql_using="gist",
    )
