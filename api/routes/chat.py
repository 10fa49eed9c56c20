"""Trip chat (SPEC §7 Chat): the chat list, a trip's chat, paged history, attachments and the live socket.

A trip's chat id is the trip id. Its users are the host and the active members; anyone else is refused.

Socket /api/chat/ws, JSON frames {"event": ..., "data": {...}}:
- authentication: the session cookie, or ?access_token= (POST /api/auth/access_token), or a first frame
  {"event": "authenticate", "data": {"access_token"}}. The server answers "connected" {code 200, user_id,
  session_id}; a failure is "error" {code 401} and the socket closes with 4401. A foreign Origin closes with 4403.
- join {chat_id, last_message_id?, seen_message_ids?} -> "user-joined" {code 200, chat_id, user_id, session_id},
  then the messages the client missed as "receive-message", then live messages. Missed means: after the lowest of
  last_message_id and seen_message_ids, and not among seen_message_ids. Live messages of two API processes may
  arrive slightly out of id order, so a reconnecting client names the ids it holds from its recent stretch (up to
  500; the web client sends those of the last 10 minutes before its newest): a lower-numbered message that came
  after a higher one and was lost in the disconnect is then sent too. Within a chat ids follow commit order, so
  whatever is after the lowest named id and not named is exactly what the client lacks.
- leave {chat_id} -> "user-left" {code 200, chat_id}. Removed from the trip -> "user-left" {code 403, chat_id}.
- send-message {chat_id, message, client_message_identifier, type: normal | share_number} -> "receive-message"
  with the stored message to the sender and everyone in the room. A resend with the same identifier answers the
  stored message and stores nothing.
- send-document {chat_id, client_message_identifier, file_name} -> "receive-message" (type media, to the sender)
  whose id goes into POST /api/chat/message/document with the session_id; the checked document arrives as
  "receive-document" (to the room; to the sender alone with status refused and failure_message).
- refusals: "error" {code, event, message, chat_id?, client_message_identifier?}; code 401 means the access token
  expired or the session ended: fetch a new token, send "authenticate" (or reconnect), then send again. Code 503
  means the database could not be reached just then (nothing was stored, or the join did not happen) and the socket
  stays open: keep the message waiting and send it again, with the same client_message_identifier, after a backoff
  (a resend never stores it twice); after a 503 on join, join again after a backoff.
"""

import logging
import uuid
from datetime import timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, WebSocket, status
from fastapi.responses import FileResponse
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio.client import WorkflowHandle

from api.chat import service
from api.chat.auth import principal_from_cookie
from api.chat.hub import ChatHub, frame
from api.chat.notices import ChatNotifier, StoredMessage
from api.chat.parts import ChatParts
from api.chat.socket import ChatSocket
from api.chat.uploads import receive_document
from api.deps import CurrentUser, SessionDep, SettingsDep
from api.envelope import Envelope, ok
from api.errors import ApiError, refusals
from api.schemas.chat import ChatHistory, ChatList, ChatPublic, DocumentAccepted
from domain.documents import DocumentFiles, extension_of
from domain.flows import FlowOutbox, start_after_commit
from domain.models import ChatDocument, ChatMessage, Trip, User
from domain.rules import messages
from domain.rules.document import DocumentStatus
from workflows.contracts import (
    DocumentReview,
    DocumentReviewOutcome,
    document_review_start,
    document_review_workflow_id,
)

router = APIRouter(tags=["chat"])
logger = logging.getLogger("humsafar.chat")

Page = Annotated[int, Query(ge=0, le=10_000)]

UPLOAD_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": ["message_id", "session_id", "file"],
                    "properties": {
                        "message_id": {"type": "integer"},
                        "session_id": {"type": "string"},
                        "file": {"type": "string", "format": "binary"},
                    },
                }
            }
        },
    }
}


