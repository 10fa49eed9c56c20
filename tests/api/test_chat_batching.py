"""Work done in batches for many callers: what arrives while one batch is handled goes together into the next."""

import asyncio
import itertools

import pytest

from api.chat.batching import Batcher


class Doubler:
    """Doubles numbers, a batch at a time; the first batch waits until it is let go."""

    def __init__(self) -> None:
        self.batches: list[list[int]] = []
        self.first_started = asyncio.Event()
        self.first_may_finish = asyncio.Event()

    async def handle(self, numbers: list[int]) -> list[int]:
        self.batches.append(numbers)
        if len(self.batches) == 1:
            self.first_started.set()
            await self.first_may_finish.wait()
        if 13 in numbers:
            raise ValueError("unlucky batch")
        return [number * 2 for number in numbers]


async def test_what_arrives_while_a_batch_is_handled_goes_together_into_the_next_in_order():
    doubler = Doubler()
    batcher = Batcher(doubler.handle, max_batch=100, name="doubler")
    first = asyncio.create_task(batcher.submit(1))
    await doubler.first_started.wait()
    rest = [asyncio.create_task(batcher.submit(number)) for number in range(2, 7)]
    await asyncio.sleep(0)  # one turn of the loop: each of them is submitted and waits
    doubler.first_may_finish.set()
    assert await first == 2
    assert [await task for task in rest] == [4, 6, 8, 10, 12]
    assert doubler.batches == [[1], [2, 3, 4, 5, 6]]
    await batcher.close()


async def test_a_batch_holds_at_most_max_batch_items():
    doubler = Doubler()
    batcher = Batcher(doubler.handle, max_batch=2, name="doubler")
    first = asyncio.create_task(batcher.submit(1))
    await doubler.first_started.wait()
    rest = [asyncio.create_task(batcher.submit(number)) for number in range(2, 7)]
    doubler.first_may_finish.set()
    await asyncio.gather(first, *rest)
    assert doubler.batches == [[1], [2, 3], [4, 5], [6]]
    await batcher.close()


async def test_a_failing_batch_fails_its_own_callers_and_the_next_batch_is_handled():
    doubler = Doubler()
    doubler.first_may_finish.set()
    batcher = Batcher(doubler.handle, max_batch=100, name="doubler")
    unlucky = asyncio.gather(batcher.submit(12), batcher.submit(13))
    with pytest.raises(ValueError, match="unlucky batch"):
        await unlucky
    assert await batcher.submit(21) == 42
    await batcher.close()


async def test_closing_cancels_what_is_still_waiting():
    doubler = Doubler()
    batcher = Batcher(doubler.handle, max_batch=100, name="doubler")
    in_flight = asyncio.create_task(batcher.submit(1))
    await doubler.first_started.wait()
    waiting = asyncio.create_task(batcher.submit(2))
    await asyncio.sleep(0)
    await batcher.close()
    for task in (in_flight, waiting):
        with pytest.raises(asyncio.CancelledError):
            await task


async def test_under_a_steady_stream_batches_start_an_interval_apart_while_a_lone_item_goes_at_once():
    loop = asyncio.get_running_loop()
    batches: list[tuple[float, list[int]]] = []

    async def echo(numbers: list[int]) -> list[int]:
        batches.append((loop.time(), numbers))
        return numbers

    batcher = Batcher(echo, max_batch=100, name="stream", min_interval_s=0.05)
    before = loop.time()
    assert await batcher.submit(0) == 0
    assert loop.time() - before < 0.04
    # Time is what is tested: a lone item after the interval, then a steady stream, one item every 10 ms.
    await asyncio.sleep(0.06)
    stream = []
    for number in range(1, 11):
        stream.append(asyncio.create_task(batcher.submit(number)))
        await asyncio.sleep(0.01)
    assert await asyncio.gather(*stream) == list(range(1, 11))
    starts = [started for started, _ in batches]
    assert all(later - earlier >= 0.045 for earlier, later in itertools.pairwise(starts))
    assert 3 <= len(batches) <= 5
    assert [number for _, numbers in batches for number in numbers] == list(range(11))
    await batcher.close()
