"""Chat messages stored by group commit: the messages a process receives while one batch is being written go
together into the next, as one multi-row INSERT that is its own transaction. A busy process then pays one round
trip and one commit for many messages, and each sender is answered only once its message is committed.

The same statement admits each message: the sender's session must still be live and the sender one of the chat's
users (the host or an accepted member, and not blocked with the host: api/chat/service.py in_chat), so a logged-out,
removed or blocked sender is refused without a query of its own. It also returns the chat's users at that moment,
which the fan-out carries to put a removed or blocked member out of the room. A message that comes back unstored
was refused or is a resend of a stored one; the caller tells which.

The writer keeps one connection of its own, outside the request pool, with the statement prepared on it: it runs
many times a second, and planning it anew each time cost more than running it.

Within a chat, messages are numbered in the order they become visible: the statement takes a per-chat lock (held
until its commit) before it draws any id, and every other writer of chat messages takes the same lock. Whoever has
read a chat's message N has therefore been able to read every earlier message of that chat, so a catch-up "after
N" never skips a message of the other API process that was numbered before N but committed after it.
"""

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import psycopg

from api.chat.batching import Batcher
from api.users.blocks import blocked_between_sql
from domain import clock
from domain.db import libpq_conninfo
from domain.rules.join import PassengerStatus

logger = logging.getLogger("humsafar.chat")

MAX_BATCH = 500
# Under a steady stream a batch starts at most every 10 ms: a few ms more for the message, against a statement, a
# commit and a round trip for every one or two messages.
MIN_BATCH_INTERVAL_S = 0.010
# The first key of the per-chat advisory lock that orders a chat's messages (the second is the chat id).
CHAT_ORDER_LOCK_CLASS = 4_805_001
# How the writer's connection shows in pg_stat_activity.
APPLICATION_NAME = "humsafar chat writer"

# The blocks' conditions are SQL of our own (api/users/blocks.py), never a value sent in.
STORE_ADMITTED = """
    WITH draft AS (
        SELECT *
        FROM unnest(
            CAST(%(chat_ids)s AS bigint[]), CAST(%(sender_ids)s AS bigint[]), CAST(%(session_hashes)s AS bytea[]),
            CAST(%(kinds)s AS text[]), CAST(%(texts)s AS text[]), CAST(%(identifiers)s AS text[])
        ) WITH ORDINALITY
            AS draft (trip_id, sender_id, session_hash, type, message, client_message_identifier, position)
    ),
    locked AS MATERIALIZED (
        -- In chat order, so two writers never wait on each other crosswise.
        SELECT count(*) AS held
        FROM (
            SELECT pg_advisory_xact_lock(%(lock_class)s, chats.lock_key)
            FROM (SELECT DISTINCT CAST(trip_id %% 2147483647 AS integer) AS lock_key FROM draft ORDER BY 1) AS chats
        ) AS taken
    ),
    admitted AS (
        SELECT draft.*
        FROM draft, locked
        WHERE locked.held >= 0 AND EXISTS (
            SELECT 1 FROM trip_passengers AS passenger JOIN trips AS trip ON trip.id = passenger.trip_id
            WHERE passenger.trip_id = draft.trip_id AND passenger.user_id = draft.sender_id
              AND passenger.status = %(active)s AND NOT {sender_blocked}
        )
        AND EXISTS (
            SELECT 1 FROM auth_sessions AS auth
            WHERE auth.token_hash = draft.session_hash AND auth.user_id = draft.sender_id
              AND auth.revoked_at IS NULL AND auth.expires_at > %(now)s
        )
    ),
    stored AS (
        INSERT INTO chat_messages (trip_id, sender_id, type, message, client_message_identifier)
        SELECT trip_id, sender_id, type, message, client_message_identifier FROM admitted ORDER BY position
        ON CONFLICT (sender_id, client_message_identifier) DO NOTHING
        RETURNING id, trip_id, sender_id, client_message_identifier, created_at
    )
    SELECT stored.id, stored.sender_id, stored.client_message_identifier, stored.created_at,
        ARRAY(
            SELECT passenger.user_id
            FROM trip_passengers AS passenger JOIN trips AS trip ON trip.id = passenger.trip_id
            WHERE passenger.trip_id = stored.trip_id AND passenger.status = %(active)s AND NOT {member_blocked}
            ORDER BY passenger.user_id
        ) AS members
    FROM stored
    ORDER BY stored.id
""".format(  # noqa: S608
    sender_blocked=blocked_between_sql("draft.sender_id", "trip.host_id"),
    member_blocked=blocked_between_sql("passenger.user_id", "trip.host_id"),
)


