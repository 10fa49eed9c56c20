"""The parts of the durable flows benchmark around the load: the embedded stack as `make run` runs it (PostgreSQL,
the Temporal dev server on its SQLite file, the worker, two API processes), signed-in people seeded straight into
PostgreSQL, the calls they make through the API, and their open app sockets."""

import asyncio
import contextlib
import json
import os
import random
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import httpx
import psutil
import psycopg
from temporalio.api.enums.v1 import EventType
from temporalio.client import Client
from temporalio.service import RPCError, RPCStatusCode
from websockets.asyncio.client import connect

from api.security.cookies import CSRF_COOKIE, CSRF_HEADER, CSRF_SEED_COOKIE, seed_csrf_token, session_csrf_token
from api.security.hashing import new_token, token_hash
from domain import clock
from tests.perf import harness
from tests.perf.chat_setup import ProcessCpu
from tests.perf.harness import log
from tests.perf.seed import seed_users
from tests.places import KORAMANGALA, WHITEFIELD

T = TypeVar("T")
Item = TypeVar("Item")

API_PROCESSES = 2
# The stack's secret key, so the benchmark can compute each browser's CSRF token as the server does.
SECRET_KEY = "perf-secret-key"
NOBODY_SEED = "perf-csrf-seed"
# A route the cab vendors serve: Koramangala to Whitefield, Bengaluru, with a stop the gazetteer knows.
HSR_LAYOUT = "in-560102-f8603901"
TRANSPORT_CAB = 1


@dataclass(frozen=True)
class FlowStack:
    api_url: str
    database_url: str
    temporal_address: str
    pids: dict[str, int]


@contextlib.contextmanager
def flow_stack(work: Path, settings: dict[str, str]) -> Iterator[FlowStack]:
    """Everything `make run` starts, each in its own process, with these settings (environment variables)."""
    settings = {"SECRET_KEY": SECRET_KEY, **settings}
    with contextlib.ExitStack() as stack:
        postgres = stack.enter_context(harness.embedded_postgres(work / "pg"))
        temporal = stack.enter_context(harness.temporal_dev_server(work / "temporal" / "temporal.db"))
        api = stack.enter_context(harness.api_server(postgres.url, temporal.url, work / "api", API_PROCESSES, settings))
        worker = stack.enter_context(harness.flow_worker(api, postgres.url, temporal.url, work / "worker", settings))
        pids = {"api": api.pid, "worker": worker.pid, "temporal": temporal.pid, "postgres": postgres.pid}
        yield FlowStack(api.url, harness.libpq_url(postgres.url), temporal.url, pids)


@dataclass(frozen=True)
class Person:
    user_id: int
    session_token: str

    @property
    def headers(self) -> dict[str, str]:
        """A signed-in browser's: its session cookie and its session's CSRF token."""
        token = session_csrf_token(SECRET_KEY, self.session_token)
        return {"Cookie": f"session={self.session_token}; {CSRF_COOKIE}={token}", CSRF_HEADER: token}


# Whoever calls without a session (a vendor posting to its sandbox's controls) still passes the CSRF check.
NOBODY_TOKEN = seed_csrf_token(SECRET_KEY, NOBODY_SEED)
NOBODY_HEADERS = {
    "Cookie": f"{CSRF_SEED_COOKIE}={NOBODY_SEED}; {CSRF_COOKIE}={NOBODY_TOKEN}",
    CSRF_HEADER: NOBODY_TOKEN,
}


def seed_people(conninfo: str, count: int) -> list[Person]:
    """`count` people with a profile and a live session, none of them verified yet."""
    now = datetime.now(UTC)
    people = []
    with psycopg.connect(conninfo) as connection:
        seed_users(connection, count, random.Random(17))
        connection.execute("UPDATE users SET is_kyc_verified = false")
        with (
            connection.cursor() as cursor,
            cursor.copy("COPY auth_sessions (token_hash, user_id, created_at, expires_at) FROM STDIN") as copy,
        ):
            for user_id in range(1, count + 1):
                token = new_token()
                copy.write_row((token_hash(token), user_id, now, now + timedelta(days=1)))
                people.append(Person(user_id, token))
        connection.commit()
    return people


