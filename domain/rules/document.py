"""A chat attachment's review (SPEC §2 Chat documents): checked against the community guidelines, then delivered to
the chat or refused. Stored as chat_documents.status and kept by the DocumentReviewWorkflow as its FlowStatus."""

from enum import StrEnum


class DocumentStatus(StrEnum):
    CHECKING = "checking"
    DELIVERED = "delivered"
    REFUSED = "refused"
