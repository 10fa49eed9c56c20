"""The sandbox LinkedIn: an OpenID Connect provider with LinkedIn's authorization-code flow and PKCE.

`GET /authorize` shows a consent page; `POST /authorize` (its form, `decision=allow|deny`) answers 303 to the
redirect URI with `code` and `state`, or with `error=user_cancelled_login`. `POST /token` exchanges a code once,
checking the client's secret, the redirect URI and the PKCE verifier (S256). `GET /userinfo` answers the member's
claims for a bearer token."""

import base64
import hashlib
import hmac
import html
import secrets
from datetime import timedelta
from urllib.parse import urlencode

from fastapi import status
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain import clock
from domain import sandbox as sandbox_vendors
from domain.settings import Settings
from sandbox.models import SandboxLinkedInGrant
from sandbox.schemas import OidcClaims, OidcFailure, OidcToken, SandboxConsent
from sandbox.web import page_policy

CODE_LIFETIME = timedelta(minutes=5)
TOKEN_LIFETIME_SECONDS = 3600
CANCELLED = "user_cancelled_login"
CANCELLED_DESCRIPTION = "The user cancelled LinkedIn login"


class OidcRefusal(Exception):
    """An answer in OAuth's own error shape (RFC 6749 §5.2)."""

    def __init__(self, error: str, description: str, status_code: int = status.HTTP_400_BAD_REQUEST) -> None:
        super().__init__(description)
        self.failure = OidcFailure(error=error, error_description=description)
        self.status_code = status_code


def _same(given: str | None, expected: str) -> bool:
    return hmac.compare_digest((given or "").encode(), expected.encode())


def s256(code_verifier: str) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(code_verifier.encode()).digest()).rstrip(b"=").decode()


def _redirect(redirect_uri: str, **query: str) -> str:
    separator = "&" if "?" in redirect_uri else "?"
    return f"{redirect_uri}{separator}{urlencode(query)}"


def check_request(settings: Settings, consent: SandboxConsent) -> None:
    """The authorize request's own checks, before anyone is asked: a known client, its registered return
    address, a code flow with an S256 challenge."""
    if not _same(consent.client_id, sandbox_vendors.LINKEDIN_CLIENT_ID):
        raise OidcRefusal("unauthorized_client", "Unknown client_id")
    if consent.redirect_uri != f"{settings.public_app_url}/linkedin/callback":
        raise OidcRefusal("invalid_request", "redirect_uri is not registered for this client")
    if consent.response_type != "code" or consent.code_challenge_method != "S256":
        raise OidcRefusal("invalid_request", "Only the code flow with an S256 code_challenge is supported")


async def decide(session: AsyncSession, settings: Settings, consent: SandboxConsent, decision: str) -> str:
    """Where the browser goes after the person allowed or denied: back to the client with a code or an error."""
    check_request(settings, consent)
    if decision != "allow":
        return _redirect(
            consent.redirect_uri, error=CANCELLED, error_description=CANCELLED_DESCRIPTION, state=consent.state
        )
    code = secrets.token_urlsafe(32)
    session.add(
        SandboxLinkedInGrant(
            code=code,
            client_id=consent.client_id,
            redirect_uri=consent.redirect_uri,
            code_challenge=consent.code_challenge,
            member_sub=secrets.token_hex(8),
            member_name=consent.member_name,
            expires_at=clock.now() + CODE_LIFETIME,
        )
    )
    return _redirect(consent.redirect_uri, code=code, state=consent.state)


