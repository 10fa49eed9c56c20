"""Humsafar as a provider platform, through the whole app in-process (tests/api/conftest.py): `POST /beckn/{action}`
refuses what it cannot verify (401, a NACK and the challenge) and what is not a TRV10 request (400, a NACK); a
request sent again changes nothing; a search the sandbox buyer app sends is answered by a signed on_search, valid by
the published specification, listing a trip along the way and never the host's exact ends."""

import asyncio
import json
import time
import uuid
from datetime import date, datetime, timedelta
from typing import Any

import httpx
import pytest
import yaml
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from sqlalchemy import func, select, update

from domain import clock
from domain.models import BecknCallback, BecknMessage, FlowOutboxEntry
from domain.providers.beckn.keys import humsafar_signer
from domain.providers.beckn.registry import BecknRegistry
from domain.providers.beckn.signing import KeyId, Signer
from sandbox.beckn_buyer import subscribe_self
from tests.api.conftest import api_settings, app, app_flow, make_client, new_person, push_destinations, worker  # noqa: F401
from tests.api.test_search_along import ELECTRONIC_CITY, HEBBAL, HSR_LAYOUT, SHIVAJINAGAR, host_trip
from tests.beckn.spec import EXAMPLES_DIR, assert_known_codes, assert_valid_callback, assert_valid_request
from tests.workflows.recorded import replay_and_record
from workflows.beckn.contracts import ORDER_OPEN_FOR, beckn_order_workflow_id, beckn_search_workflow_id

BUYER = "/api/sandbox/beckn/buyer"
REGISTRY = "/api/sandbox/beckn/registry"
ANSWER_SECONDS = 20


def buyer_app() -> Signer:
    return Signer(KeyId(f"bap-{uuid.uuid4().hex[:12]}.example", str(uuid.uuid4())), Ed25519PrivateKey.generate())


async def subscribed(client: httpx.AsyncClient) -> Signer:
    signer = buyer_app()
    await subscribe_as(client, signer)
    return signer


async def subscribe_as(client: httpx.AsyncClient, signer: Signer, subscriber_url: str | None = None) -> None:
    answer = await client.post(
        f"{REGISTRY}/subscribe",
        json={
            "subscriber_id": signer.key_id.subscriber_id,
            "subscriber_url": subscriber_url or f"https://{signer.key_id.subscriber_id}/trv10",
            "type": "BAP",
            "domain": "ONDC:TRV10",
            "signing_public_key": signer.public_key,
            "unique_key_id": signer.key_id.unique_key_id,
        },
    )
    assert answer.status_code == 200, answer.text


def search(signer: Signer, pickup: dict, drop: dict, **context: str) -> dict[str, Any]:
    return {
        "context": {
            "domain": "ONDC:TRV10",
            "version": "2.0.1",
            "action": "search",
            "location": {"city": {"code": "std:080"}, "country": {"code": "IND"}},
            "bap_id": signer.key_id.subscriber_id,
            "bap_uri": f"https://{signer.key_id.subscriber_id}/trv10",
            "transaction_id": str(uuid.uuid4()),
            "message_id": str(uuid.uuid4()),
            "timestamp": "2026-12-09T13:40:21.452Z",
            "ttl": "PT30S",
            **context,
        },
        "message": {
            "intent": {
                "fulfillment": {
                    "stops": [
                        {"type": "START", "location": {"gps": f"{pickup['latitude']}, {pickup['longitude']}"}},
                        {"type": "END", "location": {"gps": f"{drop['latitude']}, {drop['longitude']}"}},
                    ]
                }
            }
        },
    }


@pytest.fixture
async def network(app):  # noqa: F811
    """A client as a buyer app is: no browser, no CSRF cookie."""
    async with make_client(app, csrf=False) as client:
        yield client


async def signed_post(
    client: httpx.AsyncClient, signer: Signer, action: str, body: bytes, created: int | None = None, **headers: str
) -> httpx.Response:
    authorization = signer.authorization(body, int(time.time()) if created is None else created)
    return await client.post(
        f"/beckn/{action}",
        content=body,
        headers={"Authorization": authorization, "Content-Type": "application/json", **headers},
    )