async def _require_chat_user(session: AsyncSession, chat_id: int, user_id: int) -> None:
    if not await service.is_chat_user(session, chat_id, user_id):
        exists = await session.scalar(select(Trip.id).where(Trip.id == chat_id))
        if exists is None:
            raise ApiError(messages.CHAT_NOT_FOUND, status.HTTP_404_NOT_FOUND)
        raise ApiError(messages.CHAT_MEMBERS_ONLY, status.HTTP_403_FORBIDDEN)


@router.get("/trip/chat/{trip_id}", responses=refusals(403))
async def read_trip_chat(trip_id: int, user: CurrentUser, session: SessionDep) -> Envelope[ChatPublic]:
    await _require_chat_user(session, trip_id, user.id)
    chat = await service.chat_of_trip(session, trip_id, user.id)
    if chat is None:
        raise ApiError(messages.CHAT_NOT_FOUND, status.HTTP_404_NOT_FOUND)
    return ok(chat)


@router.get("/chat/user")
async def read_chats(
    user: CurrentUser,
    session: SessionDep,
    settings: SettingsDep,
    retrieve_past_chats: Annotated[int, Query(ge=0, le=1)] = 0,
    page: Page = 0,
) -> Envelope[ChatList]:
    chats, has_more = await service.chat_list(
        session,
        user.id,
        past=retrieve_past_chats == 1,
        page=page,
        page_size=settings.chat_list_page_size,
        current_for=timedelta(seconds=settings.trip_completion_delay_seconds),
    )
    return ok(ChatList(chats=chats, page=page, has_more=has_more))


@router.get("/chat/chat", responses=refusals(403, 404))
async def read_chat_history(
    chat_id: int, user: CurrentUser, session: SessionDep, settings: SettingsDep, page: Page = 0
) -> Envelope[ChatHistory]:
    await _require_chat_user(session, chat_id, user.id)
    history, has_more = await service.history_page(session, chat_id, user.id, page, settings.chat_history_page_size)
    if page == 0:
        await service.mark_read(session, chat_id, user.id)
    return ok(ChatHistory(chat_id=chat_id, messages=history, page=page, has_more=has_more))


@router.websocket("/chat/ws")
async def chat_socket(websocket: WebSocket) -> None:
    state = websocket.app.state
    await ChatSocket(websocket, state.chat, state.session_maker, state.settings).run()


async def announce_review(
    hub: ChatHub,
    session_maker: async_sessionmaker[AsyncSession],
    handle: WorkflowHandle[Any, DocumentReviewOutcome],
    notifier: ChatNotifier,
) -> None:
    """Delivers the checked document to the room (and tells the members away from it), or the failure note to its
    sender."""
    outcome = await handle.result()
    async with session_maker() as session:
        row = (
            await session.execute(
                select(ChatMessage, User, ChatDocument)
                .join(User, User.id == ChatMessage.sender_id)
                .join(ChatDocument, ChatDocument.message_id == ChatMessage.id)
                .where(ChatDocument.id == outcome.document_id)
            )
        ).first()
        if row is None:
            return
        message, sender, document = row
        members = await service.active_user_ids(session, message.trip_id)
    view = service.message_view(message, service.sender_card(sender), document)
    text = frame("receive-document", view.model_dump(mode="json"))
    recipients = None if outcome.status == DocumentStatus.DELIVERED else [message.sender_id]
    await hub.publish(message.trip_id, text, members, to=recipients)
    if outcome.status == DocumentStatus.DELIVERED:
        notifier.committed(
            [StoredMessage(message.trip_id, message.id, message.sender_id, message.type, message.message, members)]
        )


