"""Live state on the app's socket: one LISTEN connection an API process hears every change told by domain/live.py
(from any API process or the worker) and queues a "changed" frame on the open sockets of each addressee here.

Frames: "changed" {"kind", "id"} for one entity (kinds in domain.live.Kind), and "changed" {"kind": "all"} after
this process lost its LISTEN connection for a while (events may have been missed then): the client fetches again
whatever it shows, as it does when its own socket reconnects.
"""

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any

import psycopg

from domain.db import libpq_conninfo
from domain.live import CHANNEL

logger = logging.getLogger("humsafar.live")

APPLICATION_NAME = "humsafar-live"
RECONNECT_DELAY_S = 1.0
ALL = {"kind": "all"}

# Queues a frame's text on one open socket.
Deliver = Callable[[str], None]


def changed_frame(data: dict[str, Any]) -> str:
    return json.dumps({"event": "changed", "data": data}, separators=(",", ":"))


class LiveListener:
    def __init__(self, database_url: str) -> None:
        self._conninfo = libpq_conninfo(database_url)
        self._by_user: dict[int, set[Deliver]] = {}
        self._task: asyncio.Task[None] | None = None
        self._listening = asyncio.Event()

    async def start(self, wait_seconds: float = 10.0) -> None:
        """Starts listening; returns once LISTEN is in place (or after wait_seconds, listening as soon as it can)."""
        self._task = asyncio.create_task(self._listen(), name="live-listener")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._listening.wait(), wait_seconds)

    def subscribe(self, user_id: int, deliver: Deliver) -> None:
        self._by_user.setdefault(user_id, set()).add(deliver)

    def unsubscribe(self, user_id: int, deliver: Deliver) -> None:
        delivers = self._by_user.get(user_id)
        if delivers is not None:
            delivers.discard(deliver)
            if not delivers:
                del self._by_user[user_id]

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def dispatch(self, payload: str) -> None:
        try:
            event = json.loads(payload)
            text = changed_frame({"kind": event["kind"], "id": event["id"]})
            addressees = [int(user_id) for user_id in event["to"]]
        except (ValueError, KeyError, TypeError):
            logger.warning("ignored a malformed live event: %.200s", payload)
            return
        for user_id in addressees:
            self._deliver(user_id, text)

    def _deliver(self, user_id: int, text: str) -> None:
        for deliver in list(self._by_user.get(user_id, ())):
            try:
                deliver(text)
            except Exception:
                logger.exception("delivering a live event failed")

    def _everyone(self, text: str) -> None:
        for user_id in list(self._by_user):
            self._deliver(user_id, text)

    async def _listen(self) -> None:
        lost = False
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self._conninfo, autocommit=True, application_name=APPLICATION_NAME
                ) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    self._listening.set()
                    if lost:
                        # Whatever was told meanwhile went unheard here: every open screen fetches again.
                        self._everyone(changed_frame(ALL))
                    async for notice in connection.notifies():
                        self.dispatch(notice.payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.exception("listening for live events failed; trying again")
            lost = True
            await asyncio.sleep(RECONNECT_DELAY_S)
