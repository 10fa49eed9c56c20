"""A network rider books a seat (docs/interop.md, "A network rider"): through the sandbox buyer app, search, select,
init and confirm make a join request as the app makes one, which the host sees and answers in the app; the buyer app
hears the order awaiting the host (on_confirm), then, unsolicited, the host's answer (on_status). The app's rules
refuse an order as they refuse a member (on_confirm with the spec's error), and a confirm sent again changes
nothing."""

import json
import time
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from sqlalchemy import func, select

from domain import clock
from domain.models import BecknMessage, NetworkOrder, TripPassenger, User
from domain.rules import messages
from sandbox.beckn_buyer import buyer_signer
from tests.api.conftest import api_settings, app, app_flow, make_client, new_person, push_destinations, worker  # noqa: F401
from tests.api.test_search_along import ELECTRONIC_CITY, HEBBAL, HSR_LAYOUT, SHIVAJINAGAR, host_trip
from tests.api.test_trips import read
from tests.beckn.spec import assert_known_codes, assert_valid_callback
from tests.beckn.test_bpp import BUYER, buyer_app, callbacks, day, search  # noqa: F401
from tests.workflows.recorded import replay_and_record
from workflows.beckn.contracts import beckn_order_workflow_id

pytestmark = pytest.mark.usefixtures("worker")


async def send(browser: httpx.AsyncClient, action: str, message: dict[str, Any], **context: str) -> dict[str, Any]:
    sent = await browser.post(f"{BUYER}/send", json={"action": action, "message": message, **context})
    assert sent.status_code == 200, sent.text
    data = sent.json()["data"]
    assert data["answer"] == {"message": {"ack": {"status": "ACK"}}}, sent.text
    return dict(data)


async def booked(
    browser: httpx.AsyncClient,
    trip_id: int,
    day,  # noqa: F811
    name: str,
    phone: str,
    *,
    quoted: bool = True,
) -> tuple[str, dict[str, Any]]:
    """Search, then (when quoted) select and init of one seat on the trip; the transaction and the confirm to send."""
    at_noon = datetime.combine(day, datetime.min.time().replace(hour=12), clock.IST)
    intent = search(buyer_app(), HSR_LAYOUT, SHIVAJINAGAR)["message"]
    intent["intent"]["fulfillment"]["stops"][0]["time"] = {"timestamp": at_noon.isoformat()}
    transaction_id = (await send(browser, "search", intent))["transaction_id"]
    await callbacks(browser, transaction_id, 1)
    item = {"id": f"I{trip_id}", "quantity": {"selected": {"count": 1}}}
    rider = {"customer": {"person": {"name": name}, "contact": {"phone": phone}}}
    order = {"provider": {"id": "HUMSAFAR"}, "items": [item], "fulfillments": [{"id": f"F{trip_id}", **rider}]}
    if quoted:
        selected = {"order": {"provider": {"id": "HUMSAFAR"}, "items": [item]}}
        await send(browser, "select", selected, transaction_id=transaction_id)
        await send(browser, "init", {"order": order}, transaction_id=transaction_id)
        await callbacks(browser, transaction_id, 3)
    return transaction_id, {"order": order}


def valid(callback: dict[str, Any]) -> dict[str, Any]:
    assert_valid_callback(callback["action"], callback["body"])
    assert_known_codes(callback["action"], callback["body"])
    return dict(callback["body"])


