"""Stores notifications for the notification list (SPEC §2 Notifications); every flow sends through here.

Each notification carries a dedupe key naming the event and the recipient, so an activity that is retried or
replayed after a crash stores nothing twice.
"""

from dataclasses import dataclass

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.models import Notification


@dataclass(frozen=True)
class NotificationDraft:
    recipient_id: int
    title: str
    message: str
    entity_type: str
    entity_id: str
    dedupe_key: str
    sender_id: int | None = None


async def store_notifications(session: AsyncSession, drafts: list[NotificationDraft]) -> int:
    """Adds the drafts not stored before, inside the caller's transaction; answers how many were new."""
    if not drafts:
        return 0
    statement = (
        insert(Notification)
        .values(
            [
                {
                    "recipient_id": draft.recipient_id,
                    "sender_id": draft.sender_id,
                    "title": draft.title,
                    "message": draft.message,
                    "entity_type": draft.entity_type,
                    "entity_id": draft.entity_id,
                    "dedupe_key": draft.dedupe_key,
                }
                for draft in drafts
            ]
        )
        .on_conflict_do_nothing(index_elements=[Notification.dedupe_key])
        .returning(Notification.id)
    )
    return len((await session.scalars(statement)).all())
