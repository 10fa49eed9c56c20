"""Sign-in rules: SPEC §5 phone and code, ARCHITECTURE.md "One-time codes" and "Sessions"."""

import asyncio
import random
from contextlib import asynccontextmanager

import httpx
import pytest
from sqlalchemy import func, select

from api.main import create_app
from api.security.access_tokens import read_access_token
from domain import clock
from domain.envelope import Failure
from domain.models import AuthSession, OtpChallenge
from domain.rules import messages
from tests.api.conftest import age_codes, latest_code, make_client, random_mobile_number, running_in_process, sign_in


def random_address() -> str:
    """An address of the documentation range no other test asks from."""
    return f"198.51.{random.randint(0, 255)}.{random.randint(1, 254)}"


@pytest.fixture
async def stranger(app):
    """A browser from an address of its own: its wrong codes count against nobody else's."""
    async with make_client(app, ip=random_address()) as browser:
        await browser.get("/api/auth/session")
        yield browser


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
    assert answer.json() == Failure(message=message).model_dump()


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


async def test_a_wrong_code_fails_with_a_message(stranger):
    token, code = await request_code(stranger, random_mobile_number())
    answer = await login(stranger, token, wrong(code))
    assert answer.status_code == 401
    assert answer.json() == Failure(message=messages.OTP_INVALID).model_dump()


async def test_an_empty_code_is_refused_with_the_spec_message(client):
    token, _ = await request_code(client, random_mobile_number())
    answer = await client.post("/api/auth/login", json={"login_token": token})
    assert answer.status_code == 400
    assert answer.json()["message"] == messages.OTP_REQUIRED


async def test_the_sixth_try_fails_even_with_the_right_code(stranger):
    token, code = await request_code(stranger, random_mobile_number())
    for _ in range(5):
        assert (await login(stranger, token, wrong(code))).status_code in (401, 429)
    answer = await login(stranger, token, int(code))
    assert answer.status_code == 429
    assert answer.json()["message"] == messages.OTP_TOO_MANY_TRIES
    assert (await stranger.get("/api/user/user")).status_code == 401


async def test_the_fifth_wrong_try_says_the_code_is_dead(stranger):
    token, code = await request_code(stranger, random_mobile_number())
    for _ in range(4):
        assert (await login(stranger, token, wrong(code))).status_code == 401
    answer = await login(stranger, token, wrong(code))
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


async def test_a_code_only_works_with_its_own_login_token(stranger):
    first_token, first_code = await request_code(stranger, random_mobile_number())
    second_token, second_code = await request_code(stranger, random_mobile_number())
    if first_code != second_code:
        assert (await login(stranger, second_token, int(first_code))).status_code == 401
    assert (await login(stranger, first_token, int(first_code))).status_code == 200


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


async def test_concurrent_sends_from_one_ip_to_different_numbers_never_pass_the_cap(api_settings):
    """The cap is counted and a code stored under one lock of the address: requests racing from one address to
    different numbers cannot each see room left."""
    cap = 4
    settings = api_settings.model_copy(update={"otp_sends_per_ip_per_hour": cap})
    address = random_address()
    async with running_in_process(create_app(settings), settings) as app, make_client(app, ip=address) as client:
        await client.get("/api/auth/session")
        answers = await asyncio.gather(
            *(client.post("/api/auth/otp", json={"mobile_number": random_mobile_number()}) for _ in range(24))
        )
    codes = [answer.status_code for answer in answers]
    assert codes.count(200) == cap, codes
    assert set(codes) == {200, 429}
    async with app.state.session_maker() as session:
        stored = await session.scalar(select(func.count()).where(OtpChallenge.requester_ip == address))
    assert stored == cap


@asynccontextmanager
async def browser_from(app, address: str | None = None):
    """A browser that loaded the app, from an address of its own."""
    async with make_client(app, ip=address or random_address()) as browser:
        await browser.get("/api/auth/session")
        yield browser


async def kill_codes(app, browser, mobile_number: str, codes: int) -> httpx.Response | None:
    """Asks for the number's codes and spends each code's tries on wrong guesses; answers the refusal that stopped
    it, if one did."""
    for _ in range(codes):
        answer = await browser.post("/api/auth/otp", json={"mobile_number": mobile_number})
        if answer.status_code != 200:
            return answer
        token, code = answer.json()["data"]["login_token"], await latest_code(browser, mobile_number)
        for _ in range(5):
            await login(browser, token, wrong(code))
        await age_codes(app, mobile_number, 61)
    return None


async def test_a_strangers_wrong_guesses_slow_the_stranger_and_not_the_owner(app):
    """Guessing at someone's number from one address is stopped at that address: the owner, asking from another,
    still gets a code and signs in."""
    mobile_number = random_mobile_number()
    async with browser_from(app) as attacker:
        refused = await kill_codes(app, attacker, mobile_number, codes=4)
    assert refused is not None and refused.status_code == 429
    assert refused.json()["message"] == messages.OTP_ADDRESS_FAILURES
    async with browser_from(app) as owner:
        token, code = await request_code(owner, mobile_number)
        assert (await login(owner, token, int(code))).status_code == 200


