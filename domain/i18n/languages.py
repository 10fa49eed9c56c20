"""The languages the product speaks, and which of them a request asks for.

A language is named by its ISO 639-1 code. English is the source of every sentence (the constants of
domain/rules/messages.py and its neighbours); Hindi and Kannada are translations of it (domain/i18n/hi.py, kn.py).
"""

from typing import Final, Literal, TypeGuard, get_args

Language = Literal["en", "hi", "kn"]
LANGUAGES: Final[tuple[Language, ...]] = get_args(Language)
ENGLISH: Final[Language] = "en"
# A profile that never chose a language reads English.
DEFAULT_LANGUAGE: Final[Language] = ENGLISH
# The most of an Accept-Language header read: a browser sends a few tags, never hundreds.
ACCEPT_LANGUAGE_MAX_LENGTH: Final = 500


def is_language(value: object) -> TypeGuard[Language]:
    return value in LANGUAGES


def _quality(parameters: list[str]) -> float:
    for parameter in parameters:
        name, _, value = parameter.strip().partition("=")
        if name.strip().lower() == "q":
            try:
                quality = float(value.strip())
            except ValueError:
                return 0.0
            return quality if 0.0 <= quality <= 1.0 else 0.0
    return 1.0


def language_or_default(value: str | None) -> Language:
    """A stored profile language as one the product speaks: none chosen (or one no longer spoken) reads English."""
    return value if is_language(value) else DEFAULT_LANGUAGE


def preferred_language(accept_language: str | None) -> Language | None:
    """The product's language the header prefers most (RFC 9110 §12.5.4): 'hi-IN,hi;q=0.9,en;q=0.8' is Hindi,
    'kn' Kannada, 'en-GB' English. A tag counts by its primary subtag; one refused with q=0, a wildcard, and a
    language the product does not speak name nothing, so a header naming none of ours answers None."""
    if not accept_language:
        return None
    best: tuple[float, int] | None = None
    chosen: Language | None = None
    for position, part in enumerate(accept_language[:ACCEPT_LANGUAGE_MAX_LENGTH].split(",")):
        tag, *parameters = part.split(";")
        primary = tag.strip().lower().split("-")[0]
        quality = _quality(parameters)
        if not is_language(primary) or quality <= 0.0:
            continue
        # The highest quality wins; among equals, the one named first.
        rank = (quality, -position)
        if best is None or rank > best:
            best, chosen = rank, primary
    return chosen
