"""Free text in request bodies (domain/rules/text.py): tidied, checked, and refused in the product's words."""

from domain.rules import limits, messages
from domain.rules.text import characters_refusal, tidy


def free_text(value: str, message: str, *, rows: bool = True, max_length: int | None = None, too_long: str = "") -> str:
    """The tidied text when it has only allowed characters; else the message naming what it may not have. A field
    with rows (a note, a reason, a message) may have line breaks; a one-line field (a place name) may not. A field
    whose length is not held by its schema gives its max_length: a longer text is refused (too_long) before any of
    its characters is looked at."""
    value = tidy(value, rows=rows)
    if max_length is not None and len(value) > max_length:
        raise ValueError(too_long)
    if refusal := characters_refusal(value, message, rows=rows):
        raise ValueError(refusal.message)
    return value


def optional_text(value: str | None, message: str) -> str | None:
    """An optional note or reason: None when absent or only whitespace."""
    if value is None:
        return None
    return free_text(value, message) or None


def optional_note(value: str | None) -> str | None:
    return optional_text(value, messages.NOTE_CHARACTERS)


def optional_reason(value: str | None) -> str | None:
    return optional_text(value, messages.REASON_CHARACTERS)


def required_reason(value: str | None) -> str:
    """A reason that must be given: 'Reason is required' when absent or only whitespace."""
    text = optional_note(value)
    if text is None:
        raise ValueError(messages.REASON_REQUIRED)
    return text


def message_text(value: str) -> str:
    """A question, an answer or a chat message: 1 to 500 characters after trimming, allowed characters only."""
    value = tidy(value, rows=True)
    if not limits.MESSAGE_MIN_LENGTH <= len(value) <= limits.MESSAGE_MAX_LENGTH:
        raise ValueError(messages.MESSAGE_LENGTH)
    return free_text(value, messages.MESSAGE_CHARACTERS)
