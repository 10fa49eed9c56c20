"""Trip ends as stored earth points

Search compared every candidate's ends as ll_to_earth(latitude, longitude), computed anew in the index recheck, the
exact distance and the ranking (three cubes and the earth domain's check each time). Both ends are now stored
points, computed once when a trip is written, and the search index is over them.

Revision ID: 9a3f5c2d1e84
Revises: 7c1d2e9a4b60
Create Date: 2026-11-22 05:35:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.types import UserDefinedType

revision: str = "9a3f5c2d1e84"
down_revision: str | None = "7c1d2e9a4b60"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


class Earth(UserDefinedType[str]):
    cache_ok = True

    def get_col_spec(self, **kw: object) -> str:
        return "earth"


ACTIVE = sa.text("status = 'ACTIVE'")
DAY = sa.literal_column("((scheduled_at AT TIME ZONE 'Asia/Kolkata')::date)")


def _replace_index(*ends: sa.ColumnElement[object] | str) -> None:
    op.drop_index("ix_trips_active_search", table_name="trips", postgresql_using="gist", postgresql_where=ACTIVE)
    op.create_index("ix_trips_active_search", "trips", [DAY, *ends], postgresql_using="gist", postgresql_where=ACTIVE)


def upgrade() -> None:
    for end in ("origin", "destination"):
        computed = sa.Computed(f"ll_to_earth({end}_latitude, {end}_longitude)", persisted=True)
        op.add_column("trips", sa.Column(f"{end}_earth", Earth(), computed, nullable=True))
    _replace_index("origin_earth", "destination_earth")


def downgrade() -> None:
    _replace_index(
        sa.literal_column("ll_to_earth(origin_latitude, origin_longitude)"),
        sa.literal_column("ll_to_earth(destination_latitude, destination_longitude)"),
    )
    op.drop_column("trips", "destination_earth")
    op.drop_column("trips", "origin_earth")