class ApiError(Exception):
    """The API answered with a status other than 200 (status), or a vendor's call to it failed (no status)."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


class Api:
    """The app's API as its people call it, over one pool of connections."""

    def __init__(self, base_url: str, connections: int = 64, timeout: httpx.Timeout | float = 30) -> None:
        limits = httpx.Limits(max_connections=connections, max_keepalive_connections=connections)
        self.http = httpx.AsyncClient(base_url=base_url, timeout=timeout, limits=limits)

    async def close(self) -> None:
        await self.http.aclose()

    async def call(self, person: Person | None, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        """The answer's data; ApiError for anything but 200."""
        headers = person.headers if person is not None else NOBODY_HEADERS
        answer = await self.http.request(method, path, json=body, headers=headers)
        if answer.status_code != 200:
            raise ApiError(f"{method} {path}: {answer.status_code} {answer.text[:200]}", answer.status_code)
        return answer.json().get("data")

    async def create_trip(self, host: Person, departure: datetime, seats: int = 4) -> int:
        body = {
            "origin": KORAMANGALA,
            "destination": WHITEFIELD,
            "time_of_trip": clock.format_ist_minute(departure),
            "total_passengers": seats,
            "preferred_mode_of_transport": TRANSPORT_CAB,
            "is_vehicle_booked": False,
            "estimated_cost": 900,
        }
        return int((await self.call(host, "POST", "/api/trip/trip", body))["trip_id"])

    async def ask_to_join(self, rider: Person, trip_id: int) -> None:
        await self.call(rider, "POST", "/api/trip/user", {"trip_id": trip_id})

    async def read_trip(self, reader: Person, trip_id: int) -> dict[str, Any]:
        return dict(await self.call(reader, "GET", f"/api/trip/trip/{trip_id}"))


async def bounded(concurrency: int, job: Callable[[Item], Awaitable[T]], items: Iterable[Item]) -> list[T]:
    """job(item) for every item, at most `concurrency` at a time; their results in order."""
    gate = asyncio.Semaphore(concurrency)

    async def run(item: Item) -> T:
        async with gate:
            return await job(item)

    return list(await asyncio.gather(*(run(item) for item in items)))


async def flows_waiting(temporal: Client, workflow_ids: Sequence[str], timeout_s: float) -> float | None:
    """Seconds until every one of these flows waits for its next moment: it armed a timer, or Temporal keeps it until
    its first task is due (a delayed start); None if one did not within timeout_s. Asks about one flow at a time,
    once a second, so as not to add load of its own."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    for workflow_id in workflow_ids:
        while not await _waiting(temporal, workflow_id):
            if loop.time() - started > timeout_s:
                log(f"{workflow_id} was not waiting within {timeout_s} s")
                return None
            await asyncio.sleep(1.0)
    return loop.time() - started


async def _waiting(temporal: Client, workflow_id: str) -> bool:
    """Whether the flow waits for its next moment; not while the worker's relay has not started it yet."""
    try:
        history = await temporal.get_workflow_handle(workflow_id).fetch_history()
    except RPCError as error:
        if error.status == RPCStatusCode.NOT_FOUND:
            return False
        raise
    started = history.events[0].workflow_execution_started_event_attributes
    delayed = started.HasField("first_workflow_task_backoff") and started.first_workflow_task_backoff.ToTimedelta()
    return bool(delayed) or any(event.event_type == EventType.EVENT_TYPE_TIMER_STARTED for event in history.events)


def stack_cpu(stack: FlowStack) -> ProcessCpu:
    """CPU by process: the API's (its worker processes), the worker's, Temporal's, PostgreSQL's, this load's."""
    return ProcessCpu(
        {**{name: [pid] for name, pid in stack.pids.items()}, "load_generator": [os.getpid()]},
        with_children=frozenset({"postgres", "api"}),
    )


def rss_mb(pid: int, with_children: bool = False) -> float:
    process = psutil.Process(pid)
    members = [process, *process.children(recursive=True)] if with_children else [process]
    return round(sum(member.memory_info().rss for member in members) / 2**20, 1)


class LiveSockets:
    """Open app sockets (/api/chat/ws) of some people, as their open screens hold them: each "changed" frame
    (domain/live.py) settles whoever waits for that change of that person."""

    def __init__(self, base_url: str) -> None:
        self._url = base_url.replace("http://", "ws://") + "/api/chat/ws?live=1"
        self._waiting: dict[tuple[int, str, str], list[asyncio.Future[float]]] = {}
        self._stack = contextlib.AsyncExitStack()
        self._readers: list[asyncio.Task[None]] = []

    async def open(self, people: Iterable[Person], concurrency: int = 16) -> None:
        async def one(person: Person) -> None:
            ws = await self._stack.enter_async_context(
                connect(self._url, additional_headers={"Cookie": person.headers["Cookie"]}, open_timeout=30)
            )
            greeting = json.loads(await ws.recv())
            if greeting.get("event") != "connected":
                raise RuntimeError(f"the socket of {person.user_id} answered {greeting}")
            self._readers.append(asyncio.create_task(self._read(person.user_id, ws)))

        await bounded(concurrency, one, {person.user_id: person for person in people}.values())

    def expect(self, user_id: int, kind: str, entity_id: int | str) -> asyncio.Future[float]:
        """Settles with the loop's time when this change next reaches this person's socket."""
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault((user_id, kind, str(entity_id)), []).append(future)
        return future

    async def _read(self, user_id: int, ws: Any) -> None:
        loop = asyncio.get_running_loop()
        with contextlib.suppress(Exception):
            async for raw in ws:
                frame = json.loads(raw)
                if frame.get("event") != "changed":
                    continue
                key = (user_id, frame["data"]["kind"], str(frame["data"].get("id", "")))
                for future in self._waiting.pop(key, []):
                    if not future.done():
                        future.set_result(loop.time())

    async def close(self) -> None:
        for reader in self._readers:
            reader.cancel()
        await self._stack.aclose()
