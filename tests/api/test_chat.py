"""Trip chat over the socket and its REST reads (SPEC §2 chats, §3, §4 message sending, §5 message rules, §7)."""

import asyncio
import json
import time
import uuid
from contextlib import asynccontextmanager

import pytest
import uvicorn
from sqlalchemy import func, select
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from api.security.access_tokens import issue_access_token
from api.security.hashing import token_hash
from api.security.sessions import revoke_session
from domain.models import ChatMessage
from domain.rules import messages
from scripts.embedded import free_port, wait_for_port
from tests.api.conftest import new_person
from tests.api.test_join import ask_to_join, host_acts
from tests.api.test_trips import create, move_to_past

pytestmark = pytest.mark.usefixtures("worker")

VALID_TEXT = "Meet at gate 2, 7.30 am please!"


@pytest.fixture(scope="session")
async def socket_url(app):
    """The same app served by uvicorn in the tests' loop, for real WebSocket clients."""
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, lifespan="off", log_level="warning", server_header=False)
    server = uvicorn.Server(config)
    serving = asyncio.create_task(server.serve())
    await asyncio.to_thread(wait_for_port, "127.0.0.1", port)
    yield f"ws://127.0.0.1:{port}/api/chat/ws"
    server.should_exit = True
    await serving


def cookie_of(browser) -> dict[str, str]:
    return {"Cookie": f"session={browser.cookies.get('session')}"}


@asynccontextmanager
async def socket(url: str, browser=None, *, query: str = "", headers: dict[str, str] | None = None):
    """A connected chat socket of a signed-in browser (by its session cookie); .greeting holds 'connected'."""
    all_headers = {**(cookie_of(browser) if browser is not None else {}), **(headers or {})}
    async with connect(url + query, additional_headers=all_headers, open_timeout=10) as ws:
        if browser is not None or query:
            ws.greeting = await expect(ws, "connected")
        yield ws


async def send(ws, event: str, **data) -> None:
    await ws.send(json.dumps({"event": event, "data": data}))


async def expect(ws, event: str, within_s: float = 10.0) -> dict:
    """The data of the next frame of this event; frames of other events before it are skipped."""
    deadline = time.monotonic() + within_s
    while True:
        frame = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, deadline - time.monotonic())))
        if frame["event"] == event:
            return frame["data"]


async def nothing_arrives(ws, seconds: float = 0.5) -> list[dict]:
    """The frames that arrive until none has for this long, or the socket is closed."""
    frames = []
    try:
        while True:
            frames.append(json.loads(await asyncio.wait_for(ws.recv(), seconds)))
    except (TimeoutError, ConnectionClosed):
        return frames


async def join(ws, chat_id: int, **extra) -> dict:
    await send(ws, "join", chat_id=chat_id, **extra)
    return await expect(ws, "user-joined")


async def say(ws, chat_id: int, message: str = VALID_TEXT, identifier: str | None = None, **extra) -> dict:
    await send(
        ws,
        "send-message",
        chat_id=chat_id,
        message=message,
        client_message_identifier=identifier or uuid.uuid4().hex,
        **extra,
    )
    frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
    return frame


@asynccontextmanager
async def trip_with_member(app, host):
    """A trip of host with one active member; yields (trip_id, member browser)."""
    trip_id = await create(host)
    async with new_person(app, "Meera Iyer") as member:
        await ask_to_join(member, trip_id)
        answer = await host_acts(host, trip_id, member.user_id, "APPROVE")
        assert answer.status_code == 200, answer.text
        yield trip_id, member


@asynccontextmanager
async def room_of_two(app, host, socket_url: str):
    """host's trip with one member, both on a socket that joined its chat; yields (trip_id, member browser, host's
    socket, member's socket)."""
    async with (
        trip_with_member(app, host) as (trip_id, member),
        socket(socket_url, host) as host_ws,
        socket(socket_url, member) as member_ws,
    ):
        await join(host_ws, trip_id)
        await join(member_ws, trip_id)
        yield trip_id, member, host_ws, member_ws


async def stored_count(app, trip_id: int) -> int:
    async with app.state.session_maker() as session:
        return int(await session.scalar(select(func.count()).where(ChatMessage.trip_id == trip_id)) or 0)


