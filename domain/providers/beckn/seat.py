"""A shared seat as TRV10 sees it (docs/interop.md, "A shared seat on TRV10"): what the order messages are built from
(order.py), and how Humsafar's states of a rider on a trip are told in TRV10's order and fulfillment state codes.

TRV10 is written for ride hailing: an order is one ride, its fulfillment the driver's. Humsafar's order is a seat (or
a few) on a host's trip: the item `RIDE` bought in a quantity of seats, its fulfillment the host's trip from the
rider's pick-up to their drop, the host as the agent. Pure: the rows are read elsewhere."""

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from enum import StrEnum


class SeatState(StrEnum):
    """Where a network rider's seat stands: the rider's status on the trip (domain/rules/join.py PassengerStatus)
    joined with the trip's own (domain/rules/trip.py: cancelled, started, completed)."""

    REQUESTED = "requested"  # asked to join; the host has not answered
    APPROVED = "approved"  # the host approved (PassengerStatus.ACTIVE), the trip has not started
    STARTED = "started"  # an approved rider's trip has started
    COMPLETED = "completed"  # an approved rider's trip has ended
    REJECTED = "rejected"  # the host refused the request
    EXPIRED = "expired"  # nobody answered the request before the trip left
    REMOVED = "removed"  # the host removed the approved rider
    REVOKED = "revoked"  # the rider withdrew the request before an answer (a cancel from the buyer app)
    LEFT = "left"  # the approved rider left (a cancel from the buyer app)
    TRIP_CANCELLED = "trip_cancelled"  # the host cancelled the whole trip


# TRV10's order status codes (x-enum of on_confirm, on_status, on_cancel). Three official on_status examples write
# COMPLETED (one of them for a driver at pick-up); the list, and the validations generated from it, say COMPLETE.
ORDER_ACTIVE = "ACTIVE"
ORDER_COMPLETE = "COMPLETE"
ORDER_CANCELLED = "CANCELLED"
ORDER_SOFT_CANCEL = "SOFT_CANCEL"

# Who ended an order (Cancellation.cancelled_by).
BY_CONSUMER = "CONSUMER"
BY_PROVIDER = "PROVIDER"

# TRV10's cancellation reasons (x-enum of cancel and on_cancel, cancellation_reason_id), by their descriptions.
REASON_TECHNICAL = "000"  # Technical cancellation (BAP/BPP)
REASON_NO_DRIVER = "011"  # Seller app cannot confirm the ride as no drivers are available
REASON_ACCEPTED_MISTAKENLY = "013"  # Driver accepted the ride mistakenly
CANCELLATION_REASONS = frozenset({"000", "001", "002", "003", "004", "005", "011", "012", "013", "014"})


@dataclass(frozen=True)
class Trv10State:
    """A seat's state in TRV10's words: the order's status, its fulfillment's state, and for an ended order who
    ended it and why (the reason of a rider's own cancel is the one their buyer app gave)."""

    order_status: str
    fulfillment_state: str
    cancelled_by: str | None = None
    reason: str | None = None


TRV10_STATES: dict[SeatState, Trv10State] = {
    # The booking is taken but nobody drives for it yet: TRV10's confirmed ride without a driver assigned.
    SeatState.REQUESTED: Trv10State(ORDER_ACTIVE, "RIDE_CONFIRMED"),
    # The host said yes: the agent is known, as a driver is once assigned.
    SeatState.APPROVED: Trv10State(ORDER_ACTIVE, "RIDE_ASSIGNED"),
    SeatState.STARTED: Trv10State(ORDER_ACTIVE, "RIDE_STARTED"),
    SeatState.COMPLETED: Trv10State(ORDER_COMPLETE, "RIDE_ENDED"),
    # A host's refusal, or no answer in time, is TRV10's "cannot confirm the ride".
    SeatState.REJECTED: Trv10State(ORDER_CANCELLED, "RIDE_CANCELLED", BY_PROVIDER, REASON_NO_DRIVER),
    SeatState.EXPIRED: Trv10State(ORDER_CANCELLED, "RIDE_CANCELLED", BY_PROVIDER, REASON_NO_DRIVER),
    # A host who takes back an approval: TRV10's "driver accepted the ride mistakenly".
    SeatState.REMOVED: Trv10State(ORDER_CANCELLED, "RIDE_CANCELLED", BY_PROVIDER, REASON_ACCEPTED_MISTAKENLY),
    # The trip will not go: for the rider, no driver for the ride.
    SeatState.TRIP_CANCELLED: Trv10State(ORDER_CANCELLED, "RIDE_CANCELLED", BY_PROVIDER, REASON_NO_DRIVER),
    SeatState.REVOKED: Trv10State(ORDER_CANCELLED, "RIDE_CANCELLED", BY_CONSUMER),
    SeatState.LEFT: Trv10State(ORDER_CANCELLED, "RIDE_CANCELLED", BY_CONSUMER),
}

