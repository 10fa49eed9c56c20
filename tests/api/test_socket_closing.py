"""A person's open sockets (chat and live) close within a second when their access ends: signing out (that session's
sockets, by cookie or access token), deleting the account, blocking or being blocked, being removed from a trip. The
closing is told with NOTIFY at commit (domain/bus.py), so every API process hears it and a rolled-back change closes
nothing. Access tokens never travel in a socket's address, and no server log line shows one."""

import asyncio
import contextlib
import json
import logging

import httpx
import pytest
import uvicorn
from sqlalchemy import text
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from api.chat.connection import POLICY_CLOSE_CODE
from api.live.listener import APPLICATION_NAME, RECONNECT_DELAY_S
from api.security.sessions import revoke_session
from domain.bus import close_sockets_of
from domain.rules import messages
from scripts.embedded import free_port, wait_for_port
from tests.api.conftest import age_codes, make_client, new_person, sign_in
from tests.api.test_chat import expect, join, room_of_two, say, send, socket, socket_url
from tests.api.test_join import host_acts

pytestmark = pytest.mark.usefixtures("worker")

__all__ = ["socket_url"]  # the fixture, shared with the socket tests

CLOSED_WITHIN_S = 1.0
LIVE = "?live=1"


async def closed_for_policy(ws) -> list[dict]:
    """Waits (a second at most) for the server to close the socket; the frames it still had before, in order."""
    frames: list[dict] = []

    async def read_to_the_end() -> None:
        try:
            while True:
                frames.append(json.loads(await ws.recv()))
        except ConnectionClosed:
            return

    await asyncio.wait_for(read_to_the_end(), CLOSED_WITHIN_S)
    assert ws.close_code == POLICY_CLOSE_CODE
    return frames


async def still_open(ws) -> None:
    await send(ws, "leave", chat_id=1)
    assert (await expect(ws, "user-left"))["code"] == 200


async def token_socket(url: str, browser):
    """A socket signed in by an access token of the browser's session, sent in the first frame."""
    token = (await browser.post("/api/auth/access_token")).json()["data"]["access_token"]
    ws = await connect(url, open_timeout=10)
    await send(ws, "authenticate", access_token=token)
    await expect(ws, "connected")
    return ws


async def test_signing_out_closes_that_session_s_sockets_and_no_trip_message_reaches_them(app, signed_in, socket_url):
    async with (
        room_of_two(app, signed_in, socket_url) as (trip_id, member, host_ws, member_ws),
        socket(socket_url, member, query=LIVE) as live_ws,
    ):
        by_token = await token_socket(socket_url, member)
        await join(by_token, trip_id)
        assert (await member.post("/api/auth/logout")).status_code == 200
        for ws in (member_ws, live_ws, by_token):
            await closed_for_policy(ws)
        said = (await say(host_ws, trip_id, "Said after the sign-out"))["data"]
        assert said["message"] == "Said after the sign-out"
        await still_open(host_ws)


async def test_signing_out_on_one_device_leaves_the_person_s_other_device_connected(app, socket_url):
    async with make_client(app) as phone, make_client(app) as laptop:
        for browser in (phone, laptop):
            await browser.get("/api/auth/session")
        number = await sign_in(phone)
        await age_codes(app, number, 120)
        await sign_in(laptop, number)
        async with socket(socket_url, phone) as phone_ws, socket(socket_url, laptop) as laptop_ws:
            assert phone_ws.greeting["user_id"] == laptop_ws.greeting["user_id"]
            assert (await laptop.post("/api/auth/logout")).status_code == 200
            await closed_for_policy(laptop_ws)
            await still_open(phone_ws)


async def test_deleting_the_account_closes_every_socket_of_the_person(app, socket_url):
    async with (
        new_person(app) as person,
        socket(socket_url, person) as chat_ws,
        socket(socket_url, person, query=LIVE) as live_ws,
    ):
        assert (await person.delete("/api/user/user")).status_code == 200
        for ws in (chat_ws, live_ws):
            await closed_for_policy(ws)


async def test_blocking_closes_both_people_s_sockets_and_the_chat_between_them_stays_shut(app, signed_in, socket_url):
    async with room_of_two(app, signed_in, socket_url) as (trip_id, member, host_ws, member_ws):
        blocked = await member.post(f"/api/user/block/{host_ws.greeting['user_id']}", json={})
        assert blocked.status_code == 200, blocked.text
        for ws in (member_ws, host_ws):
            await closed_for_policy(ws)
        async with socket(socket_url, member) as again:
            await send(again, "join", chat_id=trip_id)
            assert (await expect(again, "error"))["code"] == 403


