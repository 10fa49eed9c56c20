"""Who may use a trip's chat: its host and its active members (api/chat/service.py in_chat). Anyone else is refused,
with 404 when the trip does not exist at all or its host and the caller have blocked each other (the block is not
told, api/users/blocks.py)."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.chat import service
from api.errors import refuse
from domain.blocks import blocked_between
from domain.models import Trip
from domain.rules import messages
from domain.rules.refusal import not_found, not_theirs


async def require_chat_user(session: AsyncSession, chat_id: int, user_id: int) -> None:
    if not await service.is_chat_user(session, chat_id, user_id):
        exists = await session.scalar(
            select(Trip.id).where(Trip.id == chat_id, ~blocked_between(user_id, Trip.host_id))
        )
        if exists is None:
            refuse(not_found(messages.CHAT_NOT_FOUND))
        refuse(not_theirs(messages.CHAT_MEMBERS_ONLY))
