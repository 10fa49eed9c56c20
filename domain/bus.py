"""Live events between API processes: Redis pub/sub when REDIS_URL is set, an in-process bus otherwise.

Closing a person's sockets (signed out, account deleted, blocked, removed from a trip) is told differently: with
PostgreSQL's NOTIFY on SOCKETS_CLOSING_CHANNEL inside the transaction that made the change, so it is heard when the
change commits and never when it rolls back, by every API process (each LISTENs, api/live/listener.py), with or
without Redis. Payload (JSON): {"user_id": <id>, "session": <the session's token hash in hex, or null for all>}.

A subscriber hands in a plain callback; it runs on the event loop for every event of its channel, so it must not
block (the chat socket only puts the event on each connection's queue). `subscribe` returns once delivery is
guaranteed, so an event published after it returns is never missed: the chat's catch-up relies on that.
"""

import asyncio
import contextlib
import json
import logging
import uuid
from collections import defaultdict
from collections.abc import Callable
from typing import Any, Protocol

import redis.asyncio as redis
from sqlalchemy import Text, cast, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.models import AuthSession
from domain.settings import Settings

logger = logging.getLogger("humsafar.bus")

Event = dict[str, Any]
Handler = Callable[[Event], None]

SOCKETS_CLOSING_CHANNEL = "humsafar_sockets_closing"


async def close_sockets_of(session: AsyncSession, user_id: int) -> None:
    """Once the session's transaction commits, every API process closes all of this person's open sockets."""
    payload = json.dumps({"user_id": user_id, "session": None}, separators=(",", ":"))
    await session.execute(select(func.pg_notify(SOCKETS_CLOSING_CHANNEL, payload)))


async def close_sockets_of_session(session: AsyncSession, session_hash: bytes) -> None:
    """Once the session's transaction commits, every API process closes the sockets signed in with this session (by
    its cookie or by an access token bound to it)."""
    payload = func.json_build_object(
        "user_id", AuthSession.user_id, "session", func.encode(AuthSession.token_hash, "hex")
    )
    await session.execute(
        select(func.pg_notify(SOCKETS_CLOSING_CHANNEL, cast(payload, Text))).where(
            AuthSession.token_hash == session_hash
        )
    )


class Subscription:
    def __init__(self, channel: str, handler: Handler) -> None:
        self.channel = channel
        self.handler = handler


class Bus(Protocol):
    async def publish(self, channel: str, event: Event) -> None: ...

    async def publish_in_order(self, events: list[tuple[str, Event]]) -> None:
        """Publishes (channel, event) pairs at once; every subscriber sees them in this order."""
        ...

    async def subscribe(self, channel: str, handler: Handler) -> Subscription: ...

    async def unsubscribe(self, subscription: Subscription) -> None: ...

    async def close(self) -> None: ...


class _LocalHandlers:
    """The handlers of this process, by channel."""

    def __init__(self) -> None:
        self.by_channel: defaultdict[str, list[Subscription]] = defaultdict(list)

    def add(self, subscription: Subscription) -> bool:
        """True when this is the channel's first handler."""
        handlers = self.by_channel[subscription.channel]
        handlers.append(subscription)
        return len(handlers) == 1

    def remove(self, subscription: Subscription) -> bool:
        """True when the channel has no handler left."""
        handlers = self.by_channel.get(subscription.channel)
        if handlers is None:
            return False
        with contextlib.suppress(ValueError):
            handlers.remove(subscription)
        if handlers:
            return False
        del self.by_channel[subscription.channel]
        return True

    def dispatch(self, channel: str, event: Event) -> None:
        for subscription in list(self.by_channel.get(channel, ())):
            try:
                subscription.handler(event)
            except Exception:
                logger.exception("a handler of %s failed", channel)


