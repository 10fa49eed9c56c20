"""Whose language the words being made now are for: the language of the request being answered.

A request names its language by Accept-Language (api/language.py); one that names none of ours reads in its
signed-in person's profile language, learnt once the session is read (`note_profile_language`); anything else, and
all work outside a request (a flow's activity), reads English unless it names a language itself.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from domain.i18n.languages import DEFAULT_LANGUAGE, Language, is_language


@dataclass
class Reader:
    """Mutable on purpose: the person is known only after the request's context was copied into its tasks."""

    asked: Language | None = None
    profile: Language | None = None

    @property
    def language(self) -> Language:
        return self.asked or self.profile or DEFAULT_LANGUAGE


_reader: ContextVar[Reader | None] = ContextVar("reader", default=None)


@contextmanager
def reading_for(asked: Language | None) -> Iterator[Reader]:
    """The words made within are for a reader who asked for this language (None: asked for none of ours)."""
    reader = Reader(asked=asked)
    token = _reader.set(reader)
    try:
        yield reader
    finally:
        _reader.reset(token)


def reading_language() -> Language:
    reader = _reader.get()
    return reader.language if reader is not None else DEFAULT_LANGUAGE


def note_profile_language(language: str | None) -> None:
    """The signed-in person's profile language, read when the request named none of ours."""
    reader = _reader.get()
    if reader is not None and is_language(language):
        reader.profile = language
