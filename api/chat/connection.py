"""One client's chat socket as the rooms see it: what is queued for it, and where each of its rooms stands.

A room of a connection is live (its messages are queued as they come), catching up (reading what it missed from
PostgreSQL while live messages wait, so none is sent twice) or lagging. A client that reads more slowly than its
rooms talk does not slow the rooms down and is not dropped: once its send queue is full, a room's live messages are
no longer queued for it but read again from PostgreSQL when the queue has drained, in pages, until it is live again.
Memory per connection stays bounded and nothing is lost or sent twice.
"""

import asyncio
import contextlib
import logging
import uuid
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from fastapi import WebSocket
from starlette.websockets import WebSocketState

from api.chat.auth import Principal
from api.chat.schemas import ChatSender

logger = logging.getLogger("humsafar.chat")

# The client should connect again later (and catch up when it joins).
TRY_AGAIN_LATER_CLOSE_CODE = 1013
# The person's access ended (signed out, deleted, blocked, removed): reconnecting signs in afresh, if it can.
POLICY_CLOSE_CODE = 1008

# The messages of a chat after a given id, oldest first, as (id, frame); at most one page.
MissedReader = Callable[[int, int], Awaitable[list[tuple[int, str]]]]


class RecentIds:
    """The ids of the last messages queued for a room, to skip them when PostgreSQL hands them over again."""

    def __init__(self, keep: int) -> None:
        self._order: deque[int] = deque()
        self._ids: set[int] = set()
        self._keep = keep

    def add(self, message_id: int) -> None:
        if message_id in self._ids:
            return
        self._order.append(message_id)
        self._ids.add(message_id)
        if len(self._order) > self._keep:
            self._ids.discard(self._order.popleft())

    def __contains__(self, message_id: object) -> bool:
        return message_id in self._ids


@dataclass
class RoomState:
    recent: RecentIds
    catching_up: bool = True
    waiting: list[tuple[int | None, str]] = field(default_factory=list)
    lagging: bool = False
    # While lagging: the room's messages after this id are read again from PostgreSQL.
    lagging_after: int = 0
    last_delivered_id: int | None = None

    def delivered(self, message_id: int) -> None:
        self.recent.add(message_id)
        if self.last_delivered_id is None or message_id > self.last_delivered_id:
            self.last_delivered_id = message_id

    def fall_behind(self, message_id: int) -> None:
        """This message was not queued; messages of two API processes may come slightly out of id order."""
        self.lagging_after = min(self.lagging_after, message_id - 1) if self.lagging else message_id - 1
        self.lagging = True


class ChatConnection:
    def __init__(
        self,
        websocket: WebSocket,
        principal: Principal,
        sender: ChatSender,
        queue_size: int,
        read_missed: MissedReader,
        page_size: int,
    ) -> None:
        self.websocket = websocket
        self.principal = principal
        self.sender = sender
        self.session_id = uuid.uuid4().hex
        self.rooms: dict[int, RoomState] = {}
        self._outbox: asyncio.Queue[str] = asyncio.Queue()
        self._queue_size = queue_size
        self._read_missed = read_missed
        self._page_size = page_size
        self.overflowed = False

    @property
    def user_id(self) -> int:
        return self.principal.user_id

    def enter(self, chat_id: int) -> None:
        # Remembers enough ids to skip a whole page read again, and what came out of order around it.
        self.rooms[chat_id] = RoomState(RecentIds(2 * self._page_size + 100))

    def push(self, text: str) -> bool:
        """Queues an answer to this client (an echo, an error, a notice). They come from its own frames, so only a
        client that sends without reading fills the queue; False then, and the socket is to be closed."""
        if self.overflowed or self._outbox.qsize() >= 2 * self._queue_size:
            self.overflowed = True
            return False
        self._outbox.put_nowait(text)
        return True

    def echo(self, chat_id: int, message_id: int, text: str) -> bool:
        """The sender's own stored message, never to be sent to it again by a catch-up."""
        state = self.rooms.get(chat_id)
        if state is not None:
            state.delivered(message_id)
        return self.push(text)

    def deliver(self, chat_id: int, message_id: int | None, text: str) -> bool:
        """A live frame of a room; False when it could not be queued and the socket is to be closed."""
        state = self.rooms.get(chat_id)
        if state is None:
            return True
        if state.catching_up:
            state.waiting.append((message_id, text))
            return True
        if message_id is None:
            return self.push(text)
        self._offer(state, message_id, text)
        return True

    def caught_up(self, chat_id: int, missed: list[tuple[int, str]]) -> None:
        """Queues what a catch-up read, whatever the queue holds: one page at most."""
        state = self.rooms.get(chat_id)
        if state is None:
            return
        for message_id, text in missed:
            if message_id not in state.recent:
                state.delivered(message_id)
                self._outbox.put_nowait(text)

    def finish_catching_up(self, chat_id: int) -> None:
        state = self.rooms.get(chat_id)
        if state is None:
            return
        waiting, state.waiting = state.waiting, []
        state.catching_up = False
        for message_id, text in waiting:
            if message_id is None:
                self.push(text)
            elif message_id not in state.recent:
                self._offer(state, message_id, text)

    def _offer(self, state: RoomState, message_id: int, text: str) -> None:
        if state.lagging or self._outbox.qsize() >= self._queue_size:
            state.fall_behind(message_id)
            return
        state.delivered(message_id)
        self._outbox.put_nowait(text)

    async def close_for_retry(self) -> None:
        with contextlib.suppress(Exception):
            await self.websocket.close(code=TRY_AGAIN_LATER_CLOSE_CODE)

    async def close_for_policy(self) -> None:
        """Closes the socket at once: nothing queued for it is sent any more (write_frames stops)."""
        with contextlib.suppress(Exception):
            await self.websocket.close(code=POLICY_CLOSE_CODE)

    async def write_frames(self) -> None:
        while True:
            if self._outbox.empty() and any(state.lagging for state in self.rooms.values()):
                try:
                    await self._read_again_what_was_left_out()
                except Exception:
                    logger.exception("reading missed messages again failed; the client will catch up on joining")
                    await self.close_for_retry()
                    return
                continue
            text = await self._outbox.get()
            if self.websocket.application_state != WebSocketState.CONNECTED:
                return
            await self.websocket.send_text(text)

    async def _read_again_what_was_left_out(self) -> None:
        for chat_id, state in list(self.rooms.items()):
            if not state.lagging or state.catching_up:
                continue
            state.lagging, state.catching_up = False, True
            missed = await self._read_missed(chat_id, state.lagging_after)
            if self.rooms.get(chat_id) is not state:
                continue  # left the room meanwhile
            self.caught_up(chat_id, missed)
            if len(missed) < self._page_size:
                self.finish_catching_up(chat_id)
                continue
            # A full page: more may follow; the next page is read once this one has been sent.
            waiting, state.waiting = state.waiting, []
            state.catching_up = False
            state.fall_behind(missed[-1][0] + 1)
            for message_id, text in waiting:
                if message_id is None:
                    self.push(text)
                elif message_id not in state.recent:
                    state.fall_behind(message_id)