class InProcessBus:
    """One process is the whole system (embedded mode): publishing is calling the handlers."""

    def __init__(self) -> None:
        self._handlers = _LocalHandlers()

    async def publish(self, channel: str, event: Event) -> None:
        self._handlers.dispatch(channel, event)

    async def publish_in_order(self, events: list[tuple[str, Event]]) -> None:
        for channel, event in events:
            self._handlers.dispatch(channel, event)

    async def subscribe(self, channel: str, handler: Handler) -> Subscription:
        subscription = Subscription(channel, handler)
        self._handlers.add(subscription)
        return subscription

    async def unsubscribe(self, subscription: Subscription) -> None:
        self._handlers.remove(subscription)

    async def close(self) -> None:
        self._handlers.by_channel.clear()


class RedisBus:
    """Redis pub/sub: one subscribing connection a process, a channel subscribed while a local handler needs it.

    An event reaches this process's own handlers as it is published, without the round trip through Redis; each
    payload starts with the publishing process's id, so the reader drops the copy Redis hands back.
    """

    def __init__(self, url: str) -> None:
        self._client = redis.Redis.from_url(url)
        self._pubsub = self._client.pubsub()
        self._handlers = _LocalHandlers()
        self._confirmations: defaultdict[str, list[asyncio.Future[None]]] = defaultdict(list)
        self._process_id = uuid.uuid4().hex.encode()
        # Always subscribed to a channel of its own, so the reader never idles on an unsubscribed connection.
        self._own_channel = f"bus:process:{self._process_id.decode()}"
        self._reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self._pubsub.subscribe(self._own_channel)
        self._reader = asyncio.create_task(self._read(), name="redis-bus-reader")

    async def publish(self, channel: str, event: Event) -> None:
        await self.publish_in_order([(channel, event)])

    async def publish_in_order(self, events: list[tuple[str, Event]]) -> None:
        """One round trip for the lot, on one connection, so Redis hands them on in the order given."""
        for channel, event in events:
            self._handlers.dispatch(channel, event)
        pipeline = self._client.pipeline(transaction=False)
        for channel, event in events:
            pipeline.publish(channel, self._process_id + json.dumps(event, separators=(",", ":")).encode())
        await pipeline.execute()

    async def subscribe(self, channel: str, handler: Handler) -> Subscription:
        subscription = Subscription(channel, handler)
        if self._handlers.add(subscription):
            confirmed = asyncio.get_running_loop().create_future()
            self._confirmations[channel].append(confirmed)
            await self._pubsub.subscribe(channel)
            await confirmed
        return subscription

    async def unsubscribe(self, subscription: Subscription) -> None:
        if self._handlers.remove(subscription):
            await self._pubsub.unsubscribe(subscription.channel)

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        await self._pubsub.aclose()
        await self._client.aclose()

    async def _read(self) -> None:
        while True:
            try:
                # Blocking read: the process's own channel keeps the connection subscribed, and waiting without a
                # timeout spares a timer per event.
                message = await self._pubsub.get_message(timeout=None)
            except asyncio.CancelledError:
                raise
            except Exception:
                # redis-py reconnects and subscribes again on the next read; events published meanwhile are
                # lost live, and a client catches up from PostgreSQL when it joins again.
                logger.exception("reading from Redis failed; retrying")
                await asyncio.sleep(0.5)
                continue
            if message is not None:
                self._handle(message)

    def _handle(self, message: dict[str, Any]) -> None:
        channel = message["channel"].decode() if isinstance(message["channel"], bytes) else message["channel"]
        if message["type"] == "subscribe":
            for confirmed in self._confirmations.pop(channel, []):
                if not confirmed.done():
                    confirmed.set_result(None)
        elif message["type"] == "message":
            payload: bytes = message["data"]
            publisher_id_length = len(self._process_id)
            if payload[:publisher_id_length] != self._process_id:
                self._handlers.dispatch(channel, json.loads(payload[publisher_id_length:]))


async def create_bus(settings: Settings) -> Bus:
    if settings.redis_url is None:
        return InProcessBus()
    bus = RedisBus(settings.redis_url)
    await bus.start()
    return bus
