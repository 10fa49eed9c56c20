"""The callbacks of a shared seat's order on TRV10 (docs/interop.md, "A shared seat on TRV10"): on_select (the
quote), on_init (the terms), on_confirm, on_status, on_cancel, on_track, on_rating and on_support, each a dict ready
to sign and send, `{"context": ..., "message": ...}`, valid against the published OpenAPI document.

Pure: the seat (seat.py), the request's context and the time come in; nothing is read or sent here.

What a rider sees follows the app's share rules (docs/product.md):
- the host's exact start and end never: the trip's ends go as the centres of their cells (approximate), as to anyone
  who is not on the trip, and the rider's own pick-up and drop are theirs;
- the host's first name, rating and verified mark always (the catalog shows them);
- the host's phone only once the host has accepted the rider, and only the number the host shared with the trip's
  members (Share Number)."""

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from domain.providers.beckn.seat import (
    ACCEPTED,
    CANCELLATION_REASONS,
    ORDER_SOFT_CANCEL,
    TRV10_STATES,
    Bpp,
    Point,
    SeatOrder,
    SeatState,
    SupportContact,
    Tracking,
)
from domain.rules.geo import approximate

DOMAIN = "ONDC:TRV10"
CORE_VERSION = "2.0.1"
PROVIDER_ID = "HUMSAFAR"
RIDE = "RIDE"
CURRENCY = "INR"
# How long a callback holds when the request named no ttl (the official examples' PT30S).
DEFAULT_TTL = "PT30S"
# How long a quote holds: the seats left change as other riders join.
QUOTE_TTL = "PT5M"
# TRV10's fulfillment type of a ride the provider delivers (x-enum: DELIVERY or SELF_PICKUP).
FULFILLMENT_TYPE = "DELIVERY"
# The one way to pay: the host is paid at the ride (see payment()).
PAYMENT_ID = "PA1"
HOST_TAGS = "HOST_INFO"


def reply_context(
    request_context: dict[str, Any], action: str, bpp: Bpp, timestamp: datetime, *, message_id: str | None = None
) -> dict[str, Any]:
    """The callback's context (BECKN-003): the request's transaction, message id, buyer app, domain and city, as the
    answer `action` to it from Humsafar, sent at `timestamp`. An unsolicited callback (the host's answer, the trip's
    start) keeps the order's transaction under a new `message_id`, as the Context schema asks."""
    kept = ("domain", "location", "transaction_id", "message_id", "bap_id", "bap_uri")
    context = {name: request_context[name] for name in kept if name in request_context}
    return context | {
        "domain": request_context.get("domain", DOMAIN),
        "action": action,
        "version": CORE_VERSION,
        "bpp_id": bpp.subscriber_id,
        "bpp_uri": bpp.subscriber_url,
        "message_id": message_id or request_context["message_id"],
        "timestamp": rfc3339(timestamp),
        "ttl": request_context.get("ttl", DEFAULT_TTL),
    }


def on_select(request_context: dict[str, Any], bpp: Bpp, order: SeatOrder, timestamp: datetime) -> dict[str, Any]:
    """The quote: the seat's share in INR times the seats asked for."""
    message = {
        "provider": provider(order),
        "items": [item(order)],
        "fulfillments": [fulfillment(order, with_state=False)],
        "quote": quote(order),
    }
    return _callback(request_context, "on_select", bpp, timestamp, {"order": message})


def on_init(request_context: dict[str, Any], bpp: Bpp, order: SeatOrder, timestamp: datetime) -> dict[str, Any]:
    """The terms: the quote, paid to the host at the ride, and no cancellation fee in any state."""
    message = {
        "provider": provider(order),
        "items": [item(order) | {"payment_ids": [PAYMENT_ID]}],
        "fulfillments": [fulfillment(order, with_state=False)],
        "quote": quote(order),
        "payments": [payment(order)],
        "cancellation_terms": cancellation_terms(),
    }
    return _callback(request_context, "on_init", bpp, timestamp, {"order": message})


def on_confirm(request_context: dict[str, Any], bpp: Bpp, order: SeatOrder, timestamp: datetime) -> dict[str, Any]:
    """The order as confirmed: a join request awaiting the host (SeatState.REQUESTED), or as it stands when the
    confirm is answered later."""
    return _callback(request_context, "on_confirm", bpp, timestamp, {"order": whole_order(order)})


def on_status(
    request_context: dict[str, Any], bpp: Bpp, order: SeatOrder, timestamp: datetime, *, message_id: str | None = None
) -> dict[str, Any]:
    """The order as it stands: the answer to a status request, or unsolicited (with a new `message_id`) when the
    host approves, the trip starts or ends."""
    return _callback(request_context, "on_status", bpp, timestamp, {"order": whole_order(order)}, message_id)