async def test_a_member_message_reaches_the_host_and_is_echoed_to_the_sender(app, signed_in, socket_url):
    async with (
        trip_with_member(app, signed_in) as (trip_id, member),
        socket(socket_url, signed_in) as host_ws,
        socket(socket_url, member) as member_ws,
    ):
        joined = await join(host_ws, trip_id)
        assert joined["code"] == 200
        assert (await join(member_ws, trip_id))["code"] == 200
        echo = await say(member_ws, trip_id, f"  {VALID_TEXT}  ", "first-message")
        assert echo["event"] == "receive-message"
        received = await expect(host_ws, "receive-message")
        assert received == echo["data"]
        assert received["message"] == VALID_TEXT
        assert received["type"] == "normal"
        assert received["sender"]["user_id"] == member.user_id
        assert received["client_message_identifier"] == "first-message"
        assert received["chat_id"] == trip_id


async def test_a_stranger_can_neither_join_nor_send(app, signed_in, socket_url):
    trip_id = await create(signed_in)
    async with new_person(app) as stranger, socket(socket_url, stranger) as ws:
        await send(ws, "join", chat_id=trip_id)
        refusal = await expect(ws, "error")
        assert (refusal["code"], refusal["event"], refusal["message"]) == (403, "join", messages.CHAT_MEMBERS_ONLY)
        answer = await say(ws, trip_id, identifier="stranger-1")
        assert answer["event"] == "error"
        assert answer["data"]["code"] == 403
        assert answer["data"]["client_message_identifier"] == "stranger-1"
    assert await stored_count(app, trip_id) == 0


async def test_a_requester_is_not_in_the_chat_until_accepted(app, signed_in, socket_url):
    trip_id = await create(signed_in)
    async with new_person(app) as requester, socket(socket_url, requester) as ws:
        await ask_to_join(requester, trip_id)
        await send(ws, "join", chat_id=trip_id)
        assert (await expect(ws, "error"))["code"] == 403
        await host_acts(signed_in, trip_id, requester.user_id, "APPROVE")
        assert (await join(ws, trip_id))["code"] == 200


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("          ", messages.MESSAGE_LENGTH),
        (" \n\t ", messages.MESSAGE_LENGTH),
        ("x" * 501, messages.MESSAGE_LENGTH),
        ("See you at gate\u202e 2", messages.MESSAGE_CHARACTERS.format(characters="U+202E")),
        ("Call me\x00", messages.MESSAGE_CHARACTERS.format(characters="U+0000")),
    ],
)
async def test_the_message_rules_of_the_spec_are_enforced(app, signed_in, socket_url, text, message):
    async with trip_with_member(app, signed_in) as (trip_id, member), socket(socket_url, member) as ws:
        answer = await say(ws, trip_id, text, "rule-check")
        assert answer["event"] == "error"
        assert answer["data"] == {
            "code": 400,
            "event": "send-message",
            "message": message,
            "chat_id": trip_id,
            "client_message_identifier": "rule-check",
        }
        assert await stored_count(app, trip_id) == 0


async def test_the_longest_allowed_message_with_every_allowed_symbol_is_sent(app, signed_in, socket_url):
    text = ("Fare 250 ₹, ok? (A/B) - _x_ & 10% $*+!\\" * 20)[:500]
    async with trip_with_member(app, signed_in) as (trip_id, member), socket(socket_url, member) as ws:
        answer = await say(ws, trip_id, text)
        assert answer["event"] == "receive-message"
        assert answer["data"]["message"] == text.strip()


@pytest.mark.parametrize(
    "text",
    [
        "ok",
        "I'll be there at 9:45",
        "मैं 9:45 पर गेट 2 पर हूँ",
        "வருகிறேன் 🙏",
        "Cab 🚕 👩\u200d👩\u200d👧 🇮🇳",
        "<b>not bold</b>",
    ],
)
async def test_what_people_type_is_sent_exactly_in_any_script(app, signed_in, socket_url, text):
    async with trip_with_member(app, signed_in) as (trip_id, member), socket(socket_url, member) as ws:
        answer = await say(ws, trip_id, f" {text}\n")
        assert answer["event"] == "receive-message", answer
        assert answer["data"]["message"] == text


