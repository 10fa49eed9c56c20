"""Live chat delivery across two API processes on Redis.

ROOMS trip chats of MEMBERS people each (a host and accepted members), every member connected on the chat socket,
the members of a room split between two uvicorn processes sharing PostgreSQL and a Redis database. Load generator
processes (the websockets library on asyncio, each owning whole rooms) send RATE_PER_S messages a second in all on a
fixed open-loop schedule, each from a random member, with a unique client_message_identifier and its scheduled send
time in the text. Every other member of the room must receive it once:

- delivery latency, from the scheduled send time to its arrival at each other member (p50, p95, p99), over the
  DURATION_S after a WARMUP_S;
- lost: expected deliveries (every message the generator sent, to each other member) not received GRACE_S after the
  last send; duplicated: a message received twice by one connection.

Alongside: the sender's own echo (the stored message back: the time the API takes to check, store and answer), how
late the generators sent against their schedule, and the CPU of each API process, PostgreSQL, Redis, the generators
and everything else on the machine over the measured window.
"""

import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import secrets
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

import psutil
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from tests.perf import chat_setup, harness
from tests.perf.calibration import calibrated_cpu_ms
from tests.perf.chat_setup import Member
from tests.perf.harness import BenchmarkResult, at_most, log, percentile

NAME = "chat_delivery"
ROOMS = int(os.environ.get("PERF_CHAT_ROOMS", "200"))
MEMBERS = 4
API_PROCESSES = 2
GENERATORS = int(os.environ.get("PERF_CHAT_GENERATORS", "2"))
RATE_PER_S = float(os.environ.get("PERF_CHAT_RATE_PER_S", "500"))
WARMUP_S = 5.0
DURATION_S = float(os.environ.get("PERF_CHAT_DURATION_S", "60"))
GRACE_S = 10.0
CONNECT_CONCURRENCY = 25
JOIN_TIMEOUT_S = 30.0

P95_LIMIT_MS = 100.0


@dataclass(frozen=True)
class Seat:
    """One member's socket: which API process it connects to."""

    member: Member
    socket_url: str


@dataclass
class Tally:
    """What one generator saw; sent back to the benchmark when its run ends."""

    scheduled: int = 0
    sent: int = 0
    send_failures: int = 0
    expected: int = 0
    received: int = 0
    duplicated: int = 0
    foreign: int = 0
    latencies_s: list[float] = field(default_factory=list)
    # When each measured delivery was scheduled, seconds into the measured window (parallel to latencies_s).
    scheduled_at_s: list[float] = field(default_factory=list)
    echo_latencies_s: list[float] = field(default_factory=list)
    send_lag_s: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    closed: dict[str, int] = field(default_factory=dict)
    lost_examples: list[str] = field(default_factory=list)


class Client:
    def __init__(self, seat: Seat, socket: ClientConnection) -> None:
        self.seat = seat
        self.socket = socket
        self.outbox: asyncio.Queue[tuple[str, str, float]] = asyncio.Queue()
        self.seen: set[str] = set()


async def _open(seat: Seat) -> Client:
    socket = await connect(seat.socket_url, open_timeout=JOIN_TIMEOUT_S, ping_interval=None, max_queue=None)
    # The token in the first frame: the socket refuses one in its address.
    await socket.send(json.dumps({"event": "authenticate", "data": {"access_token": seat.member.access_token}}))
    hello = json.loads(await asyncio.wait_for(socket.recv(), JOIN_TIMEOUT_S))
    if hello["event"] != "connected":
        raise RuntimeError(f"user {seat.member.user_id} was not let in: {hello}")
    await socket.send(json.dumps({"event": "join", "data": {"chat_id": seat.member.chat_id}}))
    joined = json.loads(await asyncio.wait_for(socket.recv(), JOIN_TIMEOUT_S))
    if joined["event"] != "user-joined":
        raise RuntimeError(f"user {seat.member.user_id} could not join chat {seat.member.chat_id}: {joined}")
    return Client(seat, socket)


