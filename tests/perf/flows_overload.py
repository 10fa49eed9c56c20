"""The flows benchmark's overload window: the four actions offered at OVERLOAD_FACTOR times the action capacity the
run measured, with no cap, OVERLOAD_ACTIONS_PER_KIND of each kind (so the window is short and the drain is what
takes time), then drained until every action is seen and every push has arrived or OVERLOAD_LOST_AFTER_S after its
send has passed. Past capacity nothing may be lost and the API must keep answering: every call of the window (the
sends, the readers' reads and the vendor's webhooks) is counted by its answer, and one answered 5xx, not answered
within CALL_TIMEOUT_S or dropped counts against the target. The flow outbox (worker/outbox/) is sampled through the
window and the drain: the age of the oldest entry not yet delivered, as the relay's gauge reads it
(worker/outbox/backlog.py), and how many wait. The rate the load generator managed to send at is held to
SENT_SHARE_FLOOR of the rate offered: below it, the window did not test that rate."""

import asyncio
import contextlib
import os
from dataclasses import asdict, dataclass, field
from types import TracebackType
from typing import Any

import httpx
import psutil
import psycopg

from tests.perf import harness
from tests.perf.flows_actions import (
    KINDS,
    LATE_AFTER_S,
    Measured,
    Watch,
    actors,
    prepare_actions,
    send_open_loop,
)
from tests.perf.flows_setup import Api, ApiError, FlowStack, LiveSockets, Person, stack_cpu
from tests.perf.harness import Target, at_least, at_most, latency_summary, log

OVERLOAD_FACTOR = 2.0
OVERLOAD_ACTIONS_PER_KIND = int(
    os.environ.get("PERF_FLOWS_OVERLOAD_ACTIONS", "40" if os.environ.get("PERF_FLOWS_SMALL") == "1" else "250")
)
# Long enough for a backlog of the window's actions to clear at the capacity measured, many times over.
OVERLOAD_LOST_AFTER_S = 600.0
# Without a word from its socket a reader reads after 1 s, then 2, 4, 8: the readers of a backlog do not add a read
# a second each to the load they wait on.
OVERLOAD_WATCH = Watch(lost_after_s=OVERLOAD_LOST_AFTER_S, max_fallback_read_s=8.0)
# Every call gets this long to be answered; the client queues calls for a connection without a limit, so a timeout
# is the API's, not the load generator's pool.
CALL_TIMEOUT_S = 30.0
CONNECTIONS = 256
OUTBOX_SAMPLE_S = 0.5
# The load generator must send at no less than this share of the rate offered for the window to count as an overload.
SENT_SHARE_FLOOR = 0.9


@dataclass
class CallCounts:
    """The API calls of a window by their answer, and the slowest (its wait for one of the client's connections
    included)."""

    calls: int = 0
    answered_2xx: int = 0
    refused_4xx: int = 0
    server_errors_5xx: int = 0
    timeouts: int = 0
    dropped: int = 0
    slowest_s: float = 0.0
    examples: list[str] = field(default_factory=list)

    def answered(self, status: int) -> None:
        self.calls += 1
        if status < 400:
            self.answered_2xx += 1
        elif status < 500:
            self.refused_4xx += 1
        else:
            self.server_errors_5xx += 1

    def unanswered(self, error: Exception) -> None:
        self.calls += 1
        if isinstance(error, httpx.TimeoutException):
            self.timeouts += 1
        else:
            self.dropped += 1

    def example(self, text: str) -> None:
        if len(self.examples) < 5:
            self.examples.append(text[:300])

    @property
    def failed(self) -> int:
        """Calls the API did not answer in time with something other than a server error."""
        return self.server_errors_5xx + self.timeouts + self.dropped

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "slowest_s": round(self.slowest_s, 2), "failed": self.failed}