def refused_for_signature(answer: httpx.Response) -> None:
    assert answer.status_code == 401, answer.text
    assert answer.json()["message"] == {"ack": {"status": "NACK"}}
    assert answer.json()["error"]["code"] == "30016"
    assert answer.headers["WWW-Authenticate"].startswith('Signature realm="humsafar"')


async def kept_messages(app, message_id: str) -> int:  # noqa: F811
    async with app.state.session_maker() as session:
        return int(await session.scalar(select(func.count()).where(BecknMessage.message_id == message_id)) or 0)


async def test_a_request_whose_signature_does_not_hold_is_refused_and_kept_nowhere(app, network):  # noqa: F811
    signer = await subscribed(network)
    request = search(signer, HSR_LAYOUT, SHIVAJINAGAR)
    assert_valid_request("search", request)
    body = json.dumps(request).encode()
    message_id = request["context"]["message_id"]

    changed = body.replace(b"13:40:21", b"13:40:22")
    refused_for_signature(
        await network.post(
            "/beckn/search",
            content=changed,
            headers={"Authorization": signer.authorization(body, int(time.time()))},
        )
    )
    refused_for_signature(await signed_post(network, signer, "search", body, created=int(time.time()) - 3600))
    refused_for_signature(await signed_post(network, buyer_app(), "search", body))
    refused_for_signature(await network.post("/beckn/search", content=body))
    assert await kept_messages(app, message_id) == 0


async def test_a_body_that_is_not_a_trv10_request_is_refused_with_the_specs_error(network):
    signer = await subscribed(network)
    for change, words in (
        ({"domain": "ONDC:RET10"}, "context.domain"),
        ({"version": "1.1.0"}, "context.version"),
        ({"action": "select"}, "context.action"),
        ({"bap_id": "somebody-else.example"}, "context.bap_id"),
    ):
        body = json.dumps(search(signer, HSR_LAYOUT, SHIVAJINAGAR, **change)).encode()
        answer = await signed_post(network, signer, "search", body)
        assert answer.status_code == 400, answer.text
        assert answer.json()["message"] == {"ack": {"status": "NACK"}}
        assert answer.json()["error"]["code"] == "30000"
        assert words in answer.json()["error"]["message"]
    no_stops = search(signer, HSR_LAYOUT, SHIVAJINAGAR)
    no_stops["message"]["intent"]["fulfillment"]["stops"].pop()
    answer = await signed_post(network, signer, "search", json.dumps(no_stops).encode())
    assert answer.status_code == 400 and "END" in answer.json()["error"]["message"]
    answer = await signed_post(network, signer, "update", json.dumps(no_stops).encode())
    assert answer.status_code == 404


async def test_a_request_sent_again_is_acked_and_changes_nothing(app, network):  # noqa: F811
    signer = await subscribed(network)
    request = search(signer, HSR_LAYOUT, SHIVAJINAGAR)
    body = json.dumps(request).encode()
    for _ in range(3):
        answer = await signed_post(network, signer, "search", body)
        assert answer.status_code == 200, answer.text
        assert answer.json() == {"message": {"ack": {"status": "ACK"}}}
    assert await kept_messages(app, request["context"]["message_id"]) == 1
    async with app.state.session_maker() as session:
        starts = await session.scalar(
            select(func.count()).where(
                FlowOutboxEntry.workflow_id == beckn_search_workflow_id(request["context"]["message_id"])
            )
        )
    assert starts in (0, 1)  # the one start, or none once the relay (when a worker runs) took it


@pytest.fixture
def day() -> date:
    """A day of this test's own, months ahead, so that no other test's trips are found."""
    return clock.now().astimezone(clock.IST).date() + timedelta(days=200 + uuid.uuid4().int % 900)


