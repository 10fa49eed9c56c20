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
import contextlib
import itertools
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import httpx
import psutil
import psycopg

from tests.perf.calibration import calibration
from tests.perf.harness import latency_summary


@dataclass(frozen=True)
class SqlQuery:
    sql: str
    params: dict[str, Any]
    prepared: bool = False  # as the API runs it (domain/compiled_query.py)


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


def wait_for_quiet_machine(limit_cores: float = 0.5, max_wait_s: float = 10.0) -> dict[str, float]:
    """Waits (at most max_wait_s) for a second in which the whole machine used under limit_cores of CPU: before a
    phase our own processes are idle, so that is other jobs' load. Returns how long it waited and the last reading,
    so a figure measured on a busy shared host is visible as such."""
    started = time.monotonic()
    while True:
        before = CpuMeter._machine_busy()
        time.sleep(1.0)
        busy = CpuMeter._machine_busy() - before
        waited = time.monotonic() - started
        if busy < limit_cores or waited >= max_wait_s:
            return {"quiet_wait_s": round(waited, 1), "machine_busy_cores_before": round(busy, 2)}


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
            raw_ms = round(seconds * 1000 / summary["requests"], 2)
            summary[name.replace("_cpu_s", "_cpu_ms_per_request")] = raw_ms
            process = name.removesuffix("_cpu_s")
            if process != "other_processes":
                summary[f"{process}_cpu_ms_per_request_calibrated"] = calibration().cpu_ms(process, raw_ms)
    if recorder.rows:
        summary["mean_rows"] = round(sum(recorder.rows) / len(recorder.rows), 1)
        summary["share_empty"] = round(sum(1 for rows in recorder.rows if rows == 0) / len(recorder.rows), 3)
        summary["share_full_page"] = round(sum(1 for rows in recorder.rows if rows >= 50) / len(recorder.rows), 3)
    return summary


class HttpConnection:
    """One keep-alive HTTP/1.1 connection of a signed-in browser, the load generator's side kept small (httpx costs
    ~1.5 ms of CPU a request, taken from the same cores as the API). It asks for gzip as a browser does and reads the
    body without inflating it; `headers` adds what the browser would send besides (a CSRF token, a content type)."""

    def __init__(self, base_url: str, cookies: httpx.Cookies, headers: dict[str, str] | None = None) -> None:
        url = httpx.URL(base_url)
        self.host, self.port = url.host, url.port or 80
        cookie = "; ".join(f"{name}={value}" for name, value in cookies.items())
        lines = {"Host": f"{self.host}:{self.port}", "Cookie": cookie, "Accept-Encoding": "gzip", **(headers or {})}
        self.headers = "".join(f"{name}: {value}\r\n" for name, value in lines.items())
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def get(self, target: str) -> int:
        """Sends GET target (path and query string) and returns the status once the whole answer arrived."""
        return await self.request("GET", target)

    async def request(self, method: str, target: str, body: bytes = b"") -> int:
        """Sends the request (a body with its length) and returns its status once the whole answer arrived."""
        if self.reader is None or self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        length = f"Content-Length: {len(body)}\r\n" if body or method != "GET" else ""
        self.writer.write(f"{method} {target} HTTP/1.1\r\n{self.headers}{length}\r\n".encode() + body)
        status = int((await self.reader.readuntil(b"\r\n")).split()[1])
        length_of_body, chunked = 0, False
        while (line := await self.reader.readuntil(b"\r\n")) != b"\r\n":
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length_of_body = int(value)
            elif name == b"transfer-encoding":
                chunked = b"chunked" in value.lower()
        if not chunked:
            await self.reader.readexactly(length_of_body)
            return status
        while size := int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16):
            await self.reader.readexactly(size + 2)
        await self.reader.readuntil(b"\r\n")
        return status

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError):
                await self.writer.wait_closed()


def _targets(path: str, queries: Sequence[dict[str, str]]) -> list[str]:
    return [f"{path}?{urlencode(params)}" for params in queries]


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
    """Closed loop: concurrency clients, each with its own connection, each sending again once answered."""
    targets = _targets(path, queries)
    clients = [HttpConnection(base_url, cookies) for _ in range(concurrency)]

    def worker(client: HttpConnection, seed: int) -> Callable[[Recorder], Awaitable[None]]:
        async def loop(recorder: Recorder) -> None:
            order = random.Random(seed)
            while recorder.running():
                target = targets[order.randrange(len(targets))]
                started = time.perf_counter()
                try:
                    recorder.record(started, await client.get(target) == 200)
                except (OSError, asyncio.IncompleteReadError, ValueError):
                    recorder.record(started, False)
                    await client.close()
                    client.reader = client.writer = None

        return loop

    try:
        for client in clients:  # open the connections before the clock runs
            await client.get("/api/auth/session")
        workers = [worker(client, seed) for seed, client in enumerate(clients)]
        recorder, cpu = await _closed_loop(workers, warmup_s, duration_s, meter)
    finally:
        await asyncio.gather(*(client.close() for client in clients))
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
    targets = _targets(path, queries)
    clients = [HttpConnection(base_url, cookies) for _ in range(concurrency)]
    interval = concurrency / rate_per_s

    def worker(client: HttpConnection, seed: int) -> Callable[[Recorder], Awaitable[None]]:
        async def loop(recorder: Recorder) -> None:
            order = random.Random(seed)
            scheduled = recorder.started + seed * interval / concurrency
            while scheduled < recorder.stop_at:
                delay = scheduled - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
                target = targets[order.randrange(len(targets))]
                try:
                    recorder.record(scheduled, await client.get(target) == 200)
                except (OSError, asyncio.IncompleteReadError, ValueError):
                    recorder.record(scheduled, False)
                    await client.close()
                    client.reader = client.writer = None
                scheduled += interval

        return loop

    try:
        for client in clients:
            await client.get("/api/auth/session")
        workers = [worker(client, seed) for seed, client in enumerate(clients)]
        recorder, cpu = await _closed_loop(workers, warmup_s, duration_s, meter)
    finally:
        await asyncio.gather(*(client.close() for client in clients))
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
                    cursor = await connection.execute(query.sql.encode(), query.params, prepare=query.prepared or None)
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
