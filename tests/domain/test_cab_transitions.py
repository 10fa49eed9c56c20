"""Every transition of a trip's cab booking (SPEC §4 cab status; domain/rules/cab.py), one named row each.

The CabBookingWorkflow proposes a status for each event (the vendor's word through `AFTER_VENDOR_EVENT`, the host's
cancel or the trip's end as cancelled, no driver in time as unfulfilled) and `next_status` decides whether the booking
moves. Requesting a cab (eligible, or after an ended booking) is `cab_request_refusal`; cancelling one is
`cancel_refusal`; what the trip shows is `shown_status`.
"""

import itertools

import pytest

from domain.rules import messages
from domain.rules.cab import (
    AFTER_VENDOR_EVENT,
    REQUESTABLE_AFTER,
    RUNNING,
    CabStatus,
    VendorEvent,
    cab_request_refusal,
    cancel_refusal,
    next_status,
    shown_status,
)
from domain.rules.refusal import not_now, not_theirs

REQUESTED, BOOKED = CabStatus.REQUESTED, CabStatus.BOOKED
CANCELLED, UNFULFILLED, VENDOR_CANCELLED = CabStatus.CANCELLED, CabStatus.UNFULFILLED, CabStatus.VENDOR_CANCELLED
ENDED = [CANCELLED, UNFULFILLED, VENDOR_CANCELLED]

# What the flow proposes for each event it takes (workflows/cab_booking/workflow.py).
EVENTS = {
    "vendor-confirmed": AFTER_VENDOR_EVENT[VendorEvent.CONFIRMED],
    "vendor-no-driver": AFTER_VENDOR_EVENT[VendorEvent.NO_DRIVER],
    "vendor-cancelled": AFTER_VENDOR_EVENT[VendorEvent.VENDOR_CANCELLED],
    "host-or-trip-ends-it": CANCELLED,
    "no-driver-in-time": UNFULFILLED,
}

MOVES = [
    (REQUESTED, "vendor-confirmed", BOOKED),
    (REQUESTED, "vendor-no-driver", UNFULFILLED),
    (REQUESTED, "vendor-cancelled", VENDOR_CANCELLED),
    (REQUESTED, "host-or-trip-ends-it", CANCELLED),
    (REQUESTED, "no-driver-in-time", UNFULFILLED),
    (BOOKED, "vendor-cancelled", VENDOR_CANCELLED),
    (BOOKED, "host-or-trip-ends-it", CANCELLED),
]
MOVED = {(source, event) for source, event, _ in MOVES}
# A booked cab keeps its driver whatever the vendor says of one again, and whether it has one; an ended booking stays.
STAYS = [
    (source, event)
    for source, event in itertools.product([REQUESTED, BOOKED, *ENDED], EVENTS)
    if (source, event) not in MOVED
]


def test_the_vendors_words_each_propose_a_status():
    assert set(AFTER_VENDOR_EVENT) == set(VendorEvent)


@pytest.mark.parametrize(("source", "event", "target"), MOVES, ids=[f"{s}-{e}->{t}" for s, e, t in MOVES])
def test_a_booking_moves(source, event, target):
    assert next_status(source, EVENTS[event]) == target


@pytest.mark.parametrize(("source", "event"), STAYS, ids=[f"{s}-{e}->stays" for s, e in STAYS])
def test_a_booking_stays(source, event):
    assert next_status(source, EVENTS[event]) is None


def test_only_a_requested_or_booked_cab_has_a_running_flow():
    assert {REQUESTED, BOOKED} == RUNNING
    assert {source for source, _, _ in MOVES} == RUNNING


