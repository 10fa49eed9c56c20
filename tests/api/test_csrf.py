"""Unsafe requests need the CSRF token of the browser's own session (or, before signing in, of the seed the server
set) and, when an Origin is sent, our own origin."""

import httpx
from sqlalchemy import func, select

from api.security.cookies import (
    CSRF_COOKIE,
    CSRF_HEADER,
    CSRF_SEED_COOKIE,
    SESSION_COOKIE,
    seed_csrf_token,
    session_csrf_token,
)
from domain.envelope import Failure
from domain.models import OtpChallenge
from domain.rules import messages
from tests.api.conftest import make_client, random_mobile_number, sign_in


async def count_codes(app, mobile_number: str) -> int:
    async with app.state.session_maker() as session:
        return int(await session.scalar(select(func.count()).where(OtpChallenge.mobile_number == mobile_number)) or 0)


async def test_the_first_answer_hands_out_a_readable_csrf_cookie(app):
    async with make_client(app, csrf=False) as browser:
        answer = await browser.get("/api/auth/session")
    cookie = next(value for value in answer.headers.get_list("set-cookie") if value.startswith("csrf_token="))
    assert "HttpOnly" not in cookie
    assert "SameSite=lax" in cookie


async def test_an_unsafe_request_without_the_csrf_header_is_refused_and_changes_nothing(app):
    mobile_number = random_mobile_number()
    async with make_client(app, csrf=False) as browser:
        await browser.get("/api/auth/session")
        answer = await browser.post("/api/auth/otp", json={"mobile_number": mobile_number})
    assert answer.status_code == 403
    assert answer.json() == Failure(message=messages.CSRF_REFUSED).model_dump()
    assert await count_codes(app, mobile_number) == 0


async def test_the_csrf_refusal_carries_its_id_in_every_language(app):
    """The web app renews its token on this refusal: it tells it by the id, whatever the words."""
    async with make_client(app, csrf=False) as browser:
        await browser.get("/api/auth/session")
        answer = await browser.post(
            "/api/auth/otp", json={"mobile_number": random_mobile_number()}, headers={"Accept-Language": "hi"}
        )
    assert (answer.status_code, answer.json()["message_id"]) == (403, "CSRF_REFUSED")
    assert answer.json()["message"] not in (messages.CSRF_REFUSED, "")


async def test_a_csrf_header_that_does_not_match_the_cookie_is_refused(app):
    mobile_number = random_mobile_number()
    async with make_client(app, csrf=False) as browser:
        await browser.get("/api/auth/session")
        answer = await browser.post(
            "/api/auth/otp", json={"mobile_number": mobile_number}, headers={"X-CSRF-Token": "forged"}
        )
    assert answer.status_code == 403
    assert await count_codes(app, mobile_number) == 0


async def test_a_foreign_origin_is_refused_even_with_the_token_and_changes_nothing(client):
    await sign_in(client)
    answer = await client.put(
        "/api/user/user",
        json={"name": "Mallory", "gender": "MALE", "dob": "01-01-1990"},
        headers={"Origin": "https://evil.example"},
    )
    assert answer.status_code == 403
    me = (await client.get("/api/user/user")).json()["data"]
    assert me["name"] is None


async def test_our_own_origin_is_accepted(client):
    answer = await client.post(
        "/api/auth/otp", json={"mobile_number": random_mobile_number()}, headers={"Origin": "http://localhost"}
    )
    assert answer.status_code == 200


async def test_logout_and_delete_need_the_token_too(app):
    async with make_client(app) as browser:
        await browser.get("/api/auth/session")
        await sign_in(browser)
        browser.event_hooks["request"] = []
        assert (await browser.post("/api/auth/logout")).status_code == 403
        assert (await browser.delete("/api/user/user")).status_code == 403
        assert (await browser.get("/api/user/user")).status_code == 200


async def test_a_cookie_and_header_pair_the_client_chose_itself_is_refused(app):
    mobile_number = random_mobile_number()
    async with make_client(app, csrf=False) as browser:
        await browser.get("/api/auth/session")
        browser.cookies.delete(CSRF_COOKIE)
        browser.cookies.set(CSRF_COOKIE, "chosen-by-the-client")
        answer = await browser.post(
            "/api/auth/otp", json={"mobile_number": mobile_number}, headers={CSRF_HEADER: "chosen-by-the-client"}
        )
        assert answer.status_code == 403
        assert answer.json()["message"] == messages.CSRF_REFUSED
        # Without the server's seed there is nothing a chosen pair could be bound to.
        browser.cookies.clear()
        browser.cookies.set(CSRF_COOKIE, "chosen-by-the-client")
        answer = await browser.post(
            "/api/auth/otp", json={"mobile_number": mobile_number}, headers={CSRF_HEADER: "chosen-by-the-client"}
        )
        assert answer.status_code == 403
    assert await count_codes(app, mobile_number) == 0


