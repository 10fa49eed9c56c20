"""Sign-in rules: SPEC §5 phone and code, ARCHITECTURE.md "One-time codes" and "Sessions"."""

import httpx
import pytest
from sqlalchemy import select

from api.main import create_app
from api.security.access_tokens import read_access_token
from domain import clock
from domain.models import AuthSession, OtpChallenge
from domain.rules import messages
from tests.api.conftest import age_codes, latest_code, make_client, random_mobile_number, running_in_process, sign_in


async def request_code(client, mobile_number):
    answer = await client.post("/api/auth/otp", json={"mobile_number": mobile_number})
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]["login_token"], await latest_code(client, mobile_number)


def wrong(code: str) -> int:
    return (int(code) + 1) % 10_000


async def login(client, token, otp):
    return await client.post("/api/auth/login", json={"otp": otp, "login_token": token})


@pytest.mark.parametrize(
    ("mobile_number", "message"),
    [
        (None, messages.PHONE_REQUIRED),
        ("", messages.PHONE_REQUIRED),
        ("12345", messages.PHONE_INVALID),
        ("5876543210", messages.PHONE_INVALID),
        ("98765432101", messages.PHONE_INVALID),
        ("98765abcde", messages.PHONE_INVALID),
    ],
)
async def test_otp_request_refuses_a_bad_number_with_the_spec_message(client, mobile_number, message):
    answer = await client.post("/api/auth/otp", json={"mobile_number": mobile_number})
    assert answer.status_code == 400
    assert answer.json() == {"status": "FAILURE", "message": message}


async def test_otp_request_answers_a_login_token_and_sends_a_four_digit_code(client):
    mobile_number = random_mobile_number()
    answer = await client.post("/api/auth/otp", json={"mobile_number": mobile_number})
    body = answer.json()
    assert body["status"] == "SUCCESS"
    assert body["data"]["otp_length"] == 4
    assert body["data"]["resend_after_seconds"] == 60
    assert len(body["data"]["login_token"]) >= 40
    outbox = (await client.get("/api/sandbox/sms", params={"mobile_number": mobile_number})).json()["data"]
    assert len(outbox) == 1
    assert outbox[0]["mobile_number"] == mobile_number
    assert len(outbox[0]["code"]) == 4 and outbox[0]["code"].isdigit()
    assert outbox[0]["code"] in outbox[0]["message"]


async def test_the_answer_is_the_same_whether_or_not_the_number_has_an_account(client, app):
    existing = await sign_in(client)
    await age_codes(app, existing, 61)
    async with make_client(app) as other:
        await other.get("/api/auth/session")
        known = (await other.post("/api/auth/otp", json={"mobile_number": existing})).json()
        unknown = (await other.post("/api/auth/otp", json={"mobile_number": random_mobile_number()})).json()
    assert known.keys() == unknown.keys()
    assert known["message"] == unknown["message"]
    assert known["data"].keys() == unknown["data"].keys()
    assert {k: v for k, v in known["data"].items() if k != "login_token"} == {
        k: v for k, v in unknown["data"].items() if k != "login_token"
    }


async def test_the_right_code_signs_in_and_sets_the_session(client):
    mobile_number = random_mobile_number()
    token, code = await request_code(client, mobile_number)
    answer = await login(client, token, int(code))
    assert answer.status_code == 200, answer.text
    assert answer.json()["data"]["is_profile_complete"] is False
    me = await client.get("/api/user/user")
    assert me.status_code == 200
    assert me.json()["data"]["mobile_number"] == mobile_number


async def test_a_wrong_code_fails_with_a_message(client):
    token, code = await request_code(client, random_mobile_number())
    answer = await login(client, token, wrong(code))
    assert answer.status_code == 401
    assert answer.json() == {"status": "FAILURE", "message": messages.OTP_INVALID}


async def test_an_empty_code_is_refused_with_the_spec_message(client):
    token, _ = await request_code(client, random_mobile_number())
    answer = await client.post("/api/auth/login", json={"login_token": token})
    assert answer.status_code == 400
    assert answer.json()["message"] == messages.OTP_REQUIRED