# The states in which the host has accepted the rider: the app's share rules open to an active member here.
ACCEPTED = frozenset({SeatState.APPROVED, SeatState.STARTED, SeatState.COMPLETED})
ENDED = frozenset(state for state, codes in TRV10_STATES.items() if codes.order_status == ORDER_CANCELLED)


@dataclass(frozen=True)
class Point:
    latitude: float
    longitude: float

    def gps(self) -> str:
        """TRV10's gps text, "lat, lng" to six decimals (about 0.1 m)."""
        return f"{self.latitude:.6f}, {self.longitude:.6f}"


@dataclass(frozen=True)
class Host:
    """What a network rider may know of the host. `shared_phone` is the number the host chose to share with their
    trip's members (the app's Share Number), None while they have not; it is sent only to an accepted rider."""

    first_name: str
    rating: Decimal | None
    verified: bool
    shared_phone: str | None = None


@dataclass(frozen=True)
class Rider:
    """The network rider, as the buyer app gave them in the order's customer."""

    name: str
    phone: str


@dataclass(frozen=True)
class SeatOrder:
    """A network rider's seats on a host's trip.

    `pick_up` and `drop` are the rider's own points on the host's way (from their search and order): theirs to
    know. `trip_start` and `trip_end` are the host's exact ends: the messages show them only as the centres of their
    cells (domain/rules/geo.py approximate), as the app shows a trip to anyone who is not on it."""

    trip_id: int
    seats: int
    price_per_seat: Decimal
    vehicle_category: str | None  # TRV10's: CAB or AUTO_RICKSHAW; None while the trip's mode is undecided
    host: Host
    pick_up: Point
    drop: Point
    trip_start: Point
    trip_end: Point
    departure: datetime
    state: SeatState = SeatState.REQUESTED
    order_id: str | None = None  # set by confirm: none on a quote or terms
    rider: Rider | None = None  # given by init: none on a quote
    created_at: datetime | None = None
    updated_at: datetime | None = None
    # The reason id the rider's buyer app gave when the rider cancelled (REVOKED, LEFT), when it is TRV10's.
    rider_reason: str | None = None

    @property
    def total(self) -> Decimal:
        return self.price_per_seat * self.seats

    @property
    def item_id(self) -> str:
        """The item as the catalog offered it (catalog.py): one per trip."""
        return f"I{self.trip_id}"

    @property
    def fulfillment_id(self) -> str:
        return f"F{self.trip_id}"


@dataclass(frozen=True)
class Bpp:
    """Humsafar as the network knows it: its subscriber id and URL ({PUBLIC_APP_URL}/beckn)."""

    subscriber_id: str
    subscriber_url: str


@dataclass(frozen=True)
class Tracking:
    """The live link's data a rider may see: the link (domain/live_links.py, readable by the trip's active members
    until an hour after it ends) and the last location it shows, when there is one."""

    url: str | None
    location: Point | None = None
    updated_at: datetime | None = None


@dataclass(frozen=True)
class SupportContact:
    """Where a rider finds Humsafar's support: the support form (AppSettings.support_form_url, as an absolute URL),
    the support e-mail, and a phone when one is configured."""

    form_url: str
    email: str
    phone: str | None = None
