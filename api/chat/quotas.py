"""How much one person may send, and one trip's chat may take in, as attachments in a day (settings
chat_documents_per_person_per_day and the others): a stranger to abuse cannot fill the disk through a chat.

A day is the last 24 hours. Every stored document counts, refused ones too: they took the same room on disk. The
count is read before the body streams in, so a person whose day is used up is refused at once; and it is read again,
under an advisory lock per person and per trip, in the transaction that records the document, so uploads made at
the same time (on any API process) cannot pass a quota together.
"""

from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import func, select, text
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import refuse
from domain import clock
from domain.models import ChatDocument, ChatMessage
from domain.rules import messages
from domain.rules.refusal import too_many
from domain.settings import Settings

DAY = timedelta(hours=24)


@dataclass(frozen=True)
class Used:
    documents: int
    size_bytes: int


@dataclass(frozen=True)
class DocumentQuotas:
    per_person: int
    person_bytes: int
    per_trip: int
    trip_bytes: int

    @classmethod
    def of(cls, settings: Settings) -> "DocumentQuotas":
        return cls(
            settings.chat_documents_per_person_per_day,
            settings.chat_document_bytes_per_person_per_day,
            settings.chat_documents_per_trip_per_day,
            settings.chat_document_bytes_per_trip_per_day,
        )

    async def check(self, session: AsyncSession, uploader_id: int, trip_id: int, size_bytes: int = 1) -> None:
        """Refuses (429) when a document of this size does not fit what is left of the person's or the trip's day."""
        person, trip = await _used_by(session, uploader_id), await _used_in(session, trip_id)
        if person.documents >= self.per_person or person.size_bytes + size_bytes > self.person_bytes:
            refuse(too_many(messages.CHAT_DOCUMENTS_PER_PERSON_USED))
        if trip.documents >= self.per_trip or trip.size_bytes + size_bytes > self.trip_bytes:
            refuse(too_many(messages.CHAT_DOCUMENTS_PER_TRIP_USED))

    async def admit(self, session: AsyncSession, uploader_id: int, trip_id: int, size_bytes: int) -> None:
        """In the transaction that records the document: takes the person's and then the trip's lock, held until it
        ends, and refuses the document when it does not fit what is left of their day."""
        for key in (f"chat-documents:person:{uploader_id}", f"chat-documents:trip:{trip_id}"):
            await session.execute(text("SELECT pg_advisory_xact_lock(hashtext(:key))"), {"key": key})
        await self.check(session, uploader_id, trip_id, size_bytes)


async def _used_by(session: AsyncSession, uploader_id: int) -> Used:
    row = (
        await session.execute(
            select(func.count(), func.coalesce(func.sum(ChatDocument.size_bytes), 0))
            .select_from(ChatMessage)
            .join(ChatDocument, ChatDocument.message_id == ChatMessage.id)
            .where(ChatMessage.sender_id == uploader_id, ChatDocument.created_at > clock.now() - DAY)
        )
    ).one()
    return Used(int(row[0]), int(row[1]))


async def _used_in(session: AsyncSession, trip_id: int) -> Used:
    row = (
        await session.execute(
            select(func.count(), func.coalesce(func.sum(ChatDocument.size_bytes), 0)).where(
                ChatDocument.trip_id == trip_id, ChatDocument.created_at > clock.now() - DAY
            )
        )
    ).one()
    return Used(int(row[0]), int(row[1]))
