"""What a trip tells those outside it (SPEC §6): its ends only to the cell of about 500 m, by every measure too; its
booked cab's driver and vehicle only to its people; and nothing at all across a block, either way."""

import math
from contextlib import AsyncExitStack, asynccontextmanager

import httpx
import pytest
from sqlalchemy import func, select

from domain.models import Notification
from domain.providers.maps import PhotonMaps
from domain.rules import limits, messages
from domain.rules.geo import APPROXIMATE_CELL_DEGREES, approximate, distance_km
from tests.api.conftest import new_person, place
from tests.api.test_cab import requested_trip, settles_on, settles_on_vendor_booking, vendor_says
from tests.api.test_chat import expect, join, nothing_arrives, say, send, socket, socket_url
from tests.api.test_join import ask_to_join, host_acts
from tests.api.test_maps import STREET_ADDRESS_FEATURE
from tests.api.test_socket_closing import closed_for_policy
from tests.api.test_trips import create, read, search_params

pytestmark = pytest.mark.usefixtures("worker")
__all__ = ["socket_url"]  # the fixture, shared with the socket tests


def at(latitude: float, longitude: float) -> tuple[float, float]:
    return latitude, longitude


def shown_walk(search: dict, trip: dict) -> float:
    """The walk from the searched ends to the trip's ends as this viewer was shown them."""
    return distance_km(
        search["origin_latitude"], search["origin_longitude"], trip["origin"]["latitude"], trip["origin"]["longitude"]
    ) + distance_km(
        search["destination_latitude"],
        search["destination_longitude"],
        trip["destination"]["latitude"],
        trip["destination"]["longitude"],
    )


def off_centre(latitude: float, longitude: float) -> tuple[float, float]:
    """A point a little way from its cell's centre (so the centre is far enough from it to tell apart)."""
    step = APPROXIMATE_CELL_DEGREES
    return (math.floor(latitude / step) + 0.2) * step, (math.floor(longitude / step) + 0.8) * step


async def test_three_searches_by_a_stranger_find_the_cell_and_not_the_pick_up(signed_in, member, app, route):
    """Trilateration: three distances from three chosen points place a point. Measured from the exact pick-up they
    would place it within metres; a stranger's place it at the cell's centre, which they are shown anyway."""
    pick_up = off_centre(route.origin["latitude"], route.origin["longitude"])
    cell = approximate(*pick_up)
    assert distance_km(*pick_up, *cell) > 0.1
    trip_id = await create(signed_in, origin=place("Home", *pick_up), destination=route.destination)
    probes = [at(pick_up[0] + 0.01, pick_up[1]), at(pick_up[0], pick_up[1] + 0.01), at(pick_up[0] - 0.007, pick_up[1])]
    async with new_person(app, "Passer By") as stranger:
        await ask_to_join(member, trip_id)
        await host_acts(signed_in, trip_id, member.user_id, "APPROVE")
        for probe in probes:
            search = search_params(place("Probe", *probe), route.destination, 26)
            around = {key: search[key] for key in ("origin_latitude", "origin_longitude", "date")}
            from_cell, from_pick_up = distance_km(*probe, *cell), distance_km(*probe, *pick_up)
            assert abs(from_cell - from_pick_up) > 0.02  # the two measures tell apart
            for who, expected in ((stranger, from_cell), (member, from_pick_up), (signed_in, from_pick_up)):
                sheet = await read(who, trip_id, **search)
                found = (await who.get("/api/trip/search", params=search)).json()["data"]["trips"]
                nearby = (await who.get("/api/trip/search/around", params=around)).json()["data"]["trips"]
                views = [sheet, *(trip for trip in [*found, *nearby] if trip["id"] == trip_id)]
                # Trips Around You never shows the viewer's own trips.
                assert len(views) == (2 if who is signed_in else 3)
                for view in views:
                    assert view["distance_from_origin"] == pytest.approx(expected, abs=0.006)
                    shown_ends = (view["origin"]["latitude"], view["origin"]["longitude"])
                    shown_ends += (view["destination"]["latitude"], view["destination"]["longitude"])
                    assert view["distance"] == pytest.approx(distance_km(*shown_ends), abs=0.006)


