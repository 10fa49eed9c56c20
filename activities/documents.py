"""The community-guidelines check of chat attachments, and its outcome written to PostgreSQL."""

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from domain import clock
from domain.db import transaction
from domain.documents import SIGNATURE_BYTES, DocumentFiles, document_kind
from domain.models import ChatDocument
from domain.rules import messages
from domain.rules.document import DocumentStatus
from workflows.document_review.contracts import DocumentReviewOutcome, DocumentReviewSteps

# The stand-in for a moderation vendor refuses a file carrying this marker, so journeys and tests can see a refusal.
GUIDELINES_TEST_MARKER = b"HUMSAFAR-COMMUNITY-GUIDELINES-TEST-REFUSE"


class DocumentActivities(DocumentReviewSteps):
    def __init__(self, session_maker: async_sessionmaker[AsyncSession], files: DocumentFiles) -> None:
        self._session_maker = session_maker
        self._files = files

    @activity.defn
    async def check_document_guidelines(self, document_id: int) -> str | None:
        """The failure note for a document that breaks the guidelines; None when it may be delivered."""
        async with self._session_maker() as session:
            document = await session.scalar(select(ChatDocument).where(ChatDocument.id == document_id))
        if document is None:
            raise ApplicationError(f"document {document_id} does not exist", type="DocumentMissing", non_retryable=True)
        head = b""
        tail = b""
        async for chunk in self._files.read_chunks(document.storage_key):
            if len(head) < SIGNATURE_BYTES:
                head += chunk[:SIGNATURE_BYTES]
            window = tail + chunk
            if GUIDELINES_TEST_MARKER in window:
                return messages.CHAT_DOCUMENT_REFUSED
            tail = window[-len(GUIDELINES_TEST_MARKER) :]
        if document_kind(document.file_name, head) is None:
            return messages.FILE_FORMAT_INVALID
        return None

    @activity.defn
    async def record_document_review(self, outcome: DocumentReviewOutcome) -> None:
        async with transaction(self._session_maker) as session:
            await session.execute(
                update(ChatDocument)
                .where(ChatDocument.id == outcome.document_id, ChatDocument.status == DocumentStatus.CHECKING)
                .values(status=outcome.status, failure_message=outcome.failure_message, reviewed_at=clock.now())
            )
