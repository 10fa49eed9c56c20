"""Live state on the app's socket: one LISTEN connection an API process hears every change told by domain/live.py
(from any API process or the worker) and queues a "changed" frame on the open sockets of each addressee here.

The same connection LISTENs for sockets to close (domain/bus.py, SOCKETS_CLOSING_CHANNEL): a person signed out, was
deleted, blocked or removed from a trip, and their sockets here are closed (watch, close_sockets).

A socket may follow one trip's sheet (follow_trip): a trip's own changes (Kind.TRIP) reach it too, whoever the
person is on the trip, so a sheet opened from search follows the trip being cancelled or deleted. The frame is the
same one a member gets and names only the trip.

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
from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.blocks import blocked_between
from domain.bus import SOCKETS_CLOSING_CHANNEL
from domain.db import libpq_conninfo
from domain.listening import listen
from domain.live import CHANNEL, Kind
from domain.models import Trip
from domain.rules.live import EVERYTHING

logger = logging.getLogger("humsafar.live")

APPLICATION_NAME = "humsafar-live"
RECONNECT_DELAY_S = 1.0
ALL = {"kind": EVERYTHING}

# Queues a frame's text on one open socket.
Deliver = Callable[[str], None]
# Closes one open socket of the person when its session is the one named (a token hash in hex), or for None, always.
Close = Callable[[str | None], None]
# Has one open socket check that its session still holds, and close if not.
Recheck = Callable[[], None]


class FollowTripData(BaseModel):
    """The trip whose sheet the person has open; null when none is."""

    trip_id: int | None = Field(default=None, strict=True)


async def may_follow_trip(session: AsyncSession, trip_id: int, user_id: int) -> bool:
    """The person may see the trip as its sheet shows it: it exists and its host and they have not blocked each
    other, as GET /api/trip/{trip_id} answers it."""
    found = await session.scalar(select(Trip.id).where(Trip.id == trip_id, ~blocked_between(user_id, Trip.host_id)))
    return found is not None


def changed_frame(data: dict[str, Any]) -> str:
    return json.dumps({"event": "changed", "data": data}, separators=(",", ":"))


class LiveListener:
    def __init__(self, database_url: str) -> None:
        self._conninfo = libpq_conninfo(database_url)
        self._by_user: dict[int, set[Deliver]] = {}
        self._by_trip: dict[int, set[Deliver]] = {}
        self._closers: dict[int, set[Close]] = {}
        self._rechecks: set[Recheck] = set()
        self._task: asyncio.Task[None] | None = None
        self._listening = asyncio.Event()

    async def start(self, wait_seconds: float = 10.0) -> None:
        """Starts listening; returns once LISTEN is in place (or after wait_seconds, listening as soon as it can)."""
        listening = listen(
            self._conninfo,
            [CHANNEL, SOCKETS_CLOSING_CHANNEL],
            self._heard,
            self._listening_again,
            retry_s=RECONNECT_DELAY_S,
            application_name=APPLICATION_NAME,
        )
        self._task = asyncio.create_task(listening, name="live-listener")
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

    def follow_trip(self, trip_id: int, deliver: Deliver) -> None:
        """The socket hears the trip's own changes (Kind.TRIP) while its sheet is open."""
        self._by_trip.setdefault(trip_id, set()).add(deliver)

    def unfollow_trip(self, trip_id: int, deliver: Deliver) -> None:
        delivers = self._by_trip.get(trip_id)
        if delivers is not None:
            delivers.discard(deliver)
            if not delivers:
                del self._by_trip[trip_id]

    def watch(self, user_id: int, close: Close, recheck: Recheck) -> None:
        """Every socket of the person, live or not, is closed through close when their access ends, and asked to
        recheck its session when closings may have gone unheard (the LISTEN connection was lost for a while)."""
        self._closers.setdefault(user_id, set()).add(close)
        self._rechecks.add(recheck)

    def unwatch(self, user_id: int, close: Close, recheck: Recheck) -> None:
        self._rechecks.discard(recheck)
        closers = self._closers.get(user_id)
        if closers is not None:
            closers.discard(close)
            if not closers:
                del self._closers[user_id]

    def close_sockets(self, payload: str) -> None:
        try:
            event = json.loads(payload)
            user_id, session = int(event["user_id"]), event.get("session")
        except (ValueError, KeyError, TypeError):
            logger.warning("ignored a malformed socket closing: %.200s", payload)
            return
        for close in list(self._closers.get(user_id, ())):
            try:
                close(session if isinstance(session, str) else None)
            except Exception:
                logger.exception("closing a socket failed")

    def _recheck_every_socket(self) -> None:
        for recheck in list(self._rechecks):
            try:
                recheck()
            except Exception:
                logger.exception("rechecking a socket failed")

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
            trip_id = int(event["id"]) if event["kind"] == Kind.TRIP.value else None
        except (ValueError, KeyError, TypeError):
            logger.warning("ignored a malformed live event: %.200s", payload)
            return
        delivers = {deliver for user_id in addressees for deliver in self._by_user.get(user_id, ())}
        if trip_id is not None:
            delivers |= self._by_trip.get(trip_id, set())
        for deliver in list(delivers):
            try:
                deliver(text)
            except Exception:
                logger.exception("delivering a live event failed")

    def _deliver(self, user_id: int, text: str) -> None:
        for deliver in list(self._by_user.get(user_id, ())):
            try:
                deliver(text)
            except Exception:
                logger.exception("delivering a live event failed")

    def _everyone(self, text: str) -> None:
        for user_id in list(self._by_user):
            self._deliver(user_id, text)

    def _listening_again(self, lost: bool) -> None:
        self._listening.set()
        if lost:
            # Whatever was told meanwhile went unheard here: every open screen fetches again, and every socket
            # checks that its session has not ended meanwhile.
            self._everyone(changed_frame(ALL))
            self._recheck_every_socket()

    def _heard(self, notice: psycopg.Notify) -> None:
        if notice.channel == SOCKETS_CLOSING_CHANNEL:
            self.close_sockets(notice.payload)
        else:
            self.dispatch(notice.payload)
