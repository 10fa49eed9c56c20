"""The notification list, the VAPID key in the configuration, the devices' subscriptions, and real web pushes of
the flows' notifications to a push service on this machine (tests/push_service.py)."""

import asyncio
import base64
import re
from collections.abc import Iterator
from datetime import timedelta

import pytest
from sqlalchemy import func, select, update

from domain import clock
from domain.models import FlowOutboxEntry, Notification, PushSubscription
from domain.push import PushDestinations
from domain.rules import messages
from tests.api.conftest import app_flow, new_person
from tests.api.test_join import ask_to_join, host_acts, member_acts
from tests.api.test_trips import create
from tests.flows import flow_exists
from tests.push_service import LocalPushService
from tests.workflows.erasure_support import eventually
from workflows.join_request.contracts import join_workflow_id
from workflows.push.contracts import push_workflow_id

pytestmark = pytest.mark.usefixtures("worker")


@pytest.fixture
async def vapid_public_key(client) -> str:
    return (await client.get("/api/user/configuration")).json()["data"]["web_push_vapid_public_key"]


@pytest.fixture
def push_service(vapid_public_key: str, push_destinations: PushDestinations) -> Iterator[LocalPushService]:
    """The stand-in push service, on loopback: the app and the worker may push to its exact address while it runs."""
    with LocalPushService(vapid_public_key) as service:
        push_destinations.stand_ins.add(service.address)
        try:
            yield service
        finally:
            push_destinations.stand_ins.discard(service.address)


@pytest.fixture
async def member(app):
    async with new_person(app) as browser:
        yield browser


