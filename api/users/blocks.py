"""Blocking (and reporting) another user, and what a block means everywhere (SPEC §6: any logged-in user may block
another). A block works both ways: from then on neither of the two finds, opens, asks about or asks to join a trip the
other hosts (api/trips/queries/search.py, api/trips/queries/reads.py, api/questions/service.py,
api/joins/service/requests.py), nor uses the chat of one (api/chat/service.py, api/chat/writer.py). Whoever meets the
block is told the trip, question or chat is not found, the same words as for one that does not exist, so the block
itself is never shown.

Every check goes through blocked_between (or its SQL text, blocked_between_sql, for the chat writer's statement)."""

from sqlalchemy import literal_column, select
from sqlalchemy.dialects import postgresql
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import refuse
from api.users.schemas import BlockUser
from domain.blocks import blocked_between
from domain.bus import close_sockets_of
from domain.models import User, UserBlock
from domain.rules import messages
from domain.rules.refusal import invalid, not_found


def blocked_between_sql(one: str, other: str) -> str:
    """blocked_between as SQL text, for the statements written as text; one and other are columns of theirs."""
    condition = blocked_between(literal_column(one), literal_column(other))
    return str(condition.compile(dialect=postgresql.dialect()))


async def are_blocked(session: AsyncSession, one: int, other: int) -> bool:
    """True when either of the two has blocked the other."""
    return bool(await session.scalar(select(blocked_between(one, other))))


async def block_user(session: AsyncSession, blocker: User, blocked_id: int, body: BlockUser) -> None:
    """Blocking again keeps one block: its reason is replaced, and a report once made stays made."""
    if blocked_id == blocker.id:
        refuse(invalid(messages.BLOCK_SELF))
    if await session.scalar(select(User.id).where(User.id == blocked_id, User.deleted_at.is_(None))) is None:
        refuse(not_found(messages.USER_NOT_FOUND))
    reason = (body.reason or "").strip() or None
    if body.report_user and reason is None:
        refuse(invalid(messages.REASON_REQUIRED))
    block = await session.get(UserBlock, (blocker.id, blocked_id))
    block = block or UserBlock(blocker_id=blocker.id, blocked_id=blocked_id)
    block.reason, block.reported = reason, body.report_user or block.reported
    session.add(block)
    # Their open sockets close, so neither goes on hearing a chat of the other's trip; each reconnects to what is
    # still theirs.
    for person in (blocked_id, blocker.id):
        await close_sockets_of(session, person)