async def test_an_address_that_guessed_wrong_can_neither_ask_nor_try_for_an_hour(app, api_settings):
    address = random_address()
    waiting_number = random_mobile_number()
    async with browser_from(app, address) as attacker:
        waiting_token, waiting_code = await request_code(attacker, waiting_number)
        for _ in range(api_settings.otp_failures_per_ip_per_hour // 5):
            assert await kill_codes(app, attacker, random_mobile_number(), codes=1) is None
        asked = await attacker.post("/api/auth/otp", json={"mobile_number": random_mobile_number()})
        tried = await login(attacker, waiting_token, int(waiting_code))
    assert (asked.status_code, asked.json()["message"]) == (429, messages.OTP_ADDRESS_FAILURES)
    assert (tried.status_code, tried.json()["message"]) == (429, messages.OTP_ADDRESS_FAILURES)
    async with browser_from(app) as elsewhere:
        assert (await elsewhere.post("/api/auth/otp", json={"mobile_number": random_mobile_number()})).is_success


async def test_many_addresses_spend_a_numbers_budget_only_for_new_devices(app, api_settings):
    """Brute force stays bounded however many addresses guess: past the number's daily budget no new device may ask
    or try. The browser the owner signed in on before still gets a code and signs in."""
    mobile_number = random_mobile_number()
    async with browser_from(app) as owners_phone:
        await sign_in(owners_phone, mobile_number)
        await age_codes(app, mobile_number, 61)
        async with browser_from(app) as latecomer:
            late_token, late_code = await request_code(latecomer, mobile_number)
            per_address = api_settings.otp_daily_failures_per_number_per_ip // 5
            for _ in range(api_settings.otp_daily_failure_budget // (5 * per_address)):
                async with browser_from(app) as attacker:
                    assert await kill_codes(app, attacker, mobile_number, codes=per_address) is None
            tried = await login(latecomer, late_token, int(late_code))
            async with browser_from(app) as new_device:
                asked = await new_device.post("/api/auth/otp", json={"mobile_number": mobile_number})
        assert (tried.status_code, tried.json()["message"]) == (429, messages.OTP_DAILY_FAILURES)
        assert (asked.status_code, asked.json()["message"]) == (429, messages.OTP_DAILY_FAILURES)
        token, code = await request_code(owners_phone, mobile_number)
        assert (await login(owners_phone, token, int(code))).status_code == 200
    async with app.state.session_maker() as session:
        wrong_codes = await session.scalar(
            select(func.sum(OtpChallenge.failed_attempts)).where(OtpChallenge.mobile_number == mobile_number)
        )
    assert wrong_codes == api_settings.otp_daily_failure_budget


async def test_a_stranger_asking_for_the_number_neither_delays_nor_ends_the_owners_code(app):
    mobile_number = random_mobile_number()
    async with browser_from(app) as owner, browser_from(app) as stranger:
        token, code = await request_code(owner, mobile_number)
        assert (await stranger.post("/api/auth/otp", json={"mobile_number": mobile_number})).is_success
        assert (await login(owner, token, int(code))).status_code == 200


async def test_concurrent_wrong_tries_from_one_address_never_pass_its_budget(api_settings):
    """Wrong tries racing on several codes asked for from one address are counted under the address's lock."""
    budget = 3
    settings = api_settings.model_copy(update={"otp_failures_per_ip_per_hour": budget})
    address = random_address()
    async with running_in_process(create_app(settings), settings) as app, browser_from(app, address) as attacker:
        issued = []
        for _ in range(8):
            mobile_number = random_mobile_number()
            token, code = await request_code(attacker, mobile_number)
            issued.append((token, code))
        answers = await asyncio.gather(*(login(attacker, token, wrong(code)) for token, code in issued))
    assert sorted(answer.status_code for answer in answers) == [401] * budget + [429] * (len(issued) - budget)
    async with app.state.session_maker() as session:
        wrong_codes = await session.scalar(
            select(func.sum(OtpChallenge.failed_attempts)).where(OtpChallenge.requester_ip == address)
        )
    assert wrong_codes == budget


async def codes_from_known_devices(app, mobile_number: str) -> list[bool]:
    async with app.state.session_maker() as session:
        query = select(OtpChallenge.from_known_device).where(OtpChallenge.mobile_number == mobile_number)
        return list((await session.scalars(query.order_by(OtpChallenge.id))).all())


async def test_a_sign_in_marks_the_browser_as_its_numbers_device_and_no_others(app):
    mobile_number, other_number = random_mobile_number(), random_mobile_number()
    async with browser_from(app) as browser:
        token, code = await request_code(browser, mobile_number)
        answer = await login(browser, token, int(code))
        mark = next(cookie for cookie in answer.headers.get_list("set-cookie") if cookie.startswith("known_device="))
        assert "HttpOnly" in mark and "SameSite=lax" in mark and "Max-Age=31536000" in mark
        await age_codes(app, mobile_number, 61)
        await request_code(browser, mobile_number)
        await request_code(browser, other_number)
        value = browser.cookies["known_device"]
        browser.cookies.set("known_device", value[:-1] + ("0" if value[-1] != "0" else "1"))
        await age_codes(app, mobile_number, 61)
        await request_code(browser, mobile_number)
    assert await codes_from_known_devices(app, mobile_number) == [False, True, False]
    assert await codes_from_known_devices(app, other_number) == [False]
