"""A chat attachment's review (SPEC §2 Chat documents): checked against the community guidelines, then delivered to
the chat or refused. Stored as chat_documents.status and kept by the DocumentReviewWorkflow as its FlowStatus.

An attachment's file name is free text of one line (domain/rules/text.py), shown to the chat as written."""

from enum import StrEnum

from domain.rules import limits, messages
from domain.rules.refusal import Refusal, invalid
from domain.rules.text import characters_refusal, tidy


class DocumentStatus(StrEnum):
    CHECKING = "checking"
    DELIVERED = "delivered"
    REFUSED = "refused"


def file_name_refusal(file_name: str) -> Refusal | None:
    """Why an attachment's name may not be shown, or None: one line of allowed characters, at most
    FILE_NAME_MAX_LENGTH of them. The length is checked first, so a long name costs no character work."""
    name = tidy(file_name, rows=False)
    if len(name) > limits.FILE_NAME_MAX_LENGTH:
        return invalid(messages.CHAT_DOCUMENT_NAME_LENGTH)
    return characters_refusal(name, messages.CHAT_DOCUMENT_NAME_CHARACTERS, rows=False)
