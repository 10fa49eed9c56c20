"""The free-text rule (domain/rules/text.py) over the samples the web's rule is tested with too
(web/src/lib/free-text.samples.json, web/src/lib/free-text.test.ts): both sides must answer alike."""

import json

import pytest

from domain.rules import messages, patterns, safety_messages
from domain.rules.refusal import invalid
from domain.rules.review import ReviewEntry, entry_refusal
from domain.rules.safety import EmergencyContact, contacts_refusal
from domain.rules.text import characters_refusal, refused_characters, tidy
from domain.settings import PROJECT_ROOT
from tests.unusual_text import unusual_characters

SAMPLES = json.loads((PROJECT_ROOT / "web" / "src" / "lib" / "free-text.samples.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("sample", SAMPLES["refusals"], ids=[sample["about"] for sample in SAMPLES["refusals"]])
def test_each_sample_is_allowed_or_refused_naming_what(sample):
    refusal = characters_refusal(sample["text"], "{characters}", rows=sample["rows"])
    assert (refusal.message if refusal else None) == sample["named"]


@pytest.mark.parametrize("sample", SAMPLES["tidied"])
def test_text_is_trimmed_of_whitespace_only(sample):
    assert tidy(sample["text"], rows=sample["rows"]) == sample["tidy"]


def test_the_refusal_says_which_field_and_what():
    assert characters_refusal("Gate 4 \u202egnp.exe", messages.NOTE_CHARACTERS, rows=True) == invalid(
        "Note contains characters that are not allowed: U+202E"
    )


def test_the_web_reads_one_allowed_character_from_the_same_categories():
    assert patterns.FREE_TEXT_CHARACTER == r"^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}\p{Cn}]$"


def unusual(count: int) -> str:
    """count characters no one types, each different: private use, planes 15 and 16 (refused wherever they stand)."""
    return "".join(map(chr, range(0xF0000, 0xF0000 + count)))


class Counted(str):
    """Text whose characters, read one at a time, count how often they are compared: the rule's work, told without a
    clock."""

    comparisons = 0

    def __getitem__(self, key):
        return Compared(str.__getitem__(self, key))


class Compared(str):
    def __eq__(self, other: object) -> bool:
        Counted.comparisons += 1
        return str.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        Counted.comparisons += 1
        return str.__ne__(self, other)

    __hash__ = str.__hash__


def comparisons_in(check) -> int:
    Counted.comparisons = 0
    check()
    return Counted.comparisons


def test_each_character_is_looked_at_a_few_times_however_many_different_ones_are_refused():
    text = Counted(unusual(2000))
    compared = comparisons_in(lambda: refused_characters(text, rows=True))
    assert compared <= 5 * len(text)
    assert refused_characters(text, rows=True) == list(unusual(2000))


def test_a_long_text_of_different_unusual_characters_is_named_by_its_first_five_after_a_few_of_them():
    text = Counted(unusual(5000))
    compared = comparisons_in(lambda: characters_refusal(text, "{characters}", rows=True))
    assert compared <= 5 * (patterns.FREE_TEXT_NAMED_MAX + 1)
    assert characters_refusal(text, "{characters}", rows=True) == invalid(
        "U+F0000, U+F0001, U+F0002, U+F0003, U+F0004, …"
    )


def test_a_flag_reason_of_the_worst_characters_is_refused_for_its_length_first(examined):
    reason = unusual_characters(65_536)
    refusal = entry_refusal(ReviewEntry(reviewee_id=2, is_flagged=True, flagged_review=reason))
    assert refusal == invalid(messages.REVIEW_FLAG_REASON_TOO_LONG)
    assert examined == []


def test_a_contact_name_of_the_worst_characters_is_refused_for_its_length_first(examined):
    contact = EmergencyContact(name=unusual_characters(65_536), mobile_number="9876543210")
    assert contacts_refusal([contact], "9123456789") == invalid(safety_messages.EMERGENCY_CONTACT_NAME_TOO_LONG)
    assert examined == []