async def test_a_resend_with_the_same_identifier_is_answered_with_the_stored_message(app, signed_in, socket_url):
    async with (
        trip_with_member(app, signed_in) as (trip_id, member),
        socket(socket_url, signed_in) as host_ws,
        socket(socket_url, member) as member_ws,
    ):
        await join(host_ws, trip_id)
        first = await say(member_ws, trip_id, identifier="resend-1")
        again = await say(member_ws, trip_id, identifier="resend-1")
        assert again["data"] == first["data"]
        assert (await expect(host_ws, "receive-message"))["id"] == first["data"]["id"]
        assert await nothing_arrives(host_ws) == []
        assert await stored_count(app, trip_id) == 1


async def test_a_reconnecting_member_catches_up_from_the_last_seen_message(app, signed_in, socket_url):
    async with trip_with_member(app, signed_in) as (trip_id, member), socket(socket_url, signed_in) as host_ws:
        await join(host_ws, trip_id)
        async with socket(socket_url, member) as member_ws:
            await join(member_ws, trip_id)
            seen = (await say(host_ws, trip_id, "Leaving home now, 5 min"))["data"]
            assert (await expect(member_ws, "receive-message"))["id"] == seen["id"]
        missed = [(await say(host_ws, trip_id, f"Missed message number {n}"))["data"] for n in range(3)]
        async with socket(socket_url, member) as member_ws:
            await join(member_ws, trip_id, last_message_id=seen["id"])
            caught_up = [await expect(member_ws, "receive-message") for _ in missed]
            assert [m["id"] for m in caught_up] == [m["id"] for m in missed]
            live = (await say(host_ws, trip_id, "Now you are live again"))["data"]
            assert (await expect(member_ws, "receive-message"))["id"] == live["id"]
            assert await nothing_arrives(member_ws, 0.3) == []


async def test_an_expired_access_token_gets_a_401_and_the_resend_after_a_new_token_is_stored_once(
    app, signed_in, socket_url
):
    async with trip_with_member(app, signed_in) as (trip_id, member):
        secret = app.state.settings.resolved_secret_key()
        session_hash = token_hash(member.cookies.get("session"))
        short_lived = issue_access_token(secret, member.user_id, session_hash, 1)
        async with socket(socket_url) as ws:
            await send(ws, "authenticate", access_token=short_lived)
            await expect(ws, "connected")
            await join(ws, trip_id)
            await asyncio.sleep(1.2)  # time is what is tested: the one-second token runs out on an open socket
            answer = await say(ws, trip_id, identifier="after-expiry")
            assert answer["event"] == "error"
            assert answer["data"]["code"] == 401
            assert answer["data"]["client_message_identifier"] == "after-expiry"
            fresh = (await member.post("/api/auth/access_token")).json()["data"]["access_token"]
            await send(ws, "authenticate", access_token=fresh)
            assert (await expect(ws, "authenticated"))["code"] == 200
            assert (await say(ws, trip_id, identifier="after-expiry"))["event"] == "receive-message"
            assert (await say(ws, trip_id, identifier="after-expiry"))["event"] == "receive-message"
        assert await stored_count(app, trip_id) == 1


async def test_a_socket_authenticates_by_a_first_frame_token(app, signed_in, socket_url):
    async with trip_with_member(app, signed_in) as (trip_id, member):
        token = (await member.post("/api/auth/access_token")).json()["data"]["access_token"]
        async with socket(socket_url) as ws:
            await send(ws, "authenticate", access_token=token)
            assert (await expect(ws, "connected"))["user_id"] == member.user_id
            assert (await join(ws, trip_id))["code"] == 200


async def test_a_socket_without_credentials_is_answered_401_and_closed(socket_url):
    async with socket(socket_url) as ws:
        await send(ws, "join", chat_id=1)
        assert (await expect(ws, "error"))["code"] == 401
        await asyncio.wait_for(ws.wait_closed(), 5)
        assert ws.close_code == 4401


