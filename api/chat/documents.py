"""Chat attachments (SPEC §2 Chat documents). A send-document frame stores a placeholder message; its file comes in
an upload, is streamed to storage (api/chat/uploads.py), and is checked against the community guidelines by a
DocumentReviewWorkflow before anyone but its sender sees it. Once checked it is delivered to the room, or the
refusal is told to its sender."""

import logging
import uuid
from dataclasses import dataclass
from typing import Any

from fastapi import Request
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio.client import WorkflowHandle

from api.chat import service
from api.chat.access import require_chat_user
from api.chat.auth import Principal, principal_from_cookie
from api.chat.hub import ChatHub, frame
from api.chat.notices import ChatNotifier, StoredMessage
from api.chat.parts import ChatParts
from api.chat.quotas import DocumentQuotas
from api.chat.schemas import DocumentAccepted
from api.chat.uploads import StoredUpload, receive_document
from api.errors import refuse
from api.temporal import LazyTemporalClient
from domain.db import transaction
from domain.documents import DocumentFiles, extension_of
from domain.flows import start_after_commit, until_delivered
from domain.models import ChatDocument, ChatMessage, User
from domain.rules import messages
from domain.rules.document import DocumentStatus
from domain.rules.refusal import invalid, not_found, not_now, unauthenticated
from domain.settings import Settings
from workflows.document_review.contracts import (
    DocumentReview,
    DocumentReviewOutcome,
    document_review_start,
    document_review_workflow_id,
)

# The placeholder message a send-document frame stores (api/chat/socket.py).
PLACEHOLDER_KIND = "media"

logger = logging.getLogger(__name__)
# How long the announcement waits for the worker's relay to start a document's review (domain/flows.py).
REVIEW_START_PATIENCE_SECONDS = 60.0


async def announce_review(
    hub: ChatHub,
    session_maker: async_sessionmaker[AsyncSession],
    handle: WorkflowHandle[Any, DocumentReviewOutcome],
    notifier: ChatNotifier,
) -> None:
    """Delivers the checked document to the room (and tells the members away from it), or the failure note to its
    sender, once the review the worker's relay starts has ended."""
    if not await until_delivered(session_maker, handle.id, REVIEW_START_PATIENCE_SECONDS):
        logger.warning("document review %s not started: its outcome shows when the chat is read again", handle.id)
        return
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


@dataclass(frozen=True)
class DocumentUploads:
    """Receives the file of a placeholder message. No database session is held while the body streams in: a slow
    phone would keep a pool connection for the whole upload."""

    settings: Settings
    session_maker: async_sessionmaker[AsyncSession]
    temporal: LazyTemporalClient
    chat: ChatParts

    async def accept(self, request: Request) -> DocumentAccepted:
        """Stores the file of the request's multipart body and starts its review; answers before the review ends."""
        principal = await principal_from_cookie(self.session_maker, request)
        if principal is None:
            refuse(unauthenticated(messages.LOGIN_REQUIRED))
        files = DocumentFiles(self.settings.media_dir)
        placeholder: list[ChatMessage] = []

        async def key_for(fields: dict[str, str], file_name: str) -> str:
            message = await self._placeholder(principal, fields)
            placeholder.append(message)
            return f"{message.trip_id}/{uuid.uuid4().hex}.{extension_of(file_name)}"

        key, upload = await receive_document(
            request.headers.get("content-type"),
            request.headers.get("content-length"),
            request.stream(),
            files,
            key_for,
        )
        message = placeholder[0]
        try:
            document = await self._record(message, key, upload, principal.user_id)
        except IntegrityError:
            await files.delete(key)
            refuse(not_now(messages.CHAT_DOCUMENT_ALREADY_UPLOADED))
        except BaseException:
            # Refused by a quota, or not recorded at all: no file stays without its row.
            await files.delete(key)
            raise
        temporal = await self.temporal.get()
        handle = temporal.get_workflow_handle(
            document_review_workflow_id(document.id), result_type=DocumentReviewOutcome
        )
        self.chat.hub.spawn(announce_review(self.chat.hub, self.session_maker, handle, self.chat.notifier))
        return DocumentAccepted(document_id=document.id, message_id=message.id)

    async def _placeholder(self, uploader: Principal, fields: dict[str, str]) -> ChatMessage:
        """The uploader's placeholder message the form's fields name, when it still waits for its file."""
        message_id = fields.get("message_id", "")
        if not message_id.isdigit() or not fields.get("session_id"):
            refuse(invalid(messages.CHAT_UPLOAD_MALFORMED))
        async with self.session_maker() as session:
            message = await session.scalar(select(ChatMessage).where(ChatMessage.id == int(message_id)))
            if message is None or message.sender_id != uploader.user_id:
                refuse(not_found(messages.CHAT_DOCUMENT_MESSAGE_INVALID))
            if message.type != PLACEHOLDER_KIND or message.upload_session_id != fields["session_id"]:
                refuse(not_now(messages.CHAT_DOCUMENT_MESSAGE_INVALID))
            if await service.document_of(session, message.id) is not None:
                refuse(not_now(messages.CHAT_DOCUMENT_ALREADY_UPLOADED))
            await require_chat_user(session, message.trip_id, uploader.user_id)
            await DocumentQuotas.of(self.settings).check(session, uploader.user_id, message.trip_id)
        return message

    async def _record(self, message: ChatMessage, key: str, upload: StoredUpload, uploader_id: int) -> ChatDocument:
        """The document's row, and its review started once the row is committed, when the document fits the
        uploader's and the trip's day (api/chat/quotas.py). A second upload for the same message is refused by the
        row's unique message id."""
        async with transaction(self.session_maker) as session:
            await DocumentQuotas.of(self.settings).admit(session, uploader_id, message.trip_id, upload.size_bytes)
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
                session, document_review_start(DocumentReview(document.id, message.trip_id, uploader_id))
            )
        return document


async def delivered_document(session: AsyncSession, document_id: int, user_id: int) -> ChatDocument:
    """A document of the user's chat that passed its check; any other is not found, so someone outside the trip
    (a stranger, a removed member) learns nothing of it, not even that it exists."""
    document = await session.scalar(select(ChatDocument).where(ChatDocument.id == document_id))
    if (
        document is None
        or document.status != DocumentStatus.DELIVERED
        or not await service.is_chat_user(session, document.trip_id, user_id)
    ):
        refuse(not_found(messages.CHAT_DOCUMENT_NOT_FOUND))
    return document
