"""Blocking (and reporting) another user: from then on their trips and the blocker's are hidden from each other's
searches (api/trips/search.py), and neither may ask to join the other's trips (api/joins/requests.py)."""

from fastapi import status
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import ApiError
from api.schemas.join import BlockUser
from domain.models import User, UserBlock
from domain.rules import messages


async def block_user(session: AsyncSession, blocker: User, blocked_id: int, body: BlockUser) -> None:
    """Blocking again keeps one block: its reason is replaced, and a report once made stays made."""
    if blocked_id == blocker.id:
        raise ApiError(messages.BLOCK_SELF)
    if await session.scalar(select(User.id).where(User.id == blocked_id, User.deleted_at.is_(None))) is None:
        raise ApiError(messages.USER_NOT_FOUND, status.HTTP_404_NOT_FOUND)
    reason = (body.reason or "").strip() or None
    if body.report_user and reason is None:
        raise ApiError(messages.REASON_REQUIRED)
    block = await session.get(UserBlock, (blocker.id, blocked_id))
    block = block or UserBlock(blocker_id=blocker.id, blocked_id=blocked_id)
    block.reason, block.reported = reason, body.report_user or block.reported
    session.add(block)
