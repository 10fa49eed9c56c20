"""`python -m worker` as deployed: it serves the flows, reports healthy and stops cleanly on SIGTERM."""

import asyncio
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Awaitable, Callable, Iterator

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio.client import Client

from domain.settings import PROJECT_ROOT, Settings
from tests.workflows.erasure_support import DeletedAccount, assert_scrubbed, eventually, read_user, start_erasure
from worker.health import polls_task_queue


@pytest.fixture
def worker_process(settings: Settings) -> Iterator[subprocess.Popen[str]]:
    environment = {
        **os.environ,
        "DATABASE_URL": str(settings.database_url),
        "TEMPORAL_ADDRESS": str(settings.temporal_address),
        "TEMPORAL_TASK_QUEUE": settings.temporal_task_queue,
        "DATA_DIR": str(settings.data_dir),
        "LOG_LEVEL": "INFO",
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "worker"],
        cwd=PROJECT_ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    yield process
    if process.poll() is None:
        process.kill()
        process.wait()


async def test_worker_process_serves_flows_and_stops_gracefully_on_sigterm(
    client: Client,
    settings: Settings,
    session_maker: async_sessionmaker[AsyncSession],
    deleted_account: Callable[..., Awaitable[DeletedAccount]],
    worker_process: subprocess.Popen[str],
) -> None:
    async def worker_is_healthy() -> bool:
        return await polls_task_queue(client, settings.temporal_task_queue, socket.gethostname())

    await eventually(worker_is_healthy, timeout_seconds=30)
    assert not await polls_task_queue(client, settings.temporal_task_queue, "another-host")

    account = await deleted_account()
    await (await start_erasure(client, settings, account)).result()
    assert_scrubbed(await read_user(session_maker, account.user_id))

    worker_process.send_signal(signal.SIGTERM)
    output, _ = await asyncio.to_thread(worker_process.communicate, timeout=30)
    assert worker_process.returncode == 0, output
    assert "worker started" in output
    assert "worker stopped" in output
