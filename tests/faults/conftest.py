"""Shared pieces of the fault tests: reading the database directly and waiting with a deadline."""

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import psycopg

from tests.api.live import Process, api_process, running, service_environment, worker_process

T = TypeVar("T")


def libpq_url(database_url: str) -> str:
    return database_url.replace("postgresql+psycopg://", "postgresql://", 1)


def query(database_url: str, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    with psycopg.connect(libpq_url(database_url), autocommit=True) as connection:
        return connection.execute(sql, params).fetchall()


def outbox_rows(database_url: str, workflow_id: str) -> list[tuple[str | None, int, bool]]:
    """(signal or None for the start, attempts, parked) of the entries still waiting for this workflow id."""
    return query(
        database_url,
        "SELECT signal, attempts, parked_at IS NOT NULL FROM flow_outbox WHERE workflow_id = %s ORDER BY id",
        workflow_id,
    )


def waiting_for(database_url: str, user_id: int) -> list[str]:
    """The workflow ids of the entries still waiting in the outbox for flows about this person."""
    rows = query(
        database_url, "SELECT workflow_id FROM flow_outbox WHERE search_attributes->>'UserId' = %s", str(user_id)
    )
    return [workflow_id for (workflow_id,) in rows]


def until(check: Callable[[], T | None], timeout_seconds: float, what: str, interval: float = 0.1) -> T:
    """Polls check until it returns something truthy; fails with what after the deadline."""
    deadline = time.monotonic() + timeout_seconds
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout_seconds} s: {what} (last: {result!r})")
        time.sleep(interval)


async def eventually(check: Callable[[], T | None], timeout_seconds: float, what: str, interval: float = 0.1) -> T:
    """until() for async tests: the event loop keeps running while it waits."""
    import asyncio

    deadline = time.monotonic() + timeout_seconds
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout_seconds} s: {what} (last: {result!r})")
        await asyncio.sleep(interval)


class Services:
    """A live API and worker on the session's PostgreSQL and Temporal, each its own process, to kill for real."""

    def __init__(self, api: Process, worker: Process, database_url: str, temporal_address: str) -> None:
        self.api = api
        self.worker = worker
        self.database_url = database_url
        self.temporal_address = temporal_address
        self.base_url = f"http://127.0.0.1:{api.port}"


@contextmanager
def live_services(database_url: str, temporal_address: str, data_dir: Path, **settings: str) -> Iterator[Services]:
    """Services started with these settings (environment variables); their logs are printed when they stop."""
    environment = service_environment(database_url, temporal_address, data_dir, LOG_LEVEL="INFO", **settings)
    api = api_process(environment, data_dir / "api.log")
    worker = worker_process(environment, data_dir / "worker.log")
    with running(api, worker):
        try:
            yield Services(api, worker, database_url, temporal_address)
        finally:
            print("API log:\n" + api.log())
            print("worker log:\n" + worker.log())