async def test_ranking_and_the_recommended_flag_follow_the_shown_ends(signed_in, app, route):
    """Two trips whose exact pick-ups rank one way and whose cells rank the other; and a trip whose exact walk is
    recommended and whose cell's is not. A stranger sees the cells' order and flag; the host the exact ones."""
    step = APPROXIMATE_CELL_DEGREES
    row = math.floor(route.origin["latitude"] / step)
    longitude = (math.floor(route.origin["longitude"] / step) + 0.3) * step
    searched = at(row * step + 0.0001, longitude)  # just inside a cell's southern edge
    near_exact = at(row * step - 0.0001, longitude)  # 20 m away, but across the edge: its cell's centre is 290 m off
    near_cell = at(row * step + 0.0023, longitude)  # 245 m away, in the searched cell: its centre is 265 m off
    drop = off_centre(route.destination["latitude"], route.destination["longitude"])
    far = at((row - 3) * step - 0.0001, longitude)  # 1.7 km south, just across an edge: its cell's is 1.96 km
    walk_exact = distance_km(*searched, *far)
    walk_cell = distance_km(*searched, *approximate(*far)) + distance_km(*drop, *approximate(*drop))
    assert walk_exact <= limits.RECOMMENDED_MAX_WALK_KM < walk_cell
    ends = {"destination": place("Office", *drop)}
    first_exact = await create(signed_in, origin=place("Gate", *near_exact), **ends)
    first_by_cell = await create(signed_in, origin=place("Corner", *near_cell), **ends)
    recommended_exact = await create(signed_in, origin=place("Far gate", *far), **ends)
    search = search_params(place("Me", *searched), place("Office", *drop), 26)
    async with new_person(app, "Passer By") as stranger:
        seen_by = {
            who: {trip["id"]: (index, trip) for index, trip in enumerate(answer.json()["data"]["trips"])}
            for who, answer in [
                ("stranger", await stranger.get("/api/trip/search", params=search)),
                ("host", await signed_in.get("/api/trip/search", params=search)),
            ]
        }
    for who, trips in seen_by.items():
        assert {first_exact, first_by_cell, recommended_exact} <= set(trips)
        for _, trip in trips.values():
            assert trip["sum_of_distance"] == pytest.approx(shown_walk(search, trip), abs=0.006), who
    stranger_sees, host_sees = seen_by["stranger"], seen_by["host"]
    assert stranger_sees[first_by_cell][0] < stranger_sees[first_exact][0]
    assert host_sees[first_exact][0] < host_sees[first_by_cell][0]
    assert stranger_sees[recommended_exact][1]["recommended"] is False
    assert host_sees[recommended_exact][1]["recommended"] is True


async def test_a_booked_cabs_driver_and_vehicle_go_to_the_trips_people_only(app, signed_in, member):
    """SPEC §6: an active member sees the driver's details; strangers and requesters see whether a cab is booked."""
    async with new_person(app, "Passer By") as stranger, new_person(app, "Asking Still") as requester:
        trip_id = await requested_trip(signed_in, member)
        await ask_to_join(requester, trip_id)
        await settles_on_vendor_booking(app, trip_id)
        await vendor_says(signed_in, trip_id, "confirm")
        booked = await settles_on(signed_in, trip_id, "booked")
        phone, registration = booked["driver"]["contact"]["phone"], booked["vehicle"]["registration_number"]
        assert booked["driver"]["name"] and phone and registration
        assert (await read(member, trip_id))["cab"] == booked
        for outsider in (stranger, requester):
            answer = await outsider.get(f"/api/trip/trip/{trip_id}")
            view = answer.json()["data"]
            assert view["cab"]["status"] == "booked" and view["is_cab_booked"] is True
            assert {key for key, value in view["cab"].items() if value not in (None, [], 0)} == {"status"}
            assert phone not in answer.text and registration not in answer.text
            assert booked["driver"]["name"] not in answer.text


@asynccontextmanager
async def blocked_pair(app, host, who_blocks: str):
    """host and another person, each hosting a trip, with a question each on the other's trip asked before the block;
    then one of the two blocks the other. Yields (other, host's trip, other's trip)."""
    async with new_person(app, "Kiran Shah") as other:
        host_trip, other_trip = await create(host), await create(other)
        for asker, trip_id in ((other, host_trip), (host, other_trip)):
            asked = await asker.post("/api/trip/query", json={"trip_id": trip_id, "question": "Room for a bicycle?"})
            assert asked.status_code == 200, asked.text
        blocker, blocked = (host, other) if who_blocks == "host" else (other, host)
        blocked_id = (await blocked.get("/api/user/user")).json()["data"]["id"]
        answer = await blocker.post(f"/api/user/block/{blocked_id}", json={"reason": "Rude", "report_user": False})
        assert answer.status_code == 200, answer.text
        yield other, host_trip, other_trip


async def notices_of(app, user_id: int, entity_type: str) -> int:
    async with app.state.session_maker() as session:
        found = select(func.count()).where(
            Notification.recipient_id == user_id, Notification.entity_type == entity_type
        )
        return int(await session.scalar(found) or 0)


