"""The product's sentences in every language, each named by a stable message id.

A message id is the name of its English constant: `OTP_INVALID` is domain/rules/messages.py's OTP_INVALID, and the
web app reads the same words under the same name (MESSAGES.OTP_INVALID, domain/rules/export.py). The English
constants are the source; domain/rules/translations/hi.py and kn.py hold each id's translation. A sentence with a
number or a name in it is a template with named fields (`{seconds}`), filled after it is chosen, never joined from
pieces.

Names are unique across the sources, so an id needs no module to be read. Code that raises a refusal passes its
English words (`refuse(invalid(messages.OTP_INVALID))`); the answer is given in the reader's language by finding the
id of those words: a constant's text names it, and a filled template is matched back to its fields (`english_id`).
"""

import re
from collections.abc import Mapping
from string import Formatter
from types import MappingProxyType
from typing import Final

from domain.i18n import api_words
from domain.i18n.languages import ENGLISH, LANGUAGES, Language
from domain.rules import safety
from domain.rules.translations import BY_LANGUAGE, SHARED_SOURCES, sentences

# The SMS of an SOS, by name: the rest of their module is rules, not words.
SMS_WORDS: Final = {
    safety: (
        "SOS_ALERT_SMS",
        "SOS_REMINDER_SMS",
        "SOS_RESOLVED_SMS",
        "CONTACT_ADDED_SMS",
        "LOCATION_SMS",
        "UNNAMED_RIDER",
    ),
}


def _english() -> dict[str, str]:
    english: dict[str, str] = {}
    parts = [sentences(module) for module in (*SHARED_SOURCES.values(), api_words)]
    parts += [{name: getattr(module, name) for name in names} for module, names in SMS_WORDS.items()]
    for part in parts:
        repeated = english.keys() & part.keys()
        if repeated:
            raise ValueError(f"message ids named twice: {sorted(repeated)}")
        english |= part
    return english


ENGLISH_TEXTS: Final[Mapping[str, str]] = MappingProxyType(_english())
TRANSLATIONS: Final[Mapping[Language, Mapping[str, str]]] = MappingProxyType(
    {language: BY_LANGUAGE[language] for language in LANGUAGES if language != ENGLISH}
)


def text(message_id: str, language: Language) -> str:
    """The message's words in the language (its template, when it has fields); English when it has no translation."""
    if language != ENGLISH:
        translated = TRANSLATIONS[language].get(message_id)
        if translated is not None:
            return translated
    return ENGLISH_TEXTS[message_id]


def fields(template: str) -> frozenset[str]:
    """The names a template fills: '{seconds}' and '{latitude:.5f}' name seconds and latitude."""
    return frozenset(name for _, name, _, _ in Formatter().parse(template) if name)


def _pattern(template: str) -> re.Pattern[str]:
    parts = []
    for literal, name, _, _ in Formatter().parse(template):
        parts.append(re.escape(literal))
        if name:
            named = f"(?P<{name}>" in "".join(parts)
            parts.append(f"(?P={name})" if named else f"(?P<{name}>.+?)")
    return re.compile("".join(parts), re.DOTALL)


# Words said by two ids (a reply and a notice's title, "Request accepted") are read as the first id's.
_BY_ENGLISH: Final = {english: message_id for message_id, english in reversed(list(ENGLISH_TEXTS.items()))}


def _fixed_length(template: str) -> int:
    return sum(len(literal) for literal, _, _, _ in Formatter().parse(template))


def _read_back(message_id: str, template: str) -> bool:
    """Whether words are matched back to this template: not the pieces a notice is made of by id (a route's, a
    time's, a chat's `*_WORDS`), nor a template with no words of its own ('{name}: {text}'), which would match
    anyone's words ('Unable to connect' is no route, 'otp: Input should be...' no chat message)."""
    fixed = "".join(literal for literal, _, _, _ in Formatter().parse(template))
    return not message_id.endswith("_WORDS") and re.search(r"[^\W\d_]", fixed) is not None


# Templates with the most fixed words first: 'Note contains characters...' is tried before a bare '{name} left {trip}.'
_TEMPLATES: Final = [
    (_pattern(english), message_id)
    for message_id, english in sorted(ENGLISH_TEXTS.items(), key=lambda item: -_fixed_length(item[1]))
    if fields(english) and _read_back(message_id, english)
]


def english_id(english: str) -> tuple[str, dict[str, str]] | None:
    """The id of the English words and, for a filled template, what filled its fields; None for words not ours
    (a vendor's, a validator's)."""
    message_id = _BY_ENGLISH.get(english)
    if message_id is not None:
        return message_id, {}
    for pattern, template_id in _TEMPLATES:
        found = pattern.fullmatch(english)
        if found:
            return template_id, found.groupdict()
    return None


def in_language(english: str, language: Language) -> str:
    """The English words said in the language: the same words when it is English or they are not ours."""
    if language == ENGLISH:
        return english
    known = english_id(english)
    if known is None:
        return english
    message_id, filled = known
    words = text(message_id, language)
    if not filled:
        return words
    return _FILLED_BACK.format(words, **filled)


class _FilledBack(Formatter):
    """Fills a translation with what filled its English: text already formatted there ('12.97160' of a
    '{latitude:.5f}') goes in as it is."""

    def format_field(self, value: object, format_spec: str) -> str:
        return value if isinstance(value, str) else super().format_field(value, format_spec)


_FILLED_BACK: Final = _FilledBack()
