"""The parts of the chat delivery benchmark around the load: trip rooms and signed-in members seeded straight into
PostgreSQL, a Redis database of its own, two API processes on it, and CPU accounting by process."""

import contextlib
import os
import platform
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psutil
import psycopg
import redis

from api.security.access_tokens import issue_access_token
from api.security.hashing import new_token, token_hash
from domain.settings import PROJECT_ROOT
from scripts.embedded import free_port, wait_for_port
from tests.perf.harness import log, stop
from tests.perf.seed import PASSENGER_COLUMNS, TRIP_COLUMNS, seed_users

REDIS_SERVER_URL = os.environ.get("PERF_REDIS_URL", "redis://127.0.0.1:6379")
# Pub/sub channels are shared by every database of a Redis server; the database only keeps keys apart.
SPARE_DATABASES = range(15, 0, -1)
# ...so the rooms' channels (chat:<trip id>) take trip ids far from any other run's on the same server, whose API
# processes would otherwise get these events and put their own members out of the room.
CHAT_ID_BASE = 7_000_000_000
# Every room is the same airport run: origin and destination (name, place id, latitude, longitude), then mode of
# transport, vehicle booked, estimated cost, note and distance.
ROUTE = (
    "Koramangala",
    "perf-origin",
    12.9352,
    77.6245,
    "Kempegowda International Airport",
    "perf-dest",
    13.1986,
    77.7066,
)
TRIP_REST = (1, False, 0, None, 34.5)


@dataclass(frozen=True)
class Member:
    user_id: int
    chat_id: int
    access_token: str


def seed_rooms(conninfo: str, secret_key: str, rooms: int, members_per_room: int) -> list[list[Member]]:
    """`rooms` future trips, each with a host and members_per_room - 1 accepted members (all 'active'), every one
    of them a distinct user with a live session and an access token for the socket; returns the rooms' members."""
    rng = random.Random(5)
    users = rooms * members_per_room
    now = datetime.now(UTC)
    departure = now + timedelta(days=3)
    room_members: list[list[Member]] = []
    with psycopg.connect(conninfo) as connection:
        seed_users(connection, users, rng)
        with connection.cursor() as cursor:
            with cursor.copy(f"COPY trips ({TRIP_COLUMNS}) FROM STDIN") as copy:
                for room in range(1, rooms + 1):
                    chat_id, host = CHAT_ID_BASE + room, (room - 1) * members_per_room + 1
                    copy.write_row((chat_id, host, "ACTIVE", departure, *ROUTE, members_per_room, *TRIP_REST, now, now))
            with cursor.copy(f"COPY trip_passengers ({PASSENGER_COLUMNS}) FROM STDIN") as copy:
                for room in range(1, rooms + 1):
                    for seat in range(members_per_room):
                        user_id = (room - 1) * members_per_room + seat + 1
                        kind = "host" if seat == 0 else "member"
                        copy.write_row((user_id, CHAT_ID_BASE + room, user_id, kind, "active", 0, 0, now, now))
            expires_at = now + timedelta(days=1)
            with cursor.copy("COPY auth_sessions (token_hash, user_id, created_at, expires_at) FROM STDIN") as copy:
                for room in range(1, rooms + 1):
                    members = []
                    for seat in range(members_per_room):
                        user_id = (room - 1) * members_per_room + seat + 1
                        session_hash = token_hash(new_token())
                        copy.write_row((session_hash, user_id, now, expires_at))
                        token = issue_access_token(secret_key, user_id, session_hash, 3600)
                        members.append(Member(user_id, CHAT_ID_BASE + room, token))
                    room_members.append(members)
        connection.execute("SELECT setval('trip_passengers_id_seq', %s)", (users,))
        connection.commit()
        connection.autocommit = True
        for table in ("users", "trips", "trip_passengers", "auth_sessions"):
            connection.execute(f"VACUUM ANALYZE {table}")
    log(f"seeded {rooms} rooms of {members_per_room} signed-in members")
    return room_members


@contextlib.contextmanager
def spare_redis_database() -> Iterator[tuple[str, int]]:
    """A Redis database holding no keys, emptied again on exit; yields its URL and the server's pid."""
    for number in SPARE_DATABASES:
        url = f"{REDIS_SERVER_URL}/{number}"
        client = redis.Redis.from_url(url, socket_connect_timeout=2)
        if client.dbsize() == 0:
            break
        client.close()
    else:
        raise RuntimeError(f"every database 1-15 of {REDIS_SERVER_URL} holds keys; none is spare")
    pid = int(client.info("server")["process_id"])
    try:
        yield url, pid
    finally:
        client.flushdb()
        client.close()


@dataclass(frozen=True)
class ApiProcess:
    url: str
    pid: int