async def test_a_logged_out_session_can_no_longer_send(app, signed_in, socket_url):
    """Its socket is closed at the sign-out (tests/api/test_socket_closing.py); a frame it had already sent is
    refused all the same."""
    async with trip_with_member(app, signed_in) as (trip_id, member), socket(socket_url, member) as ws:
        async with app.state.session_maker() as session, session.begin():
            await revoke_session(session, member.cookies.get("session"))
        answer = await say(ws, trip_id)
        assert answer["data"]["code"] == 401


async def test_another_sites_origin_is_refused(signed_in, socket_url):
    with pytest.raises(InvalidStatus) as refused:
        async with connect(socket_url, additional_headers={**cookie_of(signed_in), "Origin": "https://evil.example"}):
            pass
    assert refused.value.response.status_code == 403


async def test_the_own_origin_is_accepted(signed_in, socket_url):
    own = socket_url.replace("ws://", "http://").removesuffix("/api/chat/ws")
    async with socket(socket_url, signed_in, headers={"Origin": own}) as ws:
        assert ws.greeting["code"] == 200


async def test_a_removed_member_is_put_out_and_can_no_longer_join_or_send(app, signed_in, socket_url):
    async with room_of_two(app, signed_in, socket_url) as (trip_id, member, host_ws, member_ws):
        answer = await host_acts(signed_in, trip_id, member.user_id, "REMOVE", "Being abusive")
        assert answer.status_code == 200, answer.text
        await say(host_ws, trip_id, "The member is gone now")
        # The removal closes the member's socket (tests/api/test_socket_closing.py); what reached it before is not
        # the host's later message.
        assert not [f for f in await nothing_arrives(member_ws, 0.3) if f["event"] == "receive-message"]
        async with socket(socket_url, member) as again:
            await send(again, "join", chat_id=trip_id)
            assert (await expect(again, "error"))["code"] == 403
            assert (await say(again, trip_id))["data"]["code"] == 403


async def test_a_member_who_left_is_out_of_the_chat(app, signed_in, socket_url):
    async with trip_with_member(app, signed_in) as (trip_id, member), socket(socket_url, member) as ws:
        left = await member.put(
            "/api/trip/user/passenger",
            json={"action": "LEAVE", "trip_id": trip_id, "additional_note": "Found an another trip"},
        )
        assert left.status_code == 200, left.text
        await send(ws, "join", chat_id=trip_id)
        assert (await expect(ws, "error"))["code"] == 403


async def test_the_host_shares_their_number_and_a_member_may_not(app, signed_in, socket_url):
    async with trip_with_member(app, signed_in) as (trip_id, member):
        host_number = (await signed_in.get("/api/user/user")).json()["data"]["mobile_number"]
        async with socket(socket_url, signed_in) as host_ws, socket(socket_url, member) as member_ws:
            await join(member_ws, trip_id)
            shared = await say(host_ws, trip_id, "", type="share_number")
            assert shared["data"]["type"] == "number"
            assert shared["data"]["message"] == f"+91{host_number}"
            assert (await expect(member_ws, "receive-message"))["message"] == f"+91{host_number}"
            refused = await say(member_ws, trip_id, "", type="share_number")
            assert refused["data"]["code"] == 403
            assert refused["data"]["message"] == messages.CHAT_SHARE_NUMBER_HOST_ONLY


async def test_leave_is_answered_and_stops_delivery(app, signed_in, socket_url):
    async with (
        trip_with_member(app, signed_in) as (trip_id, member),
        socket(socket_url, signed_in) as host_ws,
        socket(socket_url, member) as member_ws,
    ):
        await join(member_ws, trip_id)
        await send(member_ws, "leave", chat_id=trip_id)
        assert await expect(member_ws, "user-left") == {"code": 200, "chat_id": trip_id}
        await say(host_ws, trip_id)
        assert await nothing_arrives(member_ws, 0.3) == []


async def test_malformed_and_unknown_frames_are_refused_without_closing(app, signed_in, socket_url):
    async with socket(socket_url, signed_in) as ws:
        await ws.send("not json")
        assert (await expect(ws, "error"))["message"] == messages.CHAT_BAD_FRAME
        await send(ws, "dance")
        assert (await expect(ws, "error"))["message"] == messages.CHAT_UNKNOWN_EVENT
        await send(ws, "send-message", chat_id=1, message=VALID_TEXT)
        refusal = await expect(ws, "error")
        assert refusal["code"] == 400
        assert "client_message_identifier" in refusal["message"]