async def test_the_seed_is_http_only_and_the_token_is_bound_to_it(app):
    async with make_client(app, csrf=False) as browser:
        answer = await browser.get("/api/auth/session")
        seed_cookie = next(v for v in answer.headers.get_list("set-cookie") if v.startswith(f"{CSRF_SEED_COOKIE}="))
        assert "HttpOnly" in seed_cookie
        seed, token = browser.cookies[CSRF_SEED_COOKIE], browser.cookies[CSRF_COOKIE]
        assert token == seed_csrf_token(app.state.settings.resolved_secret_key(), seed)
        # The same browser keeps its token; the real flow works.
        again = await browser.get("/api/auth/session")
        assert "set-cookie" not in again.headers
        answer = await browser.post(
            "/api/auth/otp", json={"mobile_number": random_mobile_number()}, headers={CSRF_HEADER: token}
        )
        assert answer.status_code == 200, answer.text


async def test_a_token_of_another_browser_or_session_is_refused(app):
    async with make_client(app) as mine, make_client(app) as theirs:
        await mine.get("/api/auth/session")
        await theirs.get("/api/auth/session")
        # Before signing in: another browser's seed-bound token.
        answer = await mine.post(
            "/api/auth/otp",
            json={"mobile_number": random_mobile_number()},
            headers={CSRF_HEADER: theirs.cookies[CSRF_COOKIE]},
        )
        assert answer.status_code == 403
        await sign_in(mine)
        await sign_in(theirs)
        their_token = theirs.cookies[CSRF_COOKIE]
        # Their token in my header, and in my cookie too: neither is my session's.
        profile = {"name": "Mallory", "gender": "MALE", "dob": "01-01-1990"}
        assert (await mine.put("/api/user/user", json=profile, headers={CSRF_HEADER: their_token})).status_code == 403
        jar_domain = next(cookie.domain for cookie in mine.cookies.jar if cookie.name == CSRF_COOKIE)
        mine.cookies.set(CSRF_COOKIE, their_token, domain=jar_domain)
        assert (await mine.put("/api/user/user", json=profile, headers={CSRF_HEADER: their_token})).status_code == 403
        assert (await mine.get("/api/user/user")).json()["data"]["name"] is None
        # The refusal hands back my own token, and with it the change goes through.
        assert mine.cookies[CSRF_COOKIE] != their_token
        assert (await mine.put("/api/user/user", json=profile)).status_code == 200


async def test_signing_in_and_out_rotates_the_token_and_the_old_one_stops_working(app):
    secret_key = app.state.settings.resolved_secret_key()
    async with make_client(app) as browser:
        await browser.get("/api/auth/session")
        before = browser.cookies[CSRF_COOKIE]
        await sign_in(browser)
        signed_in = browser.cookies[CSRF_COOKIE]
        assert signed_in != before
        assert signed_in == session_csrf_token(secret_key, browser.cookies[SESSION_COOKIE])
        browser.event_hooks["request"] = []
        refused = await browser.post("/api/auth/access_token", headers={CSRF_HEADER: before})
        assert refused.status_code == 403
        assert (await browser.post("/api/auth/logout", headers={CSRF_HEADER: signed_in})).status_code == 200
        after = browser.cookies[CSRF_COOKIE]
        assert after not in (before, signed_in)
        assert after == seed_csrf_token(secret_key, browser.cookies[CSRF_SEED_COOKIE])
        refused = await browser.post(
            "/api/auth/otp", json={"mobile_number": random_mobile_number()}, headers={CSRF_HEADER: signed_in}
        )
        assert refused.status_code == 403


async def test_outside_localhost_every_cookie_is_host_prefixed_and_secure(app):
    transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 50000))
    async with httpx.AsyncClient(transport=transport, base_url="https://humsafar.example") as browser:
        answer = await browser.get("/api/auth/session")
        cookies = answer.headers.get_list("set-cookie")
        assert {value.split("=", 1)[0] for value in cookies} == {"__Host-csrf_token", "__Host-csrf_seed"}
        assert all("Secure" in value and "Path=/" in value and "Domain" not in value for value in cookies)
        token = browser.cookies["__Host-csrf_token"]
        headers = {CSRF_HEADER: token, "Origin": "https://humsafar.example"}
        answer = await browser.post("/api/auth/otp", json={"mobile_number": random_mobile_number()}, headers=headers)
        assert answer.status_code == 200, answer.text
        # The unprefixed name, which a sibling subdomain could set, is not read there.
        browser.cookies.set("csrf_seed", "chosen", domain="humsafar.example")
        browser.cookies.delete("__Host-csrf_seed")
        answer = await browser.post("/api/auth/otp", json={"mobile_number": random_mobile_number()}, headers=headers)
        assert answer.status_code == 403