def on_cancel(
    request_context: dict[str, Any],
    bpp: Bpp,
    order: SeatOrder,
    timestamp: datetime,
    *,
    soft: bool = False,
    message_id: str | None = None,
) -> dict[str, Any]:
    """The order ended (its state one of seat.ENDED): by the rider (REVOKED, LEFT), by the host's refusal or removal,
    by the trip's cancellation. `soft` answers a SOFT_CANCEL, the buyer app's question of what cancelling would cost:
    the open order as it stands, status SOFT_CANCEL, nothing to pay."""
    codes = TRV10_STATES[order.state]
    if soft != (codes.cancelled_by is None):
        raise ValueError(f"a {order.state} order is not {'open' if soft else 'cancelled'}")
    message = whole_order(order) | ({"status": ORDER_SOFT_CANCEL} if soft else {})
    return _callback(request_context, "on_cancel", bpp, timestamp, {"order": message}, message_id)


def on_track(
    request_context: dict[str, Any], bpp: Bpp, order: SeatOrder, tracking: Tracking, timestamp: datetime
) -> dict[str, Any]:
    """The live link's data: given, with the last location it shows, to an approved rider of a trip not yet over;
    to anyone else tracking is `inactive`, without a link or a place. (The app's live link stays readable an hour
    after the trip; TRV10's tracking of an ended ride is inactive, so a completed seat's is too.)"""
    live = order.state in (SeatState.APPROVED, SeatState.STARTED) and tracking.url is not None
    answer: dict[str, Any] = {"id": order.order_id or order.fulfillment_id, "status": "active" if live else "inactive"}
    if live:
        answer["url"] = tracking.url
        if tracking.location is not None:
            location: dict[str, Any] = {"gps": tracking.location.gps()}
            if tracking.updated_at is not None:
                location["updated_at"] = rfc3339(tracking.updated_at)
            answer["location"] = location
    return _callback(request_context, "on_track", bpp, timestamp, {"tracking": answer})


def on_rating(request_context: dict[str, Any], bpp: Bpp, timestamp: datetime, *, recorded: bool) -> dict[str, Any]:
    """The acknowledgement of a rating: `recorded` when it became the rider's review of the host. The spec's message
    has no field for it (only a feedback form); its examples answer `rating_ack` and `feedback_ack`, as this does."""
    return _callback(request_context, "on_rating", bpp, timestamp, {"rating_ack": recorded, "feedback_ack": False})


def on_support(
    request_context: dict[str, Any], bpp: Bpp, order_id: str | None, support: SupportContact, timestamp: datetime
) -> dict[str, Any]:
    """Humsafar's support for the order (`ref_id`): the support form, e-mail and phone. Never the host's phone."""
    answer: dict[str, Any] = {"url": support.form_url, "email": support.email}
    if order_id is not None:
        answer["ref_id"] = order_id
    if support.phone is not None:
        answer["phone"] = support.phone
    return _callback(request_context, "on_support", bpp, timestamp, {"support": answer})


def whole_order(order: SeatOrder) -> dict[str, Any]:
    """The confirmed order: its id and status, the seat, its fulfillment's state, terms, and when it changed."""
    if order.order_id is None:
        raise ValueError("an order is confirmed with its id")
    codes = TRV10_STATES[order.state]
    message: dict[str, Any] = {
        "id": order.order_id,
        "status": codes.order_status,
        "provider": provider(order),
        "items": [item(order) | {"payment_ids": [PAYMENT_ID]}],
        "fulfillments": [fulfillment(order, with_state=True)],
        "quote": quote(order),
        "payments": [payment(order)],
        "cancellation_terms": cancellation_terms(),
    }
    if codes.cancelled_by is not None:
        message["cancellation"] = cancellation(order)
    if order.created_at is not None:
        message["created_at"] = rfc3339(order.created_at)
    if order.updated_at is not None:
        message["updated_at"] = rfc3339(order.updated_at)
    return message


def provider(order: SeatOrder) -> dict[str, Any]:
    """Humsafar, with the trip's ends as buyers may show them: the centres of their cells, never the host's exact
    start or end (the item's location_ids, as the catalog gave them)."""
    return {
        "id": PROVIDER_ID,
        "locations": [
            {"id": f"L{order.trip_id}-FROM", "gps": cell(order.trip_start)},
            {"id": f"L{order.trip_id}-TO", "gps": cell(order.trip_end)},
        ],
    }


def item(order: SeatOrder) -> dict[str, Any]:
    """The seat: TRV10 has no shared seat, so the item RIDE is bought in a quantity, one for each seat."""
    return {
        "id": order.item_id,
        "descriptor": {"code": RIDE, "name": f"A seat with {order.host.first_name}"},
        "quantity": {"selected": {"count": order.seats}},
        "price": price(order.price_per_seat),
        "fulfillment_ids": [order.fulfillment_id],
        "location_ids": [f"L{order.trip_id}-FROM", f"L{order.trip_id}-TO"],
    }


