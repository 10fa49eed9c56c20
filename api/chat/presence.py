"""Who is in which chat room right now, across the API processes: a member in the room needs no notification.

Each process knows its own connections; with Redis, it also writes them to a sorted set per chat whose scores are
expiry times, renewed while the connection stays, so a process that dies without saying goodbye stops counting
within PRESENCE_TTL_S. Without Redis there is one process, and its own rooms are the whole answer.
"""

import asyncio
import contextlib
import logging
import time

import redis.asyncio as redis

logger = logging.getLogger("humsafar.chat")

PRESENCE_TTL_S = 120.0
RENEW_EVERY_S = 40.0


def presence_key(chat_id: int) -> str:
    return f"chat:present:{chat_id}"


class RoomPresence:
    def __init__(self, redis_url: str | None) -> None:
        self._client = redis.Redis.from_url(redis_url) if redis_url else None
        # (chat_id, user_id, connection session id) of this process's connections in rooms.
        self._here: set[tuple[int, int, str]] = set()
        self._renewer: asyncio.Task[None] | None = None

    async def entered(self, chat_id: int, user_id: int, session_id: str) -> None:
        self._here.add((chat_id, user_id, session_id))
        if self._client is None:
            return
        if self._renewer is None or self._renewer.done():
            self._renewer = asyncio.create_task(self._renew(), name="chat-presence-renewer")
        async with self._client.pipeline(transaction=False) as pipeline:
            pipeline.zadd(presence_key(chat_id), {f"{user_id}:{session_id}": time.time() + PRESENCE_TTL_S})
            pipeline.expire(presence_key(chat_id), int(PRESENCE_TTL_S * 2))
            await pipeline.execute()

    async def left(self, chat_id: int, user_id: int, session_id: str) -> None:
        self._here.discard((chat_id, user_id, session_id))
        if self._client is not None:
            await self._client.zrem(presence_key(chat_id), f"{user_id}:{session_id}")

    async def forget(self, session_id: str) -> None:
        """A connection that closed: out of every room it was counted in."""
        for chat_id, user_id, session in list(self._here):
            if session == session_id:
                await self.left(chat_id, user_id, session)

    async def present(self, chat_ids: list[int]) -> dict[int, set[int]]:
        """The users with a connection in each chat's room, on any process."""
        users: dict[int, set[int]] = {chat_id: set() for chat_id in chat_ids}
        for chat_id, user_id, _ in self._here:
            if chat_id in users:
                users[chat_id].add(user_id)
        if self._client is None or not chat_ids:
            return users
        async with self._client.pipeline(transaction=False) as pipeline:
            for chat_id in chat_ids:
                pipeline.zrangebyscore(presence_key(chat_id), time.time(), "+inf")
            answers = await pipeline.execute()
        for chat_id, members in zip(chat_ids, answers, strict=True):
            users[chat_id].update(int(member.split(b":", 1)[0]) for member in members)
        return users

    async def close(self) -> None:
        if self._renewer is not None:
            self._renewer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewer
        if self._client is not None:
            with contextlib.suppress(Exception):
                await self._client.aclose()

    async def _renew(self) -> None:
        while self._here:
            await asyncio.sleep(RENEW_EVERY_S)
            try:
                expiry = time.time() + PRESENCE_TTL_S
                by_chat: dict[int, dict[str, float]] = {}
                for chat_id, user_id, session_id in list(self._here):
                    by_chat.setdefault(chat_id, {})[f"{user_id}:{session_id}"] = expiry
                assert self._client is not None
                async with self._client.pipeline(transaction=False) as pipeline:
                    for chat_id, members in by_chat.items():
                        pipeline.zadd(presence_key(chat_id), members)
                        pipeline.zremrangebyscore(presence_key(chat_id), "-inf", time.time())
                        pipeline.expire(presence_key(chat_id), int(PRESENCE_TTL_S * 2))
                    await pipeline.execute()
            except Exception:
                logger.exception("renewing chat presence failed")
