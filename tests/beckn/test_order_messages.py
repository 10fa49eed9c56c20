"""The callbacks of a shared seat's order: each valid against the published TRV10 schema in every state, the
mapping of Humsafar's states onto TRV10's codes, and the share rules (no exact host end; the host's phone only to an
accepted rider who was shared it)."""

import json
from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest

from domain.providers.beckn.order import (
    on_cancel,
    on_confirm,
    on_init,
    on_rating,
    on_select,
    on_status,
    on_support,
    on_track,
    reply_context,
)
from domain.providers.beckn.seat import (
    ACCEPTED,
    ENDED,
    TRV10_STATES,
    Bpp,
    Host,
    Point,
    Rider,
    SeatOrder,
    SeatState,
    SupportContact,
    Tracking,
    Trv10State,
)
from domain.rules.geo import approximate
from tests.beckn.spec import assert_known_codes, assert_valid_callback, example_context

NOW = datetime(2026, 12, 7, 9, 30, tzinfo=UTC)
BPP = Bpp(subscriber_id="humsafar.example", subscriber_url="https://humsafar.example/beckn")
HOST_PHONE = "9876500011"
TRIP_END = Point(12.934567, 77.610123)  # the host's exact end: Koramangala
TRIP_START = Point(13.035542, 77.597100)
OPEN = [SeatState.REQUESTED, SeatState.APPROVED, SeatState.STARTED, SeatState.COMPLETED]

SEAT = SeatOrder(
    trip_id=42,
    seats=2,
    price_per_seat=Decimal("85"),
    vehicle_category="CAB",
    host=Host(first_name="Meera", rating=Decimal("4.8"), verified=True, shared_phone=HOST_PHONE),
    pick_up=Point(13.008935, 77.644408),
    drop=Point(12.971186, 77.586812),
    trip_start=TRIP_START,
    trip_end=TRIP_END,
    departure=datetime(2026, 12, 7, 12, 0, tzinfo=UTC),
)
CONFIRMED = replace(
    SEAT,
    order_id="HS-42-7",
    rider=Rider(name="Joe Adams", phone="9876556789"),
    created_at=datetime(2026, 12, 7, 9, 0, tzinfo=UTC),
    updated_at=datetime(2026, 12, 7, 9, 20, tzinfo=UTC),
)


def request(action: str) -> dict[str, Any]:
    """The context of the official example of `action`, as a buyer app sends it."""
    return example_context(action)


def text(message: dict[str, Any]) -> str:
    return json.dumps(message)


def order_of(message: dict[str, Any]) -> dict[str, Any]:
    order: dict[str, Any] = message["message"]["order"]
    return order


def test_the_reply_context_answers_the_request_from_humsafar() -> None:
    asked = request("select")
    context = reply_context(asked, "on_select", BPP, NOW)
    assert context == {
        "domain": "ONDC:TRV10",
        "location": asked["location"],
        "action": "on_select",
        "version": "2.0.1",
        "bap_id": asked["bap_id"],
        "bap_uri": asked["bap_uri"],
        "bpp_id": "humsafar.example",
        "bpp_uri": "https://humsafar.example/beckn",
        "transaction_id": asked["transaction_id"],
        "message_id": asked["message_id"],
        "timestamp": "2026-12-07T09:30:00.000Z",
        "ttl": asked["ttl"],
    }


def test_an_unsolicited_callback_keeps_the_transaction_under_a_new_message_id() -> None:
    asked = {name: value for name, value in request("confirm").items() if name != "ttl"}
    fresh = "5f0c6a43-3f6b-4e61-9a4f-2d6c1c7a0e11"
    approved = replace(CONFIRMED, state=SeatState.APPROVED)
    for message in (
        on_status(asked, BPP, approved, NOW, message_id=fresh),
        on_cancel(asked, BPP, replace(CONFIRMED, state=SeatState.REJECTED), NOW, message_id=fresh),
    ):
        assert message["context"]["transaction_id"] == asked["transaction_id"]
        assert message["context"]["message_id"] == fresh
        assert message["context"]["ttl"] == "PT30S"  # the request named none
        assert_valid_callback(message["context"]["action"], message)


