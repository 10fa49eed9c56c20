"""A person's reliability record (what hosts and riders fear: no-shows and late cancellations), kept once.

A late cancellation is an approved member leaving, or a host removing a member or deleting a trip with members,
within the late-cancel window before departure (counted on the host's own record for the host's moves); a member
leaving while asked "Still coming?" after a long move is not late. A no-show is marked by the host on an active
member after departure, until a day after; once per member and trip.
"""

from datetime import datetime, timedelta
from enum import StrEnum

from domain.rules import messages, server_limits
from domain.rules.refusal import Refusal, not_now

NO_SHOW_WINDOW = timedelta(hours=server_limits.NO_SHOW_WINDOW_HOURS)


class ReliabilityEvent(StrEnum):
    LATE_CANCELLATION = "late_cancellation"
    NO_SHOW = "no_show"


def is_late(departure: datetime, at: datetime, window: timedelta) -> bool:
    """A cancellation this close before departure leaves the others without a seat or a ride."""
    return timedelta(0) <= departure - at <= window


def is_late_leave(departure: datetime, at: datetime, window: timedelta, *, asked_still_coming: bool) -> bool:
    """A member leaving this close before departure cancels late, unless the host moved the trip by more than half an
    hour and the member has not kept their seat since (domain/rules/still_coming.py): then the host changed the plan."""
    return not asked_still_coming and is_late(departure, at, window)


def no_show_refusal(*, departure: datetime, now: datetime, is_active_member: bool) -> Refusal | None:
    if not is_active_member:
        return not_now(messages.NO_SHOW_NOT_MEMBER)
    if now < departure:
        return not_now(messages.NO_SHOW_TOO_EARLY)
    if now > departure + NO_SHOW_WINDOW:
        return not_now(messages.NO_SHOW_TOO_LATE)
    return None
