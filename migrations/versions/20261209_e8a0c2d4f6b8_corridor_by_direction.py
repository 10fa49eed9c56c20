"""A trip's corridor by the shape its detour budget allows and by its direction, so that search's index gives few
more trips than the rule matches

The corridor of migration c6e8a0b2d4f6 was the earth box round both ends: round a diagonal way it is several times
the area the budget reaches, it holds the trips going the other way as well (half of all it gave), and GiST splits
such large, overlapping boxes badly (at 1M trips the index held three to six entries a page and a search read a few
hundred pages). Now the corridor is a cube of seven intervals:

- four projections of the spheroid that holds every point within the budget, onto the east, the north and the two
  diagonals of the plane tangent to the earth at 22°N 80°E (India's middle): an octagon round the way in that plane.
  A point P with d(O,P) + d(P,D) <= d(O,D) + e along great circles has chord(O,P) + chord(P,D) <= chord(O,D) + e +
  (d(O,D) - chord(O,D)), so it lies in the prolate spheroid with foci O and D (the ends' cells) and semi-major axis
  a = (chord(O,D) + reach) / 2; along a unit direction v its extent is c·v ± sqrt(a²(v·f)² + b²(1 - (v·f)²)), with
  c the centre, f the unit axis and b = sqrt(a² - chord²/4). A hundredth of the budget and 10 m more absorb rounding.
  Any projection bounds the spheroid, so the frame's tilt away from India's middle loosens the octagon, never cuts it.
- the way's heading in degrees (the chord from O to D in O's own east and north), three times, turned by 0, 120 and
  240 degrees, each widened by half a degree: a rider going from P to Q at heading θ matches only a trip whose
  heading lies within 90 degrees of θ (domain/rules/along.py same_direction); the probe asks for θ ± 100 degrees in
  the one of the three turned headings where that range does not wrap past 360 (of three cuts 120 degrees apart a
  range of 200 degrees misses at least one). The 10 degrees more cover the frames of O and P differing and the
  chords leaving the tangent plane, which stay within 3 degrees for ways up to 300 km; a longer way gets every
  heading (-1 to 361), so it is never pruned by direction.

corridor_probe(P, P, Q) is the cube a trip's corridor must overlap (&&) for P to be on its way from P toward Q:
degenerate at P's projections, the heading range in one turned heading and every heading in the other two;
corridor_probe(P) asks for P in any direction (Trips Around You). The index is a GiST over the departure day and
the corridor, so within a day its pages are split by where and which way the trips go.

Revision ID: e8a0c2d4f6b8
Revises: d7f9b1c3e5a7
Create Date: 2026-12-09 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.types import UserDefinedType

revision: str = "e8a0c2d4f6b8"
down_revision: str | None = "d7f9b1c3e5a7"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


class Cube(UserDefinedType[str]):
    cache_ok = True

    def get_col_spec(self, **kw: object) -> str:
        return "cube"


FUNCTIONS = """
CREATE FUNCTION way_heading_wrap(degrees double precision) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT degrees - 360 * floor(degrees / 360) $$;

