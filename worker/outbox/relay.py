"""The worker's relay of the flow outbox (domain/flows.py): woken by the notification each outbox insert sends at its
writer's commit, and once an interval besides, it delivers every entry waiting (worker/outbox/delivery.py).

The notifications come over a connection of their own that listens on RELAY_CHANNEL. While it is down (PostgreSQL
restarting, say) the relay still looks every interval, and it opens the connection again: a start waits at most an
interval, and no entry is ever lost, since the table, not the notification, holds it.
"""

import asyncio
import logging
from contextlib import suppress
from datetime import timedelta

from sqlalchemy.exc import SQLAlchemyError

from domain.flows import RELAY_CHANNEL
from domain.listening import listen
from worker.outbox.backlog import OutboxBacklog
from worker.outbox.delivery import FlowDelivery, Room

logger = logging.getLogger("humsafar.flows")


async def relay(
    delivery: FlowDelivery,
    backlog: OutboxBacklog,
    conninfo: str,
    stop: asyncio.Event,
    interval: timedelta,
    room: Room | None = None,
) -> None:
    """Until `stop` is set: a round of deliveries at each wake and at least every interval, each batch as large as
    `room` allows when given; once an interval, the parked entries are counted and the oldest waiting one timed."""
    wake = asyncio.Event()
    # Woken at every notification, and each time it starts listening: entries may have been added while it was not.
    listening = asyncio.create_task(
        listen(conninfo, [RELAY_CHANNEL], lambda _: wake.set(), lambda _: wake.set(), retry_s=interval.total_seconds()),
        name="flow-relay-listen",
    )
    stopping = asyncio.create_task(_set_when(stop, wake), name="flow-relay-stop")
    loop = asyncio.get_running_loop()
    counted_at = -interval.total_seconds()
    try:
        while not stop.is_set():
            wake.clear()
            try:
                await delivery.relay_round(room)
                if loop.time() - counted_at >= interval.total_seconds():
                    await backlog.count_parked()
                    await backlog.oldest_waiting_seconds()
                    counted_at = loop.time()
            except (SQLAlchemyError, OSError, RuntimeError) as error:
                logger.warning("flow relay: %s", error)
            with suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), interval.total_seconds())
    finally:
        for task in (listening, stopping):
            task.cancel()
            with suppress(asyncio.CancelledError):
                await task


async def _set_when(stop: asyncio.Event, wake: asyncio.Event) -> None:
    await stop.wait()
    wake.set()
