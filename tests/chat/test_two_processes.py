"""The chat across two API processes and a real Redis, and uploads against a live process's memory."""

import asyncio
import json
import threading
import time
import uuid
from collections.abc import AsyncIterator

import httpx
import psutil
import psycopg
import pytest
from websockets.asyncio.client import connect

from api.security.cookies import CSRF_COOKIE, CSRF_HEADER
from domain.rules import limits, messages
from tests.api.test_trips import trip_body
from tests.perf.harness import libpq_url, sign_in

MB = 1024 * 1024
MEMORY_GROWTH_LIMIT = 20 * MB


def socket_url(base_url: str) -> str:
    return base_url.replace("http://", "ws://") + "/api/chat/ws"


def cookie_header(cookies: httpx.Cookies) -> dict[str, str]:
    return {"Cookie": f"session={cookies.get('session')}"}


def browser(base_url: str, cookies: httpx.Cookies) -> httpx.AsyncClient:
    client = httpx.AsyncClient(base_url=base_url, cookies=cookies, timeout=120)
    client.headers[CSRF_HEADER] = cookies.get(CSRF_COOKIE) or ""
    return client


async def frame_of(ws, event: str, within_s: float = 10.0) -> dict:
    deadline = time.monotonic() + within_s
    while True:
        frame = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, deadline - time.monotonic())))
        if frame["event"] == event:
            return frame["data"]


def add_member(database_url: str, trip_id: int, user_id: int) -> None:
    """An accepted member, written as the join flow leaves it (the flow itself is tested in tests/workflows)."""
    with psycopg.connect(libpq_url(database_url)) as connection:
        connection.execute(
            "INSERT INTO trip_passengers (trip_id, user_id, type, status) VALUES (%s, %s, 'member', 'active')",
            (trip_id, user_id),
        )


@pytest.fixture(scope="module")
def people(api_processes, database_url):
    """A host and a member of one trip, and a stranger, all signed in on the first process."""
    base_url = api_processes[0][0]
    host, _ = sign_in(base_url)
    member, member_id = sign_in(base_url)
    stranger, _ = sign_in(base_url)
    with httpx.Client(base_url=base_url, cookies=host, timeout=30) as client:
        answer = client.post("/api/trip/trip", json=trip_body(), headers={CSRF_HEADER: host[CSRF_COOKIE]})
        assert answer.status_code == 200, answer.text
        trip_id = int(answer.json()["data"]["trip_id"])
    add_member(database_url, trip_id, member_id)
    return {"trip_id": trip_id, "host": host, "member": member, "stranger": stranger}


async def test_a_message_sent_through_one_process_arrives_through_the_other(api_processes, people):
    (first, _), (second, _) = api_processes
    trip_id = people["trip_id"]
    async with (
        connect(socket_url(first), additional_headers=cookie_header(people["host"])) as host_ws,
        connect(socket_url(second), additional_headers=cookie_header(people["member"])) as member_ws,
    ):
        for ws in (host_ws, member_ws):
            await ws.send(json.dumps({"event": "join", "data": {"chat_id": trip_id}}))
            assert (await frame_of(ws, "user-joined"))["code"] == 200
        identifier = uuid.uuid4().hex
        body = {"chat_id": trip_id, "message": "Sent from the first process", "client_message_identifier": identifier}
        await host_ws.send(json.dumps({"event": "send-message", "data": body}))
        assert (await frame_of(host_ws, "receive-message"))["client_message_identifier"] == identifier  # the echo
        received = await frame_of(member_ws, "receive-message")
        assert (received["message"], received["client_message_identifier"]) == (body["message"], identifier)
        reply = {
            "chat_id": trip_id,
            "message": "And back from the second",
            "client_message_identifier": uuid.uuid4().hex,
        }
        await member_ws.send(json.dumps({"event": "send-message", "data": reply}))
        assert (await frame_of(host_ws, "receive-message"))["message"] == reply["message"]


async def test_a_non_member_is_refused_on_either_process(api_processes, people):
    for base_url, _ in api_processes:
        async with connect(socket_url(base_url), additional_headers=cookie_header(people["stranger"])) as ws:
            await ws.send(json.dumps({"event": "join", "data": {"chat_id": people["trip_id"]}}))
            refusal = await frame_of(ws, "error")
            assert (refusal["code"], refusal["message"]) == (403, messages.CHAT_MEMBERS_ONLY)


