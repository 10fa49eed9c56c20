"""The chat socket /api/chat/ws: JSON frames {"event", "data"}; see the protocol in api/chat/routes.py."""

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

import psycopg
from fastapi import WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ValidationError
from sqlalchemy import select
from sqlalchemy.exc import DataError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from starlette.websockets import WebSocketDisconnected

from api.chat import service
from api.chat.auth import Principal, is_session_live, principal_from_access_token, principal_from_cookie
from api.chat.connection import POLICY_CLOSE_CODE, ChatConnection
from api.chat.hub import frame, model_frame
from api.chat.parts import ChatParts
from api.chat.schemas import (
    AuthenticateData,
    ChatMessagePublic,
    ChatSender,
    JoinData,
    LeaveData,
    SendDocumentData,
    SendMessageData,
)
from api.chat.writer import Draft, Stored
from api.errors import VALUE_NOT_STORABLE
from api.live.listener import FollowTripData, may_follow_trip
from api.text import message_text
from domain.db import transaction
from domain.documents import is_allowed_name
from domain.models import User
from domain.rules import limits, messages
from domain.rules.document import file_name_refusal
from domain.rules.text import tidy
from domain.settings import Settings

logger = logging.getLogger("humsafar.chat")

FIRST_FRAME_TIMEOUT_S = 10.0
REFUSED_QUERY_PARAMETER = "access_token"
UNAUTHORIZED_CLOSE_CODE = 4401
FORBIDDEN_CLOSE_CODE = 4403


# Every id is a PostgreSQL bigint: a number beyond it names nothing and is refused as the HTTP calls refuse it.
BIGINT_MIN, BIGINT_MAX = -(2**63), 2**63 - 1


def _numbers_fit(value: object) -> bool:
    if isinstance(value, int):
        return BIGINT_MIN <= value <= BIGINT_MAX
    if isinstance(value, list | tuple):
        return all(_numbers_fit(item) for item in value)
    if isinstance(value, dict):
        return all(_numbers_fit(item) for item in value.values())
    return True


def _parsed(model: type[BaseModel], raw: Any) -> BaseModel:
    """The frame's data, refused as the HTTP calls refuse the same input: 400 for a malformed value or a number
    beyond bigint, 404 for a chat id that no chat can have (below 1)."""
    data = model.model_validate(raw)
    if not _numbers_fit(data.model_dump()):
        raise ChatRefusal(400, VALUE_NOT_STORABLE)
    chat_id = getattr(data, "chat_id", None)
    if isinstance(chat_id, int) and chat_id < 1:
        raise ChatRefusal(404, messages.CHAT_NOT_FOUND)
    return data


