"""Statements for the busiest reads (the trip reads: search, Trips Around You, a trip, the viewer's tabs), compiled
once to the driver's SQL and run on psycopg's connection (domain/db.py driver_connection), rows back as plain tuples.

The commonest writes (a new trip, the flow outbox's entries) run the same way on the connection under the request's
transaction (domain/db.py session_driver_connection), each column's value given: a Python-side default of the model
is never computed for them, so a statement that would need one is refused when it is compiled.

Through the ORM a statement costs about 0.5–1 ms of CPU per execution (cache key, compilation lookup, result
processing, instances) against about 0.15 ms straight through psycopg. The statements are still written with
SQLAlchemy, so the SQL has one source, and their parameters are named binds ("bindparam") filled in per execution.
"""

from collections.abc import Mapping, Sequence
from typing import Any

import psycopg
import psycopg._queries
from sqlalchemy import ClauseElement
from sqlalchemy.dialects import postgresql

_DIALECT = postgresql.psycopg.dialect()

# psycopg turns a statement's %(name)s placeholders into $n on every execution and keeps the result only for
# statements up to 4 KB (its guard against the endless one-off statements of ORMs). The statements compiled here are
# few and long (a route search is about 10 KB, which psycopg would scan again for each search): it keeps them too.
_LONGEST_COMPILED_STATEMENT = 32_768
psycopg._queries.MAX_CACHED_STATEMENT_LENGTH = max(
    psycopg._queries.MAX_CACHED_STATEMENT_LENGTH, _LONGEST_COMPILED_STATEMENT
)


class CompiledQuery:
    """prepared: PostgreSQL keeps the statement parsed and planned on each connection (psycopg prepares it on first
    use), for statements whose one generic plan is right whatever the values: a row found by a unique key, or a
    search whose index conditions are computed once per run (api/trips/queries/search.py)."""

    def __init__(self, statement: ClauseElement, *, prepared: bool = False) -> None:
        self.prepared = prepared
        compiled = statement.compile(dialect=_DIALECT)
        if defaulted := [column.name for column in getattr(compiled, "insert_prefetch", ())]:
            # SQLAlchemy computes a Python-side default as it executes a statement; run compiled, it never would.
            raise ValueError(f"an insert compiled once gives every column its value; it leaves out {defaulted}")
        self.sql = str(compiled)
        if len(self.sql.encode()) > _LONGEST_COMPILED_STATEMENT:
            raise ValueError(f"a compiled statement of {len(self.sql)} characters would be converted on every run")
        # Values written into the statement itself (a literal compared with a column, say); the rest come per call.
        self.constants = {name: value for name, value in compiled.params.items() if value is not None}

    def parameters(self, values: Mapping[str, object]) -> dict[str, object]:
        return {**self.constants, **values}

    async def rows(
        self, connection: psycopg.AsyncConnection[Any], values: Mapping[str, object]
    ) -> Sequence[tuple[Any, ...]]:
        cursor = await connection.execute(self.sql, self.parameters(values), prepare=self.prepared or None)
        return await cursor.fetchall()

    async def rows_for_each(
        self, connection: psycopg.AsyncConnection[Any], each: Sequence[Mapping[str, object]]
    ) -> list[tuple[Any, ...]]:
        """The rows the statement returns for each set of values in turn, all sent at once (psycopg's pipeline)."""
        if len(each) == 1:
            return list(await self.rows(connection, each[0]))
        cursor = connection.cursor()
        await cursor.executemany(self.sql, [self.parameters(values) for values in each], returning=True)
        rows: list[tuple[Any, ...]] = []
        while True:
            rows += await cursor.fetchall()
            if not cursor.nextset():
                return rows
