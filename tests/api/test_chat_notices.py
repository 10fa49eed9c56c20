"""Chat notifications (SPEC §3 Notification, entity_type chat): members away from the room hear of a message,
once per chat until they open it; members in the room are not disturbed."""

import asyncio

import pytest

from api.chat.notices import ChatNotifier, StoredMessage
from tests.api.test_chat import expect, join, room_of_two, say, send, socket, socket_url, trip_with_member
from tests.api.test_notifications import eventually_listed, history, push_service, subscribe, vapid_public_key
from tests.workflows.erasure_support import eventually

pytestmark = pytest.mark.usefixtures("worker")

HINDI = {"Accept-Language": "hi"}
__all__ = ["push_service", "socket_url", "vapid_public_key"]  # fixtures, shared with their own tests


@pytest.fixture
def noticed(monkeypatch) -> list[str]:
    """The words of every message the chat's notifier has been through, in order: a message is here once the notices
    it calls for, if any, are stored."""
    words: list[str] = []
    notify = ChatNotifier.notify

    async def noting(notifier: ChatNotifier, messages: list[StoredMessage]) -> int:
        try:
            return await notify(notifier, messages)
        finally:
            words.extend(message.text for message in messages)

    monkeypatch.setattr(ChatNotifier, "notify", noting)
    return words


async def went_through(noticed: list[str], last: str) -> bool:
    return last in noticed


async def chat_notices(client) -> list[dict]:
    return await history(client, entity_types="chat")


async def pushed_about_chat(push_service, device) -> list:
    for _ in range(100):
        received = await asyncio.to_thread(push_service.wait_for, device)
        chat = [push for push in received if push.payload["entity_type"] == "chat"]
        if chat:
            return chat
        await asyncio.sleep(0.1)
    raise AssertionError("no chat notice was pushed")


async def test_a_member_away_from_the_room_is_notified_and_pushed_once_until_opening_the_chat(
    app, signed_in, socket_url, push_service, noticed
):
    async with trip_with_member(app, signed_in) as (trip_id, member), socket(socket_url, signed_in) as host_ws:
        device = push_service.subscribe()
        await subscribe(member, device, os="android", device_id="member-phone")
        await join(host_ws, trip_id)
        await say(host_ws, trip_id, "Leaving at 7, see you at the gate")

        [notice] = await eventually_listed(member, entity_types="chat")
        assert (notice["entity_type"], notice["entity_id"]) == ("chat", str(trip_id))
        assert notice["message"].endswith("Leaving at 7, see you at the gate")
        assert " to " in notice["title"]  # the chat's name
        # Stored as what was said, so it is read in the reader's language.
        hindi = await member.get("/api/notification/history", params={"entity_types": "chat"}, headers=HINDI)
        [said_in_hindi] = hindi.json()["data"]
        assert " से " in said_in_hindi["title"]
        assert said_in_hindi["message"] == notice["message"]  # the sender's name and words, as they are
        host_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
        assert notice["sender"]["id"] == host_id  # the sender's picture goes with it
        # The device may also hear of the approval that made the member; the chat's push is the list's item.
        pushes = await pushed_about_chat(push_service, device)
        assert [received.payload for received in pushes] == [notice]

        # More messages while the chat is unread add nothing.
        await say(host_ws, trip_id, "Bring the tickets please")
        await say(host_ws, trip_id, "And water")
        await eventually(lambda: went_through(noticed, "And water"))
        assert len(await chat_notices(member)) == 1
        # The host, in the room and the sender, hears nothing of the chat.
        assert await chat_notices(signed_in) == []

        # Opening the chat reads it; the next message is a new notice.
        assert (await member.get("/api/chat/chat", params={"chat_id": trip_id})).status_code == 200
        await say(host_ws, trip_id, "Running 5 minutes late")
        listed = await eventually_listed(member, 2, entity_types="chat")
        assert listed[0]["message"].endswith("Running 5 minutes late")


async def test_a_member_in_the_room_is_not_notified(app, signed_in, socket_url, noticed):
    async with room_of_two(app, signed_in, socket_url) as (trip_id, member, host_ws, member_ws):
        await say(host_ws, trip_id, "Are you at the gate?")
        assert (await expect(member_ws, "receive-message"))["message"] == "Are you at the gate?"
        await eventually(lambda: went_through(noticed, "Are you at the gate?"))
        assert await chat_notices(member) == []
        # Having left the room, the member is away again.
        await send(member_ws, "leave", chat_id=trip_id)
        await expect(member_ws, "user-left")
        await say(host_ws, trip_id, "We are leaving now")
        [notice] = await eventually_listed(member, entity_types="chat")
        assert notice["message"].endswith("We are leaving now")
