"""Notifications (SPEC §3 Notification): stored for the notification list, then pushed to the person's devices.

Each stored notification starts its own push flow, named by the notification's id, through the flow outbox in the
transaction that stores it (domain/flows.py): a notification that is rolled back is never pushed, and one that is
committed is pushed even if the process storing it dies right after.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.flows import FlowStart, start_after_commit
from domain.live import Kind, tell
from domain.models import Notification, PushSubscription
from domain.rules import notices

# What a chat notice says of an attachment.
CHAT_DOCUMENT_TEXT = "sent a document"


@dataclass(frozen=True)
class NotificationDraft:
    recipient_id: int
    title: str
    message: str
    entity_type: str
    entity_id: str
    # Names the event and the recipient, so storing it again (a retried activity) adds nothing.
    dedupe_key: str | None = None
    sender_id: int | None = None


def chat_notice(
    *,
    recipient_id: int,
    chat_id: int,
    chat_title: str,
    sender_id: int,
    sender_name: str | None,
    kind: str,
    text: str,
    read_mark: int,
) -> NotificationDraft:
    """A chat message for a member away from the room. Named by the chat, the member and the member's read mark:
    until the member opens the chat and the mark moves on, later messages of the chat add no further notice."""
    said = CHAT_DOCUMENT_TEXT if kind == "media" else text
    return NotificationDraft(
        recipient_id=recipient_id,
        sender_id=sender_id,
        title=chat_title[:200],
        message=f"{sender_name}: {said}"[:1000] if sender_name else said[:1000],
        entity_type=notices.ABOUT_CHAT,
        entity_id=str(chat_id),
        dedupe_key=f"chat:{chat_id}:{recipient_id}:unread-after:{read_mark}",
    )


# The push flow's start for a stored notification and its recipient (workflows.push.contracts.push_start).
PushStart = Callable[[int, int], FlowStart]


# The drafts are the statement's parameters, not its VALUES, so its compiled form is cached whatever their number.
_STORING = (
    insert(Notification)
    .on_conflict_do_nothing(index_elements=[Notification.dedupe_key])
    .returning(Notification.id, Notification.recipient_id)
)


async def store_notifications(session: AsyncSession, drafts: Sequence[NotificationDraft], push_start: PushStart) -> int:
    """Adds the drafts not stored before, inside the caller's transaction, each with its push flow to start after
    the commit when its recipient has a device to push to; answers how many were new."""
    if not drafts:
        return 0
    rows = [
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
    stored = (await session.execute(_STORING, rows)).all()
    recipients = {recipient for _, recipient in stored}
    if recipients:
        await tell(session, Kind.NOTIFICATION, "", recipients)
    with_devices = await _with_devices(session, {recipient for _, recipient in stored})
    await start_after_commit(
        session, *(push_start(id_, recipient) for id_, recipient in stored if recipient in with_devices)
    )
    return len(stored)


async def _with_devices(session: AsyncSession, recipients: set[int]) -> set[int]:
    """Those of the recipients with a push subscription: a flow for anyone else would only find no device."""
    if not recipients:
        return set()
    found = await session.scalars(
        select(PushSubscription.user_id).where(PushSubscription.user_id.in_(recipients)).distinct()
    )
    return set(found)
