"""Seeing from outside that a connection waits on a lock: proof that a call is held, rather than slow."""

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker


async def backend_of(session: AsyncSession) -> int:
    """The PostgreSQL backend of the session's connection, to name its transaction's locks by."""
    return int(await session.scalar(text("SELECT pg_backend_pid()")) or 0)


async def waited_on(session_maker: async_sessionmaker[AsyncSession], backend: int) -> bool:
    """Whether another connection waits on a lock this backend's transaction holds."""
    async with session_maker() as session:
        waiting = await session.scalar(
            text("SELECT count(*) FROM pg_stat_activity WHERE :backend = ANY(pg_blocking_pids(pid))"),
            {"backend": backend},
        )
    return bool(waiting)
