"""Liveness of the parts the API stands on."""

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from api.health.schemas import Health
from api.health.service import check_health
from domain.envelope import Envelope

router = APIRouter(tags=["health"])


@router.get("/health", responses={503: {"model": Envelope[Health]}})
async def read_health(request: Request) -> Envelope[Health]:
    health = await check_health(request.app.state.session_maker, request.app.state.temporal)
    envelope = Envelope[Health](message="OK" if health.is_healthy else "Degraded", data=health)
    if not health.is_healthy:
        return JSONResponse(envelope.model_dump(), status_code=503)  # type: ignore[return-value]
    return envelope
