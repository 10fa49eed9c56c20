"""Nothing a member sent is lost on a reconnect, although two API processes number messages independently.

Two guarantees together: within a chat, a message is numbered only while no earlier-numbered message of that chat
is still uncommitted (so a read that sees message N sees every earlier one); and a reconnecting client names the
ids it holds from its recent stretch, so a message that reached it out of order and was lost in the disconnect is
sent again.
"""

import asyncio

import pytest

from api.chat import service
from api.chat.writer import Draft, MessageWriter
from domain.db import transaction
from tests.api.test_chat import expect, join, nothing_arrives, say, send, socket, socket_url, trip_with_member
from tests.api.test_chat_writer import session_hash_of
from tests.locks import backend_of, waited_on
from tests.workflows.erasure_support import eventually

pytestmark = pytest.mark.usefixtures("worker")
__all__ = ["socket_url"]  # the fixture, shared with the socket tests


async def test_a_message_numbered_after_an_uncommitted_one_of_the_chat_commits_after_it(app, signed_in):
    """The other process has numbered a message of the chat and not committed it yet: this process's message of the
    chat waits for that commit, so it gets a higher id and becomes visible after the lower one, never before."""
    async with trip_with_member(app, signed_in) as (trip_id, member):
        writer = MessageWriter(app.state.settings.database_url)
        other_process_committed = asyncio.Event()
        release = asyncio.Event()
        numbered: dict[str, int] = {}
        is_numbered = asyncio.Event()

        async def other_process() -> None:
            async with transaction(app.state.session_maker) as session:
                stored, _ = await service.store_message(
                    session, trip_id, member.user_id, "normal", "Numbered first, committed late", "slow-one"
                )
                numbered["slow"] = stored.id
                numbered["slow_backend"] = await backend_of(session)
                is_numbered.set()
                await release.wait()
            other_process_committed.set()

        slow = asyncio.create_task(other_process())
        await asyncio.wait_for(is_numbered.wait(), 10)
        fast = asyncio.create_task(
            writer.store(Draft(trip_id, member.user_id, session_hash_of(member), "normal", "Quick one", "fast-one"))
        )
        await eventually(lambda: waited_on(app.state.session_maker, numbered["slow_backend"]))
        # Without the chat's order lock the quick message would be committed by now, with a higher id than an
        # uncommitted message: a reader seeing it and catching up "after" it would skip the slow one for good.
        assert not fast.done()
        release.set()
        stored = await fast
        await slow
        await writer.close()
        assert other_process_committed.is_set()
        assert stored is not None and stored.id > numbered["slow"]


async def test_the_writer_locks_chats_in_order_so_two_writers_with_crossing_chats_both_finish(app, signed_in):
    async with (
        trip_with_member(app, signed_in) as (first_trip, member),
        trip_with_member(app, signed_in) as (second_trip, second_member),
    ):
        writers = [MessageWriter(app.state.settings.database_url) for _ in range(2)]
        drafts = []
        for number in range(30):
            chats = [(first_trip, member), (second_trip, second_member)]
            trip_id, who = chats[number % 2]
            text = f"Crossing {number}"
            drafts.append(Draft(trip_id, who.user_id, session_hash_of(who), "normal", text, f"x-{number}"))
        outcomes = await asyncio.wait_for(
            asyncio.gather(*(writers[number % 2].store(draft) for number, draft in enumerate(drafts))), 20
        )
        for writer in writers:
            await writer.close()
        assert all(outcome is not None for outcome in outcomes)


async def test_a_reconnecting_member_gets_a_lower_numbered_message_it_missed_after_a_higher_one(
    app, signed_in, socket_url
):
    """The member received messages 1 and 3 live and lost 2, which the other process fanned out after 3, in the
    disconnect. Joining again with its newest id and the ids it holds, it receives 2, and nothing it already has."""
    async with trip_with_member(app, signed_in) as (trip_id, member), socket(socket_url, signed_in) as host_ws:
        await join(host_ws, trip_id)
        sent = [(await say(host_ws, trip_id, f"Message number {n}"))["data"] for n in range(1, 4)]
        first, lost, newest = (message["id"] for message in sent)
        async with socket(socket_url, member) as member_ws:
            await join(member_ws, trip_id, last_message_id=newest, seen_message_ids=[first, newest])
            again = await expect(member_ws, "receive-message")
            assert again["id"] == lost
            assert again["message"] == "Message number 2"
            assert await nothing_arrives(member_ws, 0.3) == []
        async with socket(socket_url, member) as member_ws:
            # Holding all three, it is sent none of them again.
            await join(member_ws, trip_id, last_message_id=newest, seen_message_ids=[first, lost, newest])
            assert await nothing_arrives(member_ws, 0.3) == []


async def test_too_many_held_ids_are_refused_with_a_400(app, signed_in, socket_url):
    async with trip_with_member(app, signed_in) as (trip_id, _), socket(socket_url, signed_in) as host_ws:
        await send(host_ws, "join", chat_id=trip_id, seen_message_ids=list(range(1, 502)))
        refusal = await expect(host_ws, "error")
        assert refusal["code"] == 400 and refusal["event"] == "join"
