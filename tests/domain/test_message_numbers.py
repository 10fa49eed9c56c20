"""A translation says the numbers its English says. The English builds its numbers from the rules
(domain/rules/limits.py: 'Note cannot exceed 500 characters.'), so when a limit changes, a Hindi or Kannada sentence
still saying the old number fails here."""

import re
from collections import Counter

import pytest

from domain.i18n import catalog
from domain.rules import limits, messages
from domain.rules.translations import BY_LANGUAGE

# Hindi and Kannada write carbon dioxide with a subscript two ('CO₂'), the English with a plain one ('CO2').
SUBSCRIPT_DIGITS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")


def numbers(text: str) -> Counter[int]:
    """Each number the sentence says, as often as it says it, in whichever script's digits."""
    return Counter(int(digits) for digits in re.findall(r"\d+", text.translate(SUBSCRIPT_DIGITS)))


@pytest.mark.parametrize("language", sorted(BY_LANGUAGE))
def test_a_translation_says_the_numbers_of_its_english(language):
    stale = {
        message_id: (catalog.ENGLISH_TEXTS[message_id], translated)
        for message_id, translated in BY_LANGUAGE[language].items()
        if numbers(translated) != numbers(catalog.ENGLISH_TEXTS[message_id])
    }
    assert not stale, f"{language} says other numbers than the English: {stale}"


def test_numbers_are_read_in_any_digits_and_a_different_one_is_told_apart():
    assert numbers("CO₂ बचाया") == numbers("CO2 saved") == Counter({2: 1})
    assert numbers("अधिकतम ५०० अक्षर") == numbers(messages.FEEDBACK_NOTE_TOO_LONG)
    assert numbers("1 से 500 तक") == numbers(messages.MESSAGE_LENGTH)
    assert numbers("5 से 500 तक") != numbers(messages.MESSAGE_LENGTH)
    assert numbers("500 अक्षर") != numbers(messages.MESSAGE_LENGTH), "a number left out"


def test_the_english_says_the_limit_it_refuses_by():
    assert numbers(messages.MESSAGE_LENGTH) == Counter({limits.MESSAGE_MIN_LENGTH: 1, limits.MESSAGE_MAX_LENGTH: 1})
    assert numbers(messages.TRIP_COST_RANGE) == Counter({limits.ESTIMATED_COST_MIN: 1, limits.ESTIMATED_COST_MAX: 1})
