"""Notifications (SPEC §3 Notification): stored for the notification list, then pushed to the person's devices.

Each stored notification starts its own push flow, named by the notification's id, through the flow outbox in the
transaction that stores it (domain/flows.py): a notification that is rolled back is never pushed, and one that is
committed is pushed even if the process storing it dies right after.

What one person does on a trip in a burst (asks to join, withdraws, asks again; asks question after question) tells
its host once: those notices share a key for the person, the trip and the hour (`burst_key`), and each later one
takes the place of the stored notice, its words and its time, and is not pushed again.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Boolean, func, literal_column, select
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
    # With a burst's key: a notice already stored under it takes this one's title, words and time instead, unpushed.
    replaces: bool = False


# The stretch of time whose notices of one person's asks on one trip make one notice for the host.
NOTICE_BURST = timedelta(hours=1)


def burst_key(about: str, trip_id: int, sender_id: int, moment: datetime) -> str:
    """Names the burst of the person's asks on the trip under way at the moment: one an hour."""
    burst = int(moment.timestamp() // NOTICE_BURST.total_seconds())
    return f"{about}-burst:{trip_id}:{sender_id}:{burst}"


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
_REPLACING_STATEMENT = insert(Notification)
# A burst's notice: stored new (pushed), or in place of the one stored under its key (told to the list only).
_REPLACING = _REPLACING_STATEMENT.on_conflict_do_update(
    index_elements=[Notification.dedupe_key],
    set_={
        "title": _REPLACING_STATEMENT.excluded.title,
        "message": _REPLACING_STATEMENT.excluded.message,
        "sender_id": _REPLACING_STATEMENT.excluded.sender_id,
        "created_at": func.now(),
    },
).returning(Notification.id, Notification.recipient_id, literal_column("xmax = 0", Boolean))


async def store_notifications(session: AsyncSession, drafts: Sequence[NotificationDraft], push_start: PushStart) -> int:
    """Adds the drafts not stored before, inside the caller's transaction, each with its push flow to start after
    the commit when its recipient has a device to push to; a draft that `replaces` updates the notice stored under
    its key instead, and is not pushed. Answers how many were new."""
    if not drafts:
        return 0
    adding = [draft for draft in drafts if not draft.replaces]
    replacing = [draft for draft in drafts if draft.replaces]
    new = [(id_, recipient) for id_, recipient in await session.execute(_STORING, _rows(adding))] if adding else []
    replaced: list[tuple[int, int]] = []
    if replacing:
        for id_, recipient, inserted in await session.execute(_REPLACING, _rows(replacing)):
            (new if inserted else replaced).append((id_, recipient))
    recipients = {recipient for _, recipient in new + replaced}
    if recipients:
        await tell(session, Kind.NOTIFICATION, "", recipients)
    with_devices = await _with_devices(session, {recipient for _, recipient in new})
    await start_after_commit(
        session, *(push_start(id_, recipient) for id_, recipient in new if recipient in with_devices)
    )
    return len(new)


def _rows(drafts: Sequence[NotificationDraft]) -> list[dict[str, object]]:
    return [
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


async def _with_devices(session: AsyncSession, recipients: set[int]) -> set[int]:
    """Those of the recipients with a push subscription: a flow for anyone else would only find no device."""
    if not recipients:
        return set()
    found = await session.scalars(
        select(PushSubscription.user_id).where(PushSubscription.user_id.in_(recipients)).distinct()
    )
    return set(found)
