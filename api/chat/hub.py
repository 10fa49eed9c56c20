"""The chat rooms of one API process: which local connections are in which chat, fed by the bus.

A bus event carries the frame to deliver (serialised once), the chat's users at the time it was sent, and
optionally the only users it is for. A connection whose user is no longer among the chat's users is put out
of the room, so a removed member stops receiving as well as sending.
"""

import asyncio
import contextlib
import json
import logging
import uuid
from collections.abc import Coroutine
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from fastapi import WebSocket
from starlette.websockets import WebSocketState

from api.chat.auth import Principal
from api.chat.service import channel
from api.schemas.chat import ChatSender
from domain.bus import Bus, Event, Subscription
from domain.rules import messages

logger = logging.getLogger("humsafar.chat")

SLOW_CONSUMER_CLOSE_CODE = 1013


def frame(event: str, data: Any) -> str:
    return json.dumps({"event": event, "data": data}, separators=(",", ":"), ensure_ascii=False)


@dataclass
class RoomState:
    """While a joining connection catches up from PostgreSQL, live messages wait here so none is sent twice."""

    catching_up: bool = True
    waiting: list[tuple[int | None, str]] = field(default_factory=list)
    sent_ids: set[int] = field(default_factory=set)
    last_delivered_id: int | None = None

    def delivered(self, message_id: int | None) -> None:
        if message_id is not None and (self.last_delivered_id is None or message_id > self.last_delivered_id):
            self.last_delivered_id = message_id


class ChatConnection:
    def __init__(self, websocket: WebSocket, principal: Principal, sender: ChatSender, queue_size: int) -> None:
        self.websocket = websocket
        self.principal = principal
        self.sender = sender
        self.session_id = uuid.uuid4().hex
        self.rooms: dict[int, RoomState] = {}
        self._outbox: asyncio.Queue[str] = asyncio.Queue(maxsize=queue_size)
        self.overflowed = False

    @property
    def user_id(self) -> int:
        return self.principal.user_id

    def push(self, text: str) -> bool:
        """Queues a frame without waiting; False when the client reads too slowly to keep up."""
        if self.overflowed:
            return False
        try:
            self._outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.overflowed = True
            return False
        return True

    def deliver(self, chat_id: int, message_id: int | None, text: str) -> bool:
        state = self.rooms.get(chat_id)
        if state is None:
            return True
        if state.catching_up:
            state.waiting.append((message_id, text))
            return True
        state.delivered(message_id)
        return self.push(text)

    def finish_catching_up(self, chat_id: int) -> None:
        state = self.rooms.get(chat_id)
        if state is None:
            return
        for message_id, text in state.waiting:
            if message_id is None or message_id not in state.sent_ids:
                state.delivered(message_id)
                self.push(text)
        state.waiting.clear()
        state.sent_ids.clear()
        state.catching_up = False

    async def write_frames(self) -> None:
        while True:
            text = await self._outbox.get()
            if self.websocket.application_state != WebSocketState.CONNECTED:
                return
            await self.websocket.send_text(text)


class ChatHub:
    def __init__(self, bus: Bus) -> None:
        self.bus = bus
        self._rooms: dict[int, set[ChatConnection]] = {}
        self._subscriptions: dict[int, Subscription] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()

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
        connection.rooms[chat_id] = RoomState()
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
        event: Event = {"frame": text, "members": members, "message_id": message_id, "origin": origin, "to": to}
        await self.bus.publish(channel(chat_id), event)

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
        with contextlib.suppress(Exception):
            await connection.websocket.close(code=SLOW_CONSUMER_CLOSE_CODE)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await self.bus.close()