@pytest.mark.parametrize("who_blocks", ["host", "other"])
async def test_across_a_block_neither_opens_asks_about_or_asks_to_join_the_others_trip(app, signed_in, who_blocks):
    host_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    async with blocked_pair(app, signed_in, who_blocks) as (other, host_trip, other_trip):
        sides = ((signed_in, other_trip, host_trip, other.user_id), (other, host_trip, other_trip, host_id))
        for person, theirs, own, their_id in sides:
            assert (await person.get(f"/api/trip/trip/{own}")).status_code == 200
            opened = await person.get(f"/api/trip/trip/{theirs}")
            assert (opened.status_code, opened.json()["message"]) == (404, messages.TRIP_NOT_FOUND)
            before = await notices_of(app, their_id, "query")
            asked = await person.post("/api/trip/query", json={"trip_id": theirs, "question": "Is it still on then?"})
            assert (asked.status_code, asked.json()["message"]) == (404, messages.TRIP_NOT_FOUND)
            assert await notices_of(app, their_id, "query") == before
            joining = await ask_to_join(person, theirs)
            assert (joining.status_code, joining.json()["message"]) == (404, messages.TRIP_NOT_FOUND)
            # The question asked before the block stays unanswered: the answer would reach the other.
            [query] = (await read(person, own))["queries"]
            answered = await person.put(f"/api/trip/query/{query['id']}", json={"answer": "Yes, there is room"})
            assert (answered.status_code, answered.json()["message"]) == (404, messages.QUERY_NOT_FOUND)


@pytest.mark.parametrize("who_blocks", ["host", "member"])
async def test_across_a_block_a_member_and_the_host_no_longer_reach_each_other_in_chat(
    app, signed_in, member, socket_url, who_blocks
):
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    await host_acts(signed_in, trip_id, member.user_id, "APPROVE")
    host_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    async with AsyncExitStack() as stack:
        host_ws = await stack.enter_async_context(socket(socket_url, signed_in))
        member_ws = await stack.enter_async_context(socket(socket_url, member))
        await join(host_ws, trip_id)
        await join(member_ws, trip_id)
        blocker, blocked_id = (signed_in, member.user_id) if who_blocks == "host" else (member, host_id)
        answer = await blocker.post(f"/api/user/block/{blocked_id}", json={"reason": "Rude", "report_user": True})
        assert answer.status_code == 200, answer.text
        # Both sockets close at once; each comes back to what is still theirs.
        for ws in (host_ws, member_ws):
            await closed_for_policy(ws)
        host_ws = await stack.enter_async_context(socket(socket_url, signed_in))
        member_ws = await stack.enter_async_context(socket(socket_url, member))
        await join(host_ws, trip_id)
        # The member can neither come back in nor send, and the host's messages no longer reach them.
        await send(member_ws, "join", chat_id=trip_id)
        assert (await expect(member_ws, "error"))["code"] == 403
        refused = await say(member_ws, trip_id, "Can you hear me at all?")
        assert (refused["event"], refused["data"]["code"]) == ("error", 403)
        assert (await say(host_ws, trip_id, "Leaving at seven sharp"))["event"] == "receive-message"
        assert not [f for f in await nothing_arrives(member_ws, 0.3) if f["event"] == "receive-message"]
        assert not [f for f in await nothing_arrives(host_ws, 0.3) if f["event"] == "receive-message"]
    for path, params in ((f"/api/trip/chat/{trip_id}", {}), ("/api/chat/chat", {"chat_id": trip_id})):
        refused = await member.get(path, params=params)
        assert (refused.status_code, refused.json()["message"]) == (404, messages.CHAT_NOT_FOUND)
        assert (await signed_in.get(path, params=params)).status_code == 200
    listed = (await member.get("/api/chat/user")).json()["data"]["chats"]
    assert trip_id not in {chat["trip_id"] for chat in listed}
    [host_chat] = [
        c for c in (await signed_in.get("/api/chat/user")).json()["data"]["chats"] if c["trip_id"] == trip_id
    ]
    assert member.user_id not in {user["user_id"] for user in host_chat["chat_users"]}
    assert await notices_of(app, member.user_id, "chat") == 0


# A pin dropped on a house in Koramangala, as Photon names it (tests/api/test_maps.py), and a building of flats.
PIN_ON_A_HOUSE = STREET_ADDRESS_FEATURE
BLOCK_OF_FLATS = {
    "type": "Feature",
    "geometry": {"type": "Point", "coordinates": [77.7499, 12.9882]},
    "properties": {
        "osm_type": "W",
        "osm_id": 24681357,
        "name": "Prestige Shantiniketan",
        "street": "ITPL Main Road",
        "locality": "Whitefield",
        "city": "Bengaluru",
        "state": "Karnataka",
    },
}


