"""A seat booked from the open mobility network (docs/interop.md, "A network rider"): a host publishes a trip in the
app; the sandbox buyer app (sandbox/beckn_buyer.py) searches, finds it, selects, inits and confirms a seat for a rider
of its own; the host sees the request in the browser marked with the buyer app's name, never the rider's phone, and
accepts it; and the buyer app hears, unsolicited, that the seat is accepted (on_status, RIDE_ASSIGNED)."""

import time
from collections.abc import Callable
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, expect

from domain import clock
from tests.e2e.axe import Audit
from tests.e2e.test_join_journey import actions, publish_trip, toast
from tests.e2e.test_notifications import csrf_headers
from tests.e2e.test_trip_journey import new_person

BUYER = "/api/sandbox/beckn/buyer"
RIDER_NAME = "Asha"
RIDER_PHONE = "9812345670"
# A route no other journey drives, so the buyer app's search lists this trip among the soonest, whatever else the
# shared database holds.
ORIGIN, DESTINATION = "Yelahanka", "Whitefield"
# How long a callback may take: the order's flow answers through the worker, which signs and sends it.
CALLBACK_SECONDS = 30.0

Callback = dict[str, Any]


def buyer_app(browser: Browser, base_url: str) -> BrowserContext:
    """What a person testing from outside uses to drive the sandbox buyer app: a context holding the app's CSRF
    cookie, as a browser on the sandbox's pages would."""
    context = browser.new_context(base_url=base_url)
    answer = context.request.get("/api/auth/session")
    assert answer.ok, answer.text()
    return context


def send(buyer: BrowserContext, action: str, message: dict[str, Any], transaction_id: str | None = None) -> str:
    """The buyer app signs and sends one request to Humsafar, which ACKs it; the transaction it belongs to."""
    body: dict[str, Any] = {"action": action, "message": message}
    if transaction_id is not None:
        body["transaction_id"] = transaction_id
    answer = buyer.request.post(f"{BUYER}/send", data=body, headers=csrf_headers(buyer))
    assert answer.ok, answer.text()
    sent = answer.json()["data"]
    assert sent["answer"] == {"message": {"ack": {"status": "ACK"}}}, sent
    return str(sent["transaction_id"])


def callbacks_until(
    buyer: BrowserContext, transaction_id: str, wanted: Callable[[list[Callback]], bool], what: str
) -> list[Callback]:
    """The callbacks the buyer app has received for the transaction, once they hold what is wanted (polled, with a
    deadline)."""
    deadline = time.monotonic() + CALLBACK_SECONDS
    while True:
        answer = buyer.request.get(f"{BUYER}/callbacks", params={"transaction_id": transaction_id})
        assert answer.ok, answer.text()
        received: list[Callback] = answer.json()["data"]
        if wanted(received):
            return received
        if time.monotonic() > deadline:
            actions_seen = [callback["action"] for callback in received]
            raise AssertionError(f"no {what} within {CALLBACK_SECONDS} s; the buyer app received {actions_seen}")
        time.sleep(0.25)


def with_action(action: str, count: int = 1) -> Callable[[list[Callback]], bool]:
    return lambda received: sum(callback["action"] == action for callback in received) >= count


def search_intent(trip: dict[str, Any]) -> dict[str, Any]:
    """A rider's search from the trip's start to its end, leaving at the trip's time."""
    leaves = datetime.strptime(trip["scheduled_at"], "%Y-%m-%d %H:%M").replace(tzinfo=clock.IST)
    start, end = trip["origin"], trip["destination"]
    return {
        "intent": {
            "fulfillment": {
                "stops": [
                    {
                        "type": "START",
                        "location": {"gps": f"{start['latitude']}, {start['longitude']}"},
                        "time": {"timestamp": leaves.isoformat()},
                    },
                    {"type": "END", "location": {"gps": f"{end['latitude']}, {end['longitude']}"}},
                ]
            }
        }
    }


