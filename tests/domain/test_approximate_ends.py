"""Approximate trip ends (domain/rules/geo.py): never the exact point, always close, the same for a whole cell."""

import random

from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from domain.rules.geo import APPROXIMATE_CELL_DEGREES, approximate, distance_km


def test_an_end_is_moved_but_stays_within_a_kilometre_and_a_half():
    rng = random.Random(7)
    for _ in range(5000):
        latitude, longitude = rng.uniform(8.0, 35.0), rng.uniform(68.0, 97.0)
        near = approximate(latitude, longitude)
        assert near != (latitude, longitude)
        assert distance_km(latitude, longitude, *near) <= 1.5


def test_a_point_on_a_cell_centre_is_moved_too():
    centre = 12.9375, 77.6225
    assert approximate(*centre) != centre
    assert distance_km(*centre, *approximate(*centre)) <= 1.5


def test_neighbours_in_one_cell_share_their_shown_point():
    step = APPROXIMATE_CELL_DEGREES
    corner_latitude, corner_longitude = 12.93 + step / 10, 77.62 + step / 10
    here = approximate(corner_latitude, corner_longitude)
    assert approximate(corner_latitude + step / 2, corner_longitude + step / 2) == here


def test_the_stored_cells_search_measures_from_are_the_points_shown(database_url):
    """Search measures from trips.origin_cell_earth and destination_cell_earth (computed by PostgreSQL when a trip is
    written); the views show approximate(). The stored expressions, run on random points, give the same points."""
    rng = random.Random(11)
    points = [(rng.uniform(8.0, 35.0), rng.uniform(68.0, 97.0)) for _ in range(3000)]
    points += [approximate(*point) for point in points[:500]]  # points on a centre, which move a cell
    points += [(12.93 + 0.005 * i, 77.62 - 0.005 * i) for i in range(50)]  # points on a cell's corner
    engine = create_engine(database_url, poolclass=NullPool)
    with engine.connect() as connection:
        for end in ("origin", "destination"):
            expression = connection.scalar(
                text(
                    "SELECT pg_get_expr(d.adbin, d.adrelid) FROM pg_attrdef AS d JOIN pg_attribute AS a"
                    " ON a.attrelid = d.adrelid AND a.attnum = d.adnum"
                    " WHERE d.adrelid = 'trips'::regclass AND a.attname = :name"
                ),
                {"name": f"{end}_cell_earth"},
            )
            assert expression is not None
            rows = connection.execute(
                text(
                    f"SELECT latitude(cell), longitude(cell) FROM (SELECT {expression} AS cell"  # noqa: S608
                    f" FROM unnest(CAST(:latitudes AS float8[]), CAST(:longitudes AS float8[]))"
                    f" AS trips ({end}_latitude, {end}_longitude)) AS cells"
                ),
                {"latitudes": [p[0] for p in points], "longitudes": [p[1] for p in points]},
            ).all()
            for point, (latitude, longitude) in zip(points, rows, strict=True):
                shown = approximate(*point)
                assert abs(latitude - shown[0]) < 1e-9 and abs(longitude - shown[1]) < 1e-9, point
    engine.dispose()
