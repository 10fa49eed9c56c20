"""The async engine and session maker; the request (or activity) owns the transaction."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import psycopg
from pydantic_core import from_json
from sqlalchemy.engine import URL, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.util import greenlet_spawn

from domain.models.flows import TASK_QUEUE_SETTING
from domain.settings import Settings

# psycopg would prepare any statement on its fifth run. Only statements that ask for it are prepared
# (domain/compiled_query.py): lookups by a unique key, and the searches (api/trips/queries/search.py), written so that
# one generic plan serves every value (what depends on the rider's points is computed once per run, never folded in by
# the planner). Parsing and planning a search cost PostgreSQL more than running it at 1M trips. The threshold is never
# reached; a prepared statement always runs its generic plan (plan_cache_mode, set by create_engine).
CONNECT_ARGS: dict[str, Any] = {"prepare_threshold": 2**31 - 1}
GENERIC_PLANS = "-c plan_cache_mode=force_generic_plan"


def libpq_conninfo(database_url: str | URL) -> str:
    """The libpq form of the SQLAlchemy database URL, for a connection of its own (a LISTEN, the chat's writer)."""
    return make_url(database_url).set(drivername="postgresql").render_as_string(hide_password=False)


def _task_queue_option(task_queue: str) -> str:
    """libpq's `options` for a connection that says which deployment's task queue it writes for: the flow outbox's
    entries carry it, and each deployment's relay delivers its own."""
    return f"-c {TASK_QUEUE_SETTING}=" + task_queue.replace(" ", r"\ ")


def create_engine(settings: Settings, *, autocommit: bool = False, pool_size: int | None = None) -> AsyncEngine:
    """No ping before each checkout (a round trip per request): a connection the server dropped fails its statement,
    SQLAlchemy then discards every pooled connection opened before the failure, and pool_recycle bounds their age.

    An autocommit engine keeps its own pool of connections that stay in autocommit, so nothing is switched at each
    checkout and return; it serves the reads, the most requests, so its pool is the larger. Its connections are
    returned without a ROLLBACK ("reset on return"): in autocommit no transaction is ever left open.

    No connections beyond the pool ("overflow"): under load they would be opened and closed again all the time, and
    each new connection costs PostgreSQL a new backend process, several ms of CPU, far more than waiting for a pooled
    one. So a request holding a connection never waits for a second one from its own pool: once every connection is
    held by a request doing the same, none would ever come. What a request looks up on the side (the gazetteer) has
    a pool of its own.

    JSON from PostgreSQL (a trip's people, say) is parsed by pydantic_core, several times faster than json.loads."""
    if settings.database_url is None:
        raise RuntimeError("DATABASE_URL is not set: start the system with `make run` or set it.")
    isolation = {"isolation_level": "AUTOCOMMIT", "pool_reset_on_return": None} if autocommit else {}
    return create_async_engine(
        settings.database_url,
        pool_size=pool_size or (20 if autocommit else 15),
        max_overflow=0,
        pool_recycle=1800,
        connect_args=CONNECT_ARGS | {"options": f"{GENERIC_PLANS} {_task_queue_option(settings.temporal_task_queue)}"},
        json_deserializer=from_json,
        **isolation,
    )


def create_session_maker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False)


def create_reading_session_maker(autocommit_engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Sessions for safe requests, on an autocommit engine: each statement commits on its own, so a read costs no
    BEGIN and COMMIT round trips. A statement that writes is still atomic on its own (a read mark moved forward)."""
    return async_sessionmaker(autocommit_engine, expire_on_commit=False)


@asynccontextmanager
async def driver_connection(autocommit_engine: AsyncEngine) -> AsyncIterator[psycopg.AsyncConnection[Any]]:
    """One of the autocommit engine's pooled connections as psycopg's own, for statements compiled once
    (domain/compiled_query.py): about a third of the CPU of a checkout through SQLAlchemy's Connection.

    Statements run this way bypass SQLAlchemy's error handling, so a connection the server dropped (a restart) is
    handled here as SQLAlchemy would: the pool is replaced, as its other connections were most likely dropped too,
    and the error goes on (answered 503 by the API)."""
    pooled = await autocommit_engine.raw_connection()
    driver = pooled.driver_connection
    assert driver is not None
    try:
        yield driver
    except psycopg.OperationalError:
        if driver.broken:
            await autocommit_engine.dispose()
        raise
    finally:
        await greenlet_spawn(pooled.close)


async def session_driver_connection(session: AsyncSession) -> psycopg.AsyncConnection[Any]:
    """psycopg's connection under the session's transaction (begun if it was not), for statements compiled once
    that belong to it (domain/compiled_query.py). Their errors come as psycopg's, not wrapped in SQLAlchemy's."""
    connection = await session.connection()
    driver = (await connection.get_raw_connection()).driver_connection
    assert driver is not None
    return driver


@asynccontextmanager
async def transaction(session_maker: async_sessionmaker[AsyncSession]) -> AsyncIterator[AsyncSession]:
    """One unit of work: committed when the block ends, rolled back when it raises."""
    async with session_maker() as session, session.begin():
        yield session
