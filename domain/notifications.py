"""Notifications (SPEC §3 Notification): stored for the notification list, then pushed to the person's devices.

Each stored notification starts its own push flow (workflows/push.py) named by the notification's id. The flow is
started inside the transaction that stores the notification and waits for that commit, so a notification that is
rolled back is never pushed and one that is committed is pushed even if the process storing it dies right after.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client
from temporalio.common import SearchAttributePair, TypedSearchAttributes, WorkflowIDReusePolicy
from temporalio.exceptions import WorkflowAlreadyStartedError

from domain.models import Notification
from workflows.contracts import FLOW_STATUS, USER_ID, PushNotification, push_workflow_id

ENTITY_TYPES = ("request", "trip", "query", "chat", "review", "profile")
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
        entity_type="chat",
        entity_id=str(chat_id),
        dedupe_key=f"chat:{chat_id}:{recipient_id}:unread-after:{read_mark}",
    )


class PushStarter:
    """Starts the push flow of each new notification on the worker's task queue."""

    def __init__(self, client: Client, task_queue: str) -> None:
        self._client = client
        self._task_queue = task_queue

    async def start(self, pushes: Sequence[PushNotification]) -> None:
        for push in pushes:
            try:
                await self._client.start_workflow(
                    "PushNotificationWorkflow",
                    push,
                    id=push_workflow_id(push.notification_id),
                    task_queue=self._task_queue,
                    id_reuse_policy=WorkflowIDReusePolicy.REJECT_DUPLICATE,
                    search_attributes=TypedSearchAttributes(
                        [
                            SearchAttributePair(USER_ID, str(push.recipient_id)),
                            SearchAttributePair(FLOW_STATUS, "sending"),
                        ]
                    ),
                )
            except WorkflowAlreadyStartedError:
                continue


async def store_notifications(
    session: AsyncSession, drafts: Sequence[NotificationDraft], pushes: PushStarter | None = None
) -> int:
    """Adds the drafts not stored before, inside the caller's transaction, and starts a push for each of them;
    answers how many were new. Without a starter nothing is pushed (tests of the stores alone)."""
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
        .returning(Notification.id, Notification.recipient_id)
    )
    stored = (await session.execute(statement)).all()
    if pushes is not None:
        await pushes.start([PushNotification(notification_id=id_, recipient_id=recipient) for id_, recipient in stored])
    return len(stored)
