"""Reviews of co-riders (SPEC §3 Review, §4 Review screen, §5 and §8 review rules), kept once.

After a trip's time has passed, each person who travelled (the host, or a member still active) may rate or flag the
others who travelled. A review is stars (0 when unrated), attribute thumbs (-1, 0, 1) or a flag with a reason, never a
flag with stars or thumbs. Sending again replaces one's review of that person on that trip; a card left empty takes
it back. The API and the screens decide by this module.
"""

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from enum import IntEnum

from domain.rules import limits, messages
from domain.rules.choices import REVIEW_ATTRIBUTES
from domain.rules.refusal import Refusal, RefusalKind, invalid, not_now, not_theirs
from domain.rules.text import characters_refusal, tidy
from domain.rules.trip import TripStatus


class Thumb(IntEnum):
    DOWN = -1
    NONE = 0
    UP = 1


@dataclass(frozen=True)
class ReviewEntry:
    """One card of the review screen: what the reviewer says about one co-rider."""

    reviewee_id: int
    stars: int = 0
    attributes: Mapping[str, int] | None = None
    is_flagged: bool = False
    flagged_review: str | None = None

    @property
    def thumbs(self) -> dict[str, int]:
        """The attributes that say something (a 0 says nothing and is not kept)."""
        return {key: value for key, value in (self.attributes or {}).items() if value != Thumb.NONE}

    @property
    def is_empty(self) -> bool:
        """Neither rated nor flagged: the card takes back any earlier review of this person."""
        return not self.is_flagged and self.stars == 0 and not self.thumbs


def entry_refusal(entry: ReviewEntry) -> Refusal | None:
    """Why this card cannot be kept as it is, whoever sends it, or None."""
    if not 0 <= entry.stars <= limits.REVIEW_STARS_MAX:
        return invalid(messages.REVIEW_STARS_RANGE)
    attributes = entry.attributes or {}
    if any(key not in REVIEW_ATTRIBUTES for key in attributes) or any(
        value not in tuple(Thumb) for value in attributes.values()
    ):
        return invalid(messages.REVIEW_ATTRIBUTE_INVALID)
    if entry.is_flagged:
        reason = tidy(entry.flagged_review or "", rows=True)
        if not reason:
            return invalid(messages.REVIEW_FLAG_REASON_REQUIRED)
        if len(reason) > limits.REVIEW_FLAG_REASON_MAX_LENGTH:
            return invalid(messages.REVIEW_FLAG_REASON_TOO_LONG)
        if refusal := characters_refusal(reason, messages.REASON_CHARACTERS, rows=True):
            return refusal
        if entry.stars or entry.thumbs:
            return invalid(messages.REVIEW_FLAG_ONLY)
    return None


def reviewer_refusal(*, trip_status: str, departed: bool, travelled: bool) -> Refusal | None:
    """Why this person may not review this trip (nor open its review screen), or None when they may."""
    if trip_status == TripStatus.CANCELLED:
        return Refusal(RefusalKind.TRIP_CANCELLED, messages.TRIP_CANCELLED)
    if not departed:
        return not_now(messages.REVIEW_TRIP_NOT_COMPLETED)
    if not travelled:
        return not_theirs(messages.REVIEW_NOT_MEMBER)
    return None


def reviews_refusal(reviewer_id: int, entries: Collection[ReviewEntry], co_riders: Collection[int]) -> Refusal | None:
    """Why this list of cards cannot be kept, given who the reviewer may review, or None."""
    seen: set[int] = set()
    for entry in entries:
        if entry.reviewee_id == reviewer_id:
            return invalid(messages.REVIEW_SELF)
        if entry.reviewee_id not in co_riders:
            return invalid(messages.REVIEW_NOT_CO_RIDER)
        if entry.reviewee_id in seen:
            return invalid(messages.REVIEW_TWICE)
        seen.add(entry.reviewee_id)
        if refusal := entry_refusal(entry):
            return refusal
    if all(entry.is_empty for entry in entries):
        return invalid(messages.REVIEW_AT_LEAST_ONE)
    return None
