"""A person's live link to a trip (api/safety/service/links.py serves it): made here, where the API shares it and an
SOS's step sends it, so that the link's token is never carried in a flow's input or history.

A link's token is derived, not stored: base64url of an HMAC-SHA256, under the secret key, of the trip, the person and
the generation of their link, so sharing again gives the same link and nobody can make one from ids. Only the
token's SHA-256 is kept (TripShare.token_hash), to find the link. Turning it off ends the generation; sharing after
that makes a new one."""

import base64
import hashlib
import hmac

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.models import TripShare
from domain.settings import Settings

# The app's page of a shared trip (web route /t/:token).
SHARED_PAGE = "/t/"


def share_token(secret_key: str, trip_id: int, user_id: int, generation: int) -> str:
    """The link's token: 43 characters, which only the secret key can make from the ids."""
    mac = hmac.new(secret_key.encode(), f"trip-share:{trip_id}:{user_id}:{generation}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()).rstrip(b"=").decode()


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def live_link(session: AsyncSession, settings: Settings, trip_id: int, user_id: int) -> str:
    """The person's live link to the trip: the one they shared, or a new one. No rule is checked here: the caller
    (sharing, SOS) has checked its own."""
    owned = (TripShare.trip_id == trip_id, TripShare.user_id == user_id)
    generation = await session.scalar(select(TripShare.generation).where(*owned, TripShare.revoked_at.is_(None)))
    if generation is None:
        latest = await session.scalar(select(func.max(TripShare.generation)).where(*owned))
        generation = (latest or 0) + 1
    token = share_token(settings.resolved_secret_key(), trip_id, user_id, generation)
    # Two shares sent together make one link: the second finds the first's row and gives the same token.
    await session.execute(
        insert(TripShare)
        .values(trip_id=trip_id, user_id=user_id, generation=generation, token_hash=token_digest(token))
        .on_conflict_do_nothing()
    )
    return f"{settings.public_app_url.rstrip('/')}{SHARED_PAGE}{token}"
