"""Shared pieces of the fault tests: reading the database directly and waiting with a deadline."""

import time
from collections.abc import Callable
from typing import Any, TypeVar

import psycopg

T = TypeVar("T")


def libpq_url(database_url: str) -> str:
    return database_url.replace("postgresql+psycopg://", "postgresql://", 1)


def query(database_url: str, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    with psycopg.connect(libpq_url(database_url), autocommit=True) as connection:
        return connection.execute(sql, params).fetchall()


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
