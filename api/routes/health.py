"""Liveness of the parts the API stands on."""

import asyncio
import logging
from typing import Literal

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from sqlalchemy import text

from api.envelope import Envelope

router = APIRouter(tags=["health"])
logger = logging.getLogger("humsafar.health")
CHECK_TIMEOUT_SECONDS = 3

PartState = Literal["ok", "down"]


class Health(BaseModel):
    postgres: PartState
    temporal: PartState


async def _postgres_state(request: Request) -> PartState:
    try:
        async with request.app.state.session_maker() as session:
            await asyncio.wait_for(session.execute(text("SELECT 1")), CHECK_TIMEOUT_SECONDS)
    except Exception:
        logger.warning("PostgreSQL health check failed", exc_info=True)
        return "down"
    return "ok"


async def _temporal_state(request: Request) -> PartState:
    try:
        client = await asyncio.wait_for(request.app.state.temporal.get(), CHECK_TIMEOUT_SECONDS)
        await asyncio.wait_for(client.service_client.check_health(), CHECK_TIMEOUT_SECONDS)
    except Exception:
        logger.warning("Temporal health check failed", exc_info=True)
        return "down"
    return "ok"


@router.get("/health", responses={503: {"model": Envelope[Health]}})
async def read_health(request: Request) -> Envelope[Health]:
    postgres, temporal = await asyncio.gather(_postgres_state(request), _temporal_state(request))
    health = Health(postgres=postgres, temporal=temporal)
    healthy = postgres == "ok" and temporal == "ok"
    envelope = Envelope[Health](message="OK" if healthy else "Degraded", data=health)
    if not healthy:
        return JSONResponse(envelope.model_dump(), status_code=503)  # type: ignore[return-value]
    return envelope
