"""LinkedIn verification (SPEC §2 profile hub, §7 LinkedIn calls, §8 professional-network messages): a single-use
state bound to the user, PKCE, and the member's page kept as `linked_in_url` (domain/providers/linkedin.py)."""

import secrets
from datetime import timedelta

from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import refuse
from api.linkedin.schemas import LinkedInCallback
from domain import clock
from domain.models import LinkedInState, User
from domain.providers.linkedin import LinkedInError, LinkedInOidc, new_code_verifier
from domain.rules import messages
from domain.rules.refusal import invalid
from domain.settings import Settings


async def start_linkedin(session: AsyncSession, settings: Settings, oidc: LinkedInOidc, user: User) -> str:
    state = LinkedInState(
        state=secrets.token_urlsafe(32),
        user_id=user.id,
        code_verifier=new_code_verifier(),
        expires_at=clock.now() + timedelta(seconds=settings.linkedin_state_ttl_seconds),
    )
    session.add(state)
    return oidc.authorization_url(state.state, state.code_verifier)


def provider_words(description: str | None) -> str:
    """The provider's description as shown (SPEC §8: underscores become spaces), or the product's own words."""
    return description.replace("_", " ").strip() if description else messages.LINKEDIN_VERIFY_FAILED


async def finish_linkedin(session: AsyncSession, oidc: LinkedInOidc, user: User, callback: LinkedInCallback) -> None:
    """Spends the state (once, whatever follows), then keeps the member's page; any refusal changes nothing else."""
    spent = await session.scalar(
        delete(LinkedInState)
        .where(
            LinkedInState.state == callback.state,
            LinkedInState.user_id == user.id,
            LinkedInState.expires_at > clock.now(),
        )
        .returning(LinkedInState.code_verifier)
    )
    await session.commit()
    if spent is None:
        refuse(invalid(messages.LINKEDIN_STATE_INVALID))
    if callback.error or not callback.code:
        refuse(invalid(provider_words(callback.error_description or callback.error)))
    try:
        member = await oidc.member(callback.code, spent)
    except LinkedInError as error:
        refuse(invalid(provider_words(error.description)))
    user.linked_in_url = member.profile_url