@pytest.fixture
def photon(app):
    """The API's maps service taken for Photon, answering each reverse geocoding with the feature asked for last."""
    features: list[dict] = []

    def answer(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json={"type": "FeatureCollection", "features": features[-1:]})

    maps = PhotonMaps(httpx.AsyncClient(transport=httpx.MockTransport(answer)), "https://photon.example")
    gazetteer, app.state.maps = app.state.maps, maps
    yield features
    app.state.maps = gazetteer


async def dropped_pin(client, features: list[dict], feature: dict) -> dict:
    """A trip end as the place picker makes it of a dropped pin: the maps service's name of the pin's point."""
    features.append(feature)
    longitude, latitude = feature["geometry"]["coordinates"]
    named = await client.get("/api/trip/maps/geocode", params={"lat": latitude, "long": longitude})
    assert named.status_code == 200, named.text
    return {**named.json()["data"], "latitude": latitude, "longitude": longitude}


async def test_a_dropped_pin_is_shown_to_strangers_by_its_locality_with_photon(app, signed_in, member, photon):
    """A pin on a house is named by its street address, one on a building by the building; anyone outside the trip
    (a requester too) is told only the locality, in the trip, in search and in the host's reviews."""
    home = await dropped_pin(signed_in, photon, PIN_ON_A_HOUSE)
    flats = await dropped_pin(signed_in, photon, BLOCK_OF_FLATS)
    assert home["name"].startswith("42 80 Feet Road") and flats["name"].startswith("Prestige Shantiniketan")
    trip_id = await create(signed_in, origin=home, destination=flats)
    await ask_to_join(member, trip_id)
    await host_acts(signed_in, trip_id, member.user_id, "APPROVE")
    for insider in (signed_in, member):
        seen = await read(insider, trip_id)
        assert (seen["origin"]["name"], seen["destination"]["name"]) == (home["name"], flats["name"])
    async with new_person(app, "Passer By") as stranger, new_person(app, "Asking Still") as requester:
        await ask_to_join(requester, trip_id)
        for outsider in (stranger, requester):
            answer = await outsider.get(f"/api/trip/trip/{trip_id}")
            seen = answer.json()["data"]
            assert (seen["origin"]["name"], seen["destination"]["name"]) == ("Koramangala 4th Block", "Whitefield")
            assert "80 Feet Road" not in answer.text and "Prestige" not in answer.text
        search = search_params(home, flats, 26)
        found = await stranger.get("/api/trip/search", params=search)
        [listed] = [trip for trip in found.json()["data"]["trips"] if trip["id"] == trip_id]
        assert (listed["origin"]["name"], listed["destination"]["name"]) == ("Koramangala 4th Block", "Whitefield")
        assert "80 Feet Road" not in found.text and "Prestige" not in found.text


async def test_a_pin_named_by_a_street_address_is_shown_to_strangers_by_its_locality(app, signed_in, route):
    """With the gazetteer too: a name that starts with a street address is told from its locality on."""
    pin = place("7 Temple Road, Malleswaram, Bengaluru", route.origin["latitude"], route.origin["longitude"])
    trip_id = await create(signed_in, origin=pin, destination=route.destination)
    async with new_person(app, "Passer By") as stranger:
        answer = await stranger.get(f"/api/trip/trip/{trip_id}")
        assert answer.json()["data"]["origin"]["name"] == "Malleswaram"
        assert "Temple Road" not in answer.text


@pytest.mark.parametrize("who_blocks", ["host", "other"])
async def test_across_a_block_neither_reads_the_others_profile_or_reviews(app, signed_in, who_blocks):
    """Someone blocked cannot read the blocker's card (with its trip record) or the reviews they received (with the
    trips they were on), nor the other way round: the same not found as for no such person."""
    host_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    async with blocked_pair(app, signed_in, who_blocks) as (other, _, _):
        for person, their_id in ((signed_in, other.user_id), (other, host_id)):
            for path in (f"/api/user/user/{their_id}", f"/api/user/review/{their_id}/trip"):
                answer = await person.get(path)
                assert (answer.status_code, answer.json()["message"]) == (404, messages.USER_NOT_FOUND), path
        async with new_person(app, "Passer By") as stranger:
            for their_id in (host_id, other.user_id):
                assert (await stranger.get(f"/api/user/user/{their_id}")).status_code == 200
                assert (await stranger.get(f"/api/user/review/{their_id}/trip")).status_code == 200
