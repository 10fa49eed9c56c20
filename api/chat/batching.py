"""Work that is cheaper in bulk (a commit, a round trip to Redis) done for many callers at once.

Whatever is submitted while one batch is being handled waits for the next, so a quiet process handles each item as
it comes and a busy one handles many per call. A batch may also be held to start no sooner than a set interval after
the one before: an item that comes after a quiet spell goes at once, while under a steady stream of items each batch
gathers what the interval brought instead of paying a batch's fixed cost for one or two.
"""

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

logger = logging.getLogger("humsafar.chat")

Item = TypeVar("Item")
Outcome = TypeVar("Outcome")


class Batcher(Generic[Item, Outcome]):
    """`handle` gets a list of items and returns one outcome per item, in order; if it raises, every caller of
    that batch gets the error."""

    def __init__(
        self,
        handle: Callable[[list[Item]], Awaitable[list[Outcome]]],
        max_batch: int,
        name: str,
        min_interval_s: float = 0.0,
    ) -> None:
        self._handle = handle
        self._max_batch = max_batch
        self._name = name
        self._min_interval_s = min_interval_s
        self._last_started = float("-inf")
        self._waiting: list[tuple[Item, asyncio.Future[Outcome]]] = []
        self._arrived = asyncio.Event()
        self._runner: asyncio.Task[None] | None = None

    async def submit(self, item: Item) -> Outcome:
        """Queued at once (callers are served in the order they called), answered when its batch is done."""
        outcome: asyncio.Future[Outcome] = asyncio.get_running_loop().create_future()
        self._waiting.append((item, outcome))
        self._arrived.set()
        if self._runner is None or self._runner.done():
            self._runner = asyncio.create_task(self._run(), name=self._name)
        return await outcome

    async def close(self) -> None:
        if self._runner is not None:
            self._runner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._runner
        for _, outcome in self._waiting:
            outcome.cancel()
        self._waiting.clear()

    async def _run(self) -> None:
        while True:
            await self._arrived.wait()
            self._arrived.clear()
            while self._waiting:
                loop = asyncio.get_running_loop()
                hold_s = self._last_started + self._min_interval_s - loop.time()
                if hold_s > 0 and len(self._waiting) < self._max_batch:
                    await asyncio.sleep(hold_s)
                self._last_started = loop.time()
                batch = self._waiting[: self._max_batch]
                del self._waiting[: self._max_batch]
                await self._answer(batch)

    async def _answer(self, batch: list[tuple[Item, asyncio.Future[Outcome]]]) -> None:
        try:
            outcomes = await self._handle([item for item, _ in batch])
        except asyncio.CancelledError:
            for _, outcome in batch:
                outcome.cancel()
            raise
        except Exception as error:
            logger.warning("%s: a batch of %d failed: %r", self._name, len(batch), error)
            for _, outcome in batch:
                if not outcome.done():
                    outcome.set_exception(error)
            return
        for (_, outcome), result in zip(batch, outcomes, strict=True):
            if not outcome.done():
                outcome.set_result(result)
