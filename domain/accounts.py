"""Accounts: one live user per mobile number, each with its own referral code."""

import secrets

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.models import User, UserTripsInsights

REFERRAL_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
REFERRAL_CODE_LENGTH = 8


def new_referral_code() -> str:
    return "".join(secrets.choice(REFERRAL_ALPHABET) for _ in range(REFERRAL_CODE_LENGTH))


async def find_live_user_by_number(session: AsyncSession, mobile_number: str) -> User | None:
    return await session.scalar(select(User).where(User.mobile_number == mobile_number, User.deleted_at.is_(None)))


async def find_or_create_user(session: AsyncSession, mobile_number: str) -> User:
    user = await find_live_user_by_number(session, mobile_number)
    if user is not None:
        return user
    user = User(mobile_number=mobile_number, referral_code=new_referral_code())
    session.add(user)
    await session.flush()
    session.add(UserTripsInsights(user_id=user.id))
    await session.flush()
    return user


async def find_user_by_referral_code(session: AsyncSession, code: str) -> User | None:
    return await session.scalar(
        select(User).where(func.upper(User.referral_code) == code.upper(), User.deleted_at.is_(None))
    )


async def count_referred(session: AsyncSession, user_id: int) -> int:
    count = await session.scalar(select(func.count()).where(User.referred_by_id == user_id, User.deleted_at.is_(None)))
    return int(count or 0)
