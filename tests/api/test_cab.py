"""A trip's shared cab through the CabBookingWorkflow on the real Temporal dev server, against the sandbox aggregator
that speaks the aggregator's protocol (SPEC §3 Cab, §4 Cab status, §5 and §8 cab rules, §7 cab calls)."""

import asyncio
import json
import time
from datetime import timedelta

import httpx
import pytest
from sqlalchemy import func, select, update
from temporalio.client import WorkflowExecutionStatus
from temporalio.testing import ActivityEnvironment

from activities.cab import CabActivities
from domain import clock
from domain.models import CabBooking, Notification, Trip, TripCabPlan
from domain.providers.cab import SIGNATURE_HEADER, webhook_headers
from domain.rules import messages
from domain.webhooks import TIMESTAMP_HEADER
from sandbox.models import SandboxCabBooking
from tests.api.conftest import app_flow, new_person, signals_to
from tests.api.test_join import ask_to_join, host_acts
from tests.api.test_trips import create, read
from tests.api.webhooks import forged_webhooks
from tests.workflows.recorded import replay_and_record
from workflows.cab_booking.contracts import cab_workflow_id
from workflows.flow import FLOW_STATUS

pytestmark = pytest.mark.usefixtures("worker")

WEBHOOK = "/api/trip/cab/webhook"
# A stop the gazetteer knows: HSR Layout, Bengaluru.
HSR_LAYOUT = "in-560102-f8603901"


@pytest.fixture
async def host(signed_in):
    signed_in.user_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    return signed_in


async def plan(client, trip_id: int, category: str = "sedan", stops: list[str] | None = None) -> httpx.Response:
    body = {"category": category, "stops": [HSR_LAYOUT] if stops is None else stops}
    return await client.put(f"/api/trip/cab/interest/{trip_id}", json=body)


async def quotes(client, trip_id: int) -> list[dict]:
    answer = await client.get(f"/api/trip/cab/vendors/{trip_id}")
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


async def request(client, trip_id: int, vendor: str | None = "citycab") -> httpx.Response:
    return await client.post(f"/api/trip/cab/request/{trip_id}", json={"vendor": vendor})


async def requested_trip(host, member=None) -> int:
    trip_id = await create(host, total_passengers=3)
    if member is not None:
        await ask_to_join(member, trip_id)
        await host_acts(host, trip_id, member.user_id, "APPROVE")
    assert (await plan(host, trip_id)).status_code == 200
    answer = await request(host, trip_id)
    assert answer.status_code == 200, answer.text
    return trip_id


async def vendor_says(client, trip_id: int, event: str) -> dict:
    answer = await client.post(f"/api/sandbox/cab/bookings/{trip_id}", json={"event": event})
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


async def cab_of(client, trip_id: int) -> dict:
    return (await read(client, trip_id))["cab"]


async def settles_on(client, trip_id: int, status: str, timeout_seconds: float = 20.0) -> dict:
    deadline = time.monotonic() + timeout_seconds
    while True:
        cab = await cab_of(client, trip_id)
        if cab["status"] == status:
            return cab
        assert time.monotonic() < deadline, f"the cab stayed {cab['status']}, not {status}"
        await asyncio.sleep(0.1)


async def flow_of(app, trip_id: int, number: int = 1):
    return await app_flow(app, cab_workflow_id(trip_id, number))


async def test_a_cab_trip_is_eligible_and_others_are_not(host):
    cab_trip = await create(host)
    assert (await cab_of(host, cab_trip))["status"] == "eligible"
    auto_trip = await create(host, preferred_mode_of_transport=2)
    assert (await cab_of(host, auto_trip))["status"] == "not_eligible"
    refused = await plan(host, auto_trip)
    assert (refused.status_code, refused.json()["message"]) == (409, messages.CAB_NOT_ELIGIBLE)


