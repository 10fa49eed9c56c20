"""LinkedIn verification by OpenID Connect: the authorization-code flow with PKCE (S256), through Authlib's httpx
client. The authorize page returns to `/linkedin/callback` with `code` and `state`; the code is exchanged at the
token endpoint (client secret in the body, the PKCE verifier beside it) and the member is read from userinfo.

The sandbox provider (sandbox/linkedin.py) answers the same three endpoints; settings choose which."""

import logging
from dataclasses import dataclass
from urllib.parse import quote

import httpx
from authlib.common.security import generate_token
from authlib.integrations.base_client.errors import OAuthError
from authlib.integrations.httpx_client import AsyncOAuth2Client

from domain.settings import Settings

logger = logging.getLogger("humsafar.linkedin")

SCOPE = "openid profile email"
CALLBACK_PATH = "/linkedin/callback"


class LinkedInError(Exception):
    """The provider refused (a wrong or used code, a PKCE mismatch) or could not be reached; `description` is the
    provider's own words when it gave them."""

    def __init__(self, description: str | None) -> None:
        super().__init__(description or "LinkedIn refused")
        self.description = description


@dataclass(frozen=True)
class LinkedInMember:
    sub: str
    name: str | None
    profile_url: str


def new_code_verifier() -> str:
    """RFC 7636: 43 to 128 characters of the unreserved set."""
    return generate_token(64)


class LinkedInOidc:
    def __init__(self, settings: Settings, transport: httpx.AsyncBaseTransport | None = None) -> None:
        self._settings = settings
        self._transport = transport

    def _client(self) -> AsyncOAuth2Client:
        return AsyncOAuth2Client(
            client_id=self._settings.linkedin_client_id,
            client_secret=self._settings.linkedin_client_secret,
            token_endpoint_auth_method="client_secret_post",  # noqa: S106 (a method's name)
            scope=SCOPE,
            redirect_uri=f"{self._settings.public_app_url}{CALLBACK_PATH}",
            code_challenge_method="S256",
            transport=self._transport,
            timeout=10,
        )

    def authorization_url(self, state: str, code_verifier: str) -> str:
        client = self._client()
        url, _ = client.create_authorization_url(
            self._settings.linkedin_endpoint("authorize"), state=state, code_verifier=code_verifier
        )
        return str(url)

    async def member(self, code: str, code_verifier: str) -> LinkedInMember:
        """The member who consented, for this code; LinkedInError when the provider refuses."""
        async with self._client() as client:
            try:
                await client.fetch_token(
                    self._settings.linkedin_endpoint("token"), code=code, code_verifier=code_verifier
                )
                answer = await client.get(self._settings.linkedin_endpoint("userinfo"))
            except OAuthError as error:
                raise LinkedInError(error.description or error.error) from error
            except httpx.HTTPError as error:
                logger.warning("LinkedIn unreachable: %s", error)
                raise LinkedInError(None) from error
        if answer.status_code != 200:
            raise LinkedInError(None)
        claims = answer.json()
        sub = str(claims.get("sub") or "")
        if not sub:
            raise LinkedInError(None)
        name = claims.get("name")
        # OIDC's `profile` claim is the member's page where the provider gives it; else their page found by name.
        profile = (
            claims.get("profile") or f"https://www.linkedin.com/search/results/people/?keywords={quote(name or sub)}"
        )
        return LinkedInMember(sub=sub, name=name, profile_url=str(profile))
