"""Reads and writes of the trip chat. A trip's chat id is the trip id; its users are the trip's active people but
any who and the trip's host have blocked each other (api/users/blocks.py): a host who blocks a member no longer
hears from them nor speaks to them there, and the same when a member blocks the host."""

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Select, and_, func, literal, or_, select, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from api.chat.schemas import (
    ChatDocumentPublic,
    ChatMessagePublic,
    ChatPublic,
    ChatSender,
    ChatUser,
    LastMessage,
)
from api.chat.writer import CHAT_ORDER_LOCK_CLASS
from api.media.service import media_url
from domain import clock
from domain.blocks import blocked_between
from domain.i18n.reading import reading_language
from domain.models import ChatDocument, ChatMessage, ChatReadMark, Trip, TripPassenger, User
from domain.notifications import chat_name_in
from domain.rules.document import DocumentStatus
from domain.rules.join import PassengerStatus, PassengerType
from domain.rules.trip import TripStatus

DOCUMENT_PATH = "/api/chat/message/document"


def channel(chat_id: int) -> str:
    return f"chat:{chat_id}"


def in_chat() -> ColumnElement[bool]:
    """The passenger row (TripPassenger, of the Trip in the same statement) is one of its chat's users: active, and
    they and the host have not blocked each other."""
    return and_(
        TripPassenger.trip_id == Trip.id,
        TripPassenger.status == PassengerStatus.ACTIVE,
        ~blocked_between(TripPassenger.user_id, Trip.host_id),
    )


async def active_user_ids(session: AsyncSession, chat_id: int) -> list[int]:
    """The chat's users: the only people who may join, read or write this chat."""
    rows = await session.scalars(select(TripPassenger.user_id).where(Trip.id == chat_id, in_chat()))
    return list(rows)


async def is_chat_user(session: AsyncSession, chat_id: int, user_id: int) -> bool:
    found = await session.scalar(
        select(literal(1)).where(Trip.id == chat_id, TripPassenger.user_id == user_id, in_chat())
    )
    return found is not None


async def is_host(session: AsyncSession, chat_id: int, user_id: int) -> bool:
    return await session.scalar(select(literal(1)).where(Trip.id == chat_id, Trip.host_id == user_id)) is not None


def sender_card(user: User) -> ChatSender:
    return ChatSender(
        user_id=user.id, name=user.name, image=media_url(user.small_image_key), is_kyc_verified=user.is_kyc_verified
    )


def document_view(document: ChatDocument) -> ChatDocumentPublic:
    delivered = document.status == DocumentStatus.DELIVERED
    url = f"{DOCUMENT_PATH}?document_id={document.id}" if delivered else None
    return ChatDocumentPublic(
        id=document.id,
        document_url=url,
        thumbnail_url=url if document.type in ("image", "gif") else None,
        type=document.type,
        status=document.status,
        failure_message=document.failure_message,
        file_name=document.file_name,
        size_bytes=document.size_bytes,
    )


def message_view(message: ChatMessage, sender: ChatSender, document: ChatDocument | None = None) -> ChatMessagePublic:
    return ChatMessagePublic(
        id=message.id,
        chat_id=message.trip_id,
        message=message.message,
        type=message.type,
        sender=sender,
        time=message.created_at.isoformat(),
        client_message_identifier=message.client_message_identifier,
        documents=[document_view(document)] if document is not None else [],
    )


async def lock_chat_order(session: AsyncSession, chat_id: int) -> None:
    """Held until the transaction ends; the message writer takes the same lock in its statement."""
    await session.execute(
        text("SELECT pg_advisory_xact_lock(:lock_class, :lock_key)"),
        {"lock_class": CHAT_ORDER_LOCK_CLASS, "lock_key": chat_id % 2147483647},
    )


async def store_message(
    session: AsyncSession,
    chat_id: int,
    sender_id: int,
    kind: str,
    text: str,
    client_message_identifier: str,
    upload_session_id: str | None = None,
) -> tuple[ChatMessage, bool]:
    """The stored message and whether it is new: a resend with the same identifier gets the first one back.
    Takes the chat's order lock first (see api/chat/writer.py), so the chat's ids follow their commit order."""
    await lock_chat_order(session, chat_id)
    inserted = await session.scalar(
        insert(ChatMessage)
        .values(
            trip_id=chat_id,
            sender_id=sender_id,
            type=kind,
            message=text,
            client_message_identifier=client_message_identifier,
            upload_session_id=upload_session_id,
        )
        .on_conflict_do_nothing(index_elements=["sender_id", "client_message_identifier"])
        .returning(ChatMessage)
    )
    if inserted is not None:
        return inserted, True
    stored = await stored_message(session, sender_id, client_message_identifier)
    assert stored is not None
    return stored, False


