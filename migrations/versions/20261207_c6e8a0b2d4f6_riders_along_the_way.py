"""Riders along the way: how far a host goes out of their way, each trip's corridor, a rider's own pick-up and drop

A host says how many minutes they will go out of their way (trips and commute series: max_detour_minutes; trips and
series made before ask 0, riders at the ends only, since their hosts never said more). The trip keeps that budget as
straight-line metres (detour_budget_m, domain/routing.py reach_m, written with the trip), and the box round its way
that holds every point within the budget, as search's index needs it (corridor, a GiST over the departure day and
the box, for active trips with a budget).

trip_corridor(): a point P with |OP| + |PD| <= |OD| + e (e the budget in metres, O and D the ends' cell centres) lies
in the ellipse with foci O and D, which lies within its semi-minor axis sqrt(e(2|OD| + e))/2 of the segment OD
(beyond a focus it reaches only e/2). The great circle bulges from the chord by |OD|^2/8R; a hundredth of the budget
and 10 m more cover the sphere's other small departures from the plane. The bounding box of the boxes of that
radius round both ends holds the whole ellipse, so searching the index by the rider's two points misses no trip the
rule matches (the along_the_way benchmark measures recall against a scan of the rule).

A rider asks to join with their own pick-up and drop (trip_passengers pickup_*, drop_*; none: the trip's ends).

Revision ID: c6e8a0b2d4f6
Revises: b4d6f8a0c2e4
Create Date: 2026-12-07 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.types import UserDefinedType

revision: str = "c6e8a0b2d4f6"
down_revision: str | None = "b4d6f8a0c2e4"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


class Cube(UserDefinedType[str]):
    cache_ok = True

    def get_col_spec(self, **kw: object) -> str:
        return "cube"


TRIP_CORRIDOR = """
CREATE FUNCTION trip_corridor(origin earth, destination earth, budget_m double precision) RETURNS cube
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN budget_m > 0 THEN cube_union(earth_box(origin, reach_m), earth_box(destination, reach_m)) END
    FROM (
        SELECT sqrt(budget_m * (2 * way_m + budget_m)) / 2 + way_m * way_m / (8 * 6378168.0) + 0.01 * budget_m + 10
        FROM (SELECT earth_distance(origin, destination)) AS way (way_m)
    ) AS corridor (reach_m)
$$
"""
STEP = "CAST(0.005 AS double precision)"
DAY: sa.ColumnClause[object] = sa.literal_column("((scheduled_at AT TIME ZONE 'Asia/Kolkata')::date)")
DETOURS = "max_detour_minutes IN (0, 5, 10, 15, 20, 30)"


def _cell_centre(column: str) -> str:
    """domain/rules/geo.py approximate_sql as it was written when this migration was."""
    centre = f"((floor({column} / {STEP}) + 0.5) * {STEP})"
    moved = f"CASE WHEN abs({centre} - {column}) < 1e-9 THEN {centre} + {STEP} ELSE {centre} END"
    return f"CAST(round(CAST({moved} AS numeric), 6) AS double precision)"


def _cell_earth(end: str) -> str:
    return f"ll_to_earth({_cell_centre(f'{end}_latitude')}, {_cell_centre(f'{end}_longitude')})"


def _detour_minutes(table: str) -> None:
    op.add_column(table, sa.Column("max_detour_minutes", sa.SmallInteger(), server_default="0", nullable=False))
    op.create_check_constraint(op.f(f"ck_{table}_max_detour_minutes"), table, DETOURS)


def upgrade() -> None:
    op.execute(TRIP_CORRIDOR)
    _detour_minutes("trips")
    _detour_minutes("trip_series")
    op.add_column("trips", sa.Column("detour_budget_m", sa.Float(), server_default="0", nullable=False))
    corridor = f"trip_corridor({_cell_earth('origin')}, {_cell_earth('destination')}, detour_budget_m)"
    op.add_column("trips", sa.Column("corridor", Cube(), sa.Computed(corridor, persisted=True), nullable=True))
    op.create_index(
        "ix_trips_active_corridor",
        "trips",
        [DAY, "corridor"],
        postgresql_using="gist",
        postgresql_where=sa.text("status = 'ACTIVE' AND detour_budget_m > 0"),
    )
    for stop in ("pickup", "drop"):
        op.add_column("trip_passengers", sa.Column(f"{stop}_name", sa.String(200), nullable=True))
        op.add_column("trip_passengers", sa.Column(f"{stop}_place_id", sa.String(200), nullable=True))
        op.add_column("trip_passengers", sa.Column(f"{stop}_latitude", sa.Float(), nullable=True))
        op.add_column("trip_passengers", sa.Column(f"{stop}_longitude", sa.Float(), nullable=True))


def downgrade() -> None:
    for stop in ("pickup", "drop"):
        for column in ("name", "place_id", "latitude", "longitude"):
            op.drop_column("trip_passengers", f"{stop}_{column}")
    op.drop_index(
        "ix_trips_active_corridor",
        table_name="trips",
        postgresql_using="gist",
        postgresql_where=sa.text("status = 'ACTIVE' AND detour_budget_m > 0"),
    )
    op.drop_column("trips", "corridor")
    op.drop_column("trips", "detour_budget_m")
    for table in ("trip_series", "trips"):
        op.drop_constraint(op.f(f"ck_{table}_max_detour_minutes"), table, type_="check")
        op.drop_column(table, "max_detour_minutes")
    op.execute("DROP FUNCTION trip_corridor(earth, earth, double precision)")
