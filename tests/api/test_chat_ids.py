"""An id the chat socket cannot use (not a number, below 1, beyond PostgreSQL's bigint) is refused as the HTTP reads
refuse the same id, never as a server failure, and the socket stays open for the next frame."""

import json

import pytest

from api.errors import VALUE_NOT_STORABLE
from domain.rules import messages
from tests.api.test_chat import expect, join, nothing_arrives, send, socket, socket_url, stored_count, trip_with_member

__all__ = ["socket_url"]  # the fixture, shared with the chat's own tests

pytestmark = pytest.mark.usefixtures("worker")

FRAMES = {
    "join": {},
    "leave": {},
    "send-message": {"message": "Meet at gate 2 please", "client_message_identifier": "bad-id-1"},
    "send-document": {"client_message_identifier": "bad-id-2", "file_name": "ticket.pdf"},
}


async def http_refusal(client, chat_id) -> tuple[int, str]:
    answer = await client.get("/api/chat/chat", params={"chat_id": chat_id})
    return answer.status_code, answer.json()["message"]


@pytest.mark.parametrize("chat_id", [2**63, -(2**63) - 1, 10**30, -1, 0])
async def test_a_chat_id_out_of_range_is_refused_as_over_http(app, signed_in, socket_url, chat_id):
    expected = await http_refusal(signed_in, chat_id)
    assert expected in {(400, VALUE_NOT_STORABLE), (404, messages.CHAT_NOT_FOUND)}
    async with trip_with_member(app, signed_in) as (trip_id, member), socket(socket_url, member) as ws:
        for event, extra in FRAMES.items():
            await send(ws, event, chat_id=chat_id, **extra)
            refusal = await expect(ws, "error")
            assert (refusal["code"], refusal["message"], refusal["event"]) == (*expected, event)
        assert (await join(ws, trip_id))["code"] == 200
        assert await stored_count(app, trip_id) == 0


@pytest.mark.parametrize("chat_id", ["abc", "12", 1.5, None, True, [1]])
async def test_a_chat_id_that_is_not_a_number_is_refused_as_over_http(app, signed_in, socket_url, chat_id):
    async with trip_with_member(app, signed_in) as (trip_id, member), socket(socket_url, member) as ws:
        for event, extra in FRAMES.items():
            await send(ws, event, chat_id=chat_id, **extra)
            refusal = await expect(ws, "error")
            assert refusal["code"] == 400 and refusal["event"] == event
            assert refusal["message"].startswith("chat_id: Input should be a valid integer")
        assert (await join(ws, trip_id))["code"] == 200


@pytest.mark.parametrize(
    "held", [{"last_message_id": 2**63}, {"seen_message_ids": [1, 2**63]}, {"last_message_id": -(2**64)}]
)
async def test_message_ids_beyond_bigint_are_refused_before_joining(app, signed_in, socket_url, held):
    async with trip_with_member(app, signed_in) as (trip_id, member), socket(socket_url, member) as ws:
        await ws.send(json.dumps({"event": "join", "data": {"chat_id": trip_id, **held}}))
        refusal = await expect(ws, "error")
        assert (refusal["code"], refusal["message"]) == (400, VALUE_NOT_STORABLE)
        assert [f for f in await nothing_arrives(ws, 0.3) if f["event"] == "user-joined"] == []
        assert (await join(ws, trip_id))["code"] == 200
