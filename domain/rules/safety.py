"""Rider safety: a person's emergency contacts, a live link to a trip for the people they trust, and SOS.

A trip is 'under way' from its departure until it completes (its flow completes it the completion delay after
departure). SOS may be raised by the host or an active member from a little before departure until then; a live
link stays readable until an hour after it. An SOS is a durable flow (SafetyIncidentWorkflow): its contacts are told
at once by SMS and reminded until support acknowledges it, and told again when the person says they are safe.
"""

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from domain.rules import limits, patterns, safety_messages
from domain.rules.refusal import Refusal, invalid, not_now, not_theirs, too_many
from domain.rules.text import characters_refusal, tidy
from domain.rules.trip import TripStatus

SOS_OPENS_BEFORE_DEPARTURE = timedelta(minutes=limits.SOS_OPENS_MINUTES_BEFORE_DEPARTURE)
SHARED_LINK_OUTLIVES_TRIP = timedelta(hours=limits.SHARED_LINK_HOURS_AFTER_COMPLETION)


class TripStage(StrEnum):
    """Where a trip is, as its live link shows it."""

    UPCOMING = "upcoming"
    UNDER_WAY = "under_way"
    COMPLETED = "completed"
    CANCELLED = "cancelled"


class IncidentStatus(StrEnum):
    """An SOS's FlowStatus: open until support acknowledges it, escalated each time it waits too long, resolved when
    the person says they are safe."""

    OPEN = "open"
    ESCALATED = "escalated"
    ACKNOWLEDGED = "acknowledged"
    RESOLVED = "resolved"


# Statuses of an SOS that still stands (one per person and trip).
STANDING = frozenset({IncidentStatus.OPEN, IncidentStatus.ESCALATED, IncidentStatus.ACKNOWLEDGED})


@dataclass(frozen=True)
class EmergencyContact:
    name: str
    mobile_number: str


def contacts_refusal(contacts: Sequence[EmergencyContact], own_number: str) -> Refusal | None:
    """Why these contacts cannot be kept, or None: at most three, each named by the free-text rule, each a valid
    Indian mobile number (the sign-in rule), none the person's own, none twice."""
    if len(contacts) > limits.EMERGENCY_CONTACTS_MAX:
        return invalid(safety_messages.EMERGENCY_CONTACTS_TOO_MANY)
    for contact in contacts:
        name = tidy(contact.name, rows=False)
        if not name:
            return invalid(safety_messages.EMERGENCY_CONTACT_NAME_REQUIRED)
        if len(name) > limits.EMERGENCY_CONTACT_NAME_MAX_LENGTH:
            return invalid(safety_messages.EMERGENCY_CONTACT_NAME_TOO_LONG)
        if refusal := characters_refusal(name, safety_messages.EMERGENCY_CONTACT_NAME_CHARACTERS, rows=False):
            return refusal
        if not re.fullmatch(patterns.PHONE, contact.mobile_number):
            return invalid(safety_messages.EMERGENCY_CONTACT_NUMBER_INVALID)
        if contact.mobile_number == own_number:
            return invalid(safety_messages.EMERGENCY_CONTACT_OWN_NUMBER)
    if len({contact.mobile_number for contact in contacts}) < len(contacts):
        return invalid(safety_messages.EMERGENCY_CONTACT_REPEATED)
    return None


def stage(*, status: str, departs_at: datetime, completes_at: datetime, now: datetime) -> TripStage:
    if status == TripStatus.CANCELLED:
        return TripStage.CANCELLED
    if now >= completes_at:
        return TripStage.COMPLETED
    return TripStage.UNDER_WAY if now >= departs_at else TripStage.UPCOMING


def sos_refusal(
    *, is_member: bool, status: str, departs_at: datetime, completes_at: datetime, now: datetime
) -> Refusal | None:
    """Why this person may not raise an SOS on this trip now, or None: the host or an active member, from
    SOS_OPENS_BEFORE_DEPARTURE before departure until the trip completes."""
    if not is_member:
        return not_theirs(safety_messages.SOS_MEMBERS_ONLY)
    if status == TripStatus.CANCELLED or not departs_at - SOS_OPENS_BEFORE_DEPARTURE <= now < completes_at:
        return not_now(safety_messages.SOS_NOT_NOW)
    return None


def sos_repeat_refusal(
    *, raised_today: int, per_day: int, last_resolved_at: datetime | None, cooldown: timedelta, now: datetime
) -> Refusal | None:
    """Why this person may not raise a new SOS now, or None: at most `per_day` incidents an IST day, and none within
    the cool-down after their last one was resolved. The words send them to 112."""
    if raised_today >= per_day:
        return too_many(safety_messages.SOS_TOO_MANY_TODAY.format(count=raised_today))
    if last_resolved_at is not None and now < last_resolved_at + cooldown:
        minutes = math.ceil((last_resolved_at + cooldown - now).total_seconds() / 60)
        return too_many(safety_messages.SOS_COOLING_DOWN.format(minutes=max(minutes, 1)))
    return None


def share_refusal(*, is_member: bool, link_expires_at: datetime, now: datetime) -> Refusal | None:
    """Why this person may not share a live link to this trip, or None: the host or an active member, while the
    link would still be readable."""
    if not is_member:
        return not_theirs(safety_messages.TRIP_SHARE_MEMBERS_ONLY)
    if now >= link_expires_at:
        return not_now(safety_messages.TRIP_SHARE_ENDED)
    return None


# The SMS each step of an SOS sends to each emergency contact; {link} is the trip's live link.
SOS_ALERT_SMS = "SOS: {name} asked for help on a shared ride with Humsafar. Follow the trip live: {link}{location}"
SOS_REMINDER_SMS = "SOS still open: {name} has not said they are safe yet. Follow the trip live: {link}"
SOS_RESOLVED_SMS = "{name} says they are safe now. The SOS on their Humsafar trip is closed."
# Support's page when an SOS sent its last reminder and nobody acknowledged it: ids only, support looks the rest up.
SOS_SUPPORT_PAGE_SMS = (
    "Humsafar support: SOS {incident} (trip {trip}, person {person}) is unacknowledged after {reminders} reminders. "
    "Acknowledge it now."
)
# How a person with no name yet is named to their contacts and co-riders: never by their number, which their
# co-riders do not have.
UNNAMED_RIDER = "A Humsafar rider"
# The one SMS a number is sent when a person adds it as an emergency contact.
CONTACT_ADDED_SMS = (
    "{name} added this number as an emergency contact on Humsafar: we will text you if they ask for help on a "
    "ride. Not someone you know? Ask them to remove you, or write to {support} and we will."
)
LOCATION_SMS = " Last known location: https://www.openstreetmap.org/?mlat={latitude:.5f}&mlon={longitude:.5f}"


def location_words(latitude: float | None, longitude: float | None) -> str:
    if latitude is None or longitude is None:
        return ""
    return LOCATION_SMS.format(latitude=latitude, longitude=longitude)
