"""Hearing PostgreSQL's notifications on a connection of one's own, for as long as the process runs.

A NOTIFY reaches only the connections listening at its commit: one that comes while the connection is down is gone.
So each time the connection is (re)established, `on_listening` is told whether it was lost before, and a caller
makes up for what it may have missed there (the relay looks at the outbox table; the live listener has every open
screen fetch again). A lost connection is opened again `retry_s` later, until the task is cancelled.
"""

import asyncio
import logging
from collections.abc import Callable, Sequence

import psycopg

logger = logging.getLogger("humsafar.listening")


async def listen(
    conninfo: str,
    channels: Sequence[str],
    on_notice: Callable[[psycopg.Notify], None],
    on_listening: Callable[[bool], None],
    *,
    retry_s: float,
    application_name: str = "",
) -> None:
    """LISTENs on every channel and hands each notification to on_notice; on_listening(lost) once LISTEN is in
    place, `lost` True when the connection had been lost before (notifications may have gone unheard)."""
    lost = False
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(
                conninfo, autocommit=True, application_name=application_name
            ) as connection:
                for channel in channels:
                    await connection.execute(f"LISTEN {channel}")
                on_listening(lost)
                async for notice in connection.notifies():
                    on_notice(notice)
        except asyncio.CancelledError:
            raise
        except psycopg.Error as error:
            logger.warning("not listening on %s (trying again in %s s): %s", ", ".join(channels), retry_s, error)
        except Exception:
            logger.exception("listening on %s failed (trying again in %s s)", ", ".join(channels), retry_s)
        lost = True
        await asyncio.sleep(retry_s)
