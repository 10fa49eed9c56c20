"""Asking "Still coming?" (SPEC §2 Notifications): a host who moves the departure by more than half an hour asks
the trip's active members whether they still come. Until a member keeps their seat, leaving is no late cancellation
(domain/rules/reliability.py): the host changed the plan, not the member. A shorter move asks nothing and leaves an
earlier, unanswered ask as it is.
"""

from datetime import datetime, timedelta

from domain.rules import messages
from domain.rules.refusal import Refusal, RefusalKind, not_theirs

# A move of the departure by more than this asks the members "Still coming?".
LONG_MOVE = timedelta(minutes=30)


def is_long_move(before: datetime, after: datetime) -> bool:
    """The departure moved, earlier or later, by more than LONG_MOVE."""
    return abs(after - before) > LONG_MOVE


def keep_seat_refusal(*, is_active_member: bool, trip_cancelled: bool, departed: bool) -> Refusal | None:
    """Why the person may not answer "Keep my seat" now, or None when they may (asked or not: the answer is
    idempotent)."""
    if trip_cancelled:
        return Refusal(RefusalKind.TRIP_CANCELLED, messages.TRIP_CANCELLED)
    if departed:
        return Refusal(RefusalKind.TRIP_IN_PAST, messages.STILL_COMING_PAST)
    if not is_active_member:
        return not_theirs(messages.STILL_COMING_NOT_MEMBER)
    return None