async def history(client, **params) -> list[dict]:
    answer = await client.get("/api/notification/history", params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


async def eventually_listed(client, count: int = 1, **params) -> list[dict]:
    """The flows store notifications moments after the call that caused them answers."""
    for _ in range(150):
        listed = await history(client, **params)
        if len(listed) >= count:
            return listed
        await asyncio.sleep(0.1)
    raise AssertionError(f"fewer than {count} notifications: {listed}")


async def subscribe(client, subscription, **extra) -> None:
    answer = await client.post("/api/notification/subscription", json={**subscription.to_json(), **extra})
    assert answer.status_code == 200, answer.text
    assert answer.json()["message"] == messages.PUSH_SUBSCRIBED


async def endpoints_of(app, user_id: int) -> list[str]:
    async with app.state.session_maker() as session:
        found = await session.scalars(
            select(PushSubscription.endpoint).where(PushSubscription.user_id == user_id).order_by(PushSubscription.id)
        )
        return list(found)


async def pushed_count(app, notification_id: int) -> int:
    """What the notification's push flow answers: on how many devices it was delivered."""
    return int(await (await app_flow(app, push_workflow_id(notification_id))).result())


async def test_the_configuration_gives_one_vapid_public_key(client, vapid_public_key):
    point = base64.urlsafe_b64decode(vapid_public_key + "=" * (-len(vapid_public_key) % 4))
    assert len(point) == 65 and point[0] == 4  # an uncompressed P-256 point, as applicationServerKey wants
    again = (await client.get("/api/user/configuration")).json()["data"]["web_push_vapid_public_key"]
    assert again == vapid_public_key


async def test_a_request_is_in_the_hosts_history_with_the_senders_picture(signed_in, member):
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    [notice] = await eventually_listed(signed_in)
    assert notice["title"] == "New request"
    assert "Ravi Kumar wants to join your trip" in notice["message"]
    assert (notice["entity_type"], notice["entity_id"]) == ("request", str(trip_id))
    assert notice["sender"]["id"] == member.user_id
    assert notice["sender"]["name"] == "Ravi Kumar"
    assert notice["sender"]["booked_through"] is None  # one of the app's own members, with a profile to open
    assert notice["timestamp"].endswith(("Z", "+00:00"))
    assert await history(member) == []


async def test_the_host_is_told_of_a_request_in_the_requests_own_transaction(signed_in, member):
    trip_id = await create(signed_in)
    assert (await ask_to_join(member, trip_id, large_luggage=1)).status_code == 200
    # Read at once, waiting for no flow: the notice was stored with the request.
    [notice] = await history(signed_in)
    assert notice["title"] == "New request"
    assert notice["message"].startswith("Ravi Kumar wants to join your trip ")
    assert notice["message"].endswith(" Luggage: 1, handheld: 0.")


async def test_the_request_tab_shows_only_requests_newest_first(signed_in, member):
    trip_id = await create(signed_in)
    asked = await member.post(
        "/api/trip/query", json={"trip_id": trip_id, "question": "Is there room for a folding cycle?"}
    )
    assert asked.status_code == 200, asked.text
    await ask_to_join(member, trip_id)
    everything = await eventually_listed(signed_in, 2)
    assert [notice["entity_type"] for notice in everything] == ["request", "query"]
    assert [notice["entity_type"] for notice in await history(signed_in, entity_types="request")] == ["request"]
    assert [n["title"] for n in await history(signed_in, entity_types="query,trip")] == ["New question"]


@pytest.mark.parametrize(("action", "title"), [("APPROVE", "Request accepted"), ("REJECT", "Request declined")])
async def test_a_riders_request_outcome_is_in_their_request_tab_with_a_12_hour_time(signed_in, member, action, title):
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    await eventually_listed(signed_in)
    answered = await host_acts(signed_in, trip_id, member.user_id, action)
    assert answered.status_code == 200, answered.text
    [outcome] = await eventually_listed(member, entity_types="request")
    assert (outcome["title"], outcome["entity_type"], outcome["entity_id"]) == (title, "request", str(trip_id))
    assert re.search(r" at (1[0-2]|[1-9]):[0-5][0-9] (am|pm) was ", outcome["message"]), outcome["message"]


async def test_a_removed_rider_finds_it_in_their_request_tab(signed_in, member):
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    await eventually_listed(signed_in)
    await host_acts(signed_in, trip_id, member.user_id, "APPROVE")
    await eventually_listed(member, entity_types="request")
    await host_acts(signed_in, trip_id, member.user_id, "REMOVE", "Being abusive")
    listed = await eventually_listed(member, 2, entity_types="request")
    assert [notice["title"] for notice in listed] == ["Removed from trip", "Request accepted"]
    assert listed[0]["message"].endswith("Reason: Being abusive")


@pytest.mark.parametrize(
    ("reason", "told"),
    [
        ("Did not find a match", None),
        ("Do not understand how to use the app", None),
        ("My flight moved", "My flight moved"),
    ],
)
async def test_a_deleted_trip_tells_riders_the_hosts_own_reason_only(signed_in, member, reason, told):
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    await eventually_listed(signed_in)
    deleted = await signed_in.request("DELETE", f"/api/trip/trip/{trip_id}", json={"reason": reason})
    assert deleted.status_code == 200, deleted.text
    [notice] = await eventually_listed(member, entity_types="trip")
    assert notice["title"] == "Trip cancelled"
    assert notice["sender"]["id"] == (await signed_in.get("/api/user/user")).json()["data"]["id"]
    if told is None:
        assert "Reason" not in notice["message"] and reason not in notice["message"]
        assert notice["message"].endswith(("am.", "pm."))
    else:
        assert notice["message"].endswith(f"Reason: {told}")


async def test_history_is_read_in_ten_day_windows(app, signed_in, member):
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    [notice] = await eventually_listed(signed_in)
    async with app.state.session_maker() as session, session.begin():
        await session.execute(
            update(Notification)
            .where(Notification.id == notice["id"])
            .values(created_at=clock.now() - timedelta(days=15))
        )
    now = clock.now()
    windows = [(now - timedelta(days=10 * (page + 1)), now - timedelta(days=10 * page)) for page in range(4)]
    found = [await history(signed_in, **{"from": start.isoformat(), "to": end.isoformat()}) for start, end in windows]
    assert [[n["id"] for n in page] for page in found] == [[], [notice["id"]], [], []]
    assert await history(signed_in) == []


@pytest.mark.parametrize(
    "params",
    [
        {"from": "2026-01-01T00:00:00+00:00", "to": "2026-01-12T00:00:00+00:00"},
        {"from": "2026-01-12T00:00:00+00:00", "to": "2026-01-02T00:00:00+00:00"},
    ],
)
async def test_a_window_over_ten_days_or_backwards_is_refused(signed_in, params):
    answer = await signed_in.get("/api/notification/history", params=params)
    assert answer.status_code == 400
    assert answer.json()["message"] == messages.NOTIFICATION_WINDOW_INVALID


async def test_unknown_notification_types_are_refused(signed_in):
    answer = await signed_in.get("/api/notification/history", params={"entity_types": "request,gossip"})
    assert answer.status_code == 400
    assert answer.json()["message"] == messages.NOTIFICATION_TYPE_INVALID


async def test_history_and_subscriptions_need_a_signed_in_user(client, push_service):
    assert (await client.get("/api/notification/history")).status_code == 401
    answer = await client.post("/api/notification/subscription", json=push_service.subscribe().to_json())
    assert answer.status_code == 401


async def test_a_request_is_pushed_to_the_hosts_device_encrypted_and_signed(app, signed_in, member, push_service):
    device = push_service.subscribe()
    await subscribe(signed_in, device, os="android", device_id="phone-1")
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)

    [received] = await asyncio.to_thread(push_service.wait_for, device)
    [notice] = await history(signed_in)
    assert received.payload == notice  # the push is the list's item, so a tap routes the same way
    assert received.payload["title"] == "New request"
    assert (received.payload["entity_type"], received.payload["entity_id"]) == ("request", str(trip_id))
    assert received.ttl == 24 * 3600
    assert received.claims["sub"] == "mailto:support@humsafar.in"
    assert push_service.refusals == []
    assert await pushed_count(app, notice["id"]) == 1