CREATE FUNCTION way_projections(point earth) RETURNS double precision[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT ARRAY[east, north, (east + north) / sqrt(2.0), (east - north) / sqrt(2.0)]
    FROM (
        SELECT -sin(radians(80)) * cube_ll_coord(point, 1) + cos(radians(80)) * cube_ll_coord(point, 2),
            -sin(radians(22)) * cos(radians(80)) * cube_ll_coord(point, 1)
            - sin(radians(22)) * sin(radians(80)) * cube_ll_coord(point, 2)
            + cos(radians(22)) * cube_ll_coord(point, 3)
    ) AS frame (east, north)
$$;

CREATE FUNCTION way_heading(way_from earth, way_to earth) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT way_heading_wrap(degrees(atan2(
        -sin(radians(lng)) * dx + cos(radians(lng)) * dy,
        -sin(radians(lat)) * cos(radians(lng)) * dx - sin(radians(lat)) * sin(radians(lng)) * dy
        + cos(radians(lat)) * dz
    )))
    FROM (
        SELECT latitude(way_from), longitude(way_from),
            cube_ll_coord(way_to, 1) - cube_ll_coord(way_from, 1),
            cube_ll_coord(way_to, 2) - cube_ll_coord(way_from, 2),
            cube_ll_coord(way_to, 3) - cube_ll_coord(way_from, 3)
    ) AS chord (lat, lng, dx, dy, dz)
$$;

CREATE FUNCTION trip_corridor(origin earth, destination earth, budget_m double precision) RETURNS cube
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
    from_origin double precision[] := way_projections(origin);
    from_destination double precision[] := way_projections(destination);
    chord double precision := cube_distance(origin, destination);
    reach double precision := budget_m + (earth_distance(origin, destination) - chord) + 0.01 * budget_m + 10;
    semi_major double precision := (chord + reach) / 2;
    semi_minor double precision := sqrt(semi_major * semi_major - chord * chord / 4);
    heading double precision := way_heading(origin, destination);
    lower double precision[] := '{}';
    upper double precision[] := '{}';
    centre double precision;
    along double precision;
    extent double precision;
BEGIN
    IF budget_m <= 0 THEN
        RETURN NULL;
    END IF;
    FOR axis IN 1..4 LOOP
        centre := (from_origin[axis] + from_destination[axis]) / 2;
        along := CASE WHEN chord > 0 THEN (from_destination[axis] - from_origin[axis]) / chord ELSE 0 END;
        extent := sqrt(
            semi_major * semi_major * along * along + semi_minor * semi_minor * greatest(1 - along * along, 0)
        );
        lower := lower || (centre - extent);
        upper := upper || (centre + extent);
    END LOOP;
    FOR turn IN 0..2 LOOP
        IF chord > 300000 THEN
            lower := lower || (-1)::double precision;
            upper := upper || 361::double precision;
        ELSE
            lower := lower || (way_heading_wrap(heading + 120 * turn) - 0.5);
            upper := upper || (way_heading_wrap(heading + 120 * turn) + 0.5);
        END IF;
    END LOOP;
    RETURN cube(lower, upper);
END
$$;

CREATE FUNCTION corridor_probe(point earth) RETURNS cube
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT cube(way_projections(point) || ARRAY[-1, -1, -1]::double precision[],
                way_projections(point) || ARRAY[361, 361, 361]::double precision[])
$$;

CREATE FUNCTION corridor_probe(point earth, way_from earth, way_to earth) RETURNS cube
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
    heading double precision := way_heading(way_from, way_to);
    lower double precision[] := way_projections(point);
    upper double precision[] := way_projections(point);
    chosen boolean := false;
    first double precision;
BEGIN
    FOR turn IN 0..2 LOOP
        first := way_heading_wrap(heading + 120 * turn - 100);
        IF NOT chosen AND first + 200 < 360 THEN
            chosen := true;
            lower := lower || first;
            upper := upper || (first + 200);
        ELSE
            lower := lower || (-1)::double precision;
            upper := upper || 361::double precision;
        END IF;
    END LOOP;
    RETURN cube(lower, upper);
END
$$;
"""
DROP_FUNCTIONS = """
DROP FUNCTION corridor_probe(earth, earth, earth);
DROP FUNCTION corridor_probe(earth);
DROP FUNCTION trip_corridor(earth, earth, double precision);
DROP FUNCTION way_heading(earth, earth);
DROP FUNCTION way_projections(earth);
DROP FUNCTION way_heading_wrap(double precision);
"""
# Migration c6e8a0b2d4f6's corridor, for the way down.
BOX_CORRIDOR = """
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
ACTIVE_WITH_BUDGET = sa.text("status = 'ACTIVE' AND detour_budget_m > 0")


def _cell_centre(column: str) -> str:
    """domain/rules/geo.py approximate_sql as it was written when this migration was."""
    centre = f"((floor({column} / {STEP}) + 0.5) * {STEP})"
    moved = f"CASE WHEN abs({centre} - {column}) < 1e-9 THEN {centre} + {STEP} ELSE {centre} END"
    return f"CAST(round(CAST({moved} AS numeric), 6) AS double precision)"


def _cell_earth(end: str) -> str:
    return f"ll_to_earth({_cell_centre(f'{end}_latitude')}, {_cell_centre(f'{end}_longitude')})"


def _drop_corridor() -> None:
    op.drop_index("ix_trips_active_corridor", table_name="trips", postgresql_where=ACTIVE_WITH_BUDGET)
    op.drop_column("trips", "corridor")


def _add_corridor() -> None:
    corridor = f"trip_corridor({_cell_earth('origin')}, {_cell_earth('destination')}, detour_budget_m)"
    op.add_column("trips", sa.Column("corridor", Cube(), sa.Computed(corridor, persisted=True), nullable=True))
    op.create_index(
        "ix_trips_active_corridor",
        "trips",
        [DAY, "corridor"],
        postgresql_using="gist",
        postgresql_where=ACTIVE_WITH_BUDGET,
    )


def upgrade() -> None:
    _drop_corridor()
    op.execute("DROP FUNCTION trip_corridor(earth, earth, double precision)")
    op.execute(FUNCTIONS)
    _add_corridor()


def downgrade() -> None:
    _drop_corridor()
    op.execute(DROP_FUNCTIONS)
    op.execute(BOX_CORRIDOR)
    _add_corridor()
