"""A network rider as the host sees them (docs/interop.md, "A network rider"): in the trip's requests and members,
marked with the buyer app that booked them (`booked_through`), and never with the phone the buyer app gave. The app's
own members carry no mark."""

import json

from sqlalchemy import update

from api.trips.schemas import TripPublic
from domain.joining import JoinAsk, ask_to_join, trip_as_asked
from domain.models import TripPassenger
from domain.network_riders import network_rider
from domain.rules.refusal import Refusal
from tests.api.conftest import new_person
from tests.api.test_trips import create, read
from workflows.push.contracts import push_start

BUYER_APP = "buyer.example.in"
PHONE = "9123456780"


async def _network_request(app, trip_id: int, name: str) -> int:
    """A request on the trip from the buyer app's rider of PHONE, made by the app's own joining code as a confirm
    makes it; the rider's user id."""
    settings = app.state.settings
    async with app.state.session_maker() as session, session.begin():
        rider = await network_rider(session, BUYER_APP, name, PHONE)
        trip = await trip_as_asked(session, trip_id, rider.id)
        assert trip is not None and trip.refusal() is None
        ask = JoinAsk(f"Booked through {BUYER_APP}", 0, 0, {})
        asked = await ask_to_join(session, settings, trip, ask, push_start)
        assert not isinstance(asked, Refusal), asked
        return rider.id


async def _make_active(app, trip_id: int, user_id: int) -> None:
    async with app.state.session_maker() as session, session.begin():
        await session.execute(
            update(TripPassenger)
            .where(TripPassenger.trip_id == trip_id, TripPassenger.user_id == user_id)
            .values(status="active")
        )


def _person(view: dict, user_id: int) -> dict:
    [person] = [person for person in view["passengers"] if person["id"] == user_id]
    return person


async def test_the_host_sees_a_network_riders_buyer_app_and_never_their_phone(app, route):
    async with new_person(app, "Meera Iyer") as host, new_person(app, "Ravi Kumar") as member:
        trip_id = await create(host, origin=route.origin, destination=route.destination, total_passengers=4)
        asked = await member.post("/api/trip/user", json={"trip_id": trip_id})
        assert asked.status_code == 200, asked.text
        rider_id = await _network_request(app, trip_id, "Asha")

        # Among the host's requests: the rider marked with the buyer app, the app's own member without a mark.
        requested = await read(host, trip_id)
        assert TripPublic.model_validate(requested).model_dump(mode="json") == requested
        rider = _person(requested, rider_id)
        assert rider["status"] == "requested" and rider["name"] == "Asha"
        assert rider["booked_through"] == BUYER_APP
        assert _person(requested, member.user_id)["booked_through"] is None
        assert _person(requested, host.user_id)["booked_through"] is None

        # Among the members once accepted, in the trip and in the host's tabs; and to a fellow member.
        await _make_active(app, trip_id, rider_id)
        await _make_active(app, trip_id, member.user_id)
        tabs = await host.get("/api/trip/user_trips")
        assert tabs.status_code == 200, tabs.text
        [in_tabs] = [trip for trip in tabs.json()["data"]["trips"] if trip["id"] == trip_id]
        answers = {"trip": await read(host, trip_id), "tabs": in_tabs, "member's view": await read(member, trip_id)}
        for seen in answers.values():
            assert _person(seen, rider_id)["status"] == "active"
            assert _person(seen, rider_id)["booked_through"] == BUYER_APP

        # No read the host makes carries the phone the buyer app gave: not the trip, its requests or members, the
        # tabs, the rider's card or the host's notices.
        card = await host.get(f"/api/user/user/{rider_id}")
        # A network rider has no profile in the app to show (the web lists their name unlinked).
        assert card.status_code == 404 and card.json()["message_id"] == "USER_NOT_FOUND", card.text
        notices = await host.get("/api/notification/history")
        assert notices.status_code == 200, notices.text
        everything = [requested, *answers.values(), card.json(), notices.json(), tabs.json()]
        for answer in everything:
            assert PHONE not in json.dumps(answer)