async def test_the_sixth_try_fails_even_with_the_right_code(client):
    token, code = await request_code(client, random_mobile_number())
    for _ in range(5):
        assert (await login(client, token, wrong(code))).status_code in (401, 429)
    answer = await login(client, token, int(code))
    assert answer.status_code == 429
    assert answer.json()["message"] == messages.OTP_TOO_MANY_TRIES
    assert (await client.get("/api/user/user")).status_code == 401


async def test_the_fifth_wrong_try_says_the_code_is_dead(client):
    token, code = await request_code(client, random_mobile_number())
    for _ in range(4):
        assert (await login(client, token, wrong(code))).status_code == 401
    answer = await login(client, token, wrong(code))
    assert answer.json()["message"] == messages.OTP_TOO_MANY_TRIES


async def test_an_expired_code_fails(client, app):
    mobile_number = random_mobile_number()
    token, code = await request_code(client, mobile_number)
    await age_codes(app, mobile_number, 601)
    answer = await login(client, token, int(code))
    assert answer.status_code == 401
    assert answer.json()["message"] == messages.OTP_EXPIRED


async def test_a_used_login_token_fails(client, app):
    token, code = await request_code(client, random_mobile_number())
    assert (await login(client, token, int(code))).status_code == 200
    async with make_client(app) as other:
        await other.get("/api/auth/session")
        again = await login(other, token, int(code))
    assert again.status_code == 401
    assert again.json()["message"] == messages.OTP_LOGIN_TOKEN_INVALID


async def test_a_code_only_works_with_its_own_login_token(client):
    first_token, first_code = await request_code(client, random_mobile_number())
    second_token, second_code = await request_code(client, random_mobile_number())
    if first_code != second_code:
        assert (await login(client, second_token, int(first_code))).status_code == 401
    assert (await login(client, first_token, int(first_code))).status_code == 200


async def test_a_resend_before_60_seconds_is_refused(client):
    mobile_number = random_mobile_number()
    await request_code(client, mobile_number)
    answer = await client.post("/api/auth/otp", json={"mobile_number": mobile_number})
    assert answer.status_code == 429
    assert "seconds before requesting a new OTP" in answer.json()["message"]
    outbox = (await client.get("/api/sandbox/sms", params={"mobile_number": mobile_number})).json()["data"]
    assert len(outbox) == 1


async def test_a_resend_after_60_seconds_replaces_the_old_code(client, app):
    mobile_number = random_mobile_number()
    old_token, old_code = await request_code(client, mobile_number)
    await age_codes(app, mobile_number, 61)
    new_token, new_code = await request_code(client, mobile_number)
    assert (await login(client, old_token, int(old_code))).status_code == 401
    assert (await login(client, new_token, int(new_code))).status_code == 200


async def test_sends_to_one_number_are_capped_per_hour(client, app, api_settings):
    mobile_number = random_mobile_number()
    for _ in range(api_settings.otp_sends_per_number_per_hour):
        await request_code(client, mobile_number)
        await age_codes(app, mobile_number, 61)
    answer = await client.post("/api/auth/otp", json={"mobile_number": mobile_number})
    assert answer.status_code == 429
    assert answer.json()["message"] == messages.OTP_SEND_LIMIT


async def test_sends_from_one_ip_are_capped_per_hour(api_settings):
    settings = api_settings.model_copy(update={"otp_sends_per_ip_per_hour": 3})
    async with running_in_process(create_app(settings), settings) as app, make_client(app, ip="203.0.113.7") as client:
        await client.get("/api/auth/session")
        for _ in range(3):
            assert (await client.post("/api/auth/otp", json={"mobile_number": random_mobile_number()})).is_success
        answer = await client.post("/api/auth/otp", json={"mobile_number": random_mobile_number()})
    assert answer.status_code == 429
    assert answer.json()["message"] == messages.OTP_SEND_LIMIT


