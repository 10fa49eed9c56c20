"""The worker's workflow task slots, counted where the flow relay can see them.

A flow started eagerly takes one of its worker's workflow task slots with the start's answer; when none is free,
the start goes into Temporal's task queue instead, where the dev server writes it to its SQLite file and reads it
back, which costs it about a third more than an eager start. The relay therefore sends no more starts at once than
there are free slots, and waits for one to free when none is (`WorkflowTaskSlots.room`): a backlog waits in the
flow outbox, where it costs nothing, rather than in Temporal's task queue (docs/benchmarks.md).

The SDK awaits `reserve_slot` on the worker's event loop and may call the others from its own threads: the count is
kept under a lock, and a release wakes the loop's waiters through `call_soon_threadsafe`.
"""

import asyncio
import threading

from temporalio.worker import (
    CustomSlotSupplier,
    SlotMarkUsedContext,
    SlotPermit,
    SlotReleaseContext,
    SlotReserveContext,
)


class _Permit(SlotPermit):
    def __init__(self, polling: bool) -> None:
        self.polling = polling  # held by a poll that has no task yet


class WorkflowTaskSlots(CustomSlotSupplier):
    """A fixed number of workflow task slots (each poll holds one while it waits, each task one until its answer),
    and how many the relay may take for eager starts: the free ones but those its polls will want back, so a flow's
    timer or signal always finds a poll waiting for it."""

    def __init__(self, size: int, polls: int) -> None:
        self._size = size
        self._polls = polls
        self._taken = 0
        self._polling = 0
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._released = asyncio.Event()

    @property
    def free(self) -> int:
        """Slots free for eager starts."""
        return max(0, self._size - self._taken - max(0, self._polls - self._polling))

    async def reserve_slot(self, ctx: SlotReserveContext) -> SlotPermit:
        self._loop = asyncio.get_running_loop()
        while True:
            # Cleared before looking, so a release between the look and the wait still wakes this one.
            self._released.clear()
            with self._lock:
                if self._taken < self._size:
                    self._taken += 1
                    self._polling += 1
                    return _Permit(polling=True)
            await self._released.wait()

    def try_reserve_slot(self, ctx: SlotReserveContext) -> SlotPermit | None:
        with self._lock:
            if self._taken >= self._size:
                return None
            self._taken += 1
        return _Permit(polling=False)

    def mark_slot_used(self, ctx: SlotMarkUsedContext) -> None:
        with self._lock:
            self._stop_polling(ctx.permit)

    def release_slot(self, ctx: SlotReleaseContext) -> None:
        with self._lock:
            self._stop_polling(ctx.permit)
            self._taken -= 1
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._released.set)

    def _stop_polling(self, permit: SlotPermit) -> None:
        """Under the lock: the permit's poll, if it still waited, no longer does."""
        if isinstance(permit, _Permit) and permit.polling:
            permit.polling = False
            self._polling -= 1

    async def room(self, most: int, patience: float) -> int:
        """How many starts the relay may send now, at most `most`: as many as slots are free, once one is, or one
        after `patience` seconds without (a start then goes through the task queue, as it would without this)."""
        self._loop = asyncio.get_running_loop()
        deadline = self._loop.time() + patience
        while True:
            self._released.clear()
            free = self.free
            if free > 0:
                return min(most, free)
            remaining = deadline - self._loop.time()
            if remaining <= 0:
                return 1
            try:
                await asyncio.wait_for(self._released.wait(), remaining)
            except TimeoutError:
                return 1
