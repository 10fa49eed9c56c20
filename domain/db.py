"""The async engine and session maker; the request (or activity) owns the transaction."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

from domain.settings import Settings


def create_engine(settings: Settings) -> AsyncEngine:
    if settings.database_url is None:
        raise RuntimeError("DATABASE_URL is not set: start the system with `make run` or set it.")
    return create_async_engine(settings.database_url, pool_pre_ping=True, pool_size=10, max_overflow=10)


def create_session_maker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False)


@asynccontextmanager
async def transaction(session_maker: async_sessionmaker[AsyncSession]) -> AsyncIterator[AsyncSession]:
    """One unit of work: committed when the block ends, rolled back when it raises."""
    async with session_maker() as session, session.begin():
        yield session