async def test_the_host_plans_compares_requests_and_the_vendor_confirms(app, host, member):
    trip_id = await create(host, total_passengers=3)
    await ask_to_join(member, trip_id)
    await host_acts(host, trip_id, member.user_id, "APPROVE")
    assert (await plan(host, trip_id)).json()["message"] == messages.CAB_PLAN_SAVED
    found = await quotes(host, trip_id)
    assert [quote["code"] for quote in found] and found == sorted(found, key=lambda quote: quote["total_fare"])
    assert {"code", "name", "logo", "total_fare", "fare_breakup", "eta_minutes"} == set(found[0])
    assert round(sum(found[0]["fare_breakup"].values()), 2) == found[0]["total_fare"]
    chosen = found[0]

    answer = await request(host, trip_id, chosen["code"])
    assert (answer.status_code, answer.json()["message"]) == (200, messages.CAB_REQUESTED)
    requested = await cab_of(member, trip_id)
    assert requested["status"] == "requested"
    assert requested["vendor"]["name"] == chosen["name"] and requested["fare"] == chosen["total_fare"]
    again = await request(host, trip_id, chosen["code"])
    assert (again.status_code, again.json()["message"]) == (409, messages.CAB_REQUEST_RUNNING)

    flow = await flow_of(app, trip_id)
    await settles_on_vendor_booking(app, trip_id)
    sent = await vendor_says(host, trip_id, "confirm")
    assert sent["webhook_status"] == 200
    booked = await settles_on(host, trip_id, "booked")
    assert booked["driver"]["name"] and booked["driver"]["contact"]["phone"]
    assert booked["vehicle"]["model"] and booked["vehicle"]["registration_number"]
    [stop] = booked["stops"]
    assert stop["place_id"] == HSR_LAYOUT and stop["name"] and stop["fare"] > 0
    assert (round(stop["latitude"], 2), round(stop["longitude"], 2)) == (12.91, 77.64)  # for the sheet's map
    assert (await read(member, trip_id))["is_cab_booked"] is True
    assert (await cab_of(member, trip_id))["driver"]["contact"]["phone"] == booked["driver"]["contact"]["phone"]
    async with new_person(app, "Passer By") as stranger:
        seen = await cab_of(stranger, trip_id)
        assert seen["status"] == "booked" and seen["stops"] == [] and seen["driver"] is None
        assert seen["vehicle"] is None and seen["vendor"] is None
    async with app.state.session_maker() as session:
        about_the_cab = select(Notification.recipient_id).where(
            Notification.title == "Cab booked", Notification.entity_id == str(trip_id)
        )
        told = (await session.scalars(about_the_cab)).all()
    assert sorted(told) == sorted([host.user_id, member.user_id])
    deadline = time.monotonic() + 10
    while (await flow.describe()).typed_search_attributes.get(FLOW_STATUS) != "booked":
        assert time.monotonic() < deadline, "support never sees the flow booked"
        await asyncio.sleep(0.2)

    cancelled = await host.request("DELETE", f"/api/trip/cab/request/{trip_id}", json={"reason": "Plans changed"})
    assert (cancelled.status_code, cancelled.json()["message"]) == (200, messages.CAB_CANCELLED)
    assert await flow.result() == "cancelled"
    assert (await cab_of(host, trip_id))["status"] == "cancelled"
    async with app.state.session_maker() as session:
        vendor_side = await session.scalar(select(SandboxCabBooking.status).where(SandboxCabBooking.trip_id == trip_id))
    assert vendor_side == "cancelled"

    await replay_and_record(flow, "cab_booking")