async def test_an_answered_question_is_pushed_to_the_asker(signed_in, member, push_service):
    device = push_service.subscribe()
    await subscribe(member, device)
    trip_id = await create(signed_in)
    asked = await member.post("/api/trip/query", json={"trip_id": trip_id, "question": "Is there room for a cycle?"})
    assert asked.status_code == 200, asked.text
    trip = (await signed_in.get(f"/api/trip/trip/{trip_id}")).json()["data"]
    query_id = trip["queries"][0]["id"]
    answered = await signed_in.put(f"/api/trip/query/{query_id}", json={"answer": "Yes, the boot is empty"})
    assert answered.status_code == 200, answered.text

    [received] = await asyncio.to_thread(push_service.wait_for, device)
    assert received.payload["title"] == "Your question was answered"
    assert received.payload["message"] == "Asha Rao answered: Yes, the boot is empty"
    assert received.payload["entity_type"] == "query"


async def test_a_gone_subscription_is_removed_and_the_other_device_still_hears(app, signed_in, member, push_service):
    expired = push_service.subscribe(answers=[410])
    laptop = push_service.subscribe()
    await subscribe(signed_in, expired, device_id="old-phone")
    await subscribe(signed_in, laptop, device_id="laptop")
    host_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)

    await asyncio.to_thread(push_service.wait_for, laptop)
    [notice] = await history(signed_in)
    assert await pushed_count(app, notice["id"]) == 1
    assert await endpoints_of(app, host_id) == [laptop.endpoint]


async def test_a_busy_push_service_is_tried_again(signed_in, member, push_service):
    device = push_service.subscribe(answers=[503, 429])
    await subscribe(signed_in, device)
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    [received] = await asyncio.to_thread(push_service.wait_for, device, 1, 30.0)
    assert received.payload["title"] == "New request"


async def test_nothing_is_pushed_while_app_notification_is_off(app, signed_in, member, push_service):
    device = push_service.subscribe()
    await subscribe(signed_in, device)
    assert (await signed_in.put("/api/user/user", json={"receive_notification": False})).status_code == 200
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)

    [notice] = await eventually_listed(signed_in)
    assert await pushed_count(app, notice["id"]) == 0
    assert push_service.received[device.token] == []