async def test_a_removed_member_s_sockets_close_and_the_room_goes_on(app, signed_in, socket_url):
    async with room_of_two(app, signed_in, socket_url) as (trip_id, member, host_ws, member_ws):
        removed = await host_acts(signed_in, trip_id, member.user_id, "REMOVE", "Changed plans")
        assert removed.status_code == 200, removed.text
        frames = await closed_for_policy(member_ws)
        said = (await say(host_ws, trip_id, "Only the host now"))["data"]
        assert said["id"] not in [frame["data"].get("id") for frame in frames]


async def test_a_closing_told_by_another_process_closes_the_sockets_here_and_a_rolled_back_one_does_not(
    app, socket_url
):
    async with new_person(app) as person, socket(socket_url, person) as ws:
        async with app.state.session_maker() as session:
            await close_sockets_of(session, person.user_id)
            await session.rollback()
        await still_open(ws)
        async with app.state.session_maker() as session, session.begin():
            await close_sockets_of(session, person.user_id)
        await closed_for_policy(ws)


async def test_a_token_in_the_socket_s_address_is_refused(app, signed_in, socket_url):
    token = (await signed_in.post("/api/auth/access_token")).json()["data"]["access_token"]
    async with connect(f"{socket_url}?access_token={token}", open_timeout=10) as ws:
        refused = await expect(ws, "error")
        assert (refused["code"], refused["message"]) == (400, messages.CHAT_TOKEN_IN_ADDRESS)
        await asyncio.wait_for(ws.wait_closed(), 5)
        assert ws.close_code == POLICY_CLOSE_CODE


class _Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


async def test_no_server_log_line_shows_an_access_token(app, signed_in):
    """uvicorn as deployed, with its access log: a socket opened with a token in its address (an old or hostile
    client) and a request with one are logged with the token masked."""
    token = (await signed_in.post("/api/auth/access_token")).json()["data"]["access_token"]
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, lifespan="off", log_level="info", access_log=True)
    server = uvicorn.Server(config)
    captured = _Lines()
    loggers = [logging.getLogger(name) for name in ("uvicorn.error", "uvicorn.access")]
    serving = asyncio.create_task(server.serve())
    try:
        await asyncio.to_thread(wait_for_port, "127.0.0.1", port)
        for logger in loggers:
            logger.addHandler(captured)
        async with connect(f"ws://127.0.0.1:{port}/api/chat/ws?live=1&access_token={token}") as ws:
            await expect(ws, "error")
        async with connect(f"ws://127.0.0.1:{port}/api/chat/ws?live=1") as ws:
            await send(ws, "authenticate", access_token=token)
            await expect(ws, "connected")
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as browser:
            await browser.get("/api/auth/session", params={"access_token": token})
    finally:
        for logger in loggers:
            logger.removeHandler(captured)
            logger.setLevel(logging.WARNING)
        server.should_exit = True
        await serving
    socket_lines = [line for line in captured.lines if "/api/chat/ws" in line]
    assert len(socket_lines) >= 2, captured.lines
    assert any("/api/auth/session" in line for line in captured.lines), captured.lines
    assert not [line for line in captured.lines if token in line]


async def test_a_session_ended_while_the_process_was_not_listening_is_closed_when_it_listens_again(app, socket_url):
    async with new_person(app) as person, socket(socket_url, person) as ws:
        # Ended with no closing told, as when the notice went out while this process's LISTEN connection was down.
        async with app.state.session_maker() as session, session.begin():
            await revoke_session(session, person.cookies.get("session"))
        await still_open(ws)
        async with app.state.session_maker() as session:
            ended = await session.scalar(
                text("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = :name"),
                {"name": APPLICATION_NAME},
            )
        assert ended
        frames: list[dict] = []

        async def read_to_the_end() -> None:
            with contextlib.suppress(ConnectionClosed):
                while True:
                    frames.append(json.loads(await ws.recv()))

        await asyncio.wait_for(read_to_the_end(), RECONNECT_DELAY_S + 5)
        assert ws.close_code == POLICY_CLOSE_CODE
