"""The chat rooms of one API process: which local connections are in which chat, fed by the bus.

A bus event carries the frame to deliver (serialised once), the chat's users at the time it was sent, and
optionally the only users it is for. A connection whose user is no longer among the chat's users is put out
of the room, so a removed member stops receiving as well as sending.
"""

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable, Coroutine
from functools import partial
from typing import Any

from pydantic import BaseModel

from api.chat.batching import Batcher
from api.chat.connection import ChatConnection, RoomState
from api.chat.service import channel
from domain.bus import Bus, Event, Subscription
from domain.rules import messages

logger = logging.getLogger("humsafar.chat")


def frame(event: str, data: Any) -> str:
    return json.dumps({"event": event, "data": data}, separators=(",", ":"), ensure_ascii=False)


def model_frame(event: str, data: BaseModel) -> str:
    """The same frame as frame(event, data.model_dump(mode="json")), serialised by pydantic in one pass."""
    return f'{{"event":{json.dumps(event)},"data":{data.model_dump_json()}}}'


class ChatHub:
    def __init__(self, bus: Bus) -> None:
        self.bus = bus
        self._rooms: dict[int, set[ChatConnection]] = {}
        self._subscriptions: dict[int, Subscription] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._publisher: Batcher[tuple[str, Event], None] = Batcher(self._publish_in_order, 500, "chat-publisher")
        self._closers: list[Callable[[], Awaitable[None]]] = []

    def close_with(self, closer: Callable[[], Awaitable[None]]) -> None:
        """Something of the chat that lives as long as the hub (the message writer) and stops with it."""
        self._closers.append(closer)

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            logger.error("chat background work failed", exc_info=task.exception())

    async def enter(self, connection: ChatConnection, chat_id: int) -> None:
        """Puts the connection in the room; returns once every later event of the chat will reach it."""
        connection.enter(chat_id)
        lock = self._locks.setdefault(chat_id, asyncio.Lock())
        async with lock:
            self._rooms.setdefault(chat_id, set()).add(connection)
            if chat_id not in self._subscriptions:
                self._subscriptions[chat_id] = await self.bus.subscribe(
                    channel(chat_id), partial(self._dispatch, chat_id)
                )

    async def exit(self, connection: ChatConnection, chat_id: int) -> RoomState | None:
        state = connection.rooms.pop(chat_id, None)
        lock = self._locks.setdefault(chat_id, asyncio.Lock())
        async with lock:
            room = self._rooms.get(chat_id)
            if room is not None:
                room.discard(connection)
                if not room:
                    del self._rooms[chat_id]
                    subscription = self._subscriptions.pop(chat_id, None)
                    if subscription is not None:
                        await self.bus.unsubscribe(subscription)
            if chat_id not in self._rooms:
                self._locks.pop(chat_id, None)
        return state

    async def publish(
        self,
        chat_id: int,
        text: str,
        members: list[int],
        *,
        message_id: int | None = None,
        origin: str | None = None,
        to: list[int] | None = None,
    ) -> None:
        """Returns once the event is on the bus. Events are published in the order publish was called, a batch
        of them a round trip, so a chat's messages reach every room in the order they were stored."""
        event: Event = {"frame": text, "members": members, "message_id": message_id, "origin": origin, "to": to}
        await self._publisher.submit((channel(chat_id), event))

    async def _publish_in_order(self, events: list[tuple[str, Event]]) -> list[None]:
        await self.bus.publish_in_order(events)
        return [None] * len(events)

    def _dispatch(self, chat_id: int, event: Event) -> None:
        members = set(event["members"])
        recipients = set(event["to"]) if event.get("to") is not None else None
        for connection in list(self._rooms.get(chat_id, ())):
            if connection.user_id not in members:
                self.spawn(self.put_out(connection, chat_id))
            elif connection.session_id == event.get("origin"):
                continue
            elif (recipients is None or connection.user_id in recipients) and not connection.deliver(
                chat_id, event.get("message_id"), event["frame"]
            ):
                self.spawn(self.close_slow(connection))

    async def put_out(self, connection: ChatConnection, chat_id: int) -> None:
        if chat_id in connection.rooms:
            await self.exit(connection, chat_id)
            connection.push(
                frame("user-left", {"code": 403, "chat_id": chat_id, "message": messages.CHAT_MEMBERS_ONLY})
            )

    async def close_slow(self, connection: ChatConnection) -> None:
        await connection.close_for_retry()

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for closer in self._closers:
            await closer()
        await self._publisher.close()
        await self.bus.close()
