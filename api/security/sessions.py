"""Server-side sessions: an opaque cookie token, stored hashed, revocable, rotated at every login."""

from datetime import UTC, datetime, timedelta

from sqlalchemy import BindParameter, ColumnElement, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from api.security.hashing import new_token, token_hash
from domain.models import AuthSession


async def open_session(
    session: AsyncSession, user_id: int, ttl: timedelta, user_agent: str | None
) -> tuple[str, AuthSession]:
    token = new_token()
    auth_session = AuthSession(
        token_hash=token_hash(token),
        user_id=user_id,
        expires_at=datetime.now(UTC) + ttl,
        user_agent=(user_agent or "")[:300] or None,
    )
    session.add(auth_session)
    await session.flush()
    return token, auth_session


def live_session(hashed_token: bytes | BindParameter[bytes]) -> tuple[ColumnElement[bool], ...]:
    """The conditions on AuthSession of the session whose token hashes to hashed_token, while it is live."""
    return AuthSession.token_hash == hashed_token, AuthSession.revoked_at.is_(None), AuthSession.expires_at > func.now()


async def find_live_session(session: AsyncSession, token: str) -> AuthSession | None:
    return await session.scalar(select(AuthSession).where(*live_session(token_hash(token))))


async def revoke_session(session: AsyncSession, token: str) -> None:
    await session.execute(
        update(AuthSession)
        .where(AuthSession.token_hash == token_hash(token), AuthSession.revoked_at.is_(None))
        .values(revoked_at=datetime.now(UTC))
    )


async def revoke_all_sessions(session: AsyncSession, user_id: int) -> None:
    await session.execute(
        update(AuthSession)
        .where(AuthSession.user_id == user_id, AuthSession.revoked_at.is_(None))
        .values(revoked_at=datetime.now(UTC))
    )