REQUESTS = [
    ("eligible", None, REQUESTED),
    ("not-eligible", None, not_now(messages.CAB_NOT_ELIGIBLE)),
    (CANCELLED, CANCELLED, REQUESTED),
    (VENDOR_CANCELLED, VENDOR_CANCELLED, REQUESTED),
    # The rule lets an unfulfilled booking be requested again while the trip is eligible, though the trip shows it
    # as unfulfilled rather than offering a new request (see test_what_a_trip_shows).
    (UNFULFILLED, UNFULFILLED, REQUESTED),
    (REQUESTED, REQUESTED, not_now(messages.CAB_REQUEST_RUNNING)),
    (BOOKED, BOOKED, not_now(messages.CAB_REQUEST_RUNNING)),
]


@pytest.mark.parametrize(
    ("source", "latest", "outcome"),
    REQUESTS,
    ids=[f"{s}-host-requests->{o if isinstance(o, CabStatus) else 'refused'}" for s, _, o in REQUESTS],
)
def test_the_host_requests_a_cab(source, latest, outcome):
    refusal = cab_request_refusal(is_host=True, eligible=source != "not-eligible", latest=latest, planned=True)
    assert refusal == (None if outcome == REQUESTED else outcome)


@pytest.mark.parametrize(
    "latest", [None, *CabStatus], ids=lambda latest: f"{latest or 'no-booking'}-member-requests->refused"
)
def test_only_the_host_requests_a_cab(latest):
    refusal = cab_request_refusal(is_host=False, eligible=True, latest=latest, planned=True)
    assert refusal == not_theirs(messages.TRIP_HOST_ONLY)


def test_a_cab_is_planned_before_it_is_requested():
    refusal = cab_request_refusal(is_host=True, eligible=True, latest=None, planned=False)
    assert refusal == not_now(messages.CAB_PLAN_FIRST)


CANCELS = [
    (REQUESTED, False, None),
    (BOOKED, False, None),
    (REQUESTED, True, not_now(messages.CAB_CANCEL_UNDER_WAY)),
    (BOOKED, True, not_now(messages.CAB_CANCEL_UNDER_WAY)),
    (None, False, not_now(messages.CAB_NOTHING_TO_CANCEL)),
    *[(status, False, not_now(messages.CAB_NOTHING_TO_CANCEL)) for status in ENDED],
]


@pytest.mark.parametrize(
    ("latest", "asked", "refusal"),
    CANCELS,
    ids=[
        f"{latest or 'no-booking'}-host-cancels{'-again' if asked else ''}->{'refused' if refusal else CANCELLED}"
        for latest, asked, refusal in CANCELS
    ],
)
def test_the_host_cancels_a_cab(latest, asked, refusal):
    assert cancel_refusal(is_host=True, latest=latest, cancel_asked=asked) == refusal


SHOWN = [
    (None, True, False, CabStatus.ELIGIBLE),
    (None, False, False, CabStatus.NOT_ELIGIBLE),
    (REQUESTED, False, False, REQUESTED),
    (BOOKED, False, False, BOOKED),
    (UNFULFILLED, True, False, UNFULFILLED),
    (CANCELLED, True, False, CANCELLED),
    (CANCELLED, False, False, CabStatus.NOT_ELIGIBLE),
    (CANCELLED, False, True, CANCELLED),
    (VENDOR_CANCELLED, True, False, VENDOR_CANCELLED),
    (VENDOR_CANCELLED, False, False, CabStatus.NOT_ELIGIBLE),
]


@pytest.mark.parametrize(
    ("latest", "eligible", "deleted", "shown"),
    SHOWN,
    ids=[
        f"{latest or 'no-booking'}{'-eligible' if eligible else ''}{'-trip-deleted' if deleted else ''}->{shown}"
        for latest, eligible, deleted, shown in SHOWN
    ],
)
def test_what_a_trip_shows(latest, eligible, deleted, shown):
    assert shown_status(latest, eligible=eligible, trip_deleted=deleted) == shown


def test_a_new_request_follows_an_ended_booking_the_host_or_vendor_cancelled():
    assert {CANCELLED, VENDOR_CANCELLED} == REQUESTABLE_AFTER
