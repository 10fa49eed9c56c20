"""A flow's history names no one (tests/workflows/history_text.py): the Temporal UI shows support every event of it,
so what a flow is given, told, asked and answered is ids and events, never a mobile number, a driver's name or number,
a vehicle's registration, a person's free text, or a token. Each flow here runs for real, through the API and the
worker, with the sandbox vendors."""

import httpx
import pytest
from sqlalchemy import func, select, update
from temporalio.exceptions import ApplicationError
from temporalio.testing import ActivityEnvironment

from activities.kyc import KycActivities
from domain.models import JoinNote, Notification, TripPassenger
from domain.providers.cab import CabAggregatorClient, CabVendorError
from domain.providers.kyc import HyperVergeClient, KycVendorSettings
from domain.rules import notices
from domain.rules.cab import CabStatus
from domain.rules.kyc import KycStatus
from sandbox.models import SandboxCabBooking
from tests.api.conftest import app_flow, new_person
from tests.api.test_cab import flow_of, requested_trip, settles_on, settles_on_vendor_booking, vendor_says
from tests.api.test_join import ask_to_join, host_acts, member_acts
from tests.api.test_kyc import flow_of as kyc_flow_of
from tests.api.test_kyc import settles_on as kyc_settles_on
from tests.api.test_kyc import verify
from tests.api.test_trips import create
from tests.workflows.history_text import MOBILE_NUMBER, history_text, what_it_should_not_hold
from workflows.join_request.contracts import join_workflow_id
from workflows.trip.contracts import trip_workflow_id

pytestmark = pytest.mark.usefixtures("worker")

ISSUE = "The driver 9812345670 asked for cash on top of the fare"
REASON = "Call me on 9876543219 instead, the plan changed"
LEAVING_NOTE = "Got a lift with my brother, reach him on +91 9123456780"
REMOVING_NOTE = "Asked me to pay on 9988776655 by UPI first"
POLLED_DRIVER = {"name": "Suresh Gowda", "phone": "9876500000"}
POLLED_VEHICLE = {"model": "Honda Amaze", "registration_number": "KA02CD5678"}


async def what_people_hold(*clients) -> list[str]:
    """Each person's mobile number and the tokens their browser holds (session, CSRF)."""
    held: list[str] = []
    for client in clients:
        held.append((await client.get("/api/user/user")).json()["data"]["mobile_number"])
        held.extend(value for value in client.cookies.values() if len(value) >= 16)
    return held


def test_the_check_finds_what_it_looks_for():
    text = 'x\n{"driver_phone": "9876500000", "id": 41}\n+91 9123456780\nrun 4b3c9a2e-0193-7e21-9c1d-998877665544'
    assert MOBILE_NUMBER.findall(text) == ["9876500000", "+91 9123456780"]
    assert what_it_should_not_hold(text, ["Suresh", "KA02CD5678", "x"]) == ["9876500000", "+91 9123456780", "x"]


@pytest.fixture
async def host(signed_in):
    signed_in.user_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    return signed_in