class Generator:
    def __init__(self, index: int, rooms: list[list[Seat]], rate_per_s: float) -> None:
        self.index = index
        self.rooms = rooms
        self.rate_per_s = rate_per_s
        self.tally = Tally()
        self.clients: list[Client] = []
        self.by_room: dict[int, list[Client]] = {}
        self.sent_at: dict[str, float] = {}
        self.all_sent = asyncio.Event()
        self.all_received = asyncio.Event()

    def _count(self, table: dict[str, int], key: str) -> None:
        table[key] = table.get(key, 0) + 1

    async def connect_all(self) -> None:
        gate = asyncio.Semaphore(CONNECT_CONCURRENCY)

        async def opened(seat: Seat) -> Client:
            async with gate:
                return await _open(seat)

        self.clients = await asyncio.gather(*(opened(seat) for room in self.rooms for seat in room))
        for client in self.clients:
            self.by_room.setdefault(client.seat.member.chat_id, []).append(client)

    async def _write(self, client: Client) -> None:
        while True:
            text, identifier, scheduled = await client.outbox.get()
            try:
                await client.socket.send(text)
            except ConnectionClosed:
                self.tally.send_failures += 1
                client.outbox.task_done()
                continue
            self.tally.send_lag_s.append(time.monotonic() - scheduled)
            self.tally.sent += 1
            self.sent_at[identifier] = scheduled
            self.tally.expected += MEMBERS - 1
            client.outbox.task_done()
            if self.all_sent.is_set() and self.tally.received >= self.tally.expected:
                self.all_received.set()

    async def _read(self, client: Client, measured_from: float) -> None:
        own_id, chat_id = client.seat.member.user_id, client.seat.member.chat_id
        try:
            async for raw in client.socket:
                arrived = time.monotonic()
                parsed = json.loads(raw)
                event, data = parsed.get("event"), parsed.get("data") or {}
                if event != "receive-message":
                    self._count(self.tally.errors, f"{event}: {data.get('code')} {data.get('message')}")
                    continue
                try:
                    identifier = data["client_message_identifier"]
                    scheduled = float(data["message"].rsplit(" ", 1)[1])
                except (KeyError, ValueError, IndexError):
                    self.tally.foreign += 1
                    continue
                if data["chat_id"] != chat_id:
                    self.tally.foreign += 1
                elif data["sender"]["user_id"] == own_id:
                    if scheduled >= measured_from:
                        self.tally.echo_latencies_s.append(arrived - scheduled)
                elif identifier in client.seen:
                    self.tally.duplicated += 1
                else:
                    client.seen.add(identifier)
                    self.tally.received += 1
                    if scheduled >= measured_from:
                        self.tally.latencies_s.append(arrived - scheduled)
                        self.tally.scheduled_at_s.append(scheduled - measured_from)
                    if self.all_sent.is_set() and self.tally.received >= self.tally.expected:
                        self.all_received.set()
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd is not None else None
            self._count(self.tally.closed, str(code))

    async def _schedule(self, started: float, count: int) -> None:
        """Open loop: message i is due at started + i / rate whatever the answers' speed."""
        chooser = random.Random(1000 + self.index)
        rooms = list(self.by_room.values())
        interval = 1.0 / self.rate_per_s
        for number in range(count):
            scheduled = started + number * interval
            delay = scheduled - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            sender = chooser.choice(chooser.choice(rooms))
            identifier = f"perf-{self.index}-{number}"
            text = f"Reaching the pickup point, message {number} sent at {scheduled:.6f}"
            payload = {"chat_id": sender.seat.member.chat_id, "message": text, "client_message_identifier": identifier}
            sender.outbox.put_nowait((json.dumps({"event": "send-message", "data": payload}), identifier, scheduled))
            self.tally.scheduled += 1
        await asyncio.gather(*(client.outbox.join() for client in self.clients))
        self.all_sent.set()
        if self.tally.received >= self.tally.expected:
            self.all_received.set()

    async def run(self, started: float) -> Tally:
        measured_from = started + WARMUP_S
        count = round(self.rate_per_s * (WARMUP_S + DURATION_S))
        workers = [asyncio.create_task(self._write(client)) for client in self.clients]
        readers = [asyncio.create_task(self._read(client, measured_from)) for client in self.clients]
        await self._schedule(started, count)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.all_received.wait(), GRACE_S)
        for task in workers:
            task.cancel()
        await asyncio.gather(*(client.socket.close() for client in self.clients), return_exceptions=True)
        await asyncio.gather(*readers, return_exceptions=True)
        self._lost_examples()
        return self.tally

    def _lost_examples(self) -> None:
        receivers: dict[str, int] = {}
        for client in self.clients:
            for identifier in client.seen:
                receivers[identifier] = receivers.get(identifier, 0) + 1
        short = [identifier for identifier in self.sent_at if receivers.get(identifier, 0) < MEMBERS - 1]
        self.tally.lost_examples = short[:10]