async def test_only_the_host_may_plan_request_cancel_or_raise_an_issue(host, member):
    trip_id = await create(host, total_passengers=3)
    await ask_to_join(member, trip_id)
    await host_acts(host, trip_id, member.user_id, "APPROVE")
    for answer in (
        await plan(member, trip_id),
        await member.get(f"/api/trip/cab/vendors/{trip_id}"),
        await request(member, trip_id),
        await member.request("DELETE", f"/api/trip/cab/request/{trip_id}"),
        await member.post(f"/api/trip/cab/support/{trip_id}", json={"issue": "Driver never came"}),
    ):
        assert (answer.status_code, answer.json()["message"]) == (403, messages.TRIP_HOST_ONLY)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"category": "rickshaw", "stops": []}, messages.CAB_CATEGORY_INVALID),
        ({"category": "sedan", "stops": [HSR_LAYOUT] * 4}, messages.CAB_TOO_MANY_STOPS),
        ({"category": "sedan", "stops": ["no-such-place"]}, messages.PLACE_NOT_FOUND),
    ],
)
async def test_the_plan_rules(host, body, message):
    trip_id = await create(host)
    answer = await host.put(f"/api/trip/cab/interest/{trip_id}", json=body)
    assert (answer.status_code, answer.json()["message"]) == (400, message)


async def test_a_request_needs_a_plan_and_a_vendor(host):
    trip_id = await create(host)
    unplanned = await request(host, trip_id)
    assert (unplanned.status_code, unplanned.json()["message"]) == (409, messages.CAB_PLAN_FIRST)
    await plan(host, trip_id)
    for vendor in (None, "", "no-such-vendor"):
        answer = await request(host, trip_id, vendor)
        assert (answer.status_code, answer.json()["message"]) == (400, messages.CAB_VENDOR_REQUIRED)
    assert (await cab_of(host, trip_id))["status"] == "eligible"
    nothing = await host.request("DELETE", f"/api/trip/cab/request/{trip_id}")
    assert nothing.json()["message"] == messages.CAB_NOTHING_TO_CANCEL


async def test_two_requests_sent_together_book_one_cab(app, host):
    trip_id = await create(host)
    await plan(host, trip_id)
    answers = await asyncio.gather(*(request(host, trip_id) for _ in range(5)))
    assert sorted(answer.status_code for answer in answers) == [200, 409, 409, 409, 409]
    assert (await flow_of(app, trip_id)).id == cab_workflow_id(trip_id, 1)
    async with app.state.session_maker() as session:
        assert (
            await session.scalar(select(func.count()).select_from(CabBooking).where(CabBooking.trip_id == trip_id)) == 1
        )


async def test_cancels_sent_together_cancel_once_and_the_rest_are_told_it_is_under_way(app, host):
    trip_id = await requested_trip(host)
    await settles_on_vendor_booking(app, trip_id)
    cancel = f"/api/trip/cab/request/{trip_id}"
    answers = await asyncio.gather(*(host.request("DELETE", cancel, json={"reason": f"No. {n}"}) for n in range(5)))
    assert sorted(answer.status_code for answer in answers) == [200, 409, 409, 409, 409]
    refused = {answer.json()["message"] for answer in answers if answer.status_code == 409}
    assert refused <= {messages.CAB_CANCEL_UNDER_WAY, messages.CAB_NOTHING_TO_CANCEL}
    assert await (await flow_of(app, trip_id)).result() == "cancelled"
    again = await host.request("DELETE", cancel)
    assert (again.status_code, again.json()["message"]) == (409, messages.CAB_NOTHING_TO_CANCEL)


async def test_more_plans_at_once_than_the_pool_has_connections_all_answer(host):
    """Each plan looks its stops up in the gazetteer holding no connection of the requests' pool, then locks the
    trip: plans beyond the requests' pool wait their turn instead of for ever."""
    trip_id = await create(host)
    together = asyncio.gather(*(plan(host, trip_id, category) for category in ("sedan", "suv") * 12))
    answers = await asyncio.wait_for(together, timeout=20)
    assert [answer.status_code for answer in answers] == [200] * 24


