"""Liveness of the parts the API stands on: PostgreSQL and Temporal, each checked within a few seconds, so a part
that hangs is reported down instead of holding the check."""

import asyncio
import logging

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from api.health.schemas import Health, PartState
from api.temporal import LazyTemporalClient

logger = logging.getLogger("humsafar.health")
CHECK_TIMEOUT_SECONDS = 3


async def _postgres_state(session_maker: async_sessionmaker[AsyncSession]) -> PartState:
    try:
        async with session_maker() as session:
            await asyncio.wait_for(session.execute(text("SELECT 1")), CHECK_TIMEOUT_SECONDS)
    except Exception:
        logger.warning("PostgreSQL health check failed", exc_info=True)
        return "down"
    return "ok"


async def _temporal_state(temporal: LazyTemporalClient) -> PartState:
    try:
        client = await asyncio.wait_for(temporal.get(), CHECK_TIMEOUT_SECONDS)
        await asyncio.wait_for(client.service_client.check_health(), CHECK_TIMEOUT_SECONDS)
    except Exception:
        logger.warning("Temporal health check failed", exc_info=True)
        return "down"
    return "ok"


async def check_health(session_maker: async_sessionmaker[AsyncSession], temporal: LazyTemporalClient) -> Health:
    postgres, temporal_state = await asyncio.gather(_postgres_state(session_maker), _temporal_state(temporal))
    return Health(postgres=postgres, temporal=temporal_state)