def _generator_process(index: int, rooms: list[list[Seat]], rate_per_s: float, pipe: Connection) -> None:
    """One load generator process: connects its rooms' members, reports ready, runs when told, reports its tally."""
    import uvloop

    async def main() -> None:
        generator = Generator(index, rooms, rate_per_s)
        try:
            await generator.connect_all()
        except Exception as error:
            pipe.send(("failed", f"{type(error).__name__}: {error}"))
            return
        pipe.send(("ready", len(generator.clients)))
        started = await asyncio.get_running_loop().run_in_executor(None, pipe.recv)
        tally = await generator.run(started)
        pipe.send(("done", tally))

    uvloop.run(main())


def _summary_ms(values_s: list[float]) -> dict[str, Any]:
    ordered = sorted(values_s)
    return {
        "count": len(ordered),
        "p50_ms": round(percentile(ordered, 0.50) * 1000, 2),
        "p95_ms": round(percentile(ordered, 0.95) * 1000, 2),
        "p99_ms": round(percentile(ordered, 0.99) * 1000, 2),
        "max_ms": round(ordered[-1] * 1000, 2) if ordered else None,
    }


def _p95_by_window(tallies: list[Tally], window_s: float) -> list[float]:
    """Delivery p95 of each window of the measured time: a stall of the machine shows as one bad window."""
    windows: dict[int, list[float]] = {}
    for tally in tallies:
        for at, latency in zip(tally.scheduled_at_s, tally.latencies_s, strict=True):
            windows.setdefault(int(at // window_s), []).append(latency)
    return [round(percentile(sorted(windows[index]), 0.95) * 1000, 1) for index in sorted(windows)]


def _merge(tallies: list[Tally]) -> dict[str, Any]:
    errors: dict[str, int] = {}
    closed: dict[str, int] = {}
    for tally in tallies:
        for key, value in tally.errors.items():
            errors[key] = errors.get(key, 0) + value
        for key, value in tally.closed.items():
            closed[key] = closed.get(key, 0) + value
    expected = sum(tally.expected for tally in tallies)
    received = sum(tally.received for tally in tallies)
    sent = sum(tally.sent for tally in tallies)
    return {
        "messages_scheduled": sum(tally.scheduled for tally in tallies),
        "messages_sent": sent,
        "send_failures": sum(tally.send_failures for tally in tallies),
        "deliveries_expected": expected,
        "deliveries_received": received,
        "lost": expected - received,
        "duplicated": sum(tally.duplicated for tally in tallies),
        "foreign_or_unreadable_frames": sum(tally.foreign for tally in tallies),
        "delivery_latency": _summary_ms([value for tally in tallies for value in tally.latencies_s]),
        "delivery_p95_ms_by_10_s": _p95_by_window(tallies, 10.0),
        "sender_echo_latency": _summary_ms([value for tally in tallies for value in tally.echo_latencies_s]),
        "generator_send_lag": _summary_ms([value for tally in tallies for value in tally.send_lag_s]),
        "other_frames": errors,
        "sockets_closed_by_server": {code: count for code, count in closed.items() if code != "1000"},
        "lost_examples": [example for tally in tallies for example in tally.lost_examples][:10],
    }


def _seats(rooms: list[list[Member]], socket_urls: list[str]) -> list[list[Seat]]:
    """Members of a room alternate between the API processes, so every message crosses Redis to some of them."""
    return [
        [Seat(member, socket_urls[(room_number + seat) % len(socket_urls)]) for seat, member in enumerate(members)]
        for room_number, members in enumerate(rooms)
    ]


def _drive(seats: list[list[Seat]], pids: dict[str, list[int]], conninfo: str) -> tuple[list[Tally], dict[str, Any]]:
    context = multiprocessing.get_context("spawn")
    processes: list[multiprocessing.process.BaseProcess] = []
    pipes: list[Connection] = []
    try:
        for index in range(GENERATORS):
            ours, theirs = context.Pipe()
            share = seats[index::GENERATORS]
            process: multiprocessing.process.BaseProcess = context.Process(
                target=_generator_process, args=(index, share, RATE_PER_S / GENERATORS, theirs), daemon=True
            )
            process.start()
            processes.append(process)
            pipes.append(ours)
        connecting = time.monotonic()
        for pipe in pipes:
            if not pipe.poll(120):
                raise TimeoutError("a load generator did not connect its members within 120 s")
            status, detail = pipe.recv()
            if status != "ready":
                raise RuntimeError(f"a load generator failed to connect: {detail}")
        log(f"{ROOMS * MEMBERS} sockets connected and joined in {time.monotonic() - connecting:.1f} s")
        pids["load_generators"] = [process.pid for process in processes if process.pid is not None]
        meter = chat_setup.ProcessCpu(pids)
        started = time.monotonic() + 1.0
        for pipe in pipes:
            pipe.send(started)
        time.sleep(max(0.0, started + WARMUP_S - time.monotonic()))
        stored_before = chat_setup.stored_messages(conninfo)
        meter.start()
        time.sleep(max(0.0, started + WARMUP_S + DURATION_S - time.monotonic()))
        usage = meter.stop(DURATION_S)
        usage["messages_stored_in_window"] = chat_setup.stored_messages(conninfo) - stored_before
        log(f"measured window over; waiting up to {GRACE_S:g} s for the last deliveries")
        tallies = []
        for pipe in pipes:
            if not pipe.poll(GRACE_S + 60):
                raise TimeoutError("a load generator did not report")
            status, tally = pipe.recv()
            tallies.append(tally)
        return tallies, usage
    finally:
        for process in processes:
            process.join(timeout=10)
            if process.is_alive():
                process.terminate()
                process.join(timeout=5)


def _cost_per_message(usage: dict[str, Any]) -> dict[str, Any]:
    """CPU per message the API stored in the window (each with its echo and deliveries), and the rate the server side
    (API, PostgreSQL, Redis) would reach at that cost with every core of the machine to itself."""
    stored = usage["messages_stored_in_window"]
    if not stored:
        return {}
    api_s = sum(value for key, value in usage.items() if key.startswith("api_") and key.endswith("_cpu_s"))
    server_s = api_s + usage["postgres_cpu_s"] + usage["redis_cpu_s"]
    cores = psutil.cpu_count() or 1
    per_message = {
        "api": round(api_s * 1000 / stored, 2),
        "postgres": round(usage["postgres_cpu_s"] * 1000 / stored, 2),
        "redis": round(usage["redis_cpu_s"] * 1000 / stored, 2),
        "load_generator": round(usage["load_generators_cpu_s"] * 1000 / stored, 2),
    }
    return {
        "stored_messages_per_s": round(stored / usage["window_s"], 1),
        "cpu_ms_per_stored_message": per_message,
        "cpu_ms_per_stored_message_calibrated": calibrated_cpu_ms(per_message),
        f"server_side_ceiling_msgs_per_s_on_{cores}_cores": round(cores * stored / server_s, 1) if server_s else None,
    }


class Report(dict[str, Any]):
    """The benchmark's JSON (figures, targets, targets_met, notes) as a dict, and as run_all reads a result."""

    def as_json(self) -> dict[str, Any]:
        return dict(self)


def run() -> Report:
    result = BenchmarkResult()
    result.figures["config"] = {
        "rooms": ROOMS,
        "members_per_room": MEMBERS,
        "sockets": ROOMS * MEMBERS,
        "api_processes": API_PROCESSES,
        "api": "uvicorn, one worker each, uvloop + httptools, websockets protocol without permessage-deflate",
        "bus": "Redis pub/sub, one spare database of the local server",
        "seating": "members of a room alternate between the API processes (2 on each)",
        "load_generators": GENERATORS,
        "generator": "websockets (asyncio, uvloop), each process owns whole rooms; the server declines deflate",
        "offered_rate_per_s": RATE_PER_S,
        "mode": "open_loop, fixed interval, random room then random member",
        "deliveries_per_message": MEMBERS - 1,
        "latency_from": "scheduled send time (carried in the message text)",
        "warmup_s": WARMUP_S,
        "duration_s": DURATION_S,
        "grace_s": GRACE_S,
        "machine": chat_setup.machine_description(),
    }
    secret_key = secrets.token_urlsafe(48)
    with harness.temp_dir("humsafar-perf-chat-") as work, contextlib.ExitStack() as stack:
        log(f"starting PostgreSQL and {API_PROCESSES} API processes on Redis under {work}")
        database = stack.enter_context(harness.embedded_postgres(work / "db"))
        redis_url, redis_pid = stack.enter_context(chat_setup.spare_redis_database())
        result.figures["config"]["redis_database"] = redis_url.rsplit("/", 1)[1]
        rooms = chat_setup.seed_rooms(harness.libpq_url(database.url), secret_key, ROOMS, MEMBERS)
        apis = stack.enter_context(
            chat_setup.api_processes(API_PROCESSES, database.url, redis_url, secret_key, work / "api")
        )
        socket_urls = [api.url.replace("http://", "ws://") + "/api/chat/ws" for api in apis]
        pids = {f"api_{number}": [api.pid] for number, api in enumerate(apis)}
        pids |= {"postgres": [database.pid], "redis": [redis_pid], "benchmark": [os.getpid()]}
        tallies, usage = _drive(_seats(rooms, socket_urls), pids, harness.libpq_url(database.url))
        api_exceptions = chat_setup.api_log_exceptions(work / "api")
    figures = _merge(tallies)
    figures["cpu"] = usage | _cost_per_message(usage)
    figures["api_exceptions_logged"] = api_exceptions
    result.figures.update(figures)
    log(json.dumps({key: figures[key] for key in ("delivery_latency", "lost", "duplicated", "cpu")}))
    result.targets.append(at_most("delivery_p95_ms", figures["delivery_latency"]["p95_ms"], P95_LIMIT_MS, " ms"))
    result.targets.append(at_most("lost", figures["lost"], 0))
    result.targets.append(at_most("duplicated", figures["duplicated"], 0))
    result.notes.append(
        f"{RATE_PER_S:g} messages/s offered for {DURATION_S:g} s after {WARMUP_S:g} s warm-up, "
        f"{MEMBERS - 1} deliveries each; latency percentiles over the measured window, lost and duplicated over the "
        f"whole run with {GRACE_S:g} s grace."
    )
    result.notes.append(
        "The machine is shared: other_processes_cpu_s is what else ran meanwhile; cpu_ms_per_stored_message is the "
        "cost of one message (check, store, echo, 3 deliveries over Redis) whatever the contention."
    )
    result.notes.append(
        f"Rooms are trips {chat_setup.CHAT_ID_BASE + 1} and up: Redis pub/sub channels are server-wide, whatever "
        "the database number, so other runs on the same Redis keep to their own chat channels."
    )
    return Report(result.as_json())