async def test_no_driver_leaves_it_unfulfilled_and_an_issue_is_raised_once(app, host, member):
    trip_id = await requested_trip(host, member)
    await settles_on_vendor_booking(app, trip_id)
    await vendor_says(host, trip_id, "no_driver")
    cab = await settles_on(member, trip_id, "unfulfilled")
    assert cab["raised_issue"] is None
    blank = await host.post(f"/api/trip/cab/support/{trip_id}", json={"issue": "  "})
    assert (blank.status_code, blank.json()["message"]) == (400, messages.CAB_ISSUE_REQUIRED)
    raised = await host.post(f"/api/trip/cab/support/{trip_id}", json={"issue": "Nobody told us in time"})
    assert (raised.status_code, raised.json()["message"]) == (200, messages.CAB_ISSUE_RAISED)
    twice = await host.post(f"/api/trip/cab/support/{trip_id}", json={"issue": "Still waiting"})
    assert (twice.status_code, twice.json()["message"]) == (409, messages.CAB_ISSUE_ALREADY_RAISED)
    assert (await cab_of(host, trip_id))["raised_issue"] == "Nobody told us in time"


async def test_a_vendor_cancel_lets_the_host_request_again(app, host):
    trip_id = await requested_trip(host)
    await settles_on_vendor_booking(app, trip_id)
    await vendor_says(host, trip_id, "confirm")
    await settles_on(host, trip_id, "booked")
    await vendor_says(host, trip_id, "vendor_cancel")
    assert await (await flow_of(app, trip_id)).result() == "vendor_cancelled"
    assert (await cab_of(host, trip_id))["status"] == "vendor_cancelled"
    assert (await request(host, trip_id, "swiftride")).status_code == 200
    await settles_on_vendor_booking(app, trip_id, count=2)
    assert (await cab_of(host, trip_id))["vendor"]["name"] == "SwiftRide"


async def test_deleting_the_trip_cancels_the_booking_with_the_vendor(app, host):
    trip_id = await requested_trip(host)
    await settles_on_vendor_booking(app, trip_id)
    deleted = await host.request("DELETE", f"/api/trip/trip/{trip_id}", json={"reason": "Did not find a match"})
    assert deleted.status_code == 200, deleted.text
    assert await (await flow_of(app, trip_id)).result() == "cancelled"
    async with app.state.session_maker() as session:
        vendor_side = await session.scalar(select(SandboxCabBooking.status).where(SandboxCabBooking.trip_id == trip_id))
    assert vendor_side == "cancelled"


async def test_no_confirmation_in_time_is_unfulfilled_and_the_vendor_is_told(app, host, api_settings, monkeypatch):
    monkeypatch.setattr(api_settings, "cab_confirm_timeout_seconds", 2)
    monkeypatch.setattr(api_settings, "cab_poll_interval_seconds", 1)
    trip_id = await requested_trip(host)
    assert await asyncio.wait_for((await flow_of(app, trip_id)).result(), 20) == "unfulfilled"
    async with app.state.session_maker() as session:
        vendor_side = await session.scalar(select(SandboxCabBooking.status).where(SandboxCabBooking.trip_id == trip_id))
    assert vendor_side == "cancelled"


async def test_a_lost_webhook_is_made_up_by_polling(app, host, api_settings, monkeypatch):
    monkeypatch.setattr(api_settings, "cab_poll_interval_seconds", 1)
    trip_id = await requested_trip(host)
    await settles_on_vendor_booking(app, trip_id)
    async with app.state.session_maker() as session, session.begin():
        await session.execute(
            update(SandboxCabBooking)
            .where(SandboxCabBooking.trip_id == trip_id)
            .values(
                status="confirmed",
                driver={"name": "Suresh", "phone": "9876500000"},
                vehicle={"model": "Honda Amaze", "registration_number": "KA02CD5678"},
            )
        )
    cab = await settles_on(host, trip_id, "booked")
    assert cab["driver"]["name"] == "Suresh"