def test_the_quote_is_the_seats_share_times_the_seats() -> None:
    message = on_select(request("select"), BPP, SEAT, NOW)
    assert_valid_callback("on_select", message)
    order = order_of(message)
    assert order["quote"]["price"] == {"currency": "INR", "value": "170.00"}
    assert order["quote"]["breakup"] == [
        {
            "title": "BASE_FARE",
            "item": {"id": "I42", "quantity": {"selected": {"count": 2}}},
            "price": {"currency": "INR", "value": "170.00"},
        }
    ]
    assert order["items"][0]["price"] == {"currency": "INR", "value": "85.00"}
    assert order["items"][0]["quantity"] == {"selected": {"count": 2}}
    assert "id" not in order and "payments" not in order


def test_the_terms_are_paid_to_the_host_at_the_ride_with_no_fee_between_the_apps() -> None:
    message = on_init(request("init"), BPP, replace(SEAT, rider=CONFIRMED.rider), NOW)
    assert_valid_callback("on_init", message)
    order = order_of(message)
    [payment] = order["payments"]
    assert (payment["collected_by"], payment["type"], payment["status"]) == ("BPP", "ON-FULFILLMENT", "NOT-PAID")
    assert payment["params"] == {"amount": "170.00", "currency": "INR"}
    fees = {tag["descriptor"]["code"]: tag["value"] for group in payment["tags"] for tag in group["list"]}
    assert fees["BUYER_FINDER_FEES_PERCENTAGE"] == "0" and fees["SETTLEMENT_AMOUNT"] == "0"
    assert order["items"][0]["payment_ids"] == [payment["id"]]
    assert {term["cancellation_fee"]["percentage"] for term in order["cancellation_terms"]} == {"0"}
    assert order["fulfillments"][0]["customer"] == {"person": {"name": "Joe Adams"}, "contact": {"phone": "9876556789"}}


def test_a_confirmed_order_awaits_the_host() -> None:
    message = on_confirm(request("confirm"), BPP, CONFIRMED, NOW)
    assert_valid_callback("on_confirm", message)
    order = order_of(message)
    assert (order["id"], order["status"]) == ("HS-42-7", "ACTIVE")
    assert order["fulfillments"][0]["state"]["descriptor"]["code"] == "RIDE_CONFIRMED"
    assert "cancellation" not in order


@pytest.mark.parametrize("state", list(SeatState))
def test_every_state_is_a_valid_on_status(state: SeatState) -> None:
    message = on_status(request("status"), BPP, replace(CONFIRMED, state=state), NOW)
    assert_valid_callback("on_status", message)
    order = order_of(message)
    codes = TRV10_STATES[state]
    assert order["status"] == codes.order_status
    assert order["fulfillments"][0]["state"]["descriptor"]["code"] == codes.fulfillment_state
    assert ("cancellation" in order) == (state in ENDED)


@pytest.mark.parametrize("state", list(SeatState))
def test_every_state_is_a_valid_on_confirm(state: SeatState) -> None:
    assert_valid_callback("on_confirm", on_confirm(request("confirm"), BPP, replace(CONFIRMED, state=state), NOW))


def test_the_state_mapping() -> None:
    assert {
        SeatState.REQUESTED: Trv10State("ACTIVE", "RIDE_CONFIRMED"),
        SeatState.APPROVED: Trv10State("ACTIVE", "RIDE_ASSIGNED"),
        SeatState.STARTED: Trv10State("ACTIVE", "RIDE_STARTED"),
        SeatState.COMPLETED: Trv10State("COMPLETE", "RIDE_ENDED"),
        SeatState.REJECTED: Trv10State("CANCELLED", "RIDE_CANCELLED", "PROVIDER", "011"),
        SeatState.EXPIRED: Trv10State("CANCELLED", "RIDE_CANCELLED", "PROVIDER", "011"),
        SeatState.REMOVED: Trv10State("CANCELLED", "RIDE_CANCELLED", "PROVIDER", "013"),
        SeatState.TRIP_CANCELLED: Trv10State("CANCELLED", "RIDE_CANCELLED", "PROVIDER", "011"),
        SeatState.REVOKED: Trv10State("CANCELLED", "RIDE_CANCELLED", "CONSUMER"),
        SeatState.LEFT: Trv10State("CANCELLED", "RIDE_CANCELLED", "CONSUMER"),
    } == TRV10_STATES
    assert frozenset(SeatState) - frozenset(OPEN) == ENDED


