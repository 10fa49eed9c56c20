"""Unsafe requests need the double-submit token and, when an Origin is sent, our own origin."""

from sqlalchemy import func, select

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
    assert answer.json() == {"status": "FAILURE", "message": messages.CSRF_REFUSED}
    assert await count_codes(app, mobile_number) == 0


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
