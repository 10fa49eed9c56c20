"""Live events between processes over a real Redis: each subscriber gets each event once, in publishing order."""

import asyncio
import uuid

from domain.bus import Event, RedisBus


class Inbox:
    """The events a handler got; `until(count)` waits for that many."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self._arrived = asyncio.Event()

    def handle(self, event: Event) -> None:
        self.events.append(event)
        self._arrived.set()

    async def until(self, count: int, within_s: float = 5.0) -> None:
        async with asyncio.timeout(within_s):
            while len(self.events) < count:
                self._arrived.clear()
                await self._arrived.wait()


async def started_bus(redis_url: str) -> RedisBus:
    bus = RedisBus(redis_url)
    await bus.start()
    return bus


async def test_events_reach_this_process_at_once_and_the_other_through_redis_each_once_in_order(redis_url):
    here, there = await started_bus(redis_url), await started_bus(redis_url)
    channel = f"chat:test-{uuid.uuid4().hex}"
    seen_here, seen_there = Inbox(), Inbox()
    try:
        await here.subscribe(channel, seen_here.handle)
        await there.subscribe(channel, seen_there.handle)
        events = [{"number": number} for number in range(20)]
        await here.publish_in_order([(channel, event) for event in events])
        assert seen_here.events == events
        # A last event from the other process comes through Redis to both after everything published before it,
        # this process's own copies included: a second delivery of any would be in the inboxes by then.
        last = {"number": "last"}
        await there.publish(channel, last)
        await seen_there.until(len(events) + 1)
        await seen_here.until(len(events) + 1)
        assert seen_there.events == [*events, last]
        assert seen_here.events == [*events, last]
    finally:
        await here.close()
        await there.close()


async def test_an_unsubscribed_process_no_longer_gets_the_channel(redis_url):
    here, there = await started_bus(redis_url), await started_bus(redis_url)
    channel = f"chat:test-{uuid.uuid4().hex}"
    seen_there, seen_elsewhere = Inbox(), Inbox()
    try:
        subscription = await there.subscribe(channel, seen_there.handle)
        await there.subscribe(f"{channel}-elsewhere", seen_elsewhere.handle)
        await here.publish(channel, {"number": 1})
        await seen_there.until(1)
        await there.unsubscribe(subscription)
        await here.publish(channel, {"number": 2})
        # The process's one connection gets what Redis sends it in publishing order: an event of a channel it still
        # has, published after, arrives after the second would have.
        await here.publish(f"{channel}-elsewhere", {"number": 3})
        await seen_elsewhere.until(1)
        assert seen_there.events == [{"number": 1}]
    finally:
        await here.close()
        await there.close()
