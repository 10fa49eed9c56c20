"""LinkedIn verification (SPEC §7): the authorize URL, and the return from the provider."""

from fastapi import APIRouter

from api.deps import CurrentUser, LinkedInDep, SessionDep, SettingsDep
from api.linkedin.schemas import LinkedInCallback, LinkedInUrl
from api.linkedin.service import finish_linkedin, start_linkedin
from domain.envelope import Envelope, MessageOnly, done, ok
from domain.rules import messages

router = APIRouter(prefix="/user/linkedin", tags=["linkedin"])


@router.post("/initiate")
async def initiate(
    user: CurrentUser, session: SessionDep, settings: SettingsDep, linkedin: LinkedInDep
) -> Envelope[LinkedInUrl]:
    """An authorization-code URL with a single-use state bound to the user (10 minutes) and a PKCE challenge."""
    url = await start_linkedin(session, settings, linkedin, user)
    return ok(LinkedInUrl(url=url), messages.LINKEDIN_LINK_READY)


@router.post("/callback")
async def callback(
    body: LinkedInCallback, user: CurrentUser, session: SessionDep, linkedin: LinkedInDep
) -> MessageOnly:
    """Exchanges the code (with the PKCE verifier) and keeps the member's LinkedIn page on the profile."""
    await finish_linkedin(session, linkedin, user, body)
    return done(messages.LINKEDIN_LINKED)
