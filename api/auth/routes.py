"""Sign-in with a mobile number and a one-time code (SPEC §2 login and code screens, §7 auth calls)."""

from fastapi import APIRouter, Request, Response

from api.auth.schemas import AccessToken, LoginRequest, LoginResult, OtpIssued, OtpRequest, SessionState
from api.auth.service import access_token_for, has_live_session, send_code, sign_in, sign_out
from api.deps import AuthSessionDep, ClientIpDep, CurrentUser, SessionDep, SettingsDep, SmsDep
from api.openapi import refusals
from api.security.cookies import begin_cookie_session, end_cookie_session, session_cookie_name
from api.security.hashing import token_hash
from api.security.known_devices import known_device_cookie, remember_device
from domain.bus import close_sockets_of_session
from domain.envelope import Envelope, MessageOnly, done, ok
from domain.rules import messages

router = APIRouter(prefix="/auth", tags=["auth"])


@router.get("/session")
async def read_session(request: Request, session: SessionDep) -> Envelope[SessionState]:
    live = await has_live_session(session, request.cookies.get(session_cookie_name(request)))
    return ok(SessionState(is_logged_in=live))


@router.post("/otp", responses=refusals(429))
async def request_otp(
    body: OtpRequest, request: Request, session: SessionDep, settings: SettingsDep, sms: SmsDep, ip: ClientIpDep
) -> Envelope[OtpIssued]:
    assert body.mobile_number is not None
    device = known_device_cookie(request)
    return ok(await send_code(session, settings, sms, body.mobile_number, ip, device), messages.OTP_SENT)


@router.post("/login", responses=refusals(401, 429))
async def login(
    body: LoginRequest, request: Request, response: Response, session: SessionDep, settings: SettingsDep
) -> Envelope[LoginResult]:
    assert body.otp is not None
    old_token = request.cookies.get(session_cookie_name(request))
    user_agent = request.headers.get("user-agent")
    signed_in = await sign_in(session, settings, body.login_token, body.otp, old_token, user_agent)
    ttl_seconds = int(signed_in.session_ttl.total_seconds())
    begin_cookie_session(response, request, settings.resolved_secret_key(), signed_in.session_token, ttl_seconds)
    device_ttl_seconds = settings.known_device_days * 24 * 3600
    remember_device(response, request, settings.resolved_secret_key(), signed_in.mobile_number, device_ttl_seconds)
    return ok(signed_in.result, messages.LOGIN_SUCCESS)


@router.post("/access_token")
async def create_access_token(
    user: CurrentUser, auth_session: AuthSessionDep, settings: SettingsDep
) -> Envelope[AccessToken]:
    return ok(access_token_for(settings, user, auth_session))


@router.post("/logout")
async def logout(request: Request, response: Response, session: SessionDep, settings: SettingsDep) -> MessageOnly:
    """Ends the session; its open sockets (by cookie or access token) close once that commits."""
    token = request.cookies.get(session_cookie_name(request))
    if token:
        await close_sockets_of_session(session, token_hash(token))
    await sign_out(session, token)
    end_cookie_session(response, request, settings.resolved_secret_key())
    return done(messages.LOGOUT_SUCCESS)