async def callbacks(client: httpx.AsyncClient, transaction_id: str, count: int) -> list[dict[str, Any]]:
    deadline = time.monotonic() + ANSWER_SECONDS
    while True:
        answer = await client.get(f"{BUYER}/callbacks", params={"transaction_id": transaction_id})
        assert answer.status_code == 200, answer.text
        found = answer.json()["data"]
        if len(found) >= count or time.monotonic() > deadline:
            return list(found)
        await asyncio.sleep(0.1)


@pytest.mark.usefixtures("worker")
async def test_a_search_from_the_buyer_app_is_answered_by_a_signed_on_search_along_the_way(app, day):  # noqa: F811
    async with new_person(app, "Kavya Raman Rao") as host:
        trip_id = await host_trip(host, day, ELECTRONIC_CITY, HEBBAL, estimated_cost=600, total_passengers=4)
    at_noon = datetime.combine(day, datetime.min.time().replace(hour=12), clock.IST)
    intent = search(buyer_app(), HSR_LAYOUT, SHIVAJINAGAR)["message"]
    intent["intent"]["fulfillment"]["stops"][0]["time"] = {"timestamp": at_noon.isoformat()}
    async with make_client(app) as browser:
        await browser.get("/api/auth/session")
        sent = await browser.post(f"{BUYER}/send", json={"action": "search", "message": intent})
        assert sent.status_code == 200, sent.text
        sent_data = sent.json()["data"]
        assert sent_data["status_code"] == 200 and sent_data["answer"] == {"message": {"ack": {"status": "ACK"}}}
        [callback] = await callbacks(browser, sent_data["transaction_id"], 1)

    assert callback["action"] == "on_search" and callback["deliveries"] == 1
    assert callback["message_id"] == sent_data["message_id"]
    assert callback["signed_by"] == app.state.settings.beckn_subscriber_url.split("/")[2].split(":")[0]
    on_search = callback["body"]
    assert_valid_callback("on_search", on_search)
    assert_known_codes("on_search", on_search)
    [provider] = on_search["message"]["catalog"]["providers"]
    [item] = [item for item in provider["items"] if item["id"] == f"I{trip_id}"]
    assert item["descriptor"]["code"] == "RIDE"
    assert item["quantity"] == {"available": {"count": 3}}
    assert item["price"]["currency"] == "INR" and item["price"]["value"] == "150.00"
    [fulfillment] = [each for each in provider["fulfillments"] if each["id"] == f"F{trip_id}"]
    assert [stop["type"] for stop in fulfillment["stops"]] == ["START", "END"]
    assert fulfillment["stops"][0]["location"]["gps"].startswith(f"{HSR_LAYOUT['latitude']:.6f}")
    assert fulfillment["vehicle"] == {"category": "CAB"}
    assert fulfillment["agent"]["person"] == {"name": "Kavya"}
    text = json.dumps(on_search)
    for end in (ELECTRONIC_CITY, HEBBAL):
        assert f"{end['latitude']:.6f}" not in text and f"{end['latitude']}," not in text

    async with app.state.session_maker() as session:
        sent_once = await session.scalars(
            select(BecknCallback.sent_at).where(BecknCallback.message_id == sent_data["message_id"])
        )
        assert [moment is not None for moment in sent_once] == [True]
    search_flow = await app_flow(app, beckn_search_workflow_id(sent_data["message_id"]))
    assert await search_flow.result() == "answered"
    await replay_and_record(search_flow, "beckn_search")