async def test_the_trip_time_passing_while_requested_leaves_it_unfulfilled(app, host, api_settings, monkeypatch):
    monkeypatch.setattr(api_settings, "cab_poll_interval_seconds", 1)
    trip_id = await create(host)
    await plan(host, trip_id)
    # The departure the flow is given is the trip's at the request: a few seconds away.
    async with app.state.session_maker() as session, session.begin():
        soon = clock.now() + timedelta(seconds=3)
        await session.execute(update(Trip).where(Trip.id == trip_id).values(scheduled_at=soon))
    assert (await request(host, trip_id)).status_code == 200
    assert await asyncio.wait_for((await flow_of(app, trip_id)).result(), 20) == "unfulfilled"


async def test_a_forged_stale_or_replayed_webhook_is_refused_and_changes_nothing(app, host, api_settings):
    trip_id = await requested_trip(host)
    vendor_booking = await settles_on_vendor_booking(app, trip_id)
    secret = api_settings.cab_webhook_secret
    news = {"booking_id": vendor_booking, "event": "confirmed", "driver": {"name": "Mohan", "phone": "9876511111"}}
    body = json.dumps(news).encode()
    json_type = {"Content-Type": "application/json"}
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://aggregator") as aggregator:
        for headers, message in forged_webhooks(secret, SIGNATURE_HEADER, body):
            answer = await aggregator.post(WEBHOOK, content=body, headers=json_type | headers)
            assert (answer.status_code, answer.json()["message"]) == (401, message), headers
        # Refused, none of them reached the flow: no signal waits in the outbox or stands in its history.
        assert "vendor_event" not in await signals_to(app, cab_workflow_id(trip_id, 1))
        assert (await cab_of(host, trip_id))["status"] == "requested"
        signed = json_type | webhook_headers(secret, body)
        assert (await aggregator.post(WEBHOOK, content=body, headers=signed)).status_code == 200
        await settles_on(host, trip_id, "booked")
        # The same delivery again is a replay; a cancel signed an hour ago (caught on the way, say) is stale. Neither
        # changes the booked cab.
        replayed = await aggregator.post(WEBHOOK, content=body, headers=signed)
        assert (replayed.status_code, replayed.json()["message"]) == (409, messages.VENDOR_WEBHOOK_REPLAYED)
        cancel = json.dumps({"booking_id": vendor_booking, "event": "vendor_cancelled"}).encode()
        old = json_type | webhook_headers(secret, cancel, timestamp=int(signed[TIMESTAMP_HEADER]) - 3600)
        answer = await aggregator.post(WEBHOOK, content=cancel, headers=old)
        assert (answer.status_code, answer.json()["message"]) == (401, messages.VENDOR_WEBHOOK_STALE)
    # The flow was told once, by the delivery taken; the replay and the stale cancel reached it neither way.
    assert (await signals_to(app, cab_workflow_id(trip_id, 1))).count("vendor_event") == 1
    assert (await cab_of(host, trip_id))["status"] == "booked"
    flow = await flow_of(app, trip_id)
    assert (await flow.describe()).status == WorkflowExecutionStatus.RUNNING


async def settles_on_vendor_booking(app, trip_id: int, count: int = 1) -> str:
    """The vendor's booking id once the flow has booked (the count-th booking of the trip)."""
    deadline = time.monotonic() + 15
    while True:
        async with app.state.session_maker() as session:
            found = (
                await session.scalars(
                    select(CabBooking.vendor_booking_id).where(
                        CabBooking.trip_id == trip_id, CabBooking.number == count
                    )
                )
            ).first()
        if found:
            return found
        assert time.monotonic() < deadline, "the flow never booked with the vendor"
        await asyncio.sleep(0.1)


