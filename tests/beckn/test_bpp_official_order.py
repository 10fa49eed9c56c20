"""The published examples of a whole order, replayed against the provider as one buyer app's transaction: search,
select, the three inits, the three confirms, both status requests, a soft cancel and a cancel, each example's
message as published, but for its item and fulfillment ids (the examples' I1 and F1 become the host's trip's) and the
search's time (the trip's day). Every callback Humsafar sends back validates against trv10-2.0.1-build.yaml and its
code lists, and the order ends as the rider's own cancel in the app."""

import json
import uuid
from datetime import datetime
from typing import Any

import pytest
import yaml
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from domain import clock
from domain.providers.beckn.signing import KeyId, Signer
from sandbox.beckn_buyer import subscribe_self
from tests.api.conftest import (  # noqa: F401
    api_settings,
    app,
    make_client,
    new_person,
    place,
    push_destinations,
    worker,
)
from tests.api.test_search_along import host_trip
from tests.api.test_trips import read
from tests.beckn.spec import EXAMPLES_DIR
from tests.beckn.test_bpp import BUYER, callbacks, day, network, signed_post, subscribe_as  # noqa: F401
from tests.beckn.test_bpp_confirm import valid

pytestmark = pytest.mark.usefixtures("worker")

# The examples' pick-up and drop (every example gives the same two), as the host's trip's ends.
KALYAN_NAGAR = place("Kalyan Nagar", 13.008935, 77.644408)
VIDHANA_SOUDHA = place("Vidhana Soudha", 12.971186, 77.586812)
# The order's requests, in the order a buyer app sends them; a soft cancel before the cancel.
ORDER = [
    ("search", "Search_for_mobility_services_by_pickup_and_drop_location[Buyer_Collecting]___X2.yaml"),
    ("select", "Get_quote_for_a_specific_product_from_a_mobility_catalog___X3.yaml"),
    *(("init", path.name) for path in sorted((EXAMPLES_DIR / "init").glob("*.yaml"))),
    *(("confirm", path.name) for path in sorted((EXAMPLES_DIR / "confirm").glob("*.yaml"))),
    *(("status", path.name) for path in sorted((EXAMPLES_DIR / "status").glob("*.yaml"))),
    ("cancel", "Initiates_cancelling_a_ride_with_soft_cancel_status___X4.yaml"),
    ("cancel", "Initiates_cancelling_a_ride_with_confirm_cancel_status___X5.yaml"),
]


def as_published(action: str, name: str, trip_id: int, transaction_id: str, moment: datetime) -> dict[str, Any]:
    example = yaml.safe_load((EXAMPLES_DIR / action / name).read_text())
    text = json.dumps(example).replace('"I1"', f'"I{trip_id}"').replace('"F1"', f'"F{trip_id}"')
    request = json.loads(text)
    request["context"] |= {
        "bap_uri": f"http://localhost{BUYER}",
        "transaction_id": transaction_id,
        "message_id": str(uuid.uuid4()),
    }
    if action == "search":
        request["message"]["intent"]["fulfillment"]["stops"][0]["time"] = {"timestamp": moment.isoformat()}
    return dict(request)


async def test_the_official_examples_book_a_seat_and_every_callback_is_valid(app, network, day):  # noqa: F811
    signer = Signer(KeyId("example-bap.com", str(uuid.uuid4())), Ed25519PrivateKey.generate())
    await subscribe_as(network, signer, f"http://localhost{BUYER}")
    async with app.state.session_maker() as session, session.begin():
        await subscribe_self(session, app.state.settings)
    moment = datetime.combine(day, datetime.min.time().replace(hour=12), clock.IST)
    transaction_id = str(uuid.uuid4())
    async with new_person(app, "Lakshmi Menon") as host:
        trip_id = await host_trip(host, day, KALYAN_NAGAR, VIDHANA_SOUDHA, estimated_cost=400, total_passengers=3)
        sent: list[tuple[str, str]] = []
        for action, name in ORDER:
            request = as_published(action, name, trip_id, transaction_id, moment)
            answer = await signed_post(network, signer, action, json.dumps(request).encode())
            assert answer.status_code == 200, (name, answer.text)
            sent.append((f"on_{action}", request["context"]["message_id"]))
            # Each answered in its turn: the order's flow takes its requests one at a time.
            await callbacks(network, transaction_id, len(sent))
        received = await callbacks(network, transaction_id, len(sent))
        seen = await read(host, trip_id)

    assert [(callback["action"], callback["message_id"]) for callback in received] == sent
    bodies = [valid(callback) for callback in received]
    assert [body for body in bodies if "error" in body] == []
    search, select, *rest = bodies
    assert [item["id"] for item in search["message"]["catalog"]["providers"][0]["items"]] == [f"I{trip_id}"]
    assert select["message"]["order"]["quote"]["price"]["currency"] == "INR"
    confirms = [body["message"]["order"] for body in rest if body["context"]["action"] == "on_confirm"]
    assert len({order["id"] for order in confirms}) == 1
    soft, cancelled = (body["message"]["order"] for body in bodies[-2:])
    assert soft["status"] == "SOFT_CANCEL"
    assert cancelled["status"] == "CANCELLED" and cancelled["cancellation"]["cancelled_by"] == "CONSUMER"
    assert [p["status"] for p in seen["passengers"] if p["name"] == "Joe Adams"] == ["revoked"]