class ChatRefusal(Exception):
    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def origin_is_allowed(websocket: WebSocket, trusted_origins: list[str]) -> bool:
    """Browsers always send Origin on a socket; a page of another site may not ride on the user's cookie."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    scheme = "https" if websocket.url.scheme == "wss" else "http"
    allowed = {item.rstrip("/") for item in trusted_origins} | {f"{scheme}://{websocket.url.netloc}"}
    return origin.rstrip("/") in allowed


def _sent_view(draft: Draft, stored: Stored, sender: ChatSender) -> ChatMessagePublic:
    return ChatMessagePublic(
        id=stored.id,
        chat_id=draft.chat_id,
        message=draft.text,
        type=draft.kind,
        sender=sender,
        time=stored.created_at.isoformat(),
        client_message_identifier=draft.client_message_identifier,
    )


def _validation_message(error: ValidationError) -> str:
    first = error.errors()[0]
    cause = first.get("ctx", {}).get("error")
    if first.get("type") == "value_error" and cause is not None:
        return str(cause)
    location = ".".join(str(part) for part in first.get("loc", ())) or "data"
    return f"{location}: {first.get('msg', 'is invalid')}"


async def _sender_of(session_maker: async_sessionmaker[AsyncSession], user_id: int) -> tuple[Any, str | None]:
    async with session_maker() as session:
        user = await session.scalar(select(User).where(User.id == user_id))
    assert user is not None
    return service.sender_card(user), user.mobile_number


class ChatSocket:
    """One client's socket: authenticates it, then answers its frames one at a time, in order."""

    def __init__(
        self,
        websocket: WebSocket,
        chat: ChatParts,
        session_maker: async_sessionmaker[AsyncSession],
        settings: Settings,
    ) -> None:
        self.websocket = websocket
        self.hub = chat.hub
        self.settings = settings
        self.session_maker = session_maker
        self.writer = chat.writer
        self.presence = chat.presence
        self.live = chat.live
        self.connection: ChatConnection | None = None
        self.mobile_number: str | None = None
        # The trip whose sheet this socket follows (follow_trip), and how its changes reach the socket.
        self.followed_trip: int | None = None
        self.tell_live: Callable[[str], None] | None = None

    async def run(self) -> None:
        if not origin_is_allowed(self.websocket, self.settings.trusted_origins):
            await self.websocket.close(code=FORBIDDEN_CLOSE_CODE, reason=messages.CHAT_ORIGIN_REFUSED)
            return
        await self.websocket.accept()
        if REFUSED_QUERY_PARAMETER in self.websocket.query_params:
            # An address is written to access logs, proxies and histories: a token in it is refused, never used.
            await self.websocket.send_text(frame("error", {"code": 400, "message": messages.CHAT_TOKEN_IN_ADDRESS}))
            await self.websocket.close(code=POLICY_CLOSE_CODE)
            return
        principal = await self._authenticate()
        if principal is None:
            await self.websocket.send_text(frame("error", {"code": 401, "message": messages.LOGIN_REQUIRED}))
            await self.websocket.close(code=UNAUTHORIZED_CLOSE_CODE)
            return
        sender, self.mobile_number = await _sender_of(self.session_maker, principal.user_id)
        connection = ChatConnection(
            self.websocket,
            principal,
            sender,
            self.settings.chat_socket_send_queue,
            partial(self._missed_frames, principal.user_id),
            self.settings.chat_catch_up_limit,
        )
        self.connection = connection
        connection.push(
            frame("connected", {"code": 200, "user_id": principal.user_id, "session_id": connection.session_id})
        )
        # Live state (api/live/listener.py), for the app's own socket (?live=1): what changed for this person.
        live = partial(self._tell_changed, connection)
        self.tell_live = live
        follows = self.websocket.query_params.get("live") == "1"
        if follows:
            self.live.subscribe(principal.user_id, live)
        # Closed from any API process when the person's access ends (domain/bus.py close_sockets_of).
        closing = partial(self._close_when_access_ends, connection)
        recheck = partial(self._close_if_session_ended, connection)
        self.live.watch(principal.user_id, closing, recheck)
        writer = asyncio.create_task(connection.write_frames())
        try:
            await self._answer_frames(connection)
        except (WebSocketDisconnect, WebSocketDisconnected):
            # The client went away, or the socket was closed for it (a client to catch up on its next join).
            pass
        finally:
            self.live.unwatch(principal.user_id, closing, recheck)
            if self.followed_trip is not None:
                self.live.unfollow_trip(self.followed_trip, live)
            if follows:
                self.live.unsubscribe(principal.user_id, live)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer
            await self._leave_all(connection)
            with contextlib.suppress(Exception):
                await self.presence.forget(connection.session_id)

    def _close_when_access_ends(self, connection: ChatConnection, session: str | None) -> None:
        """Every socket of the person when session is None, else the ones signed in with that session."""
        if session is None or session == connection.principal.session_hash.hex():
            self.hub.spawn(connection.close_for_policy())

    def _close_if_session_ended(self, connection: ChatConnection) -> None:
        self.hub.spawn(self._recheck(connection))

    async def _recheck(self, connection: ChatConnection) -> None:
        async with self.session_maker() as session:
            live = await is_session_live(session, connection.principal)
        if not live:
            await connection.close_for_policy()

    def _tell_changed(self, connection: ChatConnection, text: str) -> None:
        if not connection.push(text):
            self.hub.spawn(self.hub.close_slow(connection))

    async def _authenticate(self) -> Principal | None:
        """The session cookie's person, else the one of an access token in a first "authenticate" frame."""
        secret = self.settings.resolved_secret_key()
        principal = await principal_from_cookie(self.session_maker, self.websocket)
        if principal is not None:
            return principal
        try:
            first = json.loads(await asyncio.wait_for(self.websocket.receive_text(), FIRST_FRAME_TIMEOUT_S))
            if first.get("event") != "authenticate":
                return None
            data = AuthenticateData.model_validate(first.get("data") or {})
        except (TimeoutError, ValueError, AttributeError, ValidationError):
            return None
        return await principal_from_access_token(self.session_maker, secret, data.access_token)

    async def _answer_frames(self, connection: ChatConnection) -> None:
        handlers: dict[str, tuple[type[BaseModel], Callable[[ChatConnection, Any], Awaitable[None]]]] = {
            "authenticate": (AuthenticateData, self.reauthenticate),
            "join": (JoinData, self.join),
            "leave": (LeaveData, self.leave),
            "send-message": (SendMessageData, self.send_message),
            "send-document": (SendDocumentData, self.send_document),
            "follow-trip": (FollowTripData, self.follow_trip),
        }
        while True:
            text = await self.websocket.receive_text()
            event, raw = "", None
            try:
                parsed = json.loads(text)
                event, raw = parsed["event"], parsed.get("data") or {}
            except (ValueError, KeyError, TypeError, AttributeError):
                connection.push(frame("error", {"code": 400, "message": messages.CHAT_BAD_FRAME}))
                continue
            if event not in handlers:
                connection.push(frame("error", {"code": 400, "event": event, "message": messages.CHAT_UNKNOWN_EVENT}))
                continue
            model, handler = handlers[event]
            context = {key: raw.get(key) for key in ("chat_id", "client_message_identifier") if isinstance(raw, dict)}
            try:
                await handler(connection, _parsed(model, raw))
            except ValidationError as error:
                failure = {"code": 400, "event": event, "message": _validation_message(error), **context}
                connection.push(frame("error", failure))
            except ChatRefusal as refusal:
                connection.push(
                    frame("error", {"code": refusal.code, "event": event, "message": refusal.message, **context})
                )
            except (DataError, psycopg.DataError) as error:
                # A value the database cannot hold (as api/errors.py answers it over HTTP): the client's to fix.
                logger.info("refused unstorable input in %s: %s", event, getattr(error, "orig", error))
                connection.push(frame("error", {"code": 400, "event": event, "message": VALUE_NOT_STORABLE, **context}))
            except (SQLAlchemyError, psycopg.Error):
                # The database is out of reach or overloaded (no pooled connection in time): the client is told to
                # send again, and its socket, with whatever is queued for it, stays open.
                logger.exception("answering %s failed", event)
                connection.push(
                    frame("error", {"code": 503, "event": event, "message": messages.GENERIC_ERROR, **context})
                )
            if connection.overflowed:
                await self.hub.close_slow(connection)
                return

    async def reauthenticate(self, connection: ChatConnection, data: AuthenticateData) -> None:
        secret = self.settings.resolved_secret_key()
        principal = await principal_from_access_token(self.session_maker, secret, data.access_token)
        if principal is None:
            raise ChatRefusal(401, messages.CHAT_TOKEN_EXPIRED)
        if principal.user_id != connection.user_id:
            raise ChatRefusal(403, messages.LOGIN_REQUIRED)
        connection.principal = principal
        connection.push(frame("authenticated", {"code": 200, "user_id": principal.user_id}))

    async def _check_access(self, session: AsyncSession, connection: ChatConnection) -> None:
        if connection.principal.is_expired() or not await is_session_live(session, connection.principal):
            raise ChatRefusal(401, messages.CHAT_TOKEN_EXPIRED)

    async def follow_trip(self, connection: ChatConnection, data: FollowTripData) -> None:
        """The trip sheet on the person's screen: the trip's own changes reach this socket from now on, whoever
        they are on it (api/live/listener.py), when they may see the trip; null stops following. One trip at a time."""
        if self.tell_live is None:
            return
        if self.followed_trip is not None:
            self.live.unfollow_trip(self.followed_trip, self.tell_live)
            self.followed_trip = None
        if data.trip_id is None:
            return
        async with self.session_maker() as session:
            await self._check_access(session, connection)
            if not await may_follow_trip(session, data.trip_id, connection.user_id):
                raise ChatRefusal(404, messages.TRIP_NOT_FOUND)
        self.live.follow_trip(data.trip_id, self.tell_live)
        self.followed_trip = data.trip_id
        connection.push(frame("following-trip", {"code": 200, "trip_id": data.trip_id}))

    async def join(self, connection: ChatConnection, data: JoinData) -> None:
        async with self.session_maker() as session:
            await self._check_access(session, connection)
            if not await service.is_chat_user(session, data.chat_id, connection.user_id):
                raise ChatRefusal(403, messages.CHAT_MEMBERS_ONLY)
        await self.hub.enter(connection, data.chat_id)
        await self._count_in(connection, data.chat_id)
        connection.push(
            frame(
                "user-joined",
                {
                    "code": 200,
                    "chat_id": data.chat_id,
                    "user_id": connection.user_id,
                    "session_id": connection.session_id,
                },
            )
        )
        try:
            missed = await self._catch_up(connection, data)
        except Exception:
            # Out of the room again, so live messages do not wait forever for a catch-up that failed.
            await self.hub.exit(connection, data.chat_id)
            raise
        connection.caught_up(data.chat_id, missed)
        connection.finish_catching_up(data.chat_id)

    async def _catch_up(self, connection: ChatConnection, data: JoinData) -> list[tuple[int, str]]:
        """The messages after the client's safe point that it does not hold, as (id, frame); the chat counts as
        read. The safe point is the lowest id it names as held (or its last seen one): a message numbered before
        the newest it has but delivered after it, and missed in a disconnect, is sent too."""
        missed: list[tuple[int, str]] = []
        points = [*data.seen_message_ids, *([data.last_message_id] if data.last_message_id is not None else [])]
        async with transaction(self.session_maker) as session:
            if points:
                missed = await self._read_missed(
                    session, connection.user_id, data.chat_id, min(points), data.seen_message_ids
                )
            await service.mark_read(session, data.chat_id, connection.user_id)
        return missed

    async def _missed_frames(self, user_id: int, chat_id: int, after_id: int) -> list[tuple[int, str]]:
        async with self.session_maker() as session:
            return await self._read_missed(session, user_id, chat_id, after_id)

    async def _read_missed(
        self, session: AsyncSession, user_id: int, chat_id: int, after_id: int, held: list[int] | None = None
    ) -> list[tuple[int, str]]:
        missed = await service.messages_after(
            session, chat_id, user_id, after_id, self.settings.chat_catch_up_limit, held or ()
        )
        return [(message.id, model_frame("receive-message", message)) for message in missed]

    async def leave(self, connection: ChatConnection, data: LeaveData) -> None:
        await self._leave(connection, data.chat_id)
        connection.push(frame("user-left", {"code": 200, "chat_id": data.chat_id}))

    async def _count_in(self, connection: ChatConnection, chat_id: int) -> None:
        """In the room for the chat notices: a member here is not notified of the room's messages."""
        try:
            await self.presence.entered(chat_id, connection.user_id, connection.session_id)
        except Exception:
            logger.exception("counting a connection in chat %s failed", chat_id)

    async def _leave(self, connection: ChatConnection, chat_id: int) -> None:
        with contextlib.suppress(Exception):
            await self.presence.left(chat_id, connection.user_id, connection.session_id)
        state = await self.hub.exit(connection, chat_id)
        if state is not None and state.last_delivered_id is not None:
            async with transaction(self.session_maker) as session:
                await service.mark_read(session, chat_id, connection.user_id, state.last_delivered_id)

    async def _leave_all(self, connection: ChatConnection) -> None:
        for chat_id in list(connection.rooms):
            try:
                await self._leave(connection, chat_id)
            except Exception:
                logger.exception("leaving chat %s on disconnect failed", chat_id)

    async def send_message(self, connection: ChatConnection, data: SendMessageData) -> None:
        """Stored (with the sender's session and membership checked in the same statement), answered to the sender,
        then fanned out; a resend is answered with the stored message and goes nowhere else."""
        if connection.principal.is_expired():
            raise ChatRefusal(401, messages.CHAT_TOKEN_EXPIRED)
        if data.type == "share_number":
            kind, text = "number", await self._shared_number(connection, data.chat_id)
        else:
            try:
                kind, text = "normal", message_text(data.message)
            except ValueError as error:
                raise ChatRefusal(400, str(error)) from error
        draft = Draft(
            data.chat_id,
            connection.user_id,
            connection.principal.session_hash,
            kind,
            text,
            data.client_message_identifier,
        )
        stored = await self.writer.store(draft)
        if stored is None:
            connection.push(await self._stored_before(connection, draft))
            return
        text_frame = model_frame("receive-message", _sent_view(draft, stored, connection.sender))
        connection.echo(data.chat_id, stored.id, text_frame)
        try:
            await self.hub.publish(
                data.chat_id, text_frame, stored.members, message_id=stored.id, origin=connection.session_id
            )
        except Exception:
            # Stored all the same: the room's members get it when they join again.
            logger.exception("fanning out message %s failed", stored.id)

    async def _shared_number(self, connection: ChatConnection, chat_id: int) -> str:
        async with self.session_maker() as session:
            await self._check_access(session, connection)
            if not await service.is_chat_user(session, chat_id, connection.user_id):
                raise ChatRefusal(403, messages.CHAT_MEMBERS_ONLY)
            if not await service.is_host(session, chat_id, connection.user_id) or not self.mobile_number:
                raise ChatRefusal(403, messages.CHAT_SHARE_NUMBER_HOST_ONLY)
        return f"{limits.COUNTRY_CODE}{self.mobile_number}"

    async def _stored_before(self, connection: ChatConnection, draft: Draft) -> str:
        """Why a draft was not stored: the session ended, the sender is not in the chat, or it is a resend, which
        is answered with the message stored the first time."""
        async with self.session_maker() as session:
            await self._check_access(session, connection)
            if not await service.is_chat_user(session, draft.chat_id, connection.user_id):
                raise ChatRefusal(403, messages.CHAT_MEMBERS_ONLY)
            stored = await service.stored_message(session, connection.user_id, draft.client_message_identifier)
        if stored is None:
            # Admitted now but not when the draft was written: the membership changed meanwhile.
            raise ChatRefusal(503, messages.GENERIC_ERROR)
        return model_frame("receive-message", service.message_view(stored, connection.sender))

    async def send_document(self, connection: ChatConnection, data: SendDocumentData) -> None:
        """The placeholder of an attachment: only its sender sees it until the document passes the check."""
        file_name = tidy(data.file_name, rows=False)
        if refusal := file_name_refusal(file_name):
            raise ChatRefusal(400, refusal.message)
        if file_name and not is_allowed_name(file_name):
            raise ChatRefusal(400, messages.FILE_FORMAT_INVALID)
        async with transaction(self.session_maker) as session:
            await self._check_access(session, connection)
            if not await service.is_chat_user(session, data.chat_id, connection.user_id):
                raise ChatRefusal(403, messages.CHAT_MEMBERS_ONLY)
            stored, _ = await service.store_message(
                session,
                data.chat_id,
                connection.user_id,
                "media",
                file_name,
                data.client_message_identifier,
                upload_session_id=connection.session_id,
            )
            document = await service.document_of(session, stored.id)
            if stored.type == "media" and document is None:
                # A resend after reconnecting: the upload will name this connection.
                stored.upload_session_id = connection.session_id
        if stored.type != "media":
            raise ChatRefusal(409, messages.CHAT_DOCUMENT_MESSAGE_INVALID)
        view = service.message_view(stored, connection.sender, document)
        connection.push(frame("receive-message", view.model_dump(mode="json")))
