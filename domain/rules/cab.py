"""A trip's shared cab (SPEC §3 Cab, §4 Cab status and Cab flow, §5 and §8 cab rules), kept once.

A trip can have a cab when it is upcoming, active, its mode is Cab and the vendors serve its route. The host states
a category and up to three stops, picks a vendor's quote and requests it: a CabBookingWorkflow (`cab:{trip_id}:{n}`)
books with the vendor and waits for its confirmation. requested → booked (driver and vehicle), or unfulfilled (no
driver in time, or the trip's time came), cancelled (by the host, or because the trip was deleted or moved), or
vendor_cancelled; after cancelled or vendor_cancelled the host may request again. The API, the workflow and its
activities decide by this module.
"""

from collections.abc import Sequence
from datetime import datetime
from enum import StrEnum
from itertools import pairwise

from domain.rules import choices, labels, messages, notices, server_limits
from domain.rules.geo import distance_km
from domain.rules.refusal import Refusal, invalid, not_now, not_theirs
from domain.rules.trip import TripStatus

MAX_STOPS = server_limits.CAB_MAX_STOPS
MAX_ROUTE_KM = server_limits.CAB_MAX_ROUTE_KM
# Stops lie near the trip's way: the ride through them at most this many times the trip's direct distance.
MAX_DETOUR_RATIO = 1.5

Point = tuple[float, float]


class CabStatus(StrEnum):
    NOT_ELIGIBLE = "not_eligible"
    ELIGIBLE = "eligible"
    REQUESTED = "requested"
    BOOKED = "booked"
    CANCELLED = "cancelled"
    UNFULFILLED = "unfulfilled"
    VENDOR_CANCELLED = "vendor_cancelled"


# A booking in one of these has a running flow.
RUNNING = frozenset({CabStatus.REQUESTED, CabStatus.BOOKED})
# After these the host may request a cab again.
REQUESTABLE_AFTER = frozenset({CabStatus.CANCELLED, CabStatus.VENDOR_CANCELLED})


class VendorEvent(StrEnum):
    """What the vendor says of a booking (its webhook and its booking status)."""

    CONFIRMED = "confirmed"
    NO_DRIVER = "no_driver"
    VENDOR_CANCELLED = "vendor_cancelled"


VENDOR_EVENTS = frozenset(VendorEvent)


class CabEnd(StrEnum):
    """Why a booking's flow cancels it with the vendor."""

    HOST = "host"
    TRIP_CANCELLED = "trip_cancelled"
    TRIP_MOVED = "trip_moved"
    # Kept in the booking's row only: the trip's flow ends the booking of a stopped commute's trip as cancelled.
    COMMUTE_STOPPED = "commute_stopped"


# Why a booking ended, in the cab block's words ("Cancelled because the trip's time changed"), and the notice its host
# and members get, for every end that another change caused; a host's own cancel is told to nobody.
ENDED_BECAUSE = {
    CabEnd.TRIP_MOVED: labels.ENDED_BECAUSE_TRIP_MOVED,
    CabEnd.TRIP_CANCELLED: labels.ENDED_BECAUSE_TRIP_DELETED,
    CabEnd.COMMUTE_STOPPED: labels.ENDED_BECAUSE_COMMUTE_STOPPED,
}
END_NOTICES = {
    CabEnd.TRIP_MOVED: (notices.CAB_ENDED_TRIP_MOVED_TITLE, notices.CAB_ENDED_TRIP_MOVED_BODY),
    CabEnd.TRIP_CANCELLED: (notices.CAB_ENDED_TRIP_DELETED_TITLE, notices.CAB_ENDED_TRIP_DELETED_BODY),
    CabEnd.COMMUTE_STOPPED: (notices.CAB_ENDED_COMMUTE_STOPPED_TITLE, notices.CAB_ENDED_COMMUTE_STOPPED_BODY),
}


AFTER_VENDOR_EVENT = {
    VendorEvent.CONFIRMED: CabStatus.BOOKED,
    VendorEvent.NO_DRIVER: CabStatus.UNFULFILLED,
    VendorEvent.VENDOR_CANCELLED: CabStatus.VENDOR_CANCELLED,
}

NOTICES = {
    CabStatus.BOOKED: (notices.CAB_BOOKED_TITLE, notices.CAB_BOOKED_BODY),
    CabStatus.UNFULFILLED: (notices.CAB_UNFULFILLED_TITLE, notices.CAB_UNFULFILLED_BODY),
    CabStatus.VENDOR_CANCELLED: (notices.CAB_VENDOR_CANCELLED_TITLE, notices.CAB_VENDOR_CANCELLED_BODY),
}