@router.post("/chat/message/document", openapi_extra=UPLOAD_BODY, responses=refusals(400, 401, 403, 404, 409, 413))
async def upload_chat_document(request: Request) -> Envelope[DocumentAccepted]:
    """The file of a send-document placeholder; streamed to storage, then checked before anyone sees it."""
    settings = request.app.state.settings
    session_maker: async_sessionmaker[AsyncSession] = request.app.state.session_maker
    # No database session is held while the body streams in: a slow phone would keep a pool connection.
    principal = await principal_from_cookie(session_maker, request)
    if principal is None:
        raise ApiError(messages.LOGIN_REQUIRED, status.HTTP_401_UNAUTHORIZED)
    files = DocumentFiles(settings.media_dir)
    placeholder: dict[str, ChatMessage] = {}

    async def key_for(fields: dict[str, str], file_name: str) -> str:
        message_id = fields.get("message_id", "")
        if not message_id.isdigit() or not fields.get("session_id"):
            raise ApiError(messages.CHAT_UPLOAD_MALFORMED)
        async with session_maker() as session:
            message = await session.scalar(select(ChatMessage).where(ChatMessage.id == int(message_id)))
            if message is None or message.sender_id != principal.user_id:
                raise ApiError(messages.CHAT_DOCUMENT_MESSAGE_INVALID, status.HTTP_404_NOT_FOUND)
            if message.type != "media" or message.upload_session_id != fields["session_id"]:
                raise ApiError(messages.CHAT_DOCUMENT_MESSAGE_INVALID, status.HTTP_409_CONFLICT)
            if await service.document_of(session, message.id) is not None:
                raise ApiError(messages.CHAT_DOCUMENT_ALREADY_UPLOADED, status.HTTP_409_CONFLICT)
            await _require_chat_user(session, message.trip_id, principal.user_id)
        placeholder["message"] = message
        return f"{message.trip_id}/{uuid.uuid4().hex}.{extension_of(file_name)}"

    key, upload = await receive_document(
        request.headers.get("content-type"), request.headers.get("content-length"), request.stream(), files, key_for
    )
    message = placeholder["message"]
    chat: ChatParts = request.app.state.chat
    outbox: FlowOutbox = request.app.state.flows
    try:
        async with outbox.transaction() as session:
            document = ChatDocument(
                message_id=message.id,
                trip_id=message.trip_id,
                storage_key=key,
                type=upload.kind.type,
                content_type=upload.kind.content_type,
                file_name=upload.file_name,
                size_bytes=upload.size_bytes,
            )
            session.add(document)
            await session.flush()
            await start_after_commit(
                session, document_review_start(DocumentReview(document.id, message.trip_id, principal.user_id))
            )
    except IntegrityError:
        await files.delete(key)
        raise ApiError(messages.CHAT_DOCUMENT_ALREADY_UPLOADED, status.HTTP_409_CONFLICT) from None
    temporal = await request.app.state.temporal.get()
    handle = temporal.get_workflow_handle(document_review_workflow_id(document.id), result_type=DocumentReviewOutcome)
    chat.hub.spawn(announce_review(chat.hub, session_maker, handle, chat.notifier))
    return ok(DocumentAccepted(document_id=document.id, message_id=message.id), messages.CHAT_DOCUMENT_CHECKING)


@router.get(
    "/chat/message/document", response_class=FileResponse, responses={200: {"content": {"*/*": {}}}, **refusals(404)}
)
async def read_chat_document(document_id: int, user: CurrentUser, session: SessionDep, settings: SettingsDep) -> Any:
    document = await session.scalar(select(ChatDocument).where(ChatDocument.id == document_id))
    if document is None:
        raise ApiError(messages.CHAT_DOCUMENT_NOT_FOUND, status.HTTP_404_NOT_FOUND)
    await _require_chat_user(session, document.trip_id, user.id)
    if document.status != DocumentStatus.DELIVERED:
        raise ApiError(messages.CHAT_DOCUMENT_NOT_FOUND, status.HTTP_404_NOT_FOUND)
    return FileResponse(
        DocumentFiles(settings.media_dir).path(document.storage_key),
        media_type=document.content_type,
        filename=document.file_name,
        content_disposition_type="inline",
        headers={"Cache-Control": "private, max-age=3600", "X-Content-Type-Options": "nosniff"},
    )