async def stored_message(session: AsyncSession, sender_id: int, client_message_identifier: str) -> ChatMessage | None:
    return await session.scalar(
        select(ChatMessage).where(
            ChatMessage.sender_id == sender_id, ChatMessage.client_message_identifier == client_message_identifier
        )
    )


def _visible_to(viewer_id: int) -> ColumnElement[bool]:
    """A document's message shows to others once the document passed the community-guidelines check."""
    return or_(
        ChatMessage.type != "media", ChatMessage.sender_id == viewer_id, ChatDocument.status == DocumentStatus.DELIVERED
    )


def _messages_query(chat_id: int, viewer_id: int) -> Select[ChatMessage, User, ChatDocument]:
    return (
        select(ChatMessage, User, ChatDocument)
        .join(User, User.id == ChatMessage.sender_id)
        .outerjoin(ChatDocument, ChatDocument.message_id == ChatMessage.id)
        .where(ChatMessage.trip_id == chat_id, _visible_to(viewer_id))
    )


async def history_page(
    session: AsyncSession, chat_id: int, viewer_id: int, page: int, page_size: int
) -> tuple[list[ChatMessagePublic], bool]:
    rows = (
        await session.execute(
            _messages_query(chat_id, viewer_id)
            .order_by(ChatMessage.id.desc())
            .offset(page * page_size)
            .limit(page_size + 1)
        )
    ).all()
    has_more = len(rows) > page_size
    newest_first = rows[:page_size]
    return [message_view(m, sender_card(u), d) for m, u, d in reversed(newest_first)], has_more


async def messages_after(
    session: AsyncSession,
    chat_id: int,
    viewer_id: int,
    last_message_id: int,
    limit: int,
    seen_ids: Sequence[int] = (),
) -> list[ChatMessagePublic]:
    """The messages after last_message_id the viewer may see, but for the ones it says it has (seen_ids)."""
    query = _messages_query(chat_id, viewer_id).where(ChatMessage.id > last_message_id)
    if seen_ids:
        query = query.where(ChatMessage.id.not_in(list(seen_ids)))
    rows = (await session.execute(query.order_by(ChatMessage.id).limit(limit))).all()
    return [message_view(m, sender_card(u), d) for m, u, d in rows]


async def mark_read(session: AsyncSession, chat_id: int, user_id: int, message_id: int | None = None) -> None:
    """Moves the user's read mark forward to message_id, or to the chat's newest message."""
    newest = (
        message_id
        if message_id is not None
        else await session.scalar(select(func.max(ChatMessage.id)).where(ChatMessage.trip_id == chat_id))
    )
    if newest is None:
        return
    statement = insert(ChatReadMark).values(trip_id=chat_id, user_id=user_id, last_read_message_id=newest)
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=["trip_id", "user_id"],
            set_={"last_read_message_id": func.greatest(ChatReadMark.last_read_message_id, newest)},
        )
    )


def named_by(trip: Trip) -> tuple[str, str, datetime | None]:
    """What a chat is named by: its trip's ends, and the trip's day when it is a commute's (they share their route)."""
    return trip.origin.name, trip.destination.name, trip.scheduled_at if trip.series_id is not None else None


def display_name(trip: Trip) -> str:
    """'Koramangala to Whitefield' ('· 12 Jan' after it for a commute's trip), in the reader's language."""
    return chat_name_in(*named_by(trip), reading_language())


