"""The async engine and session maker; the request (or activity) owns the transaction."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

from domain.settings import Settings

# psycopg prepares a statement on its fifth run; PostgreSQL may then switch it to a generic plan, made without the
# parameters' values. For trip search (api/trips/search.py) that plan cannot use the earth boxes and takes ~100 ms at
# 1M trips instead of ~3 ms, so every execution is planned for its values; preparing still saves the parsing.
CONNECT_ARGS: dict[str, Any] = {"prepare_threshold": None}


def create_engine(settings: Settings) -> AsyncEngine:
    """No ping before each checkout (a round trip per request): a connection the server dropped fails its statement,
    SQLAlchemy then discards every pooled connection opened before the failure, and pool_recycle bounds their age."""
    if settings.database_url is None:
        raise RuntimeError("DATABASE_URL is not set: start the system with `make run` or set it.")
    return create_async_engine(
        settings.database_url, pool_size=10, max_overflow=10, pool_recycle=1800, connect_args=CONNECT_ARGS
    )


def create_session_maker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False)


@asynccontextmanager
async def transaction(session_maker: async_sessionmaker[AsyncSession]) -> AsyncIterator[AsyncSession]:
    """One unit of work: committed when the block ends, rolled back when it raises."""
    async with session_maker() as session, session.begin():
        yield session
