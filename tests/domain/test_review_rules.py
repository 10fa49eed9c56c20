"""The review rules (domain/rules/review.py) on their own: who may review and which cards are kept."""

import pytest

from domain.rules import messages
from domain.rules.refusal import invalid
from domain.rules.review import ReviewEntry, entry_refusal, reviewer_refusal, reviews_refusal


@pytest.mark.parametrize(
    ("trip_status", "departed", "travelled", "refusal"),
    [
        ("CANCELLED", True, True, messages.TRIP_CANCELLED),
        ("ACTIVE", False, True, messages.REVIEW_TRIP_NOT_COMPLETED),
        ("ACTIVE", False, False, messages.REVIEW_TRIP_NOT_COMPLETED),
        ("ACTIVE", True, False, messages.REVIEW_NOT_MEMBER),
        ("ACTIVE", True, True, None),
    ],
)
def test_who_may_review_a_trip(trip_status, departed, travelled, refusal):
    found = reviewer_refusal(trip_status=trip_status, departed=departed, travelled=travelled)
    assert (found.message if found else None) == refusal


def test_zero_thumbs_say_nothing_and_an_unrated_unflagged_card_is_empty():
    entry = ReviewEntry(reviewee_id=2, attributes={"punctual": 0, "friendly": 1})
    assert entry.thumbs == {"friendly": 1}
    assert not entry.is_empty
    assert ReviewEntry(reviewee_id=2, attributes={"punctual": 0}).is_empty
    assert not ReviewEntry(reviewee_id=2, is_flagged=True, flagged_review="Rude").is_empty


@pytest.mark.parametrize(
    ("entry", "refusal"),
    [
        (ReviewEntry(2, stars=5), None),
        (ReviewEntry(2, stars=0, attributes={"punctual": -1}), None),
        (ReviewEntry(2, is_flagged=True, flagged_review="Drove rashly"), None),
        (ReviewEntry(2, stars=6), messages.REVIEW_STARS_RANGE),
        (ReviewEntry(2, attributes={"punctual": 3}), messages.REVIEW_ATTRIBUTE_INVALID),
        (ReviewEntry(2, is_flagged=True), messages.REVIEW_FLAG_REASON_REQUIRED),
        (ReviewEntry(2, is_flagged=True, flagged_review="x" * 301), messages.REVIEW_FLAG_REASON_TOO_LONG),
        (ReviewEntry(2, is_flagged=True, flagged_review="a <b>"), None),
        (
            ReviewEntry(2, is_flagged=True, flagged_review="a\u200b"),
            messages.REASON_CHARACTERS.format(characters="U+200B"),
        ),
        (ReviewEntry(2, stars=1, is_flagged=True, flagged_review="Rude"), messages.REVIEW_FLAG_ONLY),
        # A flag with reason but without stars or thumbs: a zero thumb says nothing and is allowed.
        (ReviewEntry(2, attributes={"punctual": 0}, is_flagged=True, flagged_review="Rude"), None),
    ],
)
def test_each_card_alone(entry, refusal):
    assert entry_refusal(entry) == (invalid(refusal) if refusal else None)


def test_a_list_is_kept_only_when_every_card_is_about_a_co_rider_once_and_one_says_something():
    rated, empty = ReviewEntry(2, stars=4), ReviewEntry(3)
    assert reviews_refusal(1, [rated, empty], {2, 3}) is None
    assert reviews_refusal(1, [empty], {2, 3}) == invalid(messages.REVIEW_AT_LEAST_ONE)
    assert reviews_refusal(1, [], {2, 3}) == invalid(messages.REVIEW_AT_LEAST_ONE)
    assert reviews_refusal(1, [ReviewEntry(1, stars=4)], {2, 3}) == invalid(messages.REVIEW_SELF)
    assert reviews_refusal(1, [ReviewEntry(9, stars=4)], {2, 3}) == invalid(messages.REVIEW_NOT_CO_RIDER)
    assert reviews_refusal(1, [rated, rated], {2, 3}) == invalid(messages.REVIEW_TWICE)