async def test_a_cab_booked_by_the_vendors_webhook_leaves_no_one_in_its_history(app, host, member):
    """The webhook names the driver and the vehicle; the host raises an issue and cancels with a reason, both with a
    number in them. The cab's, the trip's and the join's histories hold none of it."""
    trip_id = await requested_trip(host, member)
    await settles_on_vendor_booking(app, trip_id)
    assert (await vendor_says(host, trip_id, "confirm"))["webhook_status"] == 200
    booked = await settles_on(host, trip_id, CabStatus.BOOKED)
    driver, vehicle = booked["driver"], booked["vehicle"]
    assert driver["name"] and driver["contact"]["phone"] and vehicle["registration_number"]
    raised = await host.post(f"/api/trip/cab/support/{trip_id}", json={"issue": ISSUE})
    assert raised.status_code == 200, raised.text
    cancelled = await host.request("DELETE", f"/api/trip/cab/request/{trip_id}", json={"reason": REASON})
    assert cancelled.status_code == 200, cancelled.text
    flow = await flow_of(app, trip_id)
    assert await flow.result() == CabStatus.CANCELLED
    assert (await host.get(f"/api/trip/trip/{trip_id}")).json()["data"]["cab"]["raised_issue"] == ISSUE

    people = await what_people_hold(host, member)
    named = [driver["name"], driver["contact"]["phone"], vehicle["registration_number"], ISSUE, REASON, *people]
    told = await history_text(flow)
    assert "vendor_event" in told and "confirmed" in told and "issue_raised" in told  # the signals, read
    assert what_it_should_not_hold(told, named) == []
    for workflow_id in (trip_workflow_id(trip_id), join_workflow_id(trip_id, member.user_id, 1)):
        assert what_it_should_not_hold(await history_text(await app_flow(app, workflow_id)), people) == []


async def notices_to(app, user_id: int, trip_id: int, title: str) -> list[str]:
    async with app.state.session_maker() as session:
        told = await session.scalars(
            select(Notification.message).where(
                Notification.recipient_id == user_id,
                Notification.entity_id == str(trip_id),
                Notification.title == title,
            )
        )
        return list(told)


async def test_a_trip_deleted_with_a_reason_leaves_the_reason_out_of_every_history(app, host, member):
    """The host deletes a trip with a member and a running cab, with a number in the reason: the trip's row keeps
    the reason and the member is told it, while the trip's flow is told only that it is cancelled and the cab's
    only the cause."""
    trip_id = await requested_trip(host, member)
    await settles_on_vendor_booking(app, trip_id)
    deleted = await host.request("DELETE", f"/api/trip/trip/{trip_id}", json={"reason": REASON})
    assert deleted.status_code == 200, deleted.text
    trip_flow = await app_flow(app, trip_workflow_id(trip_id))
    await trip_flow.result()
    cab_flow = await flow_of(app, trip_id)
    assert await cab_flow.result() == CabStatus.CANCELLED

    told = await notices_to(app, member.user_id, trip_id, notices.TRIP_CANCELLED_TITLE)
    assert len(told) == 1 and told[0].endswith(REASON)
    named = [REASON, *await what_people_hold(host, member)]
    join_flow = await app_flow(app, join_workflow_id(trip_id, member.user_id, 1))
    for flow in (trip_flow, cab_flow, join_flow):
        assert what_it_should_not_hold(await history_text(flow), named) == [], flow.id
    assert "cancel" in await history_text(trip_flow)  # the signal, read


async def test_join_notes_stay_out_of_the_join_flows_histories(app, host, member):
    """A member leaves and another is removed, each with a note that has a number in it: the passenger's row keeps
    the note and the other side is told it, while the request's flow is given only the note's id. A move refused
    afterwards keeps no note of its own."""
    trip_id = await create(host, total_passengers=3)
    async with new_person(app, "Meera Iyer") as removed:
        for person in (member, removed):
            assert (await ask_to_join(person, trip_id)).status_code == 200
            assert (await host_acts(host, trip_id, person.user_id, "APPROVE")).status_code == 200
        left = await member_acts(member, trip_id, "LEAVE", LEAVING_NOTE)
        assert left.status_code == 200, left.text
        gone = await host_acts(host, trip_id, removed.user_id, "REMOVE", REMOVING_NOTE)
        assert gone.status_code == 200, gone.text
        again = await host_acts(host, trip_id, removed.user_id, "REMOVE", REMOVING_NOTE)
        assert again.status_code != 200
        people = await what_people_hold(host, member, removed)

    assert (await notices_to(app, host.user_id, trip_id, notices.MEMBER_LEFT_TITLE))[0].endswith(LEAVING_NOTE)
    assert (await notices_to(app, removed.user_id, trip_id, notices.REMOVED_TITLE))[0].endswith(REMOVING_NOTE)
    async with app.state.session_maker() as session:
        kept = await session.execute(
            select(TripPassenger.user_id, TripPassenger.additional_note).where(TripPassenger.trip_id == trip_id)
        )
        assert dict(kept.all()) == {host.user_id: None, member.user_id: LEAVING_NOTE, removed.user_id: REMOVING_NOTE}
        notes = await session.scalar(
            select(func.count()).select_from(JoinNote).join(TripPassenger).where(TripPassenger.trip_id == trip_id)
        )
        assert notes == 2
    named = [LEAVING_NOTE, REMOVING_NOTE, *people]
    for person in (member, removed):
        flow = await app_flow(app, join_workflow_id(trip_id, person.user_id, 1))
        assert await flow.result() in ("left", "removed")
        assert what_it_should_not_hold(await history_text(flow), named) == [], flow.id


