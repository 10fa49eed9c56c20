"""Who is on the other end of a chat socket or an upload: the session cookie or a short-lived access token."""

import time
from dataclasses import dataclass

from sqlalchemy import literal, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from starlette.requests import HTTPConnection

from api.security.access_tokens import read_access_token
from api.security.cookies import session_cookie_name
from api.security.hashing import token_hash
from domain import clock
from domain.models import AuthSession, User


@dataclass
class Principal:
    user_id: int
    session_hash: bytes
    # An access token stops working at this time (epoch seconds); a cookie session is checked in the database.
    expires_at: float | None = None

    def is_expired(self) -> bool:
        return self.expires_at is not None and self.expires_at <= time.time()


async def _live_user(session: AsyncSession, session_hash: bytes, user_id: int | None = None) -> int | None:
    query = (
        select(AuthSession.user_id)
        .join(User, User.id == AuthSession.user_id)
        .where(
            AuthSession.token_hash == session_hash,
            AuthSession.revoked_at.is_(None),
            AuthSession.expires_at > clock.now(),
            User.deleted_at.is_(None),
        )
    )
    if user_id is not None:
        query = query.where(AuthSession.user_id == user_id)
    return await session.scalar(query)


async def is_session_live(session: AsyncSession, principal: Principal) -> bool:
    query = select(literal(1)).where(
        AuthSession.token_hash == principal.session_hash,
        AuthSession.user_id == principal.user_id,
        AuthSession.revoked_at.is_(None),
        AuthSession.expires_at > clock.now(),
    )
    return await session.scalar(query) is not None


async def principal_from_cookie(
    session_maker: async_sessionmaker[AsyncSession], connection: HTTPConnection
) -> Principal | None:
    token = connection.cookies.get(session_cookie_name(connection))
    if not token:
        return None
    session_hash = token_hash(token)
    async with session_maker() as session:
        user_id = await _live_user(session, session_hash)
    return Principal(user_id, session_hash) if user_id is not None else None


async def principal_from_access_token(
    session_maker: async_sessionmaker[AsyncSession], secret_key: str, token: str
) -> Principal | None:
    claims = read_access_token(secret_key, token)
    if claims is None:
        return None
    async with session_maker() as session:
        user_id = await _live_user(session, claims.session_hash, claims.user_id)
    return Principal(claims.user_id, claims.session_hash, claims.expires_at) if user_id is not None else None
