"""Chat messages stored by group commit: one statement admits, stores and answers a whole batch of drafts."""

import asyncio

import psycopg
import pytest
from sqlalchemy import select

from api.chat.writer import APPLICATION_NAME, Draft, MessageWriter, store_admitted
from api.security.hashing import token_hash
from domain.db import libpq_conninfo
from domain.models import ChatMessage
from tests.api.conftest import new_person
from tests.api.test_chat import VALID_TEXT, stored_count, trip_with_member

pytestmark = pytest.mark.usefixtures("worker")


def session_hash_of(browser) -> bytes:
    return token_hash(browser.cookies.get("session"))


async def test_a_batch_stores_the_admitted_drafts_and_leaves_out_strangers_foreign_sessions_and_resends(app, signed_in):
    host_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    async with trip_with_member(app, signed_in) as (trip_id, member), new_person(app, "Kiran Rao") as stranger:
        member_hash, host_hash = session_hash_of(member), session_hash_of(signed_in)
        conninfo = libpq_conninfo(app.state.settings.database_url)
        async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as connection:
            [earlier] = await store_admitted(
                connection, [Draft(trip_id, member.user_id, member_hash, "normal", VALID_TEXT, "earlier")]
            )
        assert earlier is not None
        drafts = [
            Draft(trip_id, member.user_id, member_hash, "normal", "First of the batch", "batch-1"),
            Draft(trip_id, stranger.user_id, session_hash_of(stranger), "normal", "Not in this trip", "batch-2"),
            Draft(trip_id, member.user_id, host_hash, "normal", "On the host's session", "batch-3"),
            Draft(trip_id, host_id, host_hash, "normal", "The host answers", "batch-4"),
            Draft(trip_id, member.user_id, member_hash, "normal", "Sent twice at once", "batch-1"),
            Draft(trip_id, member.user_id, member_hash, "normal", "A resend", "earlier"),
        ]
        async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as connection:
            outcomes = await store_admitted(connection, drafts)
        stored = [outcome is not None for outcome in outcomes]
        assert stored == [True, False, False, True, False, False]
        first, answer = outcomes[0], outcomes[3]
        assert first is not None and answer is not None
        assert earlier.id < first.id < answer.id
        assert first.members == answer.members == sorted([host_id, member.user_id])
        async with app.state.session_maker() as session:
            texts = await session.scalars(
                select(ChatMessage.message).where(ChatMessage.trip_id == trip_id).order_by(ChatMessage.id)
            )
            assert list(texts) == [VALID_TEXT, "First of the batch", "The host answers"]


async def test_the_writer_answers_each_caller_with_its_own_committed_message(app, signed_in):
    async with trip_with_member(app, signed_in) as (trip_id, member):
        writer = MessageWriter(app.state.settings.database_url)
        drafts = [
            Draft(trip_id, member.user_id, session_hash_of(member), "normal", f"{VALID_TEXT} {number}", f"w-{number}")
            for number in range(40)
        ]
        outcomes = await asyncio.gather(*(writer.store(draft) for draft in drafts))
        await writer.close()
        assert all(outcome is not None for outcome in outcomes)
        async with app.state.session_maker() as session:
            rows = (
                await session.execute(
                    select(ChatMessage.id, ChatMessage.client_message_identifier).where(ChatMessage.trip_id == trip_id)
                )
            ).all()
        assert sorted(rows) == sorted(
            (outcome.id, draft.client_message_identifier)
            for outcome, draft in zip(outcomes, drafts, strict=True)
            if outcome is not None
        )
        assert await stored_count(app, trip_id) == 40


async def test_the_writer_opens_a_new_connection_after_losing_its_own(app, signed_in):
    async with trip_with_member(app, signed_in) as (trip_id, member):
        writer = MessageWriter(app.state.settings.database_url)

        def draft(identifier: str) -> Draft:
            return Draft(trip_id, member.user_id, session_hash_of(member), "normal", VALID_TEXT, identifier)

        conninfo = libpq_conninfo(app.state.settings.database_url)
        async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as admin:

            async def writer_backends() -> set[int]:
                cursor = await admin.execute(
                    "SELECT pid FROM pg_stat_activity WHERE application_name = %s", (APPLICATION_NAME,)
                )
                return {pid for (pid,) in await cursor.fetchall()}

            try:
                others = await writer_backends()
                assert await writer.store(draft("before")) is not None
                [own] = await writer_backends() - others
                await admin.execute("SELECT pg_terminate_backend(%s)", (own,))
                with pytest.raises(psycopg.OperationalError):
                    await writer.store(draft("while-lost"))
                assert await writer.store(draft("while-lost")) is not None
            finally:
                await writer.close()
        assert await stored_count(app, trip_id) == 2