async def test_a_burst_from_several_sockets_arrives_through_the_other_process_once_each_in_stored_order(
    api_processes, people
):
    """Messages sent at once from three sockets are stored together and reach the other process's room in the order
    of their ids, each once, while every sender gets its own messages back."""
    (first, _), (second, _) = api_processes
    trip_id = people["trip_id"]
    per_socket = 15
    join = json.dumps({"event": "join", "data": {"chat_id": trip_id}})
    async with connect(socket_url(second), additional_headers=cookie_header(people["host"])) as host_ws:
        await host_ws.send(join)
        await frame_of(host_ws, "user-joined")
        senders = [connect(socket_url(first), additional_headers=cookie_header(people["member"])) for _ in range(3)]
        async with senders[0] as one, senders[1] as two, senders[2] as three:
            sockets = (one, two, three)
            for ws in sockets:
                await ws.send(join)
                await frame_of(ws, "user-joined")
            sent: list[list[str]] = [[uuid.uuid4().hex for _ in range(per_socket)] for _ in sockets]
            for number in range(per_socket):
                for ws, identifiers in zip(sockets, sent, strict=True):
                    body = {
                        "chat_id": trip_id,
                        "message": f"Burst message number {number}",
                        "client_message_identifier": identifiers[number],
                    }
                    await ws.send(json.dumps({"event": "send-message", "data": body}))
            arrived = [await frame_of(host_ws, "receive-message") for _ in range(per_socket * len(sockets))]
            for ws, identifiers in zip(sockets, sent, strict=True):
                echoed = []
                while len(echoed) < per_socket:
                    data = await frame_of(ws, "receive-message")
                    if data["client_message_identifier"] in identifiers:
                        echoed.append(data["client_message_identifier"])
                assert echoed == identifiers
        ids = [data["id"] for data in arrived]
        assert ids == sorted(ids)
        every_identifier = [identifier for identifiers in sent for identifier in identifiers]
        assert sorted(data["client_message_identifier"] for data in arrived) == sorted(every_identifier)
        with pytest.raises(TimeoutError):
            await frame_of(host_ws, "receive-message", within_s=0.5)


async def placeholder(base_url: str, cookies: httpx.Cookies, trip_id: int, file_name: str) -> tuple[int, str]:
    async with connect(socket_url(base_url), additional_headers=cookie_header(cookies)) as ws:
        session_id = (await frame_of(ws, "connected"))["session_id"]
        data = {"chat_id": trip_id, "client_message_identifier": uuid.uuid4().hex, "file_name": file_name}
        await ws.send(json.dumps({"event": "send-document", "data": data}))
        return (await frame_of(ws, "receive-message"))["id"], session_id


async def multipart_stream(
    boundary: str, fields: dict[str, str], file_name: str, head: bytes, size: int
) -> AsyncIterator[bytes]:
    """A multipart body produced chunk by chunk, sent without a Content-Length (chunked), like a proxy may."""
    for name, value in fields.items():
        yield f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
    yield (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{file_name}"\r\n'
        "Content-Type: application/pdf\r\n\r\n"
    ).encode()
    yield head
    block = b"\x00" * MB
    sent = len(head)
    while sent < size:
        piece = block[: min(MB, size - sent)]
        sent += len(piece)
        yield piece
    yield f"\r\n--{boundary}--\r\n".encode()


class PeakMemory:
    """Samples a process's resident memory every 10 ms on a thread."""

    def __init__(self, pid: int) -> None:
        self.process = psutil.Process(pid)
        self.baseline = self.process.memory_info().rss
        self.peak = self.baseline
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self._stop.wait(0.01):
            self.peak = max(self.peak, self.process.memory_info().rss)

    def __enter__(self) -> "PeakMemory":
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()


async def test_a_51_mb_upload_is_refused_while_memory_stays_flat(api_processes, people):
    base_url, pid = api_processes[0]
    message_id, session_id = await placeholder(base_url, people["member"], people["trip_id"], "huge.pdf")
    boundary = uuid.uuid4().hex
    fields = {"message_id": str(message_id), "session_id": session_id}
    body = multipart_stream(boundary, fields, "huge.pdf", b"%PDF-1.7\n", 51 * MB)
    with PeakMemory(pid) as memory:
        async with browser(base_url, people["member"]) as client:
            answer = await client.post(
                "/api/chat/message/document",
                content=body,
                headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
            )
    assert answer.status_code == 413
    assert answer.json()["message"] == messages.FILE_TOO_LARGE
    growth = memory.peak - memory.baseline
    assert growth < MEMORY_GROWTH_LIMIT, f"the API grew by {growth / MB:.1f} MB during a 51 MB upload"


async def test_a_file_of_exactly_the_limit_is_accepted(api_processes, people):
    base_url, _ = api_processes[1]
    message_id, session_id = await placeholder(base_url, people["member"], people["trip_id"], "limit.pdf")
    boundary = uuid.uuid4().hex
    fields = {"message_id": str(message_id), "session_id": session_id}
    body = multipart_stream(boundary, fields, "limit.pdf", b"%PDF-1.7\n", limits.FILE_MAX_BYTES)
    async with browser(base_url, people["member"]) as client:
        answer = await client.post(
            "/api/chat/message/document",
            content=body,
            headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
        )
    assert answer.status_code == 200, answer.text


async def test_an_executable_renamed_pdf_is_refused(api_processes, people):
    base_url, _ = api_processes[1]
    message_id, session_id = await placeholder(base_url, people["member"], people["trip_id"], "invoice.pdf")
    async with browser(base_url, people["member"]) as client:
        answer = await client.post(
            "/api/chat/message/document",
            data={"message_id": str(message_id), "session_id": session_id},
            files={"file": ("invoice.pdf", b"MZ\x90\x00\x03\x00\x00\x00" + b"\x00" * 4096, "application/pdf")},
        )
    assert answer.status_code == 400
    assert answer.json()["message"] == messages.FILE_FORMAT_INVALID
