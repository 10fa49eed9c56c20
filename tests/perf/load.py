"""Load in two shapes, for a fixed time:

- closed loop (saturation): N clients each send the next query as soon as the previous one answered; the rate it
  reaches is the most the system serves, and its latency is mostly queueing (about N / rate);
- open loop (latency): N clients each send on a fixed schedule, so together they offer a stated rate whatever the
  answers' speed; latency runs from the scheduled send time, so a slow answer also delays (and is charged to) the
  requests queued behind it (no coordinated omission).

Alongside latency it records the CPU seconds the API process, the PostgreSQL backends and this load generator spent,
so a run shows which side the time went to.
"""

import asyncio
import itertools
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx
import psutil
import psycopg

from tests.perf.harness import latency_summary


@dataclass(frozen=True)
class SqlQuery:
    sql: str
    params: dict[str, Any]


@dataclass
class Recorder:
    started: float
    warmup_until: float
    stop_at: float
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    rows: list[int] = field(default_factory=list)

    def running(self) -> bool:
        return time.perf_counter() < self.stop_at

    def record(self, started: float, ok: bool, rows: int | None = None) -> None:
        finished = time.perf_counter()
        if started < self.warmup_until or started >= self.stop_at:
            return
        if not ok:
            self.errors += 1
            return
        self.latencies.append(finished - started)
        if rows is not None:
            self.rows.append(rows)


class CpuMeter:
    """CPU seconds used by some processes (and their children) between start() and stop()."""

    def __init__(self, pids: dict[str, int]) -> None:
        self.processes = {name: psutil.Process(pid) for name, pid in pids.items()}
        self.before: dict[str, dict[int, float]] = {}

    @staticmethod
    def _snapshot(process: psutil.Process) -> dict[int, float]:
        seconds: dict[int, float] = {}
        for member in [process, *process.children(recursive=True)]:
            try:
                times = member.cpu_times()
            except psutil.Error:
                continue
            seconds[member.pid] = times.user + times.system
        return seconds

    @staticmethod
    def _machine_busy() -> float:
        times = psutil.cpu_times()
        return float(sum(times) - times.idle - getattr(times, "iowait", 0.0))

    def start(self) -> None:
        self.before = {name: self._snapshot(process) for name, process in self.processes.items()}
        self.own_before = time.process_time()
        self.machine_before = self._machine_busy()

    def stop(self) -> dict[str, float]:
        used = {}
        for name, process in self.processes.items():
            after = self._snapshot(process)
            used[name] = sum(seconds - self.before[name].get(pid, 0.0) for pid, seconds in after.items())
        used["load_generator"] = time.process_time() - self.own_before
        # Whatever else ran on the machine meanwhile (other jobs on a shared host skew the figures).
        used["other_processes"] = max(0.0, self._machine_busy() - self.machine_before - sum(used.values()))
        return {f"{name}_cpu_s": round(seconds, 2) for name, seconds in used.items()}


async def _closed_loop(
    workers: Sequence[Callable[[Recorder], Awaitable[None]]], warmup_s: float, duration_s: float, meter: CpuMeter
) -> tuple[Recorder, dict[str, float]]:
    """Runs the workers for warmup + duration; latency and CPU count only over the measured window."""
    started = time.perf_counter()
    recorder = Recorder(started, started + warmup_s, started + warmup_s + duration_s)

    async def window() -> dict[str, float]:
        await asyncio.sleep(warmup_s)
        meter.start()
        await asyncio.sleep(duration_s)
        return meter.stop()

    measured = asyncio.create_task(window())
    await asyncio.gather(*(worker(recorder) for worker in workers))
    return recorder, await measured


def _summary(recorder: Recorder, duration_s: float, cpu: dict[str, float]) -> dict[str, Any]:
    summary: dict[str, Any] = {**latency_summary(recorder.latencies, duration_s, recorder.errors), **cpu}
    if summary["requests"]:
        for name, seconds in cpu.items():
            summary[name.replace("_cpu_s", "_cpu_ms_per_request")] = round(seconds * 1000 / summary["requests"], 2)
    if recorder.rows:
        summary["mean_rows"] = round(sum(recorder.rows) / len(recorder.rows), 1)
        summary["share_empty"] = round(sum(1 for rows in recorder.rows if rows == 0) / len(recorder.rows), 3)
        summary["share_full_page"] = round(sum(1 for rows in recorder.rows if rows >= 50) / len(recorder.rows), 3)
    return summary