def is_eligible(*, trip_status: str, mode: int, departs_at: datetime, now: datetime, distance_km: float) -> bool:
    """A trip can have a cab: upcoming, active, going by cab, on a route the vendors serve."""
    return (
        trip_status == TripStatus.ACTIVE
        and mode == choices.TRANSPORT_CAB
        and departs_at > now
        and distance_km <= MAX_ROUTE_KM
    )


def ended_because(status: str, cause: str | None) -> str | None:
    """Why a cancelled booking ended, in the cab block's words, when another change ended it; else None."""
    if status != CabStatus.CANCELLED or cause is None or cause not in ENDED_BECAUSE:
        return None
    return ENDED_BECAUSE[CabEnd(cause)]


def shown_status(latest: str | None, *, eligible: bool, trip_deleted: bool = False) -> CabStatus:
    """The cab status a trip shows: its latest booking's while that stands, else whether it could have one. A deleted
    trip keeps showing its last booking, a cancelled one too, so that its block can say why the cab ended."""
    if latest is not None and (latest not in REQUESTABLE_AFTER or eligible or trip_deleted):
        return CabStatus(latest)
    return CabStatus.ELIGIBLE if eligible else CabStatus.NOT_ELIGIBLE


def plan_refusal(*, is_host: bool, eligible: bool, latest: str | None) -> Refusal | None:
    """Why the host may not plan the trip's cab (its category and stops) now, or None."""
    if not is_host:
        return not_theirs(messages.TRIP_HOST_ONLY)
    if latest in RUNNING:
        return not_now(messages.CAB_REQUEST_RUNNING)
    if not eligible:
        return not_now(messages.CAB_NOT_ELIGIBLE)
    return None


def cab_request_refusal(*, is_host: bool, eligible: bool, latest: str | None, planned: bool) -> Refusal | None:
    """Why the host may not request (or ask vendors for) a cab now, or None."""
    if refusal := plan_refusal(is_host=is_host, eligible=eligible, latest=latest):
        return refusal
    if not planned:
        return not_now(messages.CAB_PLAN_FIRST)
    return None


def cancel_refusal(*, is_host: bool, latest: str | None, cancel_asked: bool = False) -> Refusal | None:
    if not is_host:
        return not_theirs(messages.TRIP_HOST_ONLY)
    if latest not in RUNNING:
        return not_now(messages.CAB_NOTHING_TO_CANCEL)
    if cancel_asked:
        return not_now(messages.CAB_CANCEL_UNDER_WAY)
    return None


def issue_refusal(*, is_host: bool, latest: str | None, raised: bool) -> Refusal | None:
    if not is_host:
        return not_theirs(messages.TRIP_HOST_ONLY)
    if latest is None:
        return not_now(messages.CAB_NOTHING_TO_CANCEL)
    if raised:
        return not_now(messages.CAB_ISSUE_ALREADY_RAISED)
    return None


def next_status(current: str, proposed: CabStatus) -> CabStatus | None:
    """Where a booking moves, or None when it cannot (it has ended, or it is not yet booked for a cancel by the
    vendor of a booked cab)."""
    if current not in RUNNING or proposed == current:
        return None
    if current == CabStatus.BOOKED and proposed == CabStatus.UNFULFILLED:
        return None
    return proposed


def ride_km(origin: Point, stops: Sequence[Point], destination: Point) -> float:
    """The trip's way from its origin through the stops, in order, to its destination."""
    points = [origin, *stops, destination]
    return sum(distance_km(*start, *end) for start, end in pairwise(points))


def stops_refusal(origin: Point, destination: Point, stops: Sequence[tuple[str, str, Point]]) -> Refusal | None:
    """Why these stops (place id, name, point; in the ride's order) cannot be the cab's, or None: at most MAX_STOPS,
    each once, the ride through them within MAX_DETOUR_RATIO of the direct way and within MAX_ROUTE_KM."""
    if len(stops) > MAX_STOPS:
        return invalid(messages.CAB_TOO_MANY_STOPS)
    if len({place_id for place_id, _, _ in stops}) < len(stops):
        return invalid(messages.CAB_STOP_REPEATED)
    ride = ride_km(origin, [point for _, _, point in stops], destination)
    if ride > MAX_DETOUR_RATIO * distance_km(*origin, *destination):
        _, name, _ = max(stops, key=lambda stop: ride_km(origin, [stop[2]], destination))
        return invalid(messages.CAB_STOP_OFF_ROUTE.format(stop=name))
    if ride > MAX_ROUTE_KM:
        return invalid(messages.CAB_ROUTE_TOO_LONG)
    return None