@pytest.mark.usefixtures("worker")
async def test_the_seat_found_is_quoted_and_offered_on_terms_by_the_orders_flow(app, day):  # noqa: F811
    async with new_person(app, "Arjun Menon") as host:
        trip_id = await host_trip(host, day, ELECTRONIC_CITY, HEBBAL, estimated_cost=800, total_passengers=4)
    at_noon = datetime.combine(day, datetime.min.time().replace(hour=12), clock.IST)
    intent = search(buyer_app(), HSR_LAYOUT, SHIVAJINAGAR)["message"]
    intent["intent"]["fulfillment"]["stops"][0]["time"] = {"timestamp": at_noon.isoformat()}
    item = {"id": f"I{trip_id}", "quantity": {"selected": {"count": 2}}}
    rider = {"customer": {"person": {"name": "Joe Adams"}, "contact": {"phone": "9876556789"}}}
    async with make_client(app) as browser:
        await browser.get("/api/auth/session")
        transaction_id = (await browser.post(f"{BUYER}/send", json={"action": "search", "message": intent})).json()[
            "data"
        ]["transaction_id"]
        await callbacks(browser, transaction_id, 1)
        for action, order in (
            ("select", {"provider": {"id": "HUMSAFAR"}, "items": [item]}),
            (
                "init",
                {"provider": {"id": "HUMSAFAR"}, "items": [item], "fulfillments": [{"id": f"F{trip_id}", **rider}]},
            ),
        ):
            sent = await browser.post(
                f"{BUYER}/send", json={"action": action, "transaction_id": transaction_id, "message": {"order": order}}
            )
            assert sent.json()["data"]["answer"] == {"message": {"ack": {"status": "ACK"}}}, sent.text
        await callbacks(browser, transaction_id, 3)
        support = {"action": "support", "transaction_id": transaction_id, "message": {"support": {"ref_id": "x"}}}
        assert (await browser.post(f"{BUYER}/send", json=support)).status_code == 200
        received = await callbacks(browser, transaction_id, 4)

    assert [callback["action"] for callback in received] == ["on_search", "on_select", "on_init", "on_support"]
    for callback in received:
        assert_valid_callback(callback["action"], callback["body"])
        assert_known_codes(callback["action"], callback["body"])
    on_select = received[1]["body"]["message"]["order"]
    assert on_select["quote"]["price"] == {"currency": "INR", "value": "400.00"}
    text = json.dumps([callback["body"] for callback in received])
    for end in (ELECTRONIC_CITY, HEBBAL):
        assert f"{end['latitude']:.6f}" not in text
    order_flow = await app_flow(app, beckn_order_workflow_id(transaction_id))
    assert await order_flow.query("answered") == 3
    support = received[3]["body"]["message"]["support"]
    assert support["email"] == "support@humsafar.in" and support["url"].endswith("/legal/support.html")
    await replay_and_record(order_flow, "beckn_order")


@pytest.mark.usefixtures("worker")
async def test_the_official_request_examples_are_acked_and_the_search_answered_by_the_spec(app, network):  # noqa: F811
    """Each published example of the requests a buyer app sends first (search, select, init, confirm, status,
    cancel), signed by its buyer app (example-bap.com, subscribed here with the sandbox buyer app's callbacks as its
    subscriber_url) is a request Humsafar takes; the search's on_search is valid by the specification."""
    signer = Signer(KeyId("example-bap.com", str(uuid.uuid4())), Ed25519PrivateKey.generate())
    await subscribe_as(network, signer, f"http://localhost{BUYER}")
    # The sandbox buyer app, which collects the callbacks, looks Humsafar's key up as a subscriber itself.
    async with app.state.session_maker() as session, session.begin():
        await subscribe_self(session, app.state.settings)
    transaction_id = str(uuid.uuid4())
    for action in ("search", "select", "init", "confirm", "status", "cancel"):
        for path in sorted((EXAMPLES_DIR / action).glob("*.yaml")):
            example = yaml.safe_load(path.read_text())
            example["context"] |= {
                "bap_uri": f"http://localhost{BUYER}",
                "transaction_id": transaction_id,
                "message_id": str(uuid.uuid4()),
            }
            answer = await signed_post(network, signer, action, json.dumps(example).encode())
            assert answer.status_code == 200, (path.name, answer.text)
            assert answer.json() == {"message": {"ack": {"status": "ACK"}}}
    on_searches = [each for each in await callbacks(network, transaction_id, 2) if each["action"] == "on_search"]
    assert len(on_searches) == len(list((EXAMPLES_DIR / "search").glob("*.yaml")))
    for callback in on_searches:
        assert_valid_callback("on_search", callback["body"])
        assert_known_codes("on_search", callback["body"])