async def test_the_history_is_paged_newest_page_first_oldest_first_within(app, signed_in, socket_url):
    app.state.settings.chat_history_page_size = 30
    async with trip_with_member(app, signed_in) as (trip_id, member), socket(socket_url, member) as ws:
        sent = [(await say(ws, trip_id, f"History message number {n}"))["data"]["id"] for n in range(35)]
        first = (await member.get("/api/chat/chat", params={"chat_id": trip_id, "page": 0})).json()["data"]
        assert [m["id"] for m in first["messages"]] == sent[5:]
        assert first["has_more"] is True
        second = (await member.get("/api/chat/chat", params={"chat_id": trip_id, "page": 1})).json()["data"]
        assert [m["id"] for m in second["messages"]] == sent[:5]
        assert second["has_more"] is False
        assert first["messages"][0]["sender"]["name"] == "Meera Iyer"


async def test_a_stranger_cannot_read_the_history_or_the_chat(app, signed_in):
    trip_id = await create(signed_in)
    async with new_person(app) as stranger:
        history = await stranger.get("/api/chat/chat", params={"chat_id": trip_id, "page": 0})
        assert history.status_code == 403
        assert history.json()["message"] == messages.CHAT_MEMBERS_ONLY
        assert (await stranger.get(f"/api/trip/chat/{trip_id}")).status_code == 403
    assert (await signed_in.get("/api/trip/chat/999999999")).status_code == 404


async def test_the_trip_chat_lists_its_users(app, signed_in):
    async with trip_with_member(app, signed_in) as (trip_id, member):
        chat = (await member.get(f"/api/trip/chat/{trip_id}")).json()["data"]
        assert chat["id"] == trip_id
        assert chat["display_name"] == "Koramangala to Whitefield"
        assert {user["user_id"] for user in chat["chat_users"]} == {member.user_id, chat["chat_users"][0]["user_id"]}
        assert chat["chat_users"][-1]["user_id"] == member.user_id
        assert chat["last_message"] is None


async def test_the_chat_list_sorts_by_last_message_puts_silent_chats_last_and_marks_unread(app, signed_in, socket_url):
    async with new_person(app, "Kiran Shah") as rider:
        quiet, older, newer = [await create(signed_in) for _ in range(3)]
        for trip_id in (quiet, older, newer):
            await ask_to_join(rider, trip_id)
            await host_acts(signed_in, trip_id, rider.user_id, "APPROVE")
        async with socket(socket_url, signed_in) as ws:
            await say(ws, older, "Older chat message here")
            await say(ws, newer, "Newer chat message here")
        chats = (await rider.get("/api/chat/user", params={"retrieve_past_chats": 0, "page": 0})).json()["data"]
        mine = [chat for chat in chats["chats"] if chat["id"] in (quiet, older, newer)]
        assert [chat["id"] for chat in mine] == [newer, older, quiet]
        assert [chat["unread"] for chat in mine] == [True, True, False]
        assert mine[0]["last_message"]["message"] == "Newer chat message here"
        await rider.get("/api/chat/chat", params={"chat_id": newer, "page": 0})
        chats = (await rider.get("/api/chat/user", params={"retrieve_past_chats": 0})).json()["data"]
        assert next(chat for chat in chats["chats"] if chat["id"] == newer)["unread"] is False
        host_view = (await signed_in.get("/api/chat/user")).json()["data"]["chats"]
        assert next(chat for chat in host_view if chat["id"] == newer)["unread"] is False


async def test_past_trips_chats_are_listed_under_previous(app, signed_in):
    async with trip_with_member(app, signed_in) as (trip_id, member):
        await move_to_past(app, trip_id)
        app.state.settings.trip_completion_delay_seconds = 0
        try:
            current = (await member.get("/api/chat/user", params={"retrieve_past_chats": 0})).json()["data"]
            previous = (await member.get("/api/chat/user", params={"retrieve_past_chats": 1})).json()["data"]
        finally:
            app.state.settings.trip_completion_delay_seconds = 6 * 3600
        assert trip_id not in [chat["id"] for chat in current["chats"]]
        assert trip_id in [chat["id"] for chat in previous["chats"]]
