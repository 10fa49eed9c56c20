"""A network rider's request as the host is told of it (docs/interop.md, "A network rider"): the notice's sender
carries the buyer app that booked them (`booked_through`), in the list and in the push alike, and never the phone the
buyer app gave. The app's own people carry no mark."""

import asyncio

import pytest

from tests.api.conftest import new_person
from tests.api.test_network_rider_views import BUYER_APP, PHONE, _network_request
from tests.api.test_notifications import history, push_service, subscribe, vapid_public_key
from tests.api.test_trips import create

pytestmark = pytest.mark.usefixtures("worker")
__all__ = ["push_service", "vapid_public_key"]  # the stand-in push service's fixtures, used here too


async def test_a_network_riders_request_notice_names_the_buyer_app_and_never_the_phone(app, route):
    async with new_person(app, "Meera Iyer") as host, new_person(app, "Ravi Kumar") as member:
        trip_id = await create(host, origin=route.origin, destination=route.destination, total_passengers=4)
        asked = await member.post("/api/trip/user", json={"trip_id": trip_id})
        assert asked.status_code == 200, asked.text
        rider_id = await _network_request(app, trip_id, "Asha")

        answer = await host.get("/api/notification/history", params={"entity_types": "request"})
        assert answer.status_code == 200, answer.text
        senders = {notice["sender"]["id"]: notice["sender"] for notice in answer.json()["data"]}
        assert set(senders) == {rider_id, member.user_id}
        # The rider: their name and the buyer app that booked them, which the web marks in place of a profile they do
        # not have; the app's own member carries no mark.
        assert senders[rider_id]["name"] == "Asha"
        assert senders[rider_id]["booked_through"] == BUYER_APP
        assert senders[member.user_id]["booked_through"] is None
        assert PHONE not in answer.text


async def test_a_network_riders_request_is_pushed_as_the_list_shows_it(app, route, push_service):
    async with new_person(app, "Meera Iyer") as host:
        device = push_service.subscribe()
        await subscribe(host, device)
        trip_id = await create(host, origin=route.origin, destination=route.destination, total_passengers=4)
        await _network_request(app, trip_id, "Asha")

        [received] = await asyncio.to_thread(push_service.wait_for, device)
        [notice] = await history(host)
        assert received.payload == notice
        assert received.payload["sender"]["booked_through"] == BUYER_APP
        assert PHONE not in str(received.payload)
