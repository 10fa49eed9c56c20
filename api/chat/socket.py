"""The chat socket /api/chat/ws: JSON frames {"event", "data"}; see the protocol in api/routes/chat.py."""

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ValidationError
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from api.chat import service
from api.chat.auth import Principal, is_session_live, principal_from_access_token, principal_from_cookie
from api.chat.hub import ChatConnection, ChatHub, frame
from api.schemas.chat import AuthenticateData, JoinData, LeaveData, SendDocumentData, SendMessageData
from api.schemas.join import message_text
from domain.db import transaction
from domain.documents import is_allowed_name
from domain.models import User
from domain.rules import limits, messages
from domain.settings import Settings

logger = logging.getLogger("humsafar.chat")

FIRST_FRAME_TIMEOUT_S = 10.0
UNAUTHORIZED_CLOSE_CODE = 4401
FORBIDDEN_CLOSE_CODE = 4403


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

    def __init__(self, websocket: WebSocket, hub: ChatHub, settings: Settings) -> None:
        self.websocket = websocket
        self.hub = hub
        self.settings = settings
        self.session_maker: async_sessionmaker[AsyncSession] = websocket.app.state.session_maker
        self.connection: ChatConnection | None = None
        self.mobile_number: str | None = None

    async def run(self) -> None:
        if not origin_is_allowed(self.websocket, self.settings.trusted_origins):
            await self.websocket.close(code=FORBIDDEN_CLOSE_CODE, reason=messages.CHAT_ORIGIN_REFUSED)
            return
        await self.websocket.accept()
        principal = await self._authenticate()
        if principal is None:
            await self.websocket.send_text(frame("error", {"code": 401, "message": messages.LOGIN_REQUIRED}))
            await self.websocket.close(code=UNAUTHORIZED_CLOSE_CODE)
            return
        sender, self.mobile_number = await _sender_of(self.session_maker, principal.user_id)
        connection = ChatConnection(self.websocket, principal, sender, self.settings.chat_socket_send_queue)
        self.connection = connection
        connection.push(
            frame("connected", {"code": 200, "user_id": principal.user_id, "session_id": connection.session_id})
        )
        writer = asyncio.create_task(connection.write_frames())
        try:
            await self._answer_frames(connection)
        except WebSocketDisconnect:
            pass
        finally:
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer
            await self._leave_all(connection)

    async def _authenticate(self) -> Principal | None:
        token = self.websocket.query_params.get("access_token")
        secret = self.settings.resolved_secret_key()
        if token:
            return await principal_from_access_token(self.session_maker, secret, token)
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
                await handler(connection, model.model_validate(raw))
            except ValidationError as error:
                failure = {"code": 400, "event": event, "message": _validation_message(error), **context}
                connection.push(frame("error", failure))
            except ChatRefusal as refusal:
                connection.push(
                    frame("error", {"code": refusal.code, "event": event, "message": refusal.message, **context})
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

    async def join(self, connection: ChatConnection, data: JoinData) -> None:
        async with self.session_maker() as session:
            await self._check_access(session, connection)
            if not await service.is_chat_user(session, data.chat_id, connection.user_id):
                raise ChatRefusal(403, messages.CHAT_MEMBERS_ONLY)
        await self.hub.enter(connection, data.chat_id)
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
        missed: list[Any] = []
        async with transaction(self.session_maker) as session:
            if data.last_message_id is not None:
                missed = await service.messages_after(
                    session, data.chat_id, connection.user_id, data.last_message_id, self.settings.chat_catch_up_limit
                )
            await service.mark_read(session, data.chat_id, connection.user_id)
        state = connection.rooms.get(data.chat_id)
        for message in missed:
            if state is not None:
                state.sent_ids.add(message.id)
                state.delivered(message.id)
            connection.push(frame("receive-message", message.model_dump(mode="json")))
        connection.finish_catching_up(data.chat_id)

    async def leave(self, connection: ChatConnection, data: LeaveData) -> None:
        await self._leave(connection, data.chat_id)
        connection.push(frame("user-left", {"code": 200, "chat_id": data.chat_id}))

    async def _leave(self, connection: ChatConnection, chat_id: int) -> None:
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
        text = ""
        if data.type == "normal":
            try:
                text = message_text(data.message)
            except ValueError as error:
                raise ChatRefusal(400, str(error)) from error
        async with transaction(self.session_maker) as session:
            await self._check_access(session, connection)
            members = await service.active_user_ids(session, data.chat_id)
            if connection.user_id not in members:
                raise ChatRefusal(403, messages.CHAT_MEMBERS_ONLY)
            kind = "normal"
            if data.type == "share_number":
                if not await service.is_host(session, data.chat_id, connection.user_id) or not self.mobile_number:
                    raise ChatRefusal(403, messages.CHAT_SHARE_NUMBER_HOST_ONLY)
                kind, text = "number", f"{limits.COUNTRY_CODE}{self.mobile_number}"
            stored, is_new = await service.store_message(
                session, data.chat_id, connection.user_id, kind, text, data.client_message_identifier
            )
        text_frame = frame("receive-message", service.message_view(stored, connection.sender).model_dump(mode="json"))
        connection.push(text_frame)
        if is_new:
            await self.hub.publish(
                stored.trip_id, text_frame, members, message_id=stored.id, origin=connection.session_id
            )

    async def send_document(self, connection: ChatConnection, data: SendDocumentData) -> None:
        """The placeholder of an attachment: only its sender sees it until the document passes the check."""
        file_name = data.file_name.strip()
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