async def test_a_request_whose_callbacks_would_go_elsewhere_than_the_registry_lists_is_refused(app, network):  # noqa: F811
    """Humsafar posts a request's answers only to the buyer app's subscriber_url on the registry: a signed request
    naming another bap_uri (an address inside Humsafar's network, say) is refused and nothing is kept."""
    signer = await subscribed(network)
    request = search(signer, HSR_LAYOUT, SHIVAJINAGAR, bap_uri="http://127.0.0.1:6379/")
    answer = await signed_post(network, signer, "search", json.dumps(request).encode())
    assert answer.status_code == 400
    assert answer.json()["error"] == {
        "code": "30000",
        "message": "context.bap_uri is not the subscriber_url the registry lists for context.bap_id",
    }
    async with app.state.session_maker() as session:
        kept = await session.scalar(
            select(BecknMessage.id).where(BecknMessage.message_id == request["context"]["message_id"])
        )
    assert kept is None


@pytest.mark.usefixtures("worker")
async def test_a_request_after_the_orders_flow_ended_starts_its_next_flow(app, network):  # noqa: F811
    signer = await subscribed(network)
    transaction_id = str(uuid.uuid4())

    async def send(action: str) -> None:
        request = search(signer, HSR_LAYOUT, SHIVAJINAGAR, action=action, transaction_id=transaction_id)
        request["message"] = {"order": {"id": "nothing-yet"}}
        answer = await signed_post(network, signer, action, json.dumps(request).encode())
        assert answer.status_code == 200, answer.text

    async def rounds() -> list[int | None]:
        async with app.state.session_maker() as session:
            found = await session.scalars(
                select(BecknMessage.order_round)
                .where(BecknMessage.transaction_id == transaction_id)
                .order_by(BecknMessage.id)
            )
            return list(found)

    await send("status")
    await send("track")
    assert await rounds() == [1, 1]
    async with app.state.session_maker() as session, session.begin():
        await session.execute(
            update(BecknMessage)
            .where(BecknMessage.transaction_id == transaction_id)
            .values(received_at=func.now() - ORDER_OPEN_FOR - timedelta(minutes=1))
        )
    await send("status")
    assert await rounds() == [1, 1, 2]
    for order_round in (1, 2):
        await app_flow(app, beckn_order_workflow_id(transaction_id, order_round))


async def test_a_gateways_signature_is_verified_too_and_refused_with_proxy_authenticate(app, network):  # noqa: F811
    signer = await subscribed(network)
    body = json.dumps(search(signer, HSR_LAYOUT, SHIVAJINAGAR)).encode()
    unknown_gateway = buyer_app().authorization(body, int(time.time()))
    answer = await signed_post(network, signer, "search", body, **{"X-Gateway-Authorization": unknown_gateway})
    assert answer.status_code == 401, answer.text
    assert answer.json()["message"] == {"ack": {"status": "NACK"}}
    assert answer.headers["Proxy-Authenticate"].startswith('Signature realm="humsafar"')
    gateway = await subscribed(network)
    answer = await signed_post(
        network, signer, "search", body, **{"X-Gateway-Authorization": gateway.authorization(body, int(time.time()))}
    )
    assert answer.status_code == 200, answer.text


async def test_a_request_is_refused_503_while_the_registry_cannot_be_asked(app, network):  # noqa: F811
    signer = await subscribed(network)
    body = json.dumps(search(signer, HSR_LAYOUT, SHIVAJINAGAR)).encode()
    kept_registry = getattr(app.state, "beckn_registry", None)
    async with httpx.AsyncClient(transport=httpx.MockTransport(lambda _: httpx.Response(502))) as down:
        app.state.beckn_registry = BecknRegistry(
            down, "http://registry.invalid", humsafar_signer(app.state.settings), cache_seconds=0, timeout_seconds=1
        )
        try:
            answer = await signed_post(network, signer, "search", body)
        finally:
            app.state.beckn_registry = kept_registry  # None: the next request makes the app's own
    assert answer.status_code == 503, answer.text
    assert answer.json()["message"] == {"ack": {"status": "NACK"}}
    assert await kept_messages(app, json.loads(body)["context"]["message_id"]) == 0
