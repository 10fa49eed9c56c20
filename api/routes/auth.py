"""Sign-in with a mobile number and a one-time code (SPEC §2 login and code screens, §7 auth calls)."""

import secrets
from datetime import timedelta

from fastapi import APIRouter, Request, Response

from api.deps import AuthSessionDep, ClientIpDep, CurrentUser, SessionDep, SettingsDep, SmsDep
from api.envelope import Envelope, MessageOnly, done, ok
from api.errors import refusals
from api.schemas.auth import AccessToken, LoginRequest, LoginResult, OtpIssued, OtpRequest, SessionState
from api.security import otp
from api.security.access_tokens import issue_access_token
from api.security.cookies import (
    clear_session_cookie,
    session_cookie_name,
    set_csrf_cookie,
    set_session_cookie,
)
from api.security.sessions import find_live_session, open_session, revoke_session
from domain.accounts import find_or_create_user
from domain.rules import messages

router = APIRouter(prefix="/auth", tags=["auth"])


@router.get("/session")
async def read_session(request: Request, session: SessionDep) -> Envelope[SessionState]:
    token = request.cookies.get(session_cookie_name(request))
    live = token is not None and await find_live_session(session, token) is not None
    return ok(SessionState(is_logged_in=live))


@router.post("/otp", responses=refusals(429))
async def request_otp(
    body: OtpRequest, session: SessionDep, settings: SettingsDep, sms: SmsDep, ip: ClientIpDep
) -> Envelope[OtpIssued]:
    assert body.mobile_number is not None
    issued = await otp.issue_code(session, settings, sms, body.mobile_number, ip)
    return ok(
        OtpIssued(
            login_token=issued.login_token,
            otp_length=issued.code_length,
            resend_after_seconds=issued.resend_after_seconds,
            expires_in_seconds=issued.expires_in_seconds,
        ),
        messages.OTP_SENT,
    )


@router.post("/login", responses=refusals(401, 429))
async def login(
    body: LoginRequest, request: Request, response: Response, session: SessionDep, settings: SettingsDep
) -> Envelope[LoginResult]:
    assert body.otp is not None
    mobile_number = await otp.verify_code(session, settings, body.login_token, body.otp)
    user = await find_or_create_user(session, mobile_number)
    old_token = request.cookies.get(session_cookie_name(request))
    if old_token:
        await revoke_session(session, old_token)
    ttl = timedelta(days=settings.session_ttl_days)
    token, _ = await open_session(session, user.id, ttl, request.headers.get("user-agent"))
    set_session_cookie(response, request, token, int(ttl.total_seconds()))
    set_csrf_cookie(response, request, secrets.token_urlsafe(32))
    return ok(LoginResult(user_id=user.id, is_profile_complete=user.is_profile_complete), messages.LOGIN_SUCCESS)


@router.post("/access_token")
async def create_access_token(
    user: CurrentUser, auth_session: AuthSessionDep, settings: SettingsDep
) -> Envelope[AccessToken]:
    token = issue_access_token(
        settings.resolved_secret_key(),
        user.id,
        auth_session.token_hash,
        settings.access_token_ttl_seconds,
    )
    return ok(AccessToken(access_token=token, expires_in_seconds=settings.access_token_ttl_seconds))


@router.post("/logout")
async def logout(request: Request, response: Response, session: SessionDep) -> MessageOnly:
    token = request.cookies.get(session_cookie_name(request))
    if token:
        await revoke_session(session, token)
    clear_session_cookie(response, request)
    set_csrf_cookie(response, request, secrets.token_urlsafe(32))
    return done(messages.LOGOUT_SUCCESS)