def test_a_seat_booked_through_a_buyer_app_is_marked_accepted_by_the_host_and_told_to_the_buyer_app(
    browser: Browser, base_url: str, audit: Audit
) -> None:
    host_context, host, host_errors = new_person(browser, base_url, "Meera Iyer", "Female")
    trip_path = publish_trip(host, base_url, ORIGIN, DESTINATION)
    trip_id = int(trip_path.rsplit("/", 1)[1])
    read = host_context.request.get(f"/api/trip/trip/{trip_id}")
    assert read.ok, read.text()
    trip = read.json()["data"]

    # The buyer app searches the network and finds the trip as a ride of one provider.
    buyer = buyer_app(browser, base_url)
    subscriber_id = f"buyer.sandbox.{urlsplit(base_url).hostname}"
    transaction_id = send(buyer, "search", search_intent(trip))
    [on_search] = callbacks_until(buyer, transaction_id, with_action("on_search"), "on_search")
    providers = on_search["body"]["message"]["catalog"]["providers"]
    listed = [item["id"] for provider in providers for item in provider["items"]]
    assert f"I{trip_id}" in listed, listed

    # It selects a seat, gives its rider's name and phone on init, and confirms.
    item = {"id": f"I{trip_id}", "quantity": {"selected": {"count": 1}}}
    rider = {"customer": {"person": {"name": RIDER_NAME}, "contact": {"phone": RIDER_PHONE}}}
    order = {"provider": {"id": "HUMSAFAR"}, "items": [item], "fulfillments": [{"id": f"F{trip_id}", **rider}]}
    send(buyer, "select", {"order": {"provider": {"id": "HUMSAFAR"}, "items": [item]}}, transaction_id)
    send(buyer, "init", {"order": order}, transaction_id)
    callbacks_until(buyer, transaction_id, with_action("on_init"), "on_init")
    send(buyer, "confirm", {"order": order}, transaction_id)
    received = callbacks_until(buyer, transaction_id, with_action("on_confirm"), "on_confirm")
    [on_confirm] = [callback["body"] for callback in received if callback["action"] == "on_confirm"]
    assert "error" not in on_confirm, on_confirm
    confirmed = on_confirm["message"]["order"]
    assert confirmed["fulfillments"][0]["state"]["descriptor"]["code"] == "RIDE_CONFIRMED"

    # The host sees the request, marked with the buyer app that booked it, and never the rider's phone.
    host.goto(trip_path)
    actions(host).get_by_role("button", name="Requests(1)").click()
    requests = host.get_by_role("dialog", name="Requests(1)")
    request = requests.get_by_test_id("join-request")
    expect(request).to_contain_text(RIDER_NAME)
    mark = request.get_by_test_id("booked-through")
    expect(mark).to_have_text(f"Booked through {subscriber_id}")
    expect(mark).to_be_visible()
    # A network rider has no profile in the app: their name opens none.
    expect(request.get_by_test_id("person-button")).to_have_count(0)
    expect(host.locator("body")).not_to_contain_text(RIDER_PHONE)
    audit(host, "requests dialog, a network rider's request")
    request.get_by_role("button", name=f"Accept {RIDER_NAME}").click()
    expect(toast(host, "Request accepted")).to_be_visible()
    expect(host.get_by_role("dialog", name="Requests(0)")).to_contain_text("No pending requests")
    host.keyboard.press("Escape")

    # Now a member: on the sheet's people, "via" the buyer app, heard whole; and in the host's Members.
    sheet = host.get_by_role("dialog", name="Trip")
    expect(sheet).to_contain_text("People joined (2/")
    joined_mark = sheet.get_by_test_id("booked-through")
    expect(joined_mark).to_contain_text(f"via {subscriber_id}")
    expect(joined_mark.locator(".visually-hidden")).to_have_text(f"Booked through {subscriber_id}")
    audit(host, "trip sheet, a network rider joined")
    sheet.get_by_role("button", name="Trip options").click()
    sheet.get_by_role("menuitem", name="Members").click()
    member = host.get_by_role("dialog", name="Members").get_by_test_id("trip-member")
    expect(member).to_contain_text(RIDER_NAME)
    expect(member.get_by_test_id("booked-through")).to_have_text(f"Booked through {subscriber_id}")
    expect(host.locator("body")).not_to_contain_text(RIDER_PHONE)
    audit(host, "members dialog, a network rider")

    # The buyer app hears, unsolicited, that the host accepted the seat.
    received = callbacks_until(buyer, transaction_id, with_action("on_status"), "on_status")
    [on_status] = [callback["body"] for callback in received if callback["action"] == "on_status"]
    told = on_status["message"]["order"]
    assert on_status["context"]["transaction_id"] == transaction_id
    assert told["id"] == confirmed["id"] and told["status"] == "ACTIVE"
    assert told["fulfillments"][0]["state"]["descriptor"]["code"] == "RIDE_ASSIGNED"

    assert host_errors == []
    audit.assert_clean(expected_states=3)
    buyer.close()
    host_context.close()