class CountingApi(Api):
    """The app's API as its people call it, each call counted by its answer in `counts`. A sandbox vendor's event
    answers with the app's answer to the vendor's signed webhook: that webhook is a call of the app's too, counted
    by its status (0, the app unreachable, as dropped)."""

    def __init__(self, base_url: str) -> None:
        super().__init__(base_url, CONNECTIONS, httpx.Timeout(CALL_TIMEOUT_S, pool=None))
        self.counts = CallCounts()

    async def call(self, person: Person | None, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        loop = asyncio.get_running_loop()
        started = loop.time()
        try:
            data = await super().call(person, method, path, body)
        except ApiError as error:  # answered, with a status other than 200
            self.counts.answered(error.status if error.status is not None else 500)
            self.counts.example(str(error))
            raise
        except httpx.TransportError as error:
            self.counts.unanswered(error)
            self.counts.example(f"{method} {path}: {type(error).__name__}")
            raise
        finally:
            self.counts.slowest_s = max(self.counts.slowest_s, loop.time() - started)
        self.counts.answered(200)
        if isinstance(data, dict) and "webhook_status" in data:
            webhook_status = int(data["webhook_status"])
            if webhook_status:
                self.counts.answered(webhook_status)
            else:
                self.counts.unanswered(ConnectionError("the app did not answer the vendor's webhook"))
                self.counts.example(f"{path}: the vendor's webhook was not answered")
        return data


@dataclass(frozen=True)
class OutboxSample:
    at_s: float
    oldest_waiting_s: float
    waiting: int
    parked: int


class OutboxWatch:
    """Samples the flow outbox every OUTBOX_SAMPLE_S while open, and once more as it closes: how long its oldest entry
    not parked has waited to be delivered (the relay's `flow_outbox_oldest_waiting_seconds`, to the sample rather
    than the second) and how many entries wait or are parked. at_s counts from the watch's opening."""

    QUERY = (
        "SELECT coalesce(extract(epoch FROM clock_timestamp() - min(created_at) FILTER (WHERE parked_at IS NULL)), 0),"
        " count(*) FILTER (WHERE parked_at IS NULL), count(*) FILTER (WHERE parked_at IS NOT NULL) FROM flow_outbox"
    )

    def __init__(self, conninfo: str) -> None:
        self._conninfo = conninfo
        self.samples: list[OutboxSample] = []
        self._closing = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._opened = 0.0

    def elapsed_s(self) -> float:
        """Seconds since the watch opened, on the clock its samples are timed by."""
        return asyncio.get_running_loop().time() - self._opened

    async def __aenter__(self) -> "OutboxWatch":
        connection = await psycopg.AsyncConnection.connect(self._conninfo, autocommit=True)
        self._opened = asyncio.get_running_loop().time()
        self._task = asyncio.create_task(self._sample(connection))
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self._closing.set()
        if self._task is not None:
            await self._task

    async def _sample(self, connection: psycopg.AsyncConnection[Any]) -> None:
        async with connection:
            while True:
                row = await (await connection.execute(self.QUERY)).fetchone()
                if row is not None:
                    self.samples.append(OutboxSample(self.elapsed_s(), float(row[0]), int(row[1]), int(row[2])))
                if self._closing.is_set():
                    return
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._closing.wait(), OUTBOX_SAMPLE_S)

    def summary(self, window_s: float) -> dict[str, Any]:
        """The largest backlog within the first window_s of the watch and over all of it, and how long after
        window_s the outbox first had nothing waiting."""
        in_window = [sample for sample in self.samples if sample.at_s <= window_s]
        after = [sample for sample in self.samples if sample.at_s > window_s]
        empty = next((sample.at_s - window_s for sample in after if sample.waiting == 0), None)
        return {
            "sample_interval_s": OUTBOX_SAMPLE_S,
            "samples": len(self.samples),
            "oldest_waiting_s_max_in_window": round(max((s.oldest_waiting_s for s in in_window), default=0.0), 2),
            "oldest_waiting_s_max": round(max((s.oldest_waiting_s for s in self.samples), default=0.0), 2),
            "waiting_max": max((s.waiting for s in self.samples), default=0),
            "parked_max": max((s.parked for s in self.samples), default=0),
            "empty_after_window_s": round(empty, 1) if empty is not None else None,
        }


def _machine_busy_s() -> float:
    """The CPU seconds the whole machine has been busy (neither idle nor waiting for I/O), read at once: a window of
    a few seconds is timed closer than by the process-by-process snapshots of the stack's CPU."""
    times = psutil.cpu_times()
    return float(sum(times) - times.idle - getattr(times, "iowait", 0.0))


def _cores() -> int:
    return psutil.cpu_count() or 1


def overload_actors(per_kind: int = OVERLOAD_ACTIONS_PER_KIND) -> int:
    """How many people of their own the overload's actions need."""
    return actors(per_kind)


def _all_kinds(latencies_s: dict[str, list[float]]) -> list[float]:
    return sorted(latency for kind in KINDS for latency in latencies_s[kind])