async def _chat_users(session: AsyncSession, trips: list[Trip], viewer_id: int) -> dict[int, list[ChatUser]]:
    rows = await session.execute(
        select(TripPassenger.trip_id, TripPassenger.type, User)
        .join(User, User.id == TripPassenger.user_id)
        .join(Trip, Trip.id == TripPassenger.trip_id)
        .where(TripPassenger.trip_id.in_([trip.id for trip in trips]), in_chat())
        .order_by(TripPassenger.trip_id, TripPassenger.type, TripPassenger.id)
    )
    by_chat: dict[int, list[ChatUser]] = {trip.id: [] for trip in trips}
    for trip_id, passenger_type, user in rows:
        by_chat[trip_id].append(
            ChatUser(
                user_id=user.id,
                name=user.name,
                small_image_url=media_url(user.small_image_key),
                is_host=passenger_type == PassengerType.HOST,
            )
        )
    # The avatar grid shows up to four faces, the viewer's own last.
    return {
        trip_id: sorted(users, key=lambda user: user.user_id == viewer_id)[:4] for trip_id, users in by_chat.items()
    }


def _chats_query(viewer_id: int) -> Select[Any]:
    visible = aliased(ChatMessage)
    document = aliased(ChatDocument)
    last = (
        select(visible.id, visible.message, visible.created_at, visible.sender_id)
        .outerjoin(document, document.message_id == visible.id)
        .where(
            visible.trip_id == Trip.id,
            or_(visible.type != "media", visible.sender_id == viewer_id, document.status == DocumentStatus.DELIVERED),
        )
        .order_by(visible.id.desc())
        .limit(1)
        .lateral("last_message")
    )
    return (
        select(Trip, last.c.id, last.c.message, last.c.created_at, ChatReadMark.last_read_message_id, last.c.sender_id)
        .join(TripPassenger, and_(TripPassenger.trip_id == Trip.id, TripPassenger.user_id == viewer_id))
        .outerjoin(last, literal(True))
        .outerjoin(ChatReadMark, and_(ChatReadMark.trip_id == Trip.id, ChatReadMark.user_id == viewer_id))
        .where(in_chat())
    )


def _summary(
    trip: Trip,
    last_id: int | None,
    last_text: str | None,
    last_at: datetime | None,
    read_id: int | None,
    last_sender_id: int | None,
    viewer_id: int,
    users: list[ChatUser],
) -> ChatPublic:
    unread = last_id is not None and last_sender_id != viewer_id and (read_id is None or last_id > read_id)
    return ChatPublic(
        id=trip.id,
        trip_id=trip.id,
        display_name=display_name(trip),
        scheduled_at=clock.format_ist_minute(trip.scheduled_at),
        last_message=LastMessage(message=last_text or "", timestamp=last_at.isoformat())
        if last_id is not None and last_at is not None
        else None,
        chat_users=users,
        unread=unread,
    )


async def chat_list(
    session: AsyncSession, viewer_id: int, past: bool, page: int, page_size: int, not_completed: ColumnElement[bool]
) -> tuple[list[ChatPublic], bool]:
    """Current chats (the trip is not cancelled and `not_completed` holds of it: domain/trip_completion.py) or
    previous ones, newest message first."""
    query = _chats_query(viewer_id)
    current = and_(Trip.status == TripStatus.ACTIVE, not_completed)
    query = query.where(~current if past else current)
    last_at = query.selected_columns[3]
    query = query.order_by(last_at.desc().nulls_last(), Trip.scheduled_at.desc(), Trip.id.desc())
    rows = (await session.execute(query.offset(page * page_size).limit(page_size + 1))).all()
    has_more = len(rows) > page_size
    rows = rows[:page_size]
    users = await _chat_users(session, [row[0] for row in rows], viewer_id) if rows else {}
    chats = [
        _summary(trip, last_id, text, at, read_id, sender_id, viewer_id, users[trip.id])
        for trip, last_id, text, at, read_id, sender_id in rows
    ]
    return chats, has_more


async def chat_of_trip(session: AsyncSession, chat_id: int, viewer_id: int) -> ChatPublic | None:
    row = (await session.execute(_chats_query(viewer_id).where(Trip.id == chat_id))).first()
    if row is None:
        return None
    trip, last_id, text, at, read_id, sender_id = row
    users = await _chat_users(session, [trip], viewer_id)
    return _summary(trip, last_id, text, at, read_id, sender_id, viewer_id, users[trip.id])


async def document_of(session: AsyncSession, message_id: int) -> ChatDocument | None:
    return await session.scalar(select(ChatDocument).where(ChatDocument.message_id == message_id))