async def test_a_number_that_spent_its_daily_failure_budget_can_neither_request_nor_verify(client, app):
    mobile_number = random_mobile_number()
    for _ in range(3):
        token, code = await request_code(client, mobile_number)
        for _ in range(5):
            await login(client, token, wrong(code))
        await age_codes(app, mobile_number, 61)
    answer = await client.post("/api/auth/otp", json={"mobile_number": mobile_number})
    assert answer.status_code == 429
    assert answer.json()["message"] == messages.OTP_DAILY_FAILURES


async def test_codes_are_stored_hashed(client, app):
    mobile_number = random_mobile_number()
    token, code = await request_code(client, mobile_number)
    async with app.state.session_maker() as session:
        challenge = await session.scalar(select(OtpChallenge).where(OtpChallenge.mobile_number == mobile_number))
    assert challenge is not None
    assert code.encode() not in challenge.code_hash
    assert token.encode() not in challenge.login_token_hash
    assert len(challenge.code_hash) == 32


async def test_the_session_cookie_is_http_only_and_same_site_lax(client):
    token, code = await request_code(client, random_mobile_number())
    answer = await login(client, token, int(code))
    cookies = answer.headers.get_list("set-cookie")
    session_cookie = next(cookie for cookie in cookies if cookie.startswith("session="))
    assert "HttpOnly" in session_cookie
    assert "SameSite=lax" in session_cookie
    assert "Secure" not in session_cookie
    value = session_cookie.split(";")[0].split("=", 1)[1]
    assert len(value) >= 22


async def test_outside_localhost_the_session_cookie_is_secure_and_host_prefixed(app):
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="https://humsafar.in") as browser:
        await browser.get("/api/auth/session")
        csrf = browser.cookies.get("__Host-csrf_token")
        headers = {"X-CSRF-Token": csrf}
        mobile_number = random_mobile_number()
        token = (await browser.post("/api/auth/otp", json={"mobile_number": mobile_number}, headers=headers)).json()[
            "data"
        ]["login_token"]
        code = await latest_code(browser, mobile_number)
        answer = await browser.post("/api/auth/login", json={"otp": int(code), "login_token": token}, headers=headers)
    session_cookie = next(c for c in answer.headers.get_list("set-cookie") if c.startswith("__Host-session="))
    assert "Secure" in session_cookie and "HttpOnly" in session_cookie and "Path=/" in session_cookie
    assert "Domain" not in session_cookie


async def test_login_rotates_the_session(client):
    await sign_in(client)
    first = client.cookies.get("session")
    await sign_in(client)
    second = client.cookies.get("session")
    assert first != second
    client.cookies.set("session", first)
    assert (await client.get("/api/user/user")).status_code == 401


async def test_logout_revokes_the_session_on_the_server(client, app):
    await sign_in(client)
    stolen = client.cookies.get("session")
    assert (await client.post("/api/auth/logout")).status_code == 200
    client.cookies.set("session", stolen)
    assert (await client.get("/api/user/user")).status_code == 401
    async with app.state.session_maker() as session:
        rows = (await session.scalars(select(AuthSession).where(AuthSession.revoked_at.is_not(None)))).all()
    assert rows


async def test_session_state_says_whether_the_browser_is_signed_in(client):
    assert (await client.get("/api/auth/session")).json()["data"] == {"is_logged_in": False}
    await sign_in(client)
    assert (await client.get("/api/auth/session")).json()["data"] == {"is_logged_in": True}


async def test_an_access_token_is_short_lived_and_needs_a_session(client, api_settings):
    assert (await client.post("/api/auth/access_token")).status_code == 401
    await sign_in(client)
    answer = await client.post("/api/auth/access_token")
    assert answer.status_code == 200
    data = answer.json()["data"]
    assert data["expires_in_seconds"] == api_settings.access_token_ttl_seconds
    claims = read_access_token(api_settings.resolved_secret_key(), data["access_token"])
    assert claims is not None
    assert claims.expires_at <= clock.now().timestamp() + api_settings.access_token_ttl_seconds + 1
    assert read_access_token(api_settings.resolved_secret_key(), data["access_token"] + "x") is None