async def test_a_cab_booked_by_a_poll_leaves_no_one_in_its_history(app, host, api_settings, monkeypatch):
    """A lost webhook: the flow's poll finds the driver and the vehicle, which the poll writes to the booking's row
    and answers the flow only the event."""
    monkeypatch.setattr(api_settings, "cab_poll_interval_seconds", 1)
    trip_id = await requested_trip(host)
    await settles_on_vendor_booking(app, trip_id)
    async with app.state.session_maker() as session, session.begin():
        await session.execute(
            update(SandboxCabBooking)
            .where(SandboxCabBooking.trip_id == trip_id)
            .values(status="confirmed", driver=POLLED_DRIVER, vehicle=POLLED_VEHICLE)
        )
    booked = await settles_on(host, trip_id, CabStatus.BOOKED)
    assert (booked["driver"]["name"], booked["vehicle"]["registration_number"]) == ("Suresh Gowda", "KA02CD5678")
    flow = await flow_of(app, trip_id)
    named = ["Suresh Gowda", "9876500000", "KA02CD5678", *await what_people_hold(host)]
    assert what_it_should_not_hold(await history_text(flow), named) == []


async def test_an_identity_check_leaves_no_one_in_its_history(app, member):
    await verify(member, "auto_approved")
    await kyc_settles_on(member, KycStatus.APPROVED)
    flow = await kyc_flow_of(app, member.user_id, 1)
    assert await flow.result() == KycStatus.APPROVED
    profile = (await member.get("/api/user/user")).json()["data"]
    named = [profile["name"], *await what_people_hold(member)]
    assert what_it_should_not_hold(await history_text(flow), named) == []


# A vendor's refusal that repeats what it knows of the person: a failed activity's message is kept in the history.
TELLING_REFUSAL = {"error": "bad state", "driver": {"name": "Suresh Gowda", "phone": "9876500000"}, "name": "Asha Rao"}


def vendor_refusing(url: str) -> httpx.AsyncClient:
    answer = httpx.Response(500, json=TELLING_REFUSAL)
    return httpx.AsyncClient(transport=httpx.MockTransport(lambda _: answer), base_url=url)


async def test_a_vendors_refusal_reaches_the_history_without_its_words(app):
    """The cab aggregator's error (the cab activities' failure message) and the identity check's failure name the
    vendor's answer by its status, not by what it said."""
    cab = CabAggregatorClient(vendor_refusing("https://cab"), "", "k", 5)
    kyc_vendor = HyperVergeClient(vendor_refusing("https://kyc"), KycVendorSettings("", "a", "k", "w", 5))
    failures = []
    try:
        await cab.booking("vb-1")
    except CabVendorError as error:
        failures.append(str(error))
    try:
        await ActivityEnvironment().run(KycActivities(app.state.session_maker, kyc_vendor).ask_kyc_vendor, "hsf_1_1")
    except ApplicationError as error:
        failures.append(error.message)
    assert failures == ["aggregator answered 500", "vendor answered 500"]
