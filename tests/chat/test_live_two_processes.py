"""Live state across processes: a change committed through one API process, or by any other process (the worker's
activities write the same way), reaches the open sockets on every API process; a rolled-back one reaches nobody."""

import asyncio
import json
import time

import httpx
import psycopg
from websockets.asyncio.client import connect

from api.security.cookies import CSRF_COOKIE, CSRF_HEADER
from domain.live import CHANNEL, Kind, event
from tests.api.test_trips import trip_body
from tests.chat.test_two_processes import cookie_header, frame_of, socket_url
from tests.perf.harness import libpq_url, sign_in


async def changed(ws, within_s: float = 10.0) -> dict:
    return await frame_of(ws, "changed", within_s)


async def nothing_changes(ws, seconds: float = 1.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            frame = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, deadline - time.monotonic())))
        except TimeoutError:
            return True
        if frame["event"] == "changed":
            return False
    return True


async def test_a_change_through_one_process_reaches_sockets_on_both(api_processes):
    (first, _), (second, _) = api_processes
    host, _ = sign_in(first)
    headers = {CSRF_HEADER: host[CSRF_COOKIE]}
    async with httpx.AsyncClient(base_url=first, cookies=host, headers=headers, timeout=30) as client:
        trip_id = int((await client.post("/api/trip/trip", json=trip_body())).json()["data"]["trip_id"])
        async with (
            connect(socket_url(first) + "?live=1", additional_headers=cookie_header(host)) as on_first,
            connect(socket_url(second) + "?live=1", additional_headers=cookie_header(host)) as on_second,
        ):
            for ws in (on_first, on_second):
                await frame_of(ws, "connected")
            answer = await client.put(f"/api/trip/trip/{trip_id}", json={"total_passengers": 4})
            assert answer.status_code == 200, answer.text
            for ws in (on_first, on_second):
                assert await changed(ws) == {"kind": "trip", "id": str(trip_id)}


async def test_a_change_committed_elsewhere_arrives_and_a_rolled_back_one_does_not(api_processes, database_url):
    _, (second, _) = api_processes
    person, user_id = sign_in(second)
    async with connect(socket_url(second) + "?live=1", additional_headers=cookie_header(person)) as ws:
        await frame_of(ws, "connected")
        with psycopg.connect(libpq_url(database_url)) as connection:
            with connection.transaction():
                connection.execute("SELECT pg_notify(%s, %s)", (CHANNEL, event(Kind.KYC, user_id, [user_id])))
                # Not before the commit.
                assert await nothing_changes(ws, 0.5)
            assert await changed(ws) == {"kind": "kyc", "id": str(user_id)}
            with connection.transaction():
                connection.execute("SELECT pg_notify(%s, %s)", (CHANNEL, event(Kind.KYC, user_id, [user_id])))
                raise psycopg.Rollback()
        assert await nothing_changes(ws)