@pytest.mark.parametrize(
    ("state", "by", "reason"),
    [
        (SeatState.REVOKED, "CONSUMER", "005"),
        (SeatState.LEFT, "CONSUMER", "005"),
        (SeatState.REJECTED, "PROVIDER", "011"),
        (SeatState.EXPIRED, "PROVIDER", "011"),
        (SeatState.REMOVED, "PROVIDER", "013"),
        (SeatState.TRIP_CANCELLED, "PROVIDER", "011"),
    ],
)
def test_each_way_an_order_ends_is_a_valid_on_cancel_naming_who_and_why(state: SeatState, by: str, reason: str) -> None:
    seat = replace(CONFIRMED, state=state, rider_reason="005")
    message = on_cancel(request("cancel"), BPP, seat, NOW)
    assert_valid_callback("on_cancel", message)
    order = order_of(message)
    assert (order["status"], order["fulfillments"][0]["state"]["descriptor"]["code"]) == ("CANCELLED", "RIDE_CANCELLED")
    assert order["cancellation"] == {
        "cancelled_by": by,
        "reason": {"descriptor": {"code": reason}},
        "time": "2026-12-07T09:20:00.000Z",
    }


def test_a_riders_reason_that_is_not_trv10s_is_left_out() -> None:
    """The official cancel example sends reason id "7", which TRV10's list does not hold."""
    order = order_of(on_cancel(request("cancel"), BPP, replace(CONFIRMED, state=SeatState.LEFT, rider_reason="7"), NOW))
    assert order["cancellation"] == {"cancelled_by": "CONSUMER", "time": "2026-12-07T09:20:00.000Z"}


@pytest.mark.parametrize("state", OPEN)
def test_a_soft_cancel_shows_the_open_order_at_no_cost(state: SeatState) -> None:
    message = on_cancel(request("cancel"), BPP, replace(CONFIRMED, state=state), NOW, soft=True)
    assert_valid_callback("on_cancel", message)
    order = order_of(message)
    assert order["status"] == "SOFT_CANCEL"
    assert order["fulfillments"][0]["state"]["descriptor"]["code"] == TRV10_STATES[state].fulfillment_state
    assert "cancellation" not in order


def test_an_open_order_is_no_cancellation_and_an_ended_one_no_soft_cancel() -> None:
    with pytest.raises(ValueError, match="not cancelled"):
        on_cancel(request("cancel"), BPP, CONFIRMED, NOW)
    with pytest.raises(ValueError, match="not open"):
        on_cancel(request("cancel"), BPP, replace(CONFIRMED, state=SeatState.LEFT), NOW, soft=True)


def test_an_order_is_confirmed_with_its_id() -> None:
    with pytest.raises(ValueError, match="with its id"):
        on_status(request("status"), BPP, SEAT, NOW)


LIVE = Tracking(
    url="https://humsafar.example/t/abc",
    location=Point(12.99, 77.6),
    updated_at=datetime(2026, 12, 7, 12, 5, tzinfo=UTC),
)
TRACKED = (SeatState.APPROVED, SeatState.STARTED)


@pytest.mark.parametrize("state", TRACKED)
def test_an_approved_rider_tracks_the_live_link(state: SeatState) -> None:
    message = on_track(request("track"), BPP, replace(CONFIRMED, state=state), LIVE, NOW)
    assert_valid_callback("on_track", message)
    assert message["message"]["tracking"] == {
        "id": "HS-42-7",
        "status": "active",
        "url": "https://humsafar.example/t/abc",
        "location": {"gps": "12.990000, 77.600000", "updated_at": "2026-12-07T12:05:00.000Z"},
    }


@pytest.mark.parametrize("state", [state for state in SeatState if state not in TRACKED])
def test_anyone_else_gets_no_link_and_no_place(state: SeatState) -> None:
    message = on_track(request("track"), BPP, replace(CONFIRMED, state=state), LIVE, NOW)
    assert_valid_callback("on_track", message)
    assert message["message"]["tracking"] == {"id": "HS-42-7", "status": "inactive"}


