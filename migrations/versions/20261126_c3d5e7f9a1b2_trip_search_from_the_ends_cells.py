"""Trip search from the ends' cells

Search measured, ranked and bounded its radius from the exact ends, so anyone could find a host's pick-up (often a
home) from the distances of three searches. The stored earth points are now the centres of the ends' cells of about
500 m, the ends shown to everyone outside the trip (domain/rules/geo.py approximate, the same operations written in
SQL), and the search index is over them. The exact points were read by search only.

Revision ID: c3d5e7f9a1b2
Revises: bc3d5e7f9a01
Create Date: 2026-11-26 09:00:00.000000
"""

from collections.abc import Callable, Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.types import UserDefinedType

revision: str = "c3d5e7f9a1b2"
down_revision: str | None = "bc3d5e7f9a01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


class Earth(UserDefinedType[str]):
    cache_ok = True

    def get_col_spec(self, **kw: object) -> str:
        return "earth"


ACTIVE = sa.text("status = 'ACTIVE'")
DAY: sa.ColumnClause[object] = sa.literal_column("((scheduled_at AT TIME ZONE 'Asia/Kolkata')::date)")
STEP = "CAST(0.005 AS double precision)"


def _cell_centre(column: str) -> str:
    """domain/rules/geo.py approximate_sql as it was written when this migration was."""
    centre = f"((floor({column} / {STEP}) + 0.5) * {STEP})"
    moved = f"CASE WHEN abs({centre} - {column}) < 1e-9 THEN {centre} + {STEP} ELSE {centre} END"
    return f"CAST(round(CAST({moved} AS numeric), 6) AS double precision)"


def _cell_earth(end: str) -> str:
    return f"ll_to_earth({_cell_centre(f'{end}_latitude')}, {_cell_centre(f'{end}_longitude')})"


def _exact_earth(end: str) -> str:
    return f"ll_to_earth({end}_latitude, {end}_longitude)"


def _replace_ends(old: str, new: str, expression: Callable[[str], str]) -> None:
    op.drop_index("ix_trips_active_search", table_name="trips", postgresql_using="gist", postgresql_where=ACTIVE)
    for end in ("origin", "destination"):
        op.drop_column("trips", f"{end}_{old}")
        computed = sa.Computed(expression(end), persisted=True)
        op.add_column("trips", sa.Column(f"{end}_{new}", Earth(), computed, nullable=True))
    op.create_index(
        "ix_trips_active_search",
        "trips",
        [DAY, f"origin_{new}", f"destination_{new}"],
        postgresql_using="gist",
        postgresql_where=ACTIVE,
    )


def upgrade() -> None:
    _replace_ends("earth", "cell_earth", _cell_earth)


def downgrade() -> None:
    _replace_ends("cell_earth", "earth", _exact_earth)
