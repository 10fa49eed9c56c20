"""Free text (SPEC §5): every note, reason, question, answer, chat message and place name people write, kept once.

Letters and marks of any script, digits, spaces, and the punctuation and symbols people type (apostrophes, quotes,
₹, @, #, emoji with their joiners, flags) are allowed; control characters (a line break only where the field has
rows), zero-width, bidirectional and other invisible characters are refused, and so is text of only whitespace. The
text is stored as written and shown as text, never as HTML. The web applies the same data (domain/rules/patterns.py,
exported) with the same steps in web/src/lib/free-text.ts; tests/domain/test_free_text.py and the web's test run
both over one list of samples.

Every field checks its length before its characters, and the rule looks at each character once and stops at the
first refused ones it would name, so no text costs more than its length allows (tests/perf/hostile_text.py).
"""

import functools
import unicodedata
from collections.abc import Sequence

from domain.rules import patterns
from domain.rules.refusal import Refusal, invalid


def _in(character: str, categories: Sequence[str]) -> bool:
    category = unicodedata.category(character)
    return any(category == wanted or category[0] == wanted for wanted in categories)


TRIMMED = "".join(map(chr, patterns.FREE_TEXT_TRIMMED))
JOINERS = frozenset(map(chr, patterns.FREE_TEXT_JOINERS))
FLAG, FLAG_END = chr(patterns.FREE_TEXT_FLAG), chr(patterns.FREE_TEXT_FLAG_END)


def _in_ranges(character: str, ranges: Sequence[tuple[int, int]]) -> bool:
    point = ord(character)
    return any(start <= point <= end for start, end in ranges)


def tidy(text: str, *, rows: bool) -> str:
    """The text as kept: Windows line ends made plain where the field has rows, whitespace trimmed at both ends."""
    if rows:
        text = text.replace("\r\n", "\n")
    return text.strip(TRIMMED)


def _flag_length(text: str, start: int) -> int:
    """How many characters a subdivision flag starting here has, or 0."""
    end = start + 1
    while end < len(text) and end - start <= patterns.FREE_TEXT_FLAG_TAGS_MAX:
        if not _in_ranges(text[end], patterns.FREE_TEXT_FLAG_TAGS):
            break
        end += 1
    if end > start + 1 and end < len(text) and text[end] == FLAG_END:
        return end + 1 - start
    return 0


def _allowed(text: str, index: int, rows: bool) -> bool:
    character = text[index]
    if character == "\n":
        return rows
    if character in JOINERS:
        return (
            0 < index < len(text) - 1
            and _in(text[index - 1], patterns.FREE_TEXT_BEFORE_JOINER)
            and _in(text[index + 1], patterns.FREE_TEXT_AFTER_JOINER)
        )
    if _in_ranges(character, patterns.FREE_TEXT_REFUSED_RANGES):
        return False
    return _in(character, patterns.FREE_TEXT_CATEGORIES)


@functools.lru_cache(maxsize=4096)
def _allowed_anywhere(character: str) -> bool:
    """Allowed whatever stands around it: not a line break, a joiner or a flag's start, and allowed by itself."""
    if character == "\n" or character == FLAG or character in JOINERS:
        return False
    refused = _in_ranges(character, patterns.FREE_TEXT_REFUSED_RANGES)
    return not refused and _in(character, patterns.FREE_TEXT_CATEGORIES)


def refused_characters(text: str, *, rows: bool, at_most: int | None = None) -> list[str]:
    """The characters the text may not have, each once, in the order they come; with at_most, only the first that
    many (the text may have more). One look at each character, however many different ones it refuses."""
    if all(map(_allowed_anywhere, text)):  # most text, at the cost of a lookup per character
        return []
    refused: dict[str, None] = {}  # in the order they come, each found again in one step
    index = 0
    while index < len(text) and (at_most is None or len(refused) < at_most):
        character = text[index]
        if character == FLAG and (length := _flag_length(text, index)):
            index += length
            continue
        if character not in refused and not _allowed(text, index, rows):
            refused[character] = None
        index += 1
    return list(refused)


def character_name(character: str) -> str:
    return patterns.FREE_TEXT_NAMES.get(character) or f"U+{ord(character):04X}"


def characters_refusal(text: str, message: str, *, rows: bool) -> Refusal | None:
    """The refusal in the message's words (a template with {characters}) naming what the text may not have, or None
    when it is fine."""
    refused = refused_characters(text, rows=rows, at_most=patterns.FREE_TEXT_NAMED_MAX + 1)
    if not refused:
        return None
    names = [character_name(character) for character in refused[: patterns.FREE_TEXT_NAMED_MAX]]
    if len(refused) > patterns.FREE_TEXT_NAMED_MAX:
        names.append("…")
    return invalid(message.format(characters=", ".join(names)))
