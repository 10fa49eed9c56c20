"""The chat's long-lived parts in one API process, built in the app's lifespan and stopped with it: the rooms and
their bus (hub), the one message writer, room presence, the notices for members away from the room, and the live
state listener that tells the app's open sockets what changed."""

from dataclasses import dataclass
from functools import partial

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from api.chat.hub import ChatHub
from api.chat.notices import ChatNotifier, StoredMessage
from api.chat.presence import RoomPresence
from api.chat.redaction import keep_tokens_out_of_server_logs
from api.chat.writer import Draft, MessageWriter, Stored
from api.live.listener import LiveListener
from domain.bus import create_bus
from domain.settings import Settings


@dataclass(frozen=True)
class ChatParts:
    hub: ChatHub
    writer: MessageWriter
    presence: RoomPresence
    notifier: ChatNotifier
    live: LiveListener

    async def close(self) -> None:
        await self.hub.close()


def _tell_notifier(notifier: ChatNotifier, committed: list[tuple[Draft, Stored]]) -> None:
    notifier.committed(
        [
            StoredMessage(draft.chat_id, stored.id, draft.sender_id, draft.kind, draft.text, stored.members)
            for draft, stored in committed
        ]
    )


async def open_chat(settings: Settings, session_maker: async_sessionmaker[AsyncSession]) -> ChatParts:
    assert settings.database_url is not None
    keep_tokens_out_of_server_logs()
    hub = ChatHub(await create_bus(settings))
    presence = RoomPresence(settings.redis_url)
    notifier = ChatNotifier(session_maker, presence, hub.spawn)
    writer = MessageWriter(settings.database_url, partial(_tell_notifier, notifier))
    live = LiveListener(settings.database_url)
    await live.start()
    # The hub stops them, in this order, when it closes.
    hub.close_with(live.close)
    hub.close_with(writer.close)
    hub.close_with(notifier.close)
    hub.close_with(presence.close)
    return ChatParts(hub, writer, presence, notifier, live)
