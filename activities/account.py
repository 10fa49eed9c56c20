"""What erasing an account does to storage and to the database; every step may safely run again."""

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from domain.db import transaction
from domain.models import User
from domain.providers.storage import MediaStorage
from workflows.account_erasure.contracts import AccountErasureSteps

# Personal data goes; the row stays so trips, reviews and messages keep pointing at a (nameless) account.
SCRUBBED_PERSONAL_DATA = {
    "mobile_number": None,
    "name": None,
    "dob": None,
    "gender": None,
    "small_image_key": None,
    "medium_image_key": None,
    "current_latitude": None,
    "current_longitude": None,
    "current_location_updated_at": None,
    "linked_in_url": None,
}


class AccountActivities(AccountErasureSteps):
    def __init__(self, session_maker: async_sessionmaker[AsyncSession], storage: MediaStorage) -> None:
        self._session_maker = session_maker
        self._storage = storage

    @activity.defn
    async def erase_media(self, keys: list[str]) -> None:
        # Deleting a key that is already gone succeeds, so a retry after a partial run is harmless.
        for key in keys:
            await self._storage.delete(key)

    @activity.defn
    async def scrub_user(self, user_id: int) -> None:
        async with transaction(self._session_maker) as session:
            # The row lock waits out a change to the account being committed right now.
            deleted_at = await session.scalar(select(User.deleted_at).where(User.id == user_id).with_for_update())
            if deleted_at is None:
                # Also covers an unknown id: either way there is nothing this flow may erase.
                raise ApplicationError(
                    f"user {user_id} is not a deleted account", type="AccountNotDeleted", non_retryable=True
                )
            await session.execute(update(User).where(User.id == user_id).values(SCRUBBED_PERSONAL_DATA))