@dataclass(frozen=True)
class Draft:
    chat_id: int
    sender_id: int
    session_hash: bytes
    kind: str
    text: str
    client_message_identifier: str


@dataclass(frozen=True)
class Stored:
    id: int
    created_at: datetime
    # The chat's users when the message was stored.
    members: list[int]


async def store_admitted(connection: psycopg.AsyncConnection[Any], drafts: Sequence[Draft]) -> list[Stored | None]:
    """One statement for all the drafts; None for a draft that was refused or is a resend (including a repeat of
    an earlier draft of the same batch). In autocommit, the statement is its own transaction."""
    cursor = await connection.execute(
        STORE_ADMITTED,
        {
            "chat_ids": [draft.chat_id for draft in drafts],
            "sender_ids": [draft.sender_id for draft in drafts],
            "session_hashes": [draft.session_hash for draft in drafts],
            "kinds": [draft.kind for draft in drafts],
            "texts": [draft.text for draft in drafts],
            "identifiers": [draft.client_message_identifier for draft in drafts],
            "now": clock.now(),
            "lock_class": CHAT_ORDER_LOCK_CLASS,
            "active": PassengerStatus.ACTIVE.value,
        },
        prepare=True,
    )
    by_key = {
        (sender_id, identifier): Stored(message_id, created_at, list(members))
        for message_id, sender_id, identifier, created_at, members in await cursor.fetchall()
    }
    return [by_key.pop((draft.sender_id, draft.client_message_identifier), None) for draft in drafts]


class MessageWriter:
    """The process's one writer of chat messages, on a connection of its own (opened again after a failure)."""

    def __init__(
        self, database_url: str, committed: Callable[[list[tuple[Draft, Stored]]], None] | None = None
    ) -> None:
        self._conninfo = libpq_conninfo(database_url)
        # Told of each batch's new messages once committed (the chat notices); must return at once.
        self._committed = committed
        self._connection: psycopg.AsyncConnection[Any] | None = None
        self._batcher: Batcher[Draft, Stored | None] = Batcher(
            self._write, MAX_BATCH, "chat-message-writer", MIN_BATCH_INTERVAL_S
        )

    async def store(self, draft: Draft) -> Stored | None:
        """The stored message once committed; None when refused or a resend. Raises psycopg.Error when the
        database cannot be reached; the sender may send again with the same identifier."""
        return await self._batcher.submit(draft)

    async def close(self) -> None:
        await self._batcher.close()
        if self._connection is not None:
            await self._connection.close()
            self._connection = None

    async def _write(self, drafts: list[Draft]) -> list[Stored | None]:
        if self._connection is None or self._connection.closed:
            self._connection = await psycopg.AsyncConnection.connect(
                self._conninfo, autocommit=True, application_name=APPLICATION_NAME
            )
        try:
            outcomes = await store_admitted(self._connection, drafts)
        except psycopg.OperationalError:
            await self._connection.close()
            raise
        if self._committed is not None:
            try:
                self._committed([(d, o) for d, o in zip(drafts, outcomes, strict=True) if o is not None])
            except Exception:
                logger.exception("telling of committed chat messages failed")
        return outcomes