async def exchange(
    session: AsyncSession,
    settings: Settings,
    *,
    grant_type: str,
    code: str,
    redirect_uri: str,
    client_id: str,
    client_secret: str,
    code_verifier: str,
) -> OidcToken:
    if not (
        _same(client_id, sandbox_vendors.LINKEDIN_CLIENT_ID)
        and _same(client_secret, sandbox_vendors.LINKEDIN_CLIENT_SECRET)
    ):
        raise OidcRefusal("invalid_client", "Client authentication failed", status.HTTP_401_UNAUTHORIZED)
    if grant_type != "authorization_code":
        raise OidcRefusal("unsupported_grant_type", "Only authorization_code is supported")
    grant = await session.scalar(
        select(SandboxLinkedInGrant).where(SandboxLinkedInGrant.code == code).with_for_update()
    )
    if grant is None or grant.access_token is not None or grant.expires_at <= clock.now():
        raise OidcRefusal("invalid_grant", "The authorization code is invalid, expired or already used")
    if grant.redirect_uri != redirect_uri or grant.client_id != client_id:
        raise OidcRefusal("invalid_grant", "The redirect_uri does not match the authorization request")
    if not _same(s256(code_verifier), grant.code_challenge):
        raise OidcRefusal("invalid_grant", "The code_verifier does not match the code_challenge")
    grant.access_token = secrets.token_urlsafe(32)
    return OidcToken(
        access_token=grant.access_token,
        token_type="Bearer",  # noqa: S106 (a token type's name)
        expires_in=TOKEN_LIFETIME_SECONDS,
        scope="openid profile email",
    )


async def claims(session: AsyncSession, authorization: str | None) -> OidcClaims:
    token = (authorization or "").removeprefix("Bearer ").strip()
    grant = await session.scalar(select(SandboxLinkedInGrant).where(SandboxLinkedInGrant.access_token == token))
    if not token or grant is None:
        raise OidcRefusal("invalid_token", "The access token is invalid", status.HTTP_401_UNAUTHORIZED)
    return OidcClaims(
        sub=grant.member_sub,
        name=grant.member_name,
        email=f"{grant.member_sub}@linkedin.sandbox",
        email_verified=True,
        profile=f"https://www.linkedin.com/in/sandbox-{grant.member_sub}",
    )


# The page's style and script: the same text on every page, allowed by their hashes (CONSENT_POLICY).
CONSENT_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a; }
label, input[type=text] { display: block; width: 100%; margin: 0.25rem 0 1rem; font-size: 1rem; }
button { width: 48%; padding: 0.75rem; font-size: 1rem; border-radius: 0.5rem; border: 1px solid #0a66c2; }
button[value=allow] { background: #0a66c2; color: #fff; }
button[value=deny] { background: #fff; color: #0a66c2; }
button:focus-visible { outline: 3px solid #f1c232; }
"""
CONSENT_SCRIPT = """
function csrfToken() {
  const match = document.cookie.match(/(?:^|; )(?:__Host-)?csrf_token=([^;]*)/);
  return match ? decodeURIComponent(match[1]) : "";
}
const form = document.getElementById("consent");
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const fields = new URLSearchParams(new FormData(form));
  fields.set("decision", event.submitter.value);
  const answer = await fetch(form.action, {
    method: "POST",
    credentials: "same-origin",
    headers: {"X-CSRF-Token": csrfToken()},
    body: fields,
  });
  if (answer.redirected) window.location.assign(answer.url);
  else document.getElementById("note").textContent = (await answer.json()).error_description;
});
"""
CONSENT_POLICY = page_policy(scripts=[CONSENT_SCRIPT], styles=[CONSENT_STYLE])


def consent_page(consent: SandboxConsent) -> str:
    """The stand-in for LinkedIn's consent screen. Its form posts back here (with the app's CSRF header, as the
    page is on the app's origin) and the browser follows the answer's redirect to the client. Served with
    CONSENT_POLICY."""
    hidden = "\n".join(
        f'<input type="hidden" name="{name}" value="{html.escape(str(value))}">'
        for name, value in consent.model_dump().items()
        if name != "member_name"
    )
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox LinkedIn: allow Humsafar</title>
<style>{CONSENT_STYLE}</style>
</head>
<body>
<main>
<h1>Sandbox LinkedIn</h1>
<p>Humsafar would like to verify your LinkedIn profile: your name, picture and e-mail address.</p>
<form id="consent" method="post" action="./authorize">
{hidden}
<label for="member_name">Name on this sandbox profile</label>
<input type="text" id="member_name" name="member_name" value="{html.escape(consent.member_name)}" maxlength="100">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</form>
<p role="status" id="note"></p>
</main>
<script>{CONSENT_SCRIPT}</script>
</body>
</html>
"""
