"""The API process killed with SIGKILL during a chat burst and started again: every message it acknowledged (the
sender got the stored message back) is in the history exactly once, and a client that sends again what was not
acknowledged, with the same client_message_identifier, gets each message stored once."""

import asyncio
import contextlib
import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from tests.api.live import Person, Process, api_process, running, service_environment, sign_in
from tests.api.test_trips import trip_body
from tests.faults.conftest import eventually, query

BURST = 300
KILL_AFTER_ACKNOWLEDGED = 40


@pytest.fixture
def api(database_url: str, temporal_address: str, tmp_path: Path) -> Iterator[Process]:
    environment = service_environment(database_url, temporal_address, tmp_path, CHAT_HISTORY_PAGE_SIZE="100")
    environment.pop("REDIS_URL", None)
    api = api_process(environment, tmp_path / "api.log")
    with running(api):
        try:
            yield api
        finally:
            print("API log:\n" + api.log())


def socket_url(api: Process) -> str:
    return f"ws://127.0.0.1:{api.port}/api/chat/ws"


def cookie_header(person: Person) -> dict[str, str]:
    return {"Cookie": "; ".join(f"{name}={value}" for name, value in person.cookies.items())}


async def joined(api: Process, person: Person, chat_id: int) -> ClientConnection:
    ws = await connect(socket_url(api), additional_headers=cookie_header(person))
    await ws.send(json.dumps({"event": "join", "data": {"chat_id": chat_id}}))
    while True:
        frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if frame["event"] == "user-joined":
            assert frame["data"]["code"] == 200, frame
            return ws


def send_frame(chat_id: int, identifier: str, number: int) -> str:
    body = {"chat_id": chat_id, "message": f"Burst message {number}", "client_message_identifier": identifier}
    return json.dumps({"event": "send-message", "data": body})


async def acknowledgements(ws: ClientConnection, wanted: set[str], into: dict[str, int], until_count: int) -> None:
    """Records the stored id of each of our messages the server echoes back, until until_count are in."""
    while len(into) < until_count:
        frame: dict[str, Any] = json.loads(await ws.recv())
        if frame["event"] == "error":
            raise AssertionError(f"the chat refused a message: {frame}")
        data = frame["data"]
        if frame["event"] == "receive-message" and data.get("client_message_identifier") in wanted:
            into.setdefault(data["client_message_identifier"], int(data["id"]))


def history(person: Person, base_url: str, chat_id: int) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = []
    with person.client(base_url) as client:
        for page in range(100):
            answer = client.get("/api/chat/chat", params={"chat_id": chat_id, "page": page})
            assert answer.status_code == 200, answer.text
            data = answer.json()["data"]
            messages = data["messages"] + messages  # page 0 is the newest
            if not data["has_more"]:
                return messages
    raise AssertionError("the history never ended")


async def test_every_acknowledged_message_survives_a_killed_api_once_and_resends_store_nothing_twice(
    api: Process, database_url: str
) -> None:
    base_url = f"http://127.0.0.1:{api.port}"
    host, member = sign_in(base_url, "Asha Host"), sign_in(base_url, "Ravi Rider")
    with host.client(base_url) as client:
        created = client.post("/api/trip/trip", json=trip_body())
        assert created.status_code == 200, created.text
    chat_id = int(created.json()["data"]["trip_id"])
    # An accepted member, written as the join flow leaves it (the flow has its own fault test).
    query(
        database_url,
        "INSERT INTO trip_passengers (trip_id, user_id, type, status) VALUES (%s, %s, 'member', 'active') RETURNING id",
        chat_id,
        member.user_id,
    )

    identifiers = [uuid.uuid4().hex for _ in range(BURST)]
    wanted = set(identifiers)
    acknowledged: dict[str, int] = {}
    ws = await joined(api, member, chat_id)
    reader = asyncio.create_task(acknowledgements(ws, wanted, acknowledged, BURST))
    for number, identifier in enumerate(identifiers):
        await ws.send(send_frame(chat_id, identifier, number))
    await eventually(lambda: len(acknowledged) >= KILL_AFTER_ACKNOWLEDGED, 20, "the first acknowledgements")
    api.kill()
    with contextlib.suppress(ConnectionClosed, OSError):
        await asyncio.wait_for(reader, 10)
    await ws.close()
    before_restart = dict(acknowledged)
    assert KILL_AFTER_ACKNOWLEDGED <= len(before_restart) < BURST, "the API was killed in the middle of the burst"

    api.start()
    ours = [m for m in history(host, base_url, chat_id) if m["client_message_identifier"] in wanted]
    stored = [m["client_message_identifier"] for m in ours]
    assert len(stored) == len(set(stored)), "a message is in the history twice"
    by_identifier = {m["client_message_identifier"]: int(m["id"]) for m in ours}
    lost = [identifier for identifier in before_restart if identifier not in by_identifier]
    assert not lost, f"{len(lost)} acknowledged messages are missing after the restart"
    assert all(by_identifier[identifier] == stored_id for identifier, stored_id in before_restart.items())

    # The client sends again everything it has no acknowledgement for, and, as a retry after a lost echo would,
    # some that it has.
    unacknowledged = [identifier for identifier in identifiers if identifier not in before_restart]
    again = unacknowledged + list(before_restart)[:10]
    resent: dict[str, int] = {}
    ws = await joined(api, member, chat_id)
    try:
        reader = asyncio.create_task(acknowledgements(ws, set(again), resent, len(again)))
        for identifier in again:
            await ws.send(send_frame(chat_id, identifier, identifiers.index(identifier)))
        await asyncio.wait_for(reader, 30)
    finally:
        await ws.close()
    for identifier, stored_id in before_restart.items():
        if identifier in resent:
            assert resent[identifier] == stored_id, "a resend of a stored message got a new one"

    final = [m for m in history(member, base_url, chat_id) if m["client_message_identifier"] in wanted]
    assert sorted(m["client_message_identifier"] for m in final) == sorted(identifiers)
    assert [int(m["id"]) for m in final] == sorted(int(m["id"]) for m in final)
    count = query(database_url, "SELECT count(*) FROM chat_messages WHERE trip_id = %s", chat_id)
    assert count == [(BURST,)]