async def test_a_confirmed_seat_is_a_request_the_host_answers_and_the_buyer_app_hears_it(app, day):  # noqa: F811
    async with new_person(app, "Meera Iyer") as host:
        trip_id = await host_trip(host, day, ELECTRONIC_CITY, HEBBAL, estimated_cost=600, total_passengers=2)
        async with make_client(app) as browser:
            await browser.get("/api/auth/session")
            transaction_id, confirm = await booked(browser, trip_id, day, "Joe Adams", "9876556789")
            sent = await send(browser, "confirm", confirm, transaction_id=transaction_id)
            received = await callbacks(browser, transaction_id, 4)
            assert [callback["action"] for callback in received] == ["on_search", "on_select", "on_init", "on_confirm"]
            on_confirm = valid(received[3])
            assert on_confirm["context"]["message_id"] == sent["message_id"]
            assert "error" not in on_confirm
            order = on_confirm["message"]["order"]
            assert order["status"] == "ACTIVE" and order["id"].startswith("O")
            assert order["fulfillments"][0]["state"]["descriptor"]["code"] == "RIDE_CONFIRMED"

            # The host sees the request, from the rider through their buyer app, and never the rider's phone.
            seen = await read(host, trip_id)
            [pending] = [p for p in seen["passengers"] if p["status"] == "requested"]
            assert pending["name"] == "Joe Adams"
            assert sent_by(app) in pending["additional_note"]
            assert "9876556789" not in json.dumps(seen)

            # A confirm sent again (the same message) changes nothing; one confirming the order again (a new
            # message) is answered with the order as it stands.
            async with app.state.session_maker() as session:
                kept = await session.scalar(
                    select(BecknMessage.request).where(BecknMessage.message_id == sent["message_id"])
                )
            body = json.dumps(kept).encode()
            headers = {
                "Authorization": buyer_signer(app.state.settings).authorization(body, int(time.time())),
                "Content-Type": "application/json",
            }
            again = await browser.post("/beckn/confirm", content=body, headers=headers)
            assert again.status_code == 200 and again.json() == {"message": {"ack": {"status": "ACK"}}}, again.text
            await send(browser, "confirm", confirm, transaction_id=transaction_id)
            received = await callbacks(browser, transaction_id, 5)
            assert [callback["action"] for callback in received[3:]] == ["on_confirm", "on_confirm"]
            assert valid(received[4])["message"]["order"]["id"] == order["id"]
            async with app.state.session_maker() as session:
                rows = await session.scalar(select(func.count()).where(TripPassenger.trip_id == trip_id))
                orders = await session.scalar(select(func.count()).where(NetworkOrder.transaction_id == transaction_id))
                rider = await session.scalar(
                    select(User).where(User.name == "Joe Adams", User.network_phone == "9876556789")
                )
            assert rows == 2 and orders == 1
            assert rider is not None and rider.mobile_number is None

            approved = await host.put(
                f"/api/trip/user/host/{pending['id']}", json={"action": "APPROVE", "trip_id": trip_id}
            )
            assert approved.status_code == 200, approved.text
            received = await callbacks(browser, transaction_id, 6)
            news = [callback for callback in received if callback["action"] == "on_status"]
            assert len(news) == 1
            on_status = valid(news[0])
            assert on_status["context"]["transaction_id"] == transaction_id
            assert on_status["context"]["message_id"] != sent["message_id"]
            told = on_status["message"]["order"]
            assert told["id"] == order["id"] and told["status"] == "ACTIVE"
            assert told["fulfillments"][0]["state"]["descriptor"]["code"] == "RIDE_ASSIGNED"

            # The trip is full now (no longer listed or quoted): a second rider's order is refused by the app's own
            # rule.
            second, confirm = await booked(browser, trip_id, day, "Asha Rao", "9876500000", quoted=False)
            await send(browser, "confirm", confirm, transaction_id=second)
            refused = await callbacks(browser, second, 2)
            assert [callback["action"] for callback in refused] == ["on_search", "on_confirm"]
            on_confirm = valid(refused[1])
            assert on_confirm["error"]["code"] == "40000" and "message" not in on_confirm
            assert on_confirm["error"]["message"] == "Trip is full"

    order_flow = await app_flow(app, beckn_order_workflow_id(transaction_id))
    assert await order_flow.query("answered") == 5
    await replay_and_record(order_flow, "beckn_order_confirmed")


def sent_by(app) -> str:  # noqa: F811
    """The sandbox buyer app's subscriber id (docs/interop.md, "The sandbox buyer app")."""
    return f"buyer.sandbox.{urlsplit(app.state.settings.public_app_url).hostname}"


async def test_the_hosts_refusal_reaches_the_buyer_app_as_the_providers_cancellation(app, day):  # noqa: F811
    async with new_person(app, "Farhan Sheikh") as host:
        trip_id = await host_trip(host, day, ELECTRONIC_CITY, HEBBAL, estimated_cost=600, total_passengers=4)
        async with make_client(app) as browser:
            await browser.get("/api/auth/session")
            transaction_id, confirm = await booked(browser, trip_id, day, "Ravi Shankar", "9876512345")
            await send(browser, "confirm", confirm, transaction_id=transaction_id)
            order = valid((await callbacks(browser, transaction_id, 4))[3])["message"]["order"]
            seen = await read(host, trip_id)
            [pending] = [p for p in seen["passengers"] if p["status"] == "requested"]
            rejected = await host.put(
                f"/api/trip/user/host/{pending['id']}",
                json={"action": "REJECT", "trip_id": trip_id, "additional_note": "Car is full of luggage"},
            )
            assert rejected.status_code == 200, rejected.text
            received = await callbacks(browser, transaction_id, 5)

    assert [callback["action"] for callback in received][3:] == ["on_confirm", "on_cancel"]
    on_cancel = valid(received[4])
    told = on_cancel["message"]["order"]
    assert told["id"] == order["id"] and told["status"] == "CANCELLED"
    assert told["fulfillments"][0]["state"]["descriptor"]["code"] == "RIDE_CANCELLED"
    assert told["cancellation"]["cancelled_by"] == "PROVIDER"


async def test_an_order_whose_stops_are_off_the_hosts_way_is_refused_as_a_members_would_be(app, day):  # noqa: F811
    async with new_person(app, "Nisha Pillai") as host:
        trip_id = await host_trip(host, day, ELECTRONIC_CITY, HEBBAL, estimated_cost=600, total_passengers=4)
        async with make_client(app) as browser:
            await browser.get("/api/auth/session")
            transaction_id, confirm = await booked(browser, trip_id, day, "Kiran Das", "9876598765", quoted=False)
            # Mysuru to Mandya: nowhere near the host's way across Bengaluru.
            confirm["order"]["fulfillments"][0]["stops"] = [
                {"type": "START", "location": {"gps": "12.295810, 76.639381"}},
                {"type": "END", "location": {"gps": "12.522100, 76.897400"}},
            ]
            await send(browser, "confirm", confirm, transaction_id=transaction_id)
            received = await callbacks(browser, transaction_id, 2)
            seen = await read(host, trip_id)

    on_confirm = valid(received[1])
    assert on_confirm["error"]["message"] in (messages.JOIN_STOPS_OUT_OF_WAY, messages.JOIN_STOPS_WRONG_WAY)
    assert [p for p in seen["passengers"] if p["status"] == "requested"] == []
