"""A cab stop keeps the name it was picked by (SPEC §2 Cab booking): the gazetteer names a place by its id, and a
Photon place, whose id carries only its point, keeps the name its suggestion gave it rather than its point's."""

from contextlib import asynccontextmanager

import httpx
import pytest
from sqlalchemy import select

from api.cab.schemas import CabPlanIn
from domain.models import TripCabPlan
from domain.providers.maps import PhotonMaps, point_of
from domain.rules import messages
from tests.api.test_cab import HSR_LAYOUT, MARATHAHALLI_COLONY, plan
from tests.api.test_maps import STREET_ADDRESS_FEATURE, PhotonStub
from tests.api.test_trips import create

pytestmark = pytest.mark.usefixtures("worker")

# What Photon's /reverse calls the point: a street address, not the place that was picked.
REVERSE_NAME = "42 80 Feet Road, Koramangala 4th Block, Bengaluru, Karnataka"


@pytest.fixture
async def host(signed_in):
    return signed_in


async def kept_stops(app, trip_id: int) -> list[tuple[str, str]]:
    async with app.state.session_maker() as session:
        stops = await session.scalar(select(TripCabPlan.stops).where(TripCabPlan.trip_id == trip_id))
    return [(stop["place_id"], stop["name"]) for stop in stops or []]


@asynccontextmanager
async def photon_on_hsr_layout(app):
    """The app's maps provider is Photon within; yields a Photon id of HSR Layout's point, on the trip's way."""
    point = await point_of(app.state.maps, HSR_LAYOUT)
    assert point is not None
    reverse = httpx.Response(200, json={"type": "FeatureCollection", "features": [STREET_ADDRESS_FEATURE]})
    photon = PhotonMaps(httpx.AsyncClient(transport=httpx.MockTransport(PhotonStub(reverse))), "https://photon.example")
    usual, app.state.maps = app.state.maps, photon
    try:
        yield f"osm-R2345678@{point.lat:.6f},{point.long:.6f}"
    finally:
        app.state.maps = usual


async def test_a_photon_stop_keeps_the_name_it_was_picked_by(app, host):
    trip_id = await create(host)
    async with photon_on_hsr_layout(app) as place_id:
        answer = await plan(host, trip_id, stops=[{"place_id": place_id, "name": "HSR Layout, Bengaluru, Karnataka"}])
    assert answer.status_code == 200, answer.text
    assert await kept_stops(app, trip_id) == [(place_id, "HSR Layout, Bengaluru, Karnataka")]


async def test_a_photon_stop_without_its_name_is_named_by_its_point(app, host):
    trip_id = await create(host)
    async with photon_on_hsr_layout(app) as place_id:
        answer = await plan(host, trip_id, stops=[place_id])
    assert answer.status_code == 200, answer.text
    assert await kept_stops(app, trip_id) == [(place_id, REVERSE_NAME)]


async def test_a_gazetteer_stop_is_named_by_its_id_whatever_name_comes_with_it(app, host):
    trip_id = await create(host)
    picked = {"place_id": MARATHAHALLI_COLONY, "name": "Rameshnagar"}
    answer = await plan(host, trip_id, stops=[picked])
    assert answer.status_code == 200, answer.text
    [(place_id, name)] = await kept_stops(app, trip_id)
    assert place_id == MARATHAHALLI_COLONY and name.startswith("Marathahalli Colony")


async def test_a_picked_name_has_a_place_name_s_characters_and_a_stop_counts_once_either_way(app, host):
    trip_id = await create(host)
    bad = await plan(host, trip_id, stops=[{"place_id": HSR_LAYOUT, "name": "HSR Layout\u202e"}])
    assert (bad.status_code, bad.json()["message"]) == (400, messages.PLACE_NAME_CHARACTERS.format(characters="U+202E"))
    twice = await plan(host, trip_id, stops=[HSR_LAYOUT, {"place_id": HSR_LAYOUT, "name": "HSR Layout"}])
    assert (twice.status_code, twice.json()["message"]) == (400, messages.CAB_STOP_REPEATED)


def test_the_plan_takes_place_ids_and_picked_places_alike():
    body = CabPlanIn.model_validate(
        {"category": "sedan", "stops": ["in-1", {"place_id": "osm-N1@1,2", "name": " HSR "}]}
    )
    assert body.picked() == [("in-1", None), ("osm-N1@1,2", "HSR")]