async def action_overload(stack: FlowStack, people: list[Person], action_capacity_per_s: float) -> dict[str, Any]:
    """OVERLOAD_ACTIONS_PER_KIND actions of each kind at OVERLOAD_FACTOR times the action capacity, by these people
    (overload_actors() of them), every one counted, then drained."""
    rate_per_s = OVERLOAD_FACTOR * action_capacity_per_s
    per_kind = OVERLOAD_ACTIONS_PER_KIND
    total = per_kind * len(KINDS)
    api = CountingApi(stack.api_url)
    live = LiveSockets(stack.api_url)
    measured = Measured()
    try:
        actions = await prepare_actions(api, live, stack.database_url, people, per_kind)
        log(f"overload: {total} actions at {rate_per_s:.1f}/s, then a drain of up to {OVERLOAD_LOST_AFTER_S:g} s")
        api.counts = CallCounts()  # the window's calls only
        cpu = stack_cpu(stack)
        async with OutboxWatch(stack.database_url) as outbox:
            cpu.start()
            busy_before_s, started_s = _machine_busy_s(), outbox.elapsed_s()
            window_s, running = await send_open_loop(actions, measured, rate_per_s, total, watch=OVERLOAD_WATCH)
            window_ended_s = outbox.elapsed_s()
            busy_share = (_machine_busy_s() - busy_before_s) / ((window_ended_s - started_s) * _cores())
            await asyncio.gather(*running)
            drain_s = outbox.elapsed_s() - window_ended_s
        cpu_figures = cpu.stop(window_ended_s + drain_s)
    finally:
        await live.close()
        await api.close()
    latencies, push_latencies = _all_kinds(measured.latencies_s), _all_kinds(measured.push_latencies_s)
    lost, failed = sum(measured.lost.values()), sum(measured.errors.values())
    lag = sorted(measured.send_lag_s)
    log(f"overload drained {drain_s:.1f} s after its window; {lost} actions lost, {failed} failed")
    return {
        "rate_per_s": round(rate_per_s, 1),
        "action_capacity_per_s": round(action_capacity_per_s, 1),
        "capacity_factor": OVERLOAD_FACTOR,
        "actions_sent": total,
        "window_s": round(window_s, 1),
        # The rate the load generator sent at, first send to last: the offered rate when it kept up.
        "sent_per_s": round(measured.sent_per_s(), 1),
        # Past the window, until every action was seen and pushed or OVERLOAD_LOST_AFTER_S after its send had passed.
        "drain_s": round(drain_s, 1),
        "lost_after_s": OVERLOAD_LOST_AFTER_S,
        "late_after_s": LATE_AFTER_S,
        "actions_seen": len(latencies),
        "actions_late": sum(measured.late.values()),
        "actions_lost": lost,
        "actions_failed": failed,
        "pushes_arrived": len(push_latencies),
        "pushes_late": sum(measured.push_late.values()),
        "pushes_lost": sum(measured.push_lost.values()),
        "read_errors": measured.read_errors,
        # From the scheduled send until a read shows the new state, and until the change reaches the socket.
        "latency": latency_summary(latencies, window_s, failed),
        "push_latency": latency_summary(push_latencies, window_s, 0),
        **{
            kind: latency_summary(measured.latencies_s[kind], window_s, measured.errors[kind]) | measured.counts(kind)
            for kind in KINDS
        },
        "push": {
            kind: latency_summary(measured.push_latencies_s[kind], window_s, 0) | measured.counts(kind, push=True)
            for kind in KINDS
        },
        "api_calls": api.counts.as_json(),
        "outbox": outbox.summary(window_ended_s),
        # Through the window's sends (window and drain together: cpu.machine_busy_share).
        "machine_busy_share": round(busy_share, 3),
        "error_examples": measured.error_examples,
        "send_lag_p99_ms": round(harness.percentile(lag, 0.99) * 1000, 2) if lag else None,
        "cpu": cpu_figures,
    }


def overload_targets(overload: dict[str, Any]) -> list[Target]:
    """At twice the capacity nothing lost, every write kept, every push arrived and every API call answered; and the
    load generator sent at the rate offered (within SENT_SHARE_FLOOR of it), or the window did not test that rate."""
    rate = f"{overload['rate_per_s']:g}/s"
    return [
        at_least(
            f"overload_sent_per_s (offered {rate})", overload["sent_per_s"], SENT_SHARE_FLOOR * overload["rate_per_s"]
        ),
        at_most(f"overload_actions_lost ({rate})", overload["actions_lost"], 0),
        at_most(f"overload_actions_failed ({rate})", overload["actions_failed"], 0),
        at_most(f"overload_pushes_lost ({rate})", overload["pushes_lost"], 0),
        at_most(f"overload_api_calls_failed ({rate}: 5xx, timeouts, dropped)", overload["api_calls"]["failed"], 0),
    ]