async def test_a_booking_retried_after_a_lost_answer_books_once(app, host, api_settings):
    """The activity booked with the vendor but died before keeping the vendor's booking id: its retry books by the
    same reference, so the vendor answers the same booking."""
    trip_id = await requested_trip(host)
    first = await settles_on_vendor_booking(app, trip_id)
    async with app.state.session_maker() as session, session.begin():
        await session.execute(update(CabBooking).where(CabBooking.trip_id == trip_id).values(vendor_booking_id=None))
        booking_id = await session.scalar(select(CabBooking.id).where(CabBooking.trip_id == trip_id))
    activities = CabActivities(app.state.session_maker, app.state.cab_aggregator, api_settings)
    await ActivityEnvironment().run(activities.book_cab, booking_id)
    async with app.state.session_maker() as session:
        again = await session.scalar(select(CabBooking.vendor_booking_id).where(CabBooking.id == booking_id))
        on_the_vendor_side = await session.scalar(
            select(func.count()).select_from(SandboxCabBooking).where(SandboxCabBooking.trip_id == trip_id)
        )
    assert (again, on_the_vendor_side) == (first, 1)


# More stops the gazetteer knows: Domlur lies on the way from Koramangala to Whitefield, Electronics City does not.
DOMLUR = "in-560071-6b19d8b9"
ELECTRONICS_CITY = "in-560100-35aae145"


async def test_stops_lie_on_the_trip_s_way_each_once_and_at_most_three(app, host):
    trip_id = await create(host)
    assert (await plan(host, trip_id, stops=[HSR_LAYOUT, DOMLUR])).status_code == 200
    off_the_way = await plan(host, trip_id, stops=[HSR_LAYOUT, ELECTRONICS_CITY])
    # Named as it was picked, not as its point's best-known locality ('Wipro Limited').
    assert (off_the_way.status_code, off_the_way.json()["message"]) == (
        400,
        messages.CAB_STOP_OFF_ROUTE.format(stop="Electronics City, Bengaluru, Karnataka"),
    )
    twice = await plan(host, trip_id, stops=[HSR_LAYOUT, HSR_LAYOUT])
    assert (twice.status_code, twice.json()["message"]) == (400, messages.CAB_STOP_REPEATED)
    many = await plan(host, trip_id, stops=[HSR_LAYOUT, DOMLUR, "in-560034-dc08dd0e", "in-560066-f8b0a2ab"])
    assert (many.status_code, many.json()["message"]) == (400, messages.CAB_TOO_MANY_STOPS)
    unknown = await plan(host, trip_id, stops=["in-000000-00000000"])
    assert (unknown.status_code, unknown.json()["message"]) == (400, messages.PLACE_NOT_FOUND)
    # The refused plans left the first one standing.
    async with app.state.session_maker() as session:
        kept = await session.scalar(select(TripCabPlan.stops).where(TripCabPlan.trip_id == trip_id))
    assert [stop["place_id"] for stop in kept] == [HSR_LAYOUT, DOMLUR]


def test_the_request_schema_takes_as_many_stops_as_the_rule():
    from api.cab.schemas import CabPlanIn
    from domain.rules.cab import MAX_STOPS

    assert CabPlanIn.model_json_schema()["properties"]["stops"]["maxItems"] == MAX_STOPS


# Marathahalli Colony shares its pincode's point with Rameshnagar, Kundalahalli and Doddanekkundi.
MARATHAHALLI_COLONY = "in-560037-2325f576"


async def test_a_picked_stop_keeps_the_name_it_was_picked_by(host):
    picked = (await host.get("/api/trip/maps/autocomplete", params={"s": "Marathahalli Colony"})).json()["data"]
    label = next(place["label"] for place in picked if place["place_id"] == MARATHAHALLI_COLONY)
    assert label.startswith("Marathahalli Colony")
    trip_id = await create(host)
    assert (await plan(host, trip_id, stops=[MARATHAHALLI_COLONY])).status_code == 200
    assert (await request(host, trip_id)).status_code == 200
    [stop] = (await cab_of(host, trip_id))["stops"]
    assert (stop["place_id"], stop["name"]) == (MARATHAHALLI_COLONY, label)
