"""A trip's cab, as the rest of the trip sees it."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.models import CabBooking
from domain.rules.cab import RUNNING


async def running_booking(session: AsyncSession, trip_id: int) -> CabBooking | None:
    """The trip's latest booking while it runs (requested or booked): the one a cancelled or moved trip ends."""
    latest = await session.scalar(
        select(CabBooking).where(CabBooking.trip_id == trip_id).order_by(CabBooking.number.desc()).limit(1)
    )
    return latest if latest is not None and latest.status in RUNNING else None