async def test_a_refreshed_subscription_replaces_the_old_one_and_unsubscribing_ends_it(app, signed_in, push_service):
    host_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    first, renewed = push_service.subscribe(), push_service.subscribe()
    await subscribe(signed_in, first)
    body = {"subscription": renewed.to_json(), "old_endpoint": first.endpoint, "os": "ios", "device_id": "phone-1"}
    answer = await signed_in.put("/api/notification/subscription", json=body)
    assert answer.json()["message"] == messages.PUSH_REFRESHED
    assert await endpoints_of(app, host_id) == [renewed.endpoint]

    answer = await signed_in.request("DELETE", "/api/notification/subscription", json={"endpoint": renewed.endpoint})
    assert answer.json()["message"] == messages.PUSH_UNSUBSCRIBED
    assert await endpoints_of(app, host_id) == []


async def test_a_browser_that_signs_in_as_someone_else_moves_its_subscription(app, signed_in, member, push_service):
    shared_browser = push_service.subscribe()
    await subscribe(signed_in, shared_browser)
    await subscribe(member, shared_browser)
    host_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    assert await endpoints_of(app, host_id) == []
    assert await endpoints_of(app, member.user_id) == [shared_browser.endpoint]


@pytest.mark.parametrize("endpoint", ["ftp://push.example/abc", "not a url at all"])
async def test_an_endpoint_that_is_not_a_push_service_is_refused(signed_in, push_service, endpoint):
    body = {**push_service.subscribe().to_json(), "endpoint": endpoint}
    answer = await signed_in.post("/api/notification/subscription", json=body)
    assert answer.status_code == 400
    assert answer.json()["message"] == messages.PUSH_SUBSCRIPTION_INVALID


@pytest.mark.parametrize(
    "endpoint",
    [
        "https://127.0.0.1/push/x",
        "https://10.0.0.7/push/x",
        "https://169.254.169.254/latest/meta-data/",
        "https://[::1]/push/x",
        "https://localhost/push/x",
        "https://[::ffff:10.0.0.7]/push/x",
    ],
)
async def test_an_endpoint_on_a_local_or_private_address_is_refused(app, signed_in, push_service, endpoint):
    body = {**push_service.subscribe().to_json(), "endpoint": endpoint}
    for answer in (
        await signed_in.post("/api/notification/subscription", json=body),
        await signed_in.put("/api/notification/subscription", json={"subscription": body}),
    ):
        assert answer.status_code == 400
        assert answer.json()["message"] == messages.PUSH_ENDPOINT_NOT_PUBLIC
    user_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    assert await endpoints_of(app, user_id) == []


async def test_only_the_stand_in_itself_is_let_through_on_loopback(app, signed_in, push_service):
    """The tests' stand-in is allowed at its exact address; another port of the same machine is not."""
    other_port = push_service.subscribe().to_json()
    other_port["endpoint"] = other_port["endpoint"].replace(
        f":{push_service.address[1]}/", f":{push_service.address[1] + 1}/"
    )
    answer = await signed_in.post("/api/notification/subscription", json=other_port)
    assert answer.status_code == 400
    assert answer.json()["message"] == messages.PUSH_ENDPOINT_NOT_PUBLIC
    await subscribe(signed_in, push_service.subscribe())


async def pushes_over(app, client) -> None:
    """Every push to the signed-in person is over: no flow start for them waits in the outbox, and the push flow of
    each of their notifications (its latest run, one started again under its id too) has ended."""
    recipient = (await client.get("/api/user/user")).json()["data"]["id"]

    async def nothing_waits() -> bool:
        async with app.state.session_maker() as session:
            waiting = await session.scalar(
                select(func.count()).where(FlowOutboxEntry.search_attributes["UserId"].astext == str(recipient))
            )
        return not waiting

    await eventually(nothing_waits)
    temporal = await app.state.temporal.get()
    async with app.state.session_maker() as session:
        notices = (await session.scalars(select(Notification.id).where(Notification.recipient_id == recipient))).all()
    for notification_id in notices:
        if await flow_exists(temporal, push_workflow_id(notification_id)):
            await asyncio.wait_for(pushed_count(app, notification_id), 20)


@pytest.fixture
def one_burst(monkeypatch):
    """A burst as long as the test: its notices never straddle the turn of an hour."""
    monkeypatch.setattr("domain.notifications.NOTICE_BURST", timedelta(days=3650))


