"""A trip's lifecycle (SPEC §3 Trip, §4, §8 messages), kept once.

A trip is ACTIVE until its host deletes it (or support cancels its flow), then CANCELLED for good; time moves it
through its flow's stages: scheduled, started at departure, completed a while after. The TripWorkflow, its
activities and the API decide by this module, and the host's create and edit (SPEC §5) by its refusals.
"""

import re
from collections.abc import Collection
from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum
from math import ceil

from domain.rules import limits, messages, patterns
from domain.rules.geo import distance_km
from domain.rules.refusal import Refusal, RefusalKind, invalid, not_theirs
from domain.rules.zone import IST


class TripStatus(StrEnum):
    """As stored (trips.status) and shown."""

    ACTIVE = "ACTIVE"
    CANCELLED = "CANCELLED"


class TripFlowStatus(StrEnum):
    """The TripWorkflow's FlowStatus: where the trip is in time, or how it ended."""

    SCHEDULED = "scheduled"
    STARTED = "started"
    COMPLETED = "completed"
    CANCELLED = "cancelled"


class HostChange(StrEnum):
    EDIT = "edit"
    DELETE = "delete"


TRIP_IS_CANCELLED = Refusal(RefusalKind.TRIP_CANCELLED, messages.TRIP_CANCELLED)
PAST_TRIP_MESSAGES = {HostChange.EDIT: messages.TRIP_EDIT_PAST, HostChange.DELETE: messages.TRIP_DELETE_PAST}


def host_change_refusal(change: HostChange, *, is_host: bool, status: str, departed: bool) -> Refusal | None:
    """Why the person asking may not edit or delete this trip now, or None when they may."""
    if not is_host:
        return not_theirs(messages.TRIP_HOST_ONLY)
    if status == TripStatus.CANCELLED:
        return TRIP_IS_CANCELLED
    if departed:
        return Refusal(RefusalKind.TRIP_IN_PAST, PAST_TRIP_MESSAGES[change])
    return None


def last_day_ahead(today: date) -> date:
    """The last day a trip (or a commute's last day) may be on: the date picker's reach, 5 years from today (IST);
    from 29 February, the 28th."""
    year = today.year + limits.DATE_PICKER_MAX_YEARS_AHEAD
    try:
        return today.replace(year=year)
    except ValueError:
        return today.replace(year=year, day=28)


def too_far_ahead(day: date | datetime, now: datetime) -> bool:
    """Beyond the date picker's reach: a trip's time, or a commute's last day."""
    if isinstance(day, datetime):
        day = day.astimezone(IST).date()
    return day > last_day_ahead(now.astimezone(IST).date())


def cost_refusal(*, is_vehicle_booked: bool, estimated_cost: Decimal | None) -> Refusal | None:
    """A booked vehicle needs a cost (more than nothing); a trip not booked carries none, whatever was sent."""
    if is_vehicle_booked and not estimated_cost:
        return invalid(messages.TRIP_COST_REQUIRED)
    return None


def new_departure_refusal(departure: datetime, now: datetime) -> Refusal | None:
    """A new trip leaves after now, and on a day within the date picker's reach (too_far_ahead)."""
    if departure <= now:
        return invalid(messages.TRIP_CREATE_IN_PAST)
    if too_far_ahead(departure, now):
        return invalid(messages.TRIP_CREATE_TOO_FAR)
    return None


def moved_departure_refusal(departure: datetime, now: datetime) -> Refusal | None:
    """An edit moves a trip's departure to after now, and to a day within the date picker's reach."""
    if departure <= now:
        return invalid(messages.TRIP_EDIT_TO_PAST)
    if too_far_ahead(departure, now):
        return invalid(messages.TRIP_EDIT_TOO_FAR)
    return None


def places_change_refusal(*, origin_sent: bool, destination_sent: bool) -> Refusal | None:
    """A trip's ends stay as it was published: an edit that sends either is refused."""
    if origin_sent or destination_sent:
        return invalid(messages.TRIP_PLACES_LOCKED)
    return None


def no_change_refusal(changed_fields: Collection[str]) -> Refusal | None:
    """An edit changes at least one field: sending only the trip's own values is refused."""
    if not changed_fields:
        return invalid(messages.NOTHING_UPDATED)
    return None


def seats_refusal(seats: int, people_on_trip: int) -> Refusal | None:
    """A trip's seats are never fewer than the people already on it, its host included."""
    if seats < people_on_trip:
        return invalid(messages.TRIP_PASSENGERS_BELOW_JOINED)
    return None


# A trip's end is a place the maps service knows (its place id), at its point or at a pin dropped near it: the place
# picker names a dropped pin (and 'Your Location') by the nearest known place within this reach (the gazetteer's
# reverse geocoding), and sends the pin's own point.
PLACE_POINT_MAX_KM = 50.0


def point_fits_place(place: tuple[float, float], point: tuple[float, float]) -> bool:
    """The point given with a place id is within the reach of that place's own point."""
    return distance_km(*place, *point) <= PLACE_POINT_MAX_KM


POSTAL_SUFFIX = re.compile(patterns.POSTAL_SUFFIX)


def short_place_name(name: str) -> str:
    """What people call a place: the locality before the first comma, without the post office's '(Bangalore)'.

    'Indiranagar (Bangalore), Bengaluru, Karnataka' is 'Indiranagar'; a name with nothing before a comma is kept.
    """
    first = name.split(",")[0].strip()
    return POSTAL_SUFFIX.sub("", first).strip() or first or name


def completion_delay_seconds(
    distance_km: float, *, city_speed_kmh: float, margin_seconds: int, longest_seconds: int
) -> int:
    """How long after its departure a trip is over: its ends' distance at the city speed plus the margin, whole
    seconds rounded up, and never more than the longest delay (a trip far across the city completes that day)."""
    travel_seconds = ceil(max(distance_km, 0.0) / city_speed_kmh * 3600)
    return min(travel_seconds + margin_seconds, longest_seconds)