def test_a_link_turned_off_is_inactive() -> None:
    message = on_track(request("track"), BPP, replace(CONFIRMED, state=SeatState.STARTED), Tracking(url=None), NOW)
    assert message["message"]["tracking"]["status"] == "inactive"


@pytest.mark.parametrize("recorded", [True, False])
def test_a_rating_is_acknowledged(recorded: bool) -> None:
    message = on_rating(request("rating"), BPP, NOW, recorded=recorded)
    assert_valid_callback("on_rating", message)
    assert message["message"] == {"rating_ack": recorded, "feedback_ack": False}


def test_support_is_humsafars_form_mail_and_phone_for_the_order() -> None:
    support = SupportContact(form_url="https://humsafar.example/legal/support.html", email="support@humsafar.in")
    message = on_support(request("support"), BPP, "HS-42-7", replace(support, phone="+918068870525"), NOW)
    assert_valid_callback("on_support", message)
    assert message["message"]["support"] == {
        "ref_id": "HS-42-7",
        "url": "https://humsafar.example/legal/support.html",
        "email": "support@humsafar.in",
        "phone": "+918068870525",
    }
    without_phone = on_support(request("support"), BPP, None, support, NOW)
    assert_valid_callback("on_support", without_phone)
    assert set(without_phone["message"]["support"]) == {"url", "email"}


@pytest.mark.parametrize("state", list(SeatState))
def test_every_message_uses_only_trv10s_codes(state: SeatState) -> None:
    """States, payment terms, vehicle, fare lines and reasons from the network's lists, which the schema leaves open."""
    for action, message in all_messages(replace(CONFIRMED, state=state, rider_reason="005")):
        assert_valid_callback(action, message)
        assert_known_codes(action, message)


def all_messages(seat: SeatOrder) -> list[tuple[str, dict[str, Any]]]:
    messages = [
        ("on_select", on_select(request("select"), BPP, seat, NOW)),
        ("on_init", on_init(request("init"), BPP, seat, NOW)),
        ("on_track", on_track(request("track"), BPP, seat, LIVE, NOW)),
    ]
    if seat.order_id is not None:
        messages += [
            ("on_confirm", on_confirm(request("confirm"), BPP, seat, NOW)),
            ("on_status", on_status(request("status"), BPP, seat, NOW)),
            ("on_cancel", on_cancel(request("cancel"), BPP, seat, NOW, soft=seat.state not in ENDED)),
        ]
    return messages


@pytest.mark.parametrize("state", list(SeatState))
def test_the_hosts_exact_ends_are_never_sent_only_their_cells(state: SeatState) -> None:
    for action, message in all_messages(replace(CONFIRMED, state=state)):
        sent = text(message)
        for end in (TRIP_START, TRIP_END):
            assert f"{end.latitude:.6f}" not in sent and f"{end.longitude:.6f}" not in sent, action
            latitude, longitude = approximate(end.latitude, end.longitude)
            if action != "on_track":
                assert f"{latitude:.6f}, {longitude:.6f}" in sent, action


@pytest.mark.parametrize("state", list(SeatState))
def test_the_hosts_phone_reaches_only_an_accepted_rider(state: SeatState) -> None:
    """In every message that shows the host (all but tracking), and only once the host accepted the rider."""
    for action, message in all_messages(replace(CONFIRMED, state=state)):
        assert (HOST_PHONE in text(message)) == (state in ACCEPTED and action != "on_track"), action


def test_a_host_who_shared_no_number_has_none_sent() -> None:
    seat = replace(CONFIRMED, state=SeatState.APPROVED, host=replace(CONFIRMED.host, shared_phone=None))
    agent = order_of(on_status(request("status"), BPP, seat, NOW))["fulfillments"][0]["agent"]
    assert agent == {"person": {"name": "Meera"}, "rating": "4.8"}


def test_a_quote_without_a_rating_or_a_vehicle_is_still_valid() -> None:
    seat = replace(SEAT, vehicle_category=None, host=replace(SEAT.host, rating=None))
    message = on_select(request("select"), BPP, seat, NOW)
    assert_valid_callback("on_select", message)
    fulfillment = order_of(message)["fulfillments"][0]
    assert "vehicle" not in fulfillment and "rating" not in fulfillment["agent"]
