"""LinkedIn verification by OpenID Connect (authorization code, PKCE) against the sandbox provider, through Authlib
(SPEC §2 profile hub, §7 LinkedIn calls, §8 professional-network messages)."""

import base64
import hashlib
from urllib.parse import parse_qs, urlparse

import pytest
from sqlalchemy import update

from domain.models import LinkedInState
from domain.rules import messages
from tests.api.conftest import new_person

CALLBACK = "/api/user/linkedin/callback"


async def authorize_url(client) -> dict[str, str]:
    answer = await client.post("/api/user/linkedin/initiate")
    assert answer.status_code == 200, answer.text
    url = urlparse(answer.json()["data"]["url"])
    assert url.path == "/api/sandbox/linkedin/authorize"
    return {key: values[0] for key, values in parse_qs(url.query).items()}


async def consent(client, query: dict[str, str], decision: str = "allow", name: str = "Asha Rao") -> dict[str, str]:
    """The person's answer on the consent page, posted as its form posts it; where the provider sends them back."""
    page = await client.get("/api/sandbox/linkedin/authorize", params=query)
    assert page.status_code == 200 and "Sandbox LinkedIn" in page.text, page.text
    answer = await client.post(
        "/api/sandbox/linkedin/authorize", data={**query, "member_name": name, "decision": decision}
    )
    assert answer.status_code == 303, answer.text
    back = urlparse(answer.headers["location"])
    assert back.path == "/linkedin/callback"
    return {key: values[0] for key, values in parse_qs(back.query).items()}


async def linked_in_url(client) -> str | None:
    return (await client.get("/api/user/user")).json()["data"]["linked_in_url"]


async def test_allowing_links_the_profile_once(signed_in):
    query = await authorize_url(signed_in)
    assert query["response_type"] == "code"
    assert query["code_challenge_method"] == "S256"
    assert len(query["code_challenge"]) == 43
    assert {"openid", "profile"} <= set(query["scope"].split())
    returned = await consent(signed_in, query)
    assert returned["state"] == query["state"]

    answer = await signed_in.post(CALLBACK, json={"code": returned["code"], "state": returned["state"]})
    assert (answer.status_code, answer.json()["message"]) == (200, messages.LINKEDIN_LINKED)
    url = await linked_in_url(signed_in)
    assert url is not None and url.startswith("https://www.linkedin.com/in/sandbox-")

    replay = await signed_in.post(CALLBACK, json={"code": returned["code"], "state": returned["state"]})
    assert (replay.status_code, replay.json()["message"]) == (400, messages.LINKEDIN_STATE_INVALID)


async def test_a_state_of_another_person_is_refused_and_changes_nothing(signed_in, app):
    query = await authorize_url(signed_in)
    returned = await consent(signed_in, query)
    async with new_person(app, "Ravi Thief") as thief:
        stolen = await thief.post(CALLBACK, json={"code": returned["code"], "state": returned["state"]})
        assert (stolen.status_code, stolen.json()["message"]) == (400, messages.LINKEDIN_STATE_INVALID)
        assert await linked_in_url(thief) is None
    unknown = await signed_in.post(CALLBACK, json={"code": returned["code"], "state": "no-such-state"})
    assert unknown.json()["message"] == messages.LINKEDIN_STATE_INVALID
    assert await linked_in_url(signed_in) is None


async def test_a_wrong_code_is_refused_with_the_providers_words(signed_in):
    query = await authorize_url(signed_in)
    await consent(signed_in, query)
    answer = await signed_in.post(CALLBACK, json={"code": "not-the-code", "state": query["state"]})
    assert answer.status_code == 400
    assert answer.json()["message"] == "The authorization code is invalid, expired or already used"
    assert await linked_in_url(signed_in) is None


async def test_a_pkce_verifier_that_does_not_match_is_refused(signed_in, app):
    query = await authorize_url(signed_in)
    returned = await consent(signed_in, query)
    async with app.state.session_maker() as session, session.begin():
        await session.execute(
            update(LinkedInState).where(LinkedInState.state == query["state"]).values(code_verifier="x" * 64)
        )
    answer = await signed_in.post(CALLBACK, json={"code": returned["code"], "state": returned["state"]})
    assert answer.json()["message"] == "The code verifier does not match the code challenge"
    assert await linked_in_url(signed_in) is None


async def test_denied_consent_shows_the_providers_description_and_changes_nothing(signed_in):
    query = await authorize_url(signed_in)
    returned = await consent(signed_in, query, decision="deny")
    assert returned["error"] == "user_cancelled_login"
    answer = await signed_in.post(CALLBACK, json=returned)
    assert (answer.status_code, answer.json()["message"]) == (400, "The user cancelled LinkedIn login")
    assert await linked_in_url(signed_in) is None
    error_only = await authorize_url(signed_in)
    answer = await signed_in.post(CALLBACK, json={"state": error_only["state"], "error": "user_cancelled_login"})
    assert answer.json()["message"] == "user cancelled login"


async def test_an_expired_state_is_refused(signed_in, app):
    query = await authorize_url(signed_in)
    returned = await consent(signed_in, query)
    async with app.state.session_maker() as session, session.begin():
        await session.execute(
            update(LinkedInState)
            .where(LinkedInState.state == query["state"])
            .values(expires_at=LinkedInState.created_at)
        )
    answer = await signed_in.post(CALLBACK, json={"code": returned["code"], "state": returned["state"]})
    assert answer.json()["message"] == messages.LINKEDIN_STATE_INVALID


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"client_secret": "guess"}, "invalid_client"),
        ({"code_verifier": "y" * 64}, "invalid_grant"),
        ({"redirect_uri": "http://evil.example/linkedin/callback"}, "invalid_grant"),
        ({"grant_type": "password"}, "unsupported_grant_type"),
    ],
)
async def test_the_sandbox_token_endpoint_checks_the_client_and_the_pkce_verifier(
    signed_in, api_settings, change, error
):
    verifier = "v" * 64
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    query = await authorize_url(signed_in)
    returned = await consent(signed_in, {**query, "code_challenge": challenge})
    form = {
        "grant_type": "authorization_code",
        "code": returned["code"],
        "redirect_uri": query["redirect_uri"],
        "client_id": api_settings.linkedin_client_id,
        "client_secret": api_settings.linkedin_client_secret,
        "code_verifier": verifier,
    }
    refused = await signed_in.post("/api/sandbox/linkedin/token", data={**form, **change})
    assert refused.json()["error"] == error
    granted = await signed_in.post("/api/sandbox/linkedin/token", data=form)
    assert granted.status_code == 200, granted.text
    claims = await signed_in.get(
        "/api/sandbox/linkedin/userinfo", headers={"Authorization": f"Bearer {granted.json()['access_token']}"}
    )
    assert claims.json()["name"] == "Asha Rao"
    again = await signed_in.post("/api/sandbox/linkedin/token", data=form)
    assert again.json()["error"] == "invalid_grant"