async def http_load(
    base_url: str,
    path: str,
    cookies: httpx.Cookies,
    queries: Sequence[dict[str, str]],
    concurrency: int,
    warmup_s: float,
    duration_s: float,
    meter: CpuMeter,
) -> dict[str, Any]:
    clients = [
        httpx.AsyncClient(base_url=base_url, cookies=cookies, timeout=60, limits=httpx.Limits(max_connections=1))
        for _ in range(concurrency)
    ]

    def worker(client: httpx.AsyncClient, seed: int) -> Callable[[Recorder], Awaitable[None]]:
        async def loop(recorder: Recorder) -> None:
            order = random.Random(seed)
            while recorder.running():
                params = queries[order.randrange(len(queries))]
                started = time.perf_counter()
                try:
                    answer = await client.get(path, params=params)
                    recorder.record(started, answer.status_code == 200)
                except httpx.HTTPError:
                    recorder.record(started, False)

        return loop

    try:
        for client in clients:  # open the connections before the clock runs
            await client.get("/api/auth/session")
        workers = [worker(client, seed) for seed, client in enumerate(clients)]
        recorder, cpu = await _closed_loop(workers, warmup_s, duration_s, meter)
    finally:
        await asyncio.gather(*(client.aclose() for client in clients))
    return {"mode": "closed_loop", "clients": concurrency, **_summary(recorder, duration_s, cpu)}


async def open_loop_http_load(
    base_url: str,
    path: str,
    cookies: httpx.Cookies,
    queries: Sequence[dict[str, str]],
    concurrency: int,
    rate_per_s: float,
    warmup_s: float,
    duration_s: float,
    meter: CpuMeter,
) -> dict[str, Any]:
    """concurrency clients, each with its own connection, each sending every concurrency / rate_per_s seconds (the
    clients' phases evenly staggered), so together they offer rate_per_s. A client whose previous answer is late
    sends as soon as it arrives, and the wait counts in the latency, measured from the scheduled time."""
    clients = [
        httpx.AsyncClient(base_url=base_url, cookies=cookies, timeout=60, limits=httpx.Limits(max_connections=1))
        for _ in range(concurrency)
    ]
    interval = concurrency / rate_per_s

    def worker(client: httpx.AsyncClient, seed: int) -> Callable[[Recorder], Awaitable[None]]:
        async def loop(recorder: Recorder) -> None:
            order = random.Random(seed)
            scheduled = recorder.started + seed * interval / concurrency
            while scheduled < recorder.stop_at:
                delay = scheduled - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
                params = queries[order.randrange(len(queries))]
                try:
                    answer = await client.get(path, params=params)
                    recorder.record(scheduled, answer.status_code == 200)
                except httpx.HTTPError:
                    recorder.record(scheduled, False)
                scheduled += interval

        return loop

    try:
        for client in clients:
            await client.get("/api/auth/session")
        workers = [worker(client, seed) for seed, client in enumerate(clients)]
        recorder, cpu = await _closed_loop(workers, warmup_s, duration_s, meter)
    finally:
        await asyncio.gather(*(client.aclose() for client in clients))
    offered = {"mode": "open_loop", "clients": concurrency, "offered_rate_per_s": rate_per_s}
    return {**offered, **_summary(recorder, duration_s, cpu)}


async def sql_load(
    conninfo: str,
    connect_args: dict[str, Any],
    queries: Sequence[SqlQuery],
    concurrency: int,
    warmup_s: float,
    duration_s: float,
    meter: CpuMeter,
    rate_per_s: float | None = None,
) -> dict[str, Any]:
    """The queries straight through psycopg, connected as the API's engine connects (connect_args); closed loop, or
    open loop at rate_per_s when given (as open_loop_http_load)."""
    connections = [
        await psycopg.AsyncConnection.connect(conninfo, autocommit=True, **connect_args) for _ in range(concurrency)
    ]
    interval = concurrency / rate_per_s if rate_per_s else 0.0

    def worker(connection: psycopg.AsyncConnection[Any], seed: int) -> Callable[[Recorder], Awaitable[None]]:
        async def loop(recorder: Recorder) -> None:
            order = random.Random(seed)
            scheduled = recorder.started + seed * interval / concurrency
            while scheduled < recorder.stop_at if interval else recorder.running():
                if interval:
                    delay = scheduled - time.perf_counter()
                    if delay > 0:
                        await asyncio.sleep(delay)
                    started = scheduled
                    scheduled += interval
                else:
                    started = time.perf_counter()
                query = queries[order.randrange(len(queries))]
                try:
                    cursor = await connection.execute(query.sql.encode(), query.params)
                    rows = await cursor.fetchall()
                    recorder.record(started, True, len(rows))
                except psycopg.Error:
                    recorder.record(started, False)

        return loop

    try:
        workers = [worker(connection, seed) for seed, connection in zip(itertools.count(), connections, strict=False)]
        recorder, cpu = await _closed_loop(workers, warmup_s, duration_s, meter)
    finally:
        await asyncio.gather(*(connection.close() for connection in connections))
    shape: dict[str, Any] = {"mode": "open_loop" if interval else "closed_loop", "clients": concurrency}
    if rate_per_s:
        shape["offered_rate_per_s"] = rate_per_s
    return {**shape, **_summary(recorder, duration_s, cpu)}