@contextlib.contextmanager
def api_processes(
    count: int, database_url: str, redis_url: str, secret_key: str, data_dir: Path
) -> Iterator[list[ApiProcess]]:
    """`count` uvicorn processes (one worker each, as production runs its replicas) on one PostgreSQL and one Redis,
    with the same secret; the chat needs no Temporal, so its address points at a closed port."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "SECRET_KEY": secret_key,
        "TEMPORAL_ADDRESS": f"127.0.0.1:{free_port()}",
        "TEMPORAL_TASK_QUEUE": "perf-chat",
        "DATA_DIR": str(data_dir),
        "SANDBOX": "true",
        "WEB_DIST_DIR": "/nonexistent",
        "LOG_LEVEL": "WARNING",
    }
    data_dir.mkdir(parents=True, exist_ok=True)
    started: list[tuple[subprocess.Popen[bytes], int]] = []
    log_path = data_dir / "api.log"
    with log_path.open("wb") as output:
        try:
            for _ in range(count):
                port = free_port()
                command = [sys.executable, "-m", "uvicorn", "--factory", "api.main:create_app", "--port", str(port)]
                command += ["--no-access-log", "--log-level", "warning", "--loop", "auto", "--http", "auto"]
                # As `make run` and the image serve it.
                command += ["--ws-per-message-deflate", "false", "--no-server-header"]
                # Each process reaches its own sandbox vendors (the SMS gateway of its codes) at its own address.
                own = {**env, "PUBLIC_APP_URL": f"http://127.0.0.1:{port}"}
                process = subprocess.Popen(command, cwd=PROJECT_ROOT, env=own, stdout=output, stderr=subprocess.STDOUT)
                started.append((process, port))
            try:
                for _, port in started:
                    wait_for_port("127.0.0.1", port, timeout_seconds=60)
            except TimeoutError:
                log("API log tail:\n" + log_path.read_text(errors="replace")[-3000:])
                raise
            yield [ApiProcess(f"http://127.0.0.1:{port}", process.pid) for process, port in started]
        finally:
            for process, _ in started:
                stop(process, "API")


EXCEPTION_LINE = re.compile(r"^([A-Za-z_][\w.]*(?:Error|Exception|Timeout|Disconnected|Closed)\w*)(?::\s*(.*))?$")


def api_log_exceptions(data_dir: Path) -> dict[str, int]:
    """The exceptions the API processes logged, by type and the start of their message, most frequent first."""
    path = data_dir / "api.log"
    counts: dict[str, int] = {}
    if path.exists():
        for line in path.read_text(errors="replace").splitlines():
            found = EXCEPTION_LINE.match(line)
            if found is not None:
                key = f"{found.group(1)}: {(found.group(2) or '')[:140]}".rstrip(": ")
                counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items(), key=lambda item: -item[1])[:10])


def stored_messages(conninfo: str) -> int:
    with psycopg.connect(conninfo) as connection:
        row = connection.execute("SELECT count(*) FROM chat_messages").fetchone()
    return int(row[0]) if row is not None else 0


class ProcessCpu:
    """CPU seconds each named group of processes and the whole machine used between start() and stop(); a group
    named in with_children counts its processes' children too (PostgreSQL's backends)."""

    def __init__(self, pids: dict[str, list[int]], with_children: frozenset[str] = frozenset({"postgres"})) -> None:
        self.processes = {name: [psutil.Process(pid) for pid in group] for name, group in pids.items()}
        self.with_children = with_children
        self.before: dict[str, dict[int, float]] = {}
        self.machine_before = 0.0
        self.stall_before: float | None = None

    @staticmethod
    def _snapshot(processes: list[psutil.Process], children: bool) -> dict[int, float]:
        seconds: dict[int, float] = {}
        for process in processes:
            try:
                members = [process, *process.children(recursive=True)] if children else [process]
            except psutil.Error:
                continue
            for member in members:
                try:
                    times = member.cpu_times()
                except psutil.Error:
                    continue
                seconds[member.pid] = times.user + times.system
        return seconds

    @staticmethod
    def _cpu_stall_us() -> float | None:
        """Microseconds in which some runnable task waited for a CPU (Linux pressure stall information)."""
        with contextlib.suppress(OSError, ValueError, IndexError):
            some = Path("/proc/pressure/cpu").read_text().splitlines()[0]
            return float(some.rsplit("total=", 1)[1])
        return None

    @staticmethod
    def _machine_busy() -> float:
        times = psutil.cpu_times()
        return float(sum(times) - times.idle - getattr(times, "iowait", 0.0))

    def start(self) -> None:
        self.before = {
            name: self._snapshot(group, name in self.with_children) for name, group in self.processes.items()
        }
        self.machine_before = self._machine_busy()
        self.stall_before = self._cpu_stall_us()

    def stop(self, seconds: float) -> dict[str, Any]:
        used: dict[str, float] = {}
        for name, group in self.processes.items():
            after = self._snapshot(group, name in self.with_children)
            used[name] = sum(value - self.before[name].get(pid, 0.0) for pid, value in after.items())
        machine = self._machine_busy() - self.machine_before
        stall_after = self._cpu_stall_us()
        stalled_share = (
            round((stall_after - self.stall_before) / (seconds * 1e6), 3)
            if stall_after is not None and self.stall_before is not None
            else None
        )
        used["other_processes"] = max(0.0, machine - sum(used.values()))
        cpu_s = {f"{name}_cpu_s": round(value, 2) for name, value in used.items()}
        cores = {f"{name}_cores": round(value / seconds, 3) for name, value in used.items()}
        return {
            "window_s": round(seconds, 2),
            **cpu_s,
            "machine_busy_cpu_s": round(machine, 2),
            "machine_busy_share": round(machine / (seconds * (psutil.cpu_count() or 1)), 3),
            # Share of the window in which some runnable task of the machine waited for a CPU: latency grows with it.
            "cpu_wait_share": stalled_share,
            "average_cores_in_use": cores,
        }


def machine_description() -> dict[str, Any]:
    model = ""
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return {
        "logical_cpus": psutil.cpu_count(),
        "physical_cores": psutil.cpu_count(logical=False),
        "cpu_model": model,
        "memory_gb": round(psutil.virtual_memory().total / 2**30, 1),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "shared": "API processes, PostgreSQL, Redis and the load generators all run on this one machine",
    }
