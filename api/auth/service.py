"""Signing in with a mobile number and a one-time code (SPEC §2 login and code screens, §7 auth calls), signing out,
and the short-lived access token of the chat socket. The session itself travels in a cookie (api/security)."""

from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from api.auth.schemas import AccessToken, LoginResult, OtpIssued
from api.security import otp
from api.security.access_tokens import issue_access_token
from api.security.known_devices import is_known_device
from api.security.sessions import find_live_session, open_session, revoke_session
from domain.accounts import find_or_create_user
from domain.models import AuthSession, User
from domain.providers.sms import SmsProvider
from domain.settings import Settings


@dataclass(frozen=True)
class SignedIn:
    result: LoginResult
    session_token: str
    session_ttl: timedelta
    mobile_number: str


async def has_live_session(session: AsyncSession, token: str | None) -> bool:
    return token is not None and await find_live_session(session, token) is not None


async def send_code(
    session: AsyncSession,
    settings: Settings,
    sms: SmsProvider,
    mobile_number: str,
    ip: str | None,
    device_cookie: str | None,
) -> OtpIssued:
    """A code for the number; asked for with the mark of a browser that signed in as it before, it is the owner's
    device asking, whose caps are its own (api/security/otp.py)."""
    known = is_known_device(settings.resolved_secret_key(), device_cookie, mobile_number)
    issued = await otp.issue_code(session, settings, sms, mobile_number, ip, known_device=known)
    return OtpIssued(
        login_token=issued.login_token,
        otp_length=issued.code_length,
        resend_after_seconds=issued.resend_after_seconds,
        expires_in_seconds=issued.expires_in_seconds,
    )


async def sign_in(
    session: AsyncSession,
    settings: Settings,
    login_token: str,
    code: int,
    replaced_token: str | None,
    user_agent: str | None,
) -> SignedIn:
    """A new session for the number the code was sent to, its account made on the first sign-in. The session the
    browser held before, if any, ends: every sign-in gets a new token."""
    mobile_number = await otp.verify_code(session, settings, login_token, code)
    user = await find_or_create_user(session, mobile_number)
    if replaced_token:
        await revoke_session(session, replaced_token)
    ttl = timedelta(days=settings.session_ttl_days)
    token, _ = await open_session(session, user.id, ttl, user_agent)
    result = LoginResult(user_id=user.id, is_profile_complete=user.is_profile_complete)
    return SignedIn(result, token, ttl, mobile_number)


async def sign_out(session: AsyncSession, token: str | None) -> None:
    if token:
        await revoke_session(session, token)


def access_token_for(settings: Settings, user: User, auth_session: AuthSession) -> AccessToken:
    """A token for the chat socket, bound to the cookie's session: it stops working when that session ends."""
    token = issue_access_token(
        settings.resolved_secret_key(),
        user.id,
        auth_session.token_hash,
        settings.access_token_ttl_seconds,
    )
    return AccessToken(access_token=token, expires_in_seconds=settings.access_token_ttl_seconds)