@pytest.mark.usefixtures("one_burst")
async def test_a_burst_of_requests_and_withdrawals_tells_the_host_once(app, signed_in, member, push_service):
    device = push_service.subscribe()
    await subscribe(signed_in, device)
    trip_id = await create(signed_in)
    for _ in range(3):
        assert (await ask_to_join(member, trip_id)).status_code == 200
        assert (await member_acts(member, trip_id, "REVOKE_REQUEST")).status_code == 200

    [notice] = await history(signed_in)
    assert (notice["title"], notice["sender"]["id"]) == ("Request cancelled", member.user_id)
    assert (notice["entity_type"], notice["entity_id"]) == ("request", str(trip_id))
    # One push, for the burst's notice as it stood when the push flow read it.
    [pushed] = await asyncio.to_thread(push_service.wait_for, device)
    assert pushed.payload["id"] == notice["id"]
    # The requests' flows have ended, so whatever they told the host is stored, and its pushes are over.
    for number in (1, 2, 3):
        await asyncio.wait_for((await app_flow(app, join_workflow_id(trip_id, member.user_id, number))).result(), 20)
    await pushes_over(app, signed_in)
    assert len(push_service.received[device.token]) == 1


@pytest.mark.usefixtures("one_burst")
async def test_a_burst_of_questions_tells_the_host_once_with_the_latest(app, signed_in, member, push_service):
    device = push_service.subscribe()
    await subscribe(signed_in, device)
    trip_id = await create(signed_in)
    questions = ["Is there room for a cycle?", "Can we stop for tea?", "Is the car air conditioned?"]
    for question in questions:
        asked = await member.post("/api/trip/query", json={"trip_id": trip_id, "question": question})
        assert asked.status_code == 200, asked.text

    [notice] = await history(signed_in)
    assert (notice["title"], notice["message"]) == ("New question", f"Ravi Kumar asked: {questions[-1]}")
    [pushed] = await asyncio.to_thread(push_service.wait_for, device)
    assert pushed.payload["id"] == notice["id"]
    await pushes_over(app, signed_in)
    assert len(push_service.received[device.token]) == 1
    trip = (await signed_in.get(f"/api/trip/trip/{trip_id}")).json()["data"]
    assert sorted(query["question"] for query in trip["queries"]) == sorted(questions)


async def test_questions_of_another_person_or_another_burst_are_told_apart(app, signed_in, member, monkeypatch):
    trip_id = await create(signed_in)
    first = await member.post("/api/trip/query", json={"trip_id": trip_id, "question": "Is there room for a cycle?"})
    assert first.status_code == 200, first.text
    # Bursts of a millisecond: the next question is a burst of its own.
    monkeypatch.setattr("domain.notifications.NOTICE_BURST", timedelta(milliseconds=1))
    second = await member.post("/api/trip/query", json={"trip_id": trip_id, "question": "Can we stop for tea?"})
    assert second.status_code == 200, second.text
    async with new_person(app, "Meera Iyer") as other:
        third = await other.post("/api/trip/query", json={"trip_id": trip_id, "question": "Is it a quiet ride?"})
        assert third.status_code == 200, third.text
    told = await history(signed_in)
    assert sorted(notice["message"] for notice in told) == sorted(
        [
            "Ravi Kumar asked: Is there room for a cycle?",
            "Ravi Kumar asked: Can we stop for tea?",
            "Meera Iyer asked: Is it a quiet ride?",
        ]
    )


@pytest.mark.parametrize(
    "endpoint",
    [
        "https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH-example",
        "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABexample",
    ],
)
async def test_a_subscription_posted_as_the_browser_sends_it_is_kept(app, signed_in, push_service, endpoint):
    """The service worker posts PushSubscription.toJSON() (with its expirationTime) and the device's os and id; a
    push service whose name this machine cannot resolve is kept and checked again when a push is sent."""
    body = {
        **push_service.subscribe().to_json(),
        "endpoint": endpoint,
        "expirationTime": None,
        "os": "android",
        "device_id": "0b8a3f6e-6a52-4b0e-9d7f-0f3c2a1e5d4c",
    }
    answer = await signed_in.post("/api/notification/subscription", json=body)
    assert answer.status_code == 200, answer.text
    assert answer.json()["message"] == messages.PUSH_SUBSCRIBED
    user_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    assert await endpoints_of(app, user_id) == [endpoint]
