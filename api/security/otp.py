"""One-time codes (ARCHITECTURE.md "One-time codes").

A code is short, so the server bounds guessing: 5 tries per code, a daily failure budget per number, send caps
per number and per IP, a resend gap, a short expiry, single use, and a binding to the login_token handed to the
client that asked. Codes are stored as a keyed hash and compared in constant time. Nothing here looks at whether
the number has an account, so the answers are the same either way.
"""

import secrets
from dataclasses import dataclass
from datetime import timedelta

from fastapi import status
from sqlalchemy import func, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import ApiError
from api.outbound import commit_before_calling_out
from api.security.hashing import keyed_hash, new_token, same, token_hash
from domain import clock
from domain.models import OtpChallenge
from domain.providers.sms import SmsDeliveryError, SmsProvider, sign_in_code_message
from domain.rules import messages
from domain.settings import Settings

TOO_MANY = status.HTTP_429_TOO_MANY_REQUESTS


@dataclass(frozen=True)
class IssuedCode:
    login_token: str
    code_length: int
    resend_after_seconds: int
    expires_in_seconds: int


def _code_hash(settings: Settings, login_token_hash: bytes, code: str) -> bytes:
    return keyed_hash(settings.resolved_secret_key(), "otp", login_token_hash, code)


async def _lock_number(session: AsyncSession, mobile_number: str) -> None:
    """Serialises the sends and checks of one number across API processes until the transaction ends."""
    await session.execute(text("SELECT pg_advisory_xact_lock(hashtext(:key))"), {"key": f"otp:{mobile_number}"})


async def _failures_today(session: AsyncSession, mobile_number: str) -> int:
    since = clock.start_of_ist_day(clock.now())
    total = await session.scalar(
        select(func.coalesce(func.sum(OtpChallenge.failed_attempts), 0)).where(
            OtpChallenge.mobile_number == mobile_number, OtpChallenge.created_at >= since
        )
    )
    return int(total or 0)


async def _refuse_when_over_limits(
    session: AsyncSession, settings: Settings, mobile_number: str, requester_ip: str | None
) -> None:
    now = clock.now()
    latest = await session.scalar(
        select(func.max(OtpChallenge.created_at)).where(OtpChallenge.mobile_number == mobile_number)
    )
    if latest is not None:
        wait = settings.otp_resend_seconds - (now - latest).total_seconds()
        if wait > 0:
            raise ApiError(messages.OTP_RESEND_TOO_SOON.format(seconds=int(wait) + 1), TOO_MANY)
    hour_ago = now - timedelta(hours=1)
    sent_to_number = await session.scalar(
        select(func.count()).where(OtpChallenge.mobile_number == mobile_number, OtpChallenge.created_at > hour_ago)
    )
    if (sent_to_number or 0) >= settings.otp_sends_per_number_per_hour:
        raise ApiError(messages.OTP_SEND_LIMIT, TOO_MANY)
    if requester_ip is not None:
        sent_from_ip = await session.scalar(
            select(func.count()).where(OtpChallenge.requester_ip == requester_ip, OtpChallenge.created_at > hour_ago)
        )
        if (sent_from_ip or 0) >= settings.otp_sends_per_ip_per_hour:
            raise ApiError(messages.OTP_SEND_LIMIT, TOO_MANY)
    if await _failures_today(session, mobile_number) >= settings.otp_daily_failure_budget:
        raise ApiError(messages.OTP_DAILY_FAILURES, TOO_MANY)


async def issue_code(
    session: AsyncSession,
    settings: Settings,
    sms: SmsProvider,
    mobile_number: str,
    requester_ip: str | None,
) -> IssuedCode:
    """Stores a new code for the number (ending its earlier ones) within the caps, commits it, then has it sent."""
    await _lock_number(session, mobile_number)
    await _refuse_when_over_limits(session, settings, mobile_number, requester_ip)
    now = clock.now()
    await session.execute(
        update(OtpChallenge)
        .where(OtpChallenge.mobile_number == mobile_number, OtpChallenge.consumed_at.is_(None))
        .values(consumed_at=now)
    )
    code = "".join(str(secrets.randbelow(10)) for _ in range(settings.otp_length))
    login_token = new_token()
    login_token_hash = token_hash(login_token)
    session.add(
        OtpChallenge(
            login_token_hash=login_token_hash,
            mobile_number=mobile_number,
            code_hash=_code_hash(settings, login_token_hash, code),
            requester_ip=requester_ip,
            created_at=now,
            expires_at=now + timedelta(seconds=settings.otp_ttl_seconds),
        )
    )
    # The code, the caps' count and the number's lock are settled before the gateway is called: the SMS goes out
    # with nothing of the database held. A code the gateway refused stays stored unsent, counted by the caps.
    await commit_before_calling_out(session)
    try:
        await sms.send(sign_in_code_message(mobile_number, code, minutes=settings.otp_ttl_seconds // 60))
    except SmsDeliveryError as error:
        raise ApiError(messages.GENERIC_ERROR, status.HTTP_503_SERVICE_UNAVAILABLE) from error
    return IssuedCode(
        login_token=login_token,
        code_length=settings.otp_length,
        resend_after_seconds=settings.otp_resend_seconds,
        expires_in_seconds=settings.otp_ttl_seconds,
    )


async def verify_code(session: AsyncSession, settings: Settings, login_token: str, otp: int) -> str:
    """Consumes the code and returns its mobile number, or raises the reason it cannot be used.

    A wrong try is committed before the refusal is raised, so the count survives the request's rollback.
    """
    login_token_hash = token_hash(login_token)
    challenge = await session.scalar(
        select(OtpChallenge).where(OtpChallenge.login_token_hash == login_token_hash).with_for_update()
    )
    if challenge is None or challenge.consumed_at is not None:
        raise ApiError(messages.OTP_LOGIN_TOKEN_INVALID, status.HTTP_401_UNAUTHORIZED)
    if challenge.expires_at <= clock.now():
        raise ApiError(messages.OTP_EXPIRED, status.HTTP_401_UNAUTHORIZED)
    if challenge.failed_attempts >= settings.otp_max_tries:
        raise ApiError(messages.OTP_TOO_MANY_TRIES, TOO_MANY)
    if await _failures_today(session, challenge.mobile_number) >= settings.otp_daily_failure_budget:
        raise ApiError(messages.OTP_DAILY_FAILURES, TOO_MANY)

    typed = str(otp).zfill(settings.otp_length) if 0 <= otp < 10**settings.otp_length else ""
    if not same(_code_hash(settings, login_token_hash, typed), challenge.code_hash):
        challenge.failed_attempts += 1
        await session.commit()
        if challenge.failed_attempts >= settings.otp_max_tries:
            raise ApiError(messages.OTP_TOO_MANY_TRIES, TOO_MANY)
        raise ApiError(messages.OTP_INVALID, status.HTTP_401_UNAUTHORIZED)
    challenge.consumed_at = clock.now()
    return challenge.mobile_number
