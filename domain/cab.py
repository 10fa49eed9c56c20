"""A trip's cab, as the rest of the trip sees it: its running booking ended when the trip no longer needs it."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.flows import signal_after_commit
from domain.models import CabBooking
from domain.rules.cab import RUNNING, CabEnd
from workflows.cab_booking.contracts import CabEndRequest, cab_end


async def end_running_cab(session: AsyncSession, trip_id: int, cause: CabEnd, reason: str | None = None) -> None:
    """A cancelled or moved trip's running booking is cancelled with the vendor by its flow, after the commit."""
    latest = await session.scalar(
        select(CabBooking).where(CabBooking.trip_id == trip_id).order_by(CabBooking.number.desc()).limit(1)
    )
    if latest is not None and latest.status in RUNNING:
        await signal_after_commit(session, cab_end(trip_id, latest.number, CabEndRequest(cause=cause, reason=reason)))
