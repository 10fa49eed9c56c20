"""The free-text rule (domain/rules/text.py) over the samples the web's rule is tested with too
(web/src/lib/free-text.samples.json, web/src/lib/free-text.test.ts): both sides must answer alike."""

import json

import pytest

from domain.rules import messages, patterns
from domain.rules.refusal import invalid
from domain.rules.text import characters_refusal, tidy
from domain.settings import PROJECT_ROOT

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
