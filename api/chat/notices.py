"""Chat notifications (SPEC §3 Notification, entity_type chat): a member who is not in the room when a message is
stored gets a notification, stored and pushed like every other one (domain/notifications.py).

One unread notice per member and chat: the notice is named by the chat, the member and the member's read mark, so
until the member opens the chat (which moves the mark) later messages add nothing. The work runs after the batch of
messages is committed and answered, in the background and a batch of batches at a time, so sending never waits on
it; a failure here is logged and costs a notification, never a message.
"""

import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, tuple_
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from api.chat import service
from api.chat.batching import Batcher
from api.chat.presence import RoomPresence
from domain.db import transaction
from domain.models import ChatReadMark, Trip, User
from domain.notifications import chat, chat_notice, store_notifications
from workflows.push.contracts import push_start

logger = logging.getLogger("humsafar.chat")

# Notices of the messages committed within this interval go to PostgreSQL together.
MIN_NOTICE_INTERVAL_S = 0.2


@dataclass(frozen=True)
class StoredMessage:
    chat_id: int
    message_id: int
    sender_id: int
    kind: str
    text: str
    # The chat's users when the message was stored.
    members: list[int]


class ChatNotifier:
    def __init__(
        self,
        session_maker: async_sessionmaker[AsyncSession],
        presence: RoomPresence,
        spawn: Callable[[Coroutine[Any, Any, Any]], None],
    ) -> None:
        self._session_maker = session_maker
        self._presence = presence
        self._spawn = spawn
        self._batcher: Batcher[list[StoredMessage], None] = Batcher(
            self._notify_batches, 100, "chat-notifier", MIN_NOTICE_INTERVAL_S
        )

    def committed(self, messages: list[StoredMessage]) -> None:
        """Called with a committed batch; returns at once."""
        if messages:
            self._spawn(self._batcher.submit(messages))

    async def close(self) -> None:
        await self._batcher.close()

    async def _notify_batches(self, batches: list[list[StoredMessage]]) -> list[None]:
        try:
            await self.notify([message for batch in batches for message in batch])
        except Exception:
            logger.exception("storing chat notifications failed")
        return [None] * len(batches)

    async def notify(self, messages: list[StoredMessage]) -> int:
        """Stores (and pushes) the notices these messages call for; answers how many were new."""
        # The first message of each chat that someone is away for is the one its notice tells of.
        first: dict[int, StoredMessage] = {}
        for message in messages:
            first.setdefault(message.chat_id, message)
        present = await self._presence.present(list(first))
        away = {
            chat_id: [
                user_id
                for user_id in message.members
                if user_id != message.sender_id and user_id not in present[chat_id]
            ]
            for chat_id, message in first.items()
        }
        away = {chat_id: users for chat_id, users in away.items() if users}
        if not away:
            return 0
        pairs = [(chat_id, user_id) for chat_id, users in away.items() for user_id in users]
        senders = {first[chat_id].sender_id for chat_id in away}
        async with transaction(self._session_maker) as session:
            trips = {trip.id: trip for trip in await session.scalars(select(Trip).where(Trip.id.in_(list(away))))}
            sender_rows = await session.execute(select(User.id, User.name).where(User.id.in_(list(senders))))
            names = {user_id: name for user_id, name in sender_rows}
            read_marks = await session.execute(
                select(ChatReadMark.trip_id, ChatReadMark.user_id, ChatReadMark.last_read_message_id).where(
                    tuple_(ChatReadMark.trip_id, ChatReadMark.user_id).in_(pairs)
                )
            )
            marks = {(chat_id, user_id): last_read for chat_id, user_id, last_read in read_marks}
            drafts = [
                chat_notice(
                    recipient_id=user_id,
                    chat_id=chat_id,
                    chat_name=chat(*service.named_by(trips[chat_id])),
                    sender_id=first[chat_id].sender_id,
                    sender_name=names.get(first[chat_id].sender_id),
                    kind=first[chat_id].kind,
                    said=first[chat_id].text,
                    read_mark=marks.get((chat_id, user_id), 0),
                )
                for chat_id, user_id in pairs
                if chat_id in trips
            ]
            return await store_notifications(session, drafts, push_start)
