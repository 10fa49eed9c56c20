"""Trip chat (SPEC §7 Chat): the chat list, a trip's chat, paged history, attachments and the live socket.

A trip's chat id is the trip id. Its users are the host and the active members; anyone else is refused.

Socket /api/chat/ws, JSON frames {"event": ..., "data": {...}}:
- authentication: the session cookie, or a first frame {"event": "authenticate", "data": {"access_token"}} with a
  token of POST /api/auth/access_token. The server answers "connected" {code 200, user_id, session_id}; a failure is
  "error" {code 401} and the socket closes with 4401. A foreign Origin closes with 4403. A token in the address
  (?access_token=) is refused ("error" {code 400}, close 1008): addresses end up in logs; and no log line of the
  server shows one (api/chat/redaction.py).
- closing: when the person signs out (that session's sockets), deletes the account, blocks or is blocked, or is
  removed from a trip, their sockets on every API process close with 1008 once the change commits.
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
- live state, on a socket opened with ?live=1 (the app's own; docs/architecture.md, "Live state"): "changed"
  {kind, id} when something
  of this person's changed (kinds: trip, join, cab, question, kyc, notification, sos), "changed" {kind: "all"} when
  changes may have been missed; the client fetches again what it shows.
- follow-trip {trip_id | null} -> "following-trip" {code 200, trip_id}: the trip sheet on screen; that trip's own
  changes ("changed" {kind: "trip", id}) reach this socket too, whoever the person is on it, so a sheet opened from
  search sees the trip cancelled or gone. One trip at a time; null stops. A trip the person may not see: "error"
  {code 404}.
- refusals: "error" {code, event, message, chat_id?, client_message_identifier?}; code 401 means the access token
  expired or the session ended: fetch a new token, send "authenticate" (or reconnect), then send again. Code 503
  means the database could not be reached just then (nothing was stored, or the join did not happen) and the socket
  stays open: keep the message waiting and send it again, with the same client_message_identifier, after a backoff
  (a resend never stores it twice); after a 503 on join, join again after a backoff.
"""

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, WebSocket
from fastapi.responses import FileResponse

from api.chat.documents import DocumentUploads, delivered_document
from api.chat.reading import chat_history, chats_of, trip_chat
from api.chat.schemas import ChatHistory, ChatList, ChatPublic, DocumentAccepted
from api.chat.socket import ChatSocket
from api.deps import CurrentUser, SessionDep, SettingsDep
from api.openapi import refusals
from domain.documents import DocumentFiles
from domain.envelope import Envelope, ok
from domain.rules import messages

router = APIRouter(tags=["chat"])

Page = Annotated[int, Query(ge=0, le=10_000)]
# A chat document is the trip's alone: no shared cache keeps it, and the browser keeps no copy after a sign-out.
PRIVATE_NOT_STORED = "private, no-store"

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


@router.get("/trip/chat/{trip_id}", responses=refusals(403))
async def read_trip_chat(trip_id: int, user: CurrentUser, session: SessionDep) -> Envelope[ChatPublic]:
    return ok(await trip_chat(session, trip_id, user.id))


@router.get("/chat/user")
async def read_chats(
    user: CurrentUser,
    session: SessionDep,
    settings: SettingsDep,
    retrieve_past_chats: Annotated[int, Query(ge=0, le=1)] = 0,
    page: Page = 0,
) -> Envelope[ChatList]:
    return ok(await chats_of(session, settings, user.id, past=retrieve_past_chats == 1, page=page))


@router.get("/chat/chat", responses=refusals(403, 404))
async def read_chat_history(
    chat_id: int, user: CurrentUser, session: SessionDep, settings: SettingsDep, page: Page = 0
) -> Envelope[ChatHistory]:
    return ok(await chat_history(session, settings, chat_id, user.id, page))


@router.websocket("/chat/ws")
async def chat_socket(websocket: WebSocket) -> None:
    state = websocket.app.state
    await ChatSocket(websocket, state.chat, state.session_maker, state.settings).run()


@router.post(
    "/chat/message/document", openapi_extra=UPLOAD_BODY, responses=refusals(400, 401, 403, 404, 409, 413, 429, 503)
)
async def upload_chat_document(request: Request) -> Envelope[DocumentAccepted]:
    """The file of a send-document placeholder; streamed to storage, then checked before anyone sees it."""
    state = request.app.state
    uploads = DocumentUploads(state.settings, state.session_maker, state.temporal, state.chat)
    return ok(await uploads.accept(request), messages.CHAT_DOCUMENT_CHECKING)


@router.get(
    "/chat/message/document", response_class=FileResponse, responses={200: {"content": {"*/*": {}}}, **refusals(404)}
)
async def read_chat_document(document_id: int, user: CurrentUser, session: SessionDep, settings: SettingsDep) -> Any:
    document = await delivered_document(session, document_id, user.id)
    return FileResponse(
        DocumentFiles(settings.media_dir).path(document.storage_key),
        media_type=document.content_type,
        filename=document.file_name,
        content_disposition_type="inline",
        headers={"Cache-Control": PRIVATE_NOT_STORED, "X-Content-Type-Options": "nosniff"},
    )