def fulfillment(order: SeatOrder, *, with_state: bool) -> dict[str, Any]:
    """The host's trip from the rider's pick-up (at the departure) to their drop, the host as the agent."""
    agent: dict[str, Any] = {"person": {"name": order.host.first_name}}
    if order.host.rating is not None:
        agent["rating"] = f"{order.host.rating:.1f}"
    # The host's number reaches an accepted rider only, and only when the host shared it with the trip's members.
    if order.state in ACCEPTED and order.host.shared_phone is not None:
        agent["contact"] = {"phone": order.host.shared_phone}
    answer: dict[str, Any] = {
        "id": order.fulfillment_id,
        "type": FULFILLMENT_TYPE,
        "stops": [
            {
                "type": "START",
                "location": {"gps": order.pick_up.gps()},
                "time": {"timestamp": rfc3339(order.departure)},
            },
            {"type": "END", "location": {"gps": order.drop.gps()}},
        ],
        "agent": agent,
        "tags": [
            {
                "descriptor": {"code": HOST_TAGS},
                "display": True,
                "list": [{"descriptor": {"code": "IDENTITY_VERIFIED"}, "value": str(order.host.verified).lower()}],
            }
        ],
    }
    if order.vehicle_category is not None:
        answer["vehicle"] = {"category": order.vehicle_category}
    if order.rider is not None:
        answer["customer"] = {"person": {"name": order.rider.name}, "contact": {"phone": order.rider.phone}}
    if with_state:
        state: dict[str, Any] = {"descriptor": {"code": TRV10_STATES[order.state].fulfillment_state}}
        if order.updated_at is not None:
            state["updated_at"] = rfc3339(order.updated_at)
        answer["state"] = state
    return answer


def quote(order: SeatOrder) -> dict[str, Any]:
    """The seat's share times the seats: one BASE_FARE line, the item and its count in it. No distance, waiting or
    night charge: a host shares the trip's cost, and is not paid by the kilometre."""
    return {
        "price": price(order.total),
        "breakup": [
            {
                "title": "BASE_FARE",
                "item": {"id": order.item_id, "quantity": {"selected": {"count": order.seats}}},
                "price": price(order.total),
            }
        ],
        "ttl": QUOTE_TTL,
    }


def payment(order: SeatOrder) -> dict[str, Any]:
    """Paid to the host at the ride, in cash or by UPI to the host's own account: in TRV10's words, collected by the
    provider's side (BPP) on fulfillment, as a driver collects a fare. Humsafar holds no money, so nothing is settled
    between the apps: no buyer finder fee, a settlement of 0."""
    return {
        "id": PAYMENT_ID,
        "collected_by": "BPP",
        "type": "ON-FULFILLMENT",
        "status": "NOT-PAID",
        "params": {"amount": amount(order.total), "currency": CURRENCY},
        "tags": [
            {
                "descriptor": {"code": "BUYER_FINDER_FEES"},
                "display": False,
                "list": [
                    {"descriptor": {"code": "BUYER_FINDER_FEES_TYPE"}, "value": "percent"},
                    {"descriptor": {"code": "BUYER_FINDER_FEES_PERCENTAGE"}, "value": "0"},
                ],
            },
            {
                "descriptor": {"code": "SETTLEMENT_TERMS"},
                "display": False,
                "list": [
                    {"descriptor": {"code": "SETTLEMENT_BASIS"}, "value": "DELIVERY"},
                    {"descriptor": {"code": "SETTLEMENT_AMOUNT"}, "value": "0"},
                ],
            },
        ],
    }


def cancellation_terms() -> list[dict[str, Any]]:
    """A rider may cancel for nothing until the trip starts (and leave it after): Humsafar charges no fee."""
    return [
        {
            "fulfillment_state": {"descriptor": {"code": code}},
            "cancellation_fee": {"percentage": "0"},
            "reason_required": False,
        }
        for code in ("RIDE_CONFIRMED", "RIDE_ASSIGNED", "RIDE_STARTED")
    ]


def cancellation(order: SeatOrder) -> dict[str, Any]:
    """Who ended the order and why: the provider's reason for the host's or the trip's, the buyer app's own for the
    rider's (when it is one of TRV10's)."""
    codes = TRV10_STATES[order.state]
    answer: dict[str, Any] = {"cancelled_by": codes.cancelled_by}
    reason = codes.reason or (order.rider_reason if order.rider_reason in CANCELLATION_REASONS else None)
    if reason is not None:
        answer["reason"] = {"descriptor": {"code": reason}}
    if order.updated_at is not None:
        answer["time"] = rfc3339(order.updated_at)
    return answer


def cell(point: Point) -> str:
    """The centre of the point's cell (about 500 m): how the app shows a trip's end to anyone not on it."""
    latitude, longitude = approximate(point.latitude, point.longitude)
    return Point(latitude, longitude).gps()


def price(value: Decimal) -> dict[str, str]:
    return {"currency": CURRENCY, "value": amount(value)}


def amount(value: Decimal) -> str:
    """INR as TRV10's decimal text: rupees and paise, "146.00"."""
    return str(value.quantize(Decimal("0.01")))


def rfc3339(moment: datetime) -> str:
    """UTC, to the millisecond, with a Z (as the examples write it)."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _callback(
    request_context: dict[str, Any],
    action: str,
    bpp: Bpp,
    timestamp: datetime,
    message: dict[str, Any],
    message_id: str | None = None,
) -> dict[str, Any]:
    context = reply_context(request_context, action, bpp, timestamp, message_id=message_id)
    return {"context": context, "message": message}
