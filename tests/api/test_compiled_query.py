"""Compiled statements are converted to PostgreSQL's placeholders once, not on every run."""

from datetime import UTC, datetime

import psycopg._queries
import pytest
from sqlalchemy import literal_column, select

from api.trips.queries.search import TripFilters, around_search, route_search
from domain.compiled_query import CompiledQuery

NOW = datetime(2026, 5, 14, 3, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    "search",
    [
        route_search((12.91, 77.64), (12.98, 77.60), (NOW, NOW), 5.0, TripFilters()),
        around_search((12.91, 77.64), (NOW, NOW), 5.0, ()),
    ],
    ids=["route", "around"],
)
def test_a_search_is_converted_once(search) -> None:
    sql = search.query.sql.encode()
    values = search.query.parameters({**search.values, "token_hash": b"x"})
    assert len(sql) > 4096  # longer than psycopg keeps by default
    psycopg._queries._query2pg.cache_clear()
    query = psycopg._queries.PostgresQuery(psycopg.adapt.Transformer())
    for _ in range(3):
        query.convert(sql, values)
    assert psycopg._queries._query2pg.cache_info().hits == 2


def test_a_statement_too_long_to_keep_is_refused() -> None:
    with pytest.raises(ValueError, match="converted on every run"):
        CompiledQuery(select(literal_column("'" + "x" * 40_000 + "'")))
