"""The maps calls of SPEC §7 (/api/trip/maps/...) on the offline gazetteer, and the OSM Photon adapter."""

from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from domain.envelope import Failure
from domain.gazetteer.load import ensure_gazetteer_loaded
from domain.providers.maps import MapsUnavailableError, PhotonMaps, PlaceName, PlacePoint, PlaceSuggestion, point_of
from tests.api.conftest import make_client
from tests.api.test_trips import create

BENGALURU = {"lat": 12.97, "long": 77.59}


@pytest.fixture(scope="module", autouse=True)
async def gazetteer(app) -> None:
    await ensure_gazetteer_loaded(app.state.session_maker)


@pytest.mark.parametrize(
    "path",
    [
        "/api/trip/maps/autocomplete?s=Koramangala",
        "/api/trip/maps/place?id=in-560034-dc08dd0e",
        "/api/trip/maps/geocode?lat=12.93&long=77.62",
    ],
)
async def test_maps_calls_need_a_signed_in_user(app, path):
    async with make_client(app) as browser:
        answer = await browser.get(path)
    assert answer.status_code == 401
    assert answer.json()["status"] == "FAILURE"


async def test_autocomplete_suggests_labelled_places_nearer_first(signed_in):
    answer = await signed_in.get("/api/trip/maps/autocomplete", params={**BENGALURU, "s": "  Electronic City "})
    assert answer.status_code == 200
    body = answer.json()
    assert body["status"] == "SUCCESS"
    assert body["data"][0] == {"label": "Electronic City, Bengaluru, Karnataka", "place_id": "lm-560100-b5989157"}
    assert len(body["data"]) <= 8


async def test_autocomplete_works_without_a_point(signed_in):
    answer = await signed_in.get("/api/trip/maps/autocomplete", params={"s": "Koramangla"})
    labels = [item["label"] for item in answer.json()["data"]]
    assert "Koramangala, Bengaluru, Karnataka" in labels


async def suggestions(client, text: str, near: dict | None = BENGALURU) -> list[dict]:
    answer = await client.get("/api/trip/maps/autocomplete", params={**(near or {}), "s": text})
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("Electronic City", "Electronic City, Bengaluru, Karnataka"),
        ("Koramangla", "Koramangala, Bengaluru, Karnataka"),
        ("HSR", "HSR Layout, Bengaluru, Karnataka"),
        ("hsr layot", "HSR Layout, Bengaluru, Karnataka"),
        ("Whitefeild", "Whitefield, Bengaluru, Karnataka"),
        ("Marthahali", "Marathahalli, Bengaluru, Karnataka"),
    ],
)
async def test_a_bengaluru_commuter_finds_what_they_mean_first(signed_in, typed, meant):
    assert (await suggestions(signed_in, typed))[0]["label"] == meant


async def test_nearer_places_win_over_exact_names_far_away(signed_in):
    # 'Indranagar' is the exact name of places in Jharkhand and Uttarakhand; the commuter means their Indiranagar.
    near_bengaluru = [item["label"] for item in await suggestions(signed_in, "Indranagar")]
    assert near_bengaluru[0] == "Indiranagar, Bengaluru, Karnataka"
    assert "Indranagar, East Singhbhum, Jharkhand" in near_bengaluru
    near_jamshedpur = await suggestions(signed_in, "Indranagar", {"lat": 22.80, "long": 86.18})
    assert near_jamshedpur[0]["label"] == "Indranagar, East Singhbhum, Jharkhand"


@pytest.mark.parametrize("typed", ["Indiranagar", "Bangalore", "Kora", "Airport"])
async def test_labels_leave_out_postal_suffixes_and_never_repeat(signed_in, typed):
    labels = [item["label"] for item in await suggestions(signed_in, typed)]
    assert labels
    assert not [label for label in labels if "(" in label], labels
    assert len({label.casefold() for label in labels}) == len(labels)
    assert not [label for label in labels if label.count("Karnataka") > 1]


async def test_a_suggestion_without_its_suffix_is_still_a_trip_end(signed_in):
    [indiranagar, *_] = await suggestions(signed_in, "Indiranagar")
    assert indiranagar["label"] == "Indiranagar, Bengaluru, Karnataka"
    point = (await signed_in.get("/api/trip/maps/place", params={"id": indiranagar["place_id"]})).json()["data"]
    origin = {"name": indiranagar["label"], "place_id": indiranagar["place_id"]}
    created = await create(signed_in, origin={**origin, "latitude": point["lat"], "longitude": point["long"]})
    assert created > 0


@pytest.mark.parametrize("text", ["", "   "])
async def test_autocomplete_of_nothing_is_an_empty_list(signed_in, text):
    answer = await signed_in.get("/api/trip/maps/autocomplete", params={**BENGALURU, "s": text})
    assert answer.status_code == 200
    assert answer.json()["data"] == []


async def test_autocomplete_reads_at_most_a_hundred_characters(signed_in):
    answer = await signed_in.get("/api/trip/maps/autocomplete", params={**BENGALURU, "s": "Koramangala " * 30})
    assert answer.status_code == 200


async def test_autocomplete_refuses_a_point_off_the_globe(signed_in):
    answer = await signed_in.get("/api/trip/maps/autocomplete", params={"lat": 95, "long": 77.59, "s": "Kora"})
    assert answer.status_code == 400
    assert answer.json()["status"] == "FAILURE"


async def test_place_gives_the_point_of_a_suggestion(signed_in):
    answer = await signed_in.get("/api/trip/maps/place", params={"id": "in-560100-35aae145"})
    assert answer.status_code == 200
    assert answer.json()["data"] == {"lat": 12.849848, "long": 77.654486}


async def test_an_unknown_place_is_not_found(signed_in):
    answer = await signed_in.get("/api/trip/maps/place", params={"id": "in-000000-00000000"})
    assert answer.status_code == 404
    assert answer.json() == Failure(message="Place not found").model_dump()


async def test_geocode_names_the_nearest_locality(signed_in):
    answer = await signed_in.get("/api/trip/maps/geocode", params={"lat": 12.935, "long": 77.624})
    assert answer.status_code == 200
    body = answer.json()
    assert body["status"] == "SUCCESS"
    assert body["data"] == {"place_id": "lm-560034-c253686a", "name": "Koramangala, Bengaluru, Karnataka"}


async def test_geocode_far_from_any_locality_is_not_found(signed_in):
    answer = await signed_in.get("/api/trip/maps/geocode", params={"lat": 0, "long": 0})
    assert answer.status_code == 404
    assert answer.json()["message"] == "Place not found"


# OSM Photon, answered by a mock transport with the shapes photon.komoot.io returns.

KORAMANGALA_FEATURE = {
    "type": "Feature",
    "geometry": {"type": "Point", "coordinates": [77.6245, 12.9352]},
    "properties": {
        "osm_type": "R",
        "osm_id": 7902476,
        "osm_key": "place",
        "osm_value": "suburb",
        "type": "district",
        "name": "Koramangala",
        "postcode": "560034",
        "city": "Bengaluru",
        "county": "Bangalore South",
        "state": "Karnataka",
        "country": "India",
        "countrycode": "IN",
        "extent": [77.61, 12.95, 77.64, 12.92],
    },
}
FORUM_MALL_FEATURE = {
    "type": "Feature",
    "geometry": {"type": "Point", "coordinates": [77.6111, 12.9346]},
    "properties": {
        "osm_type": "W",
        "osm_id": 41353523,
        "osm_key": "shop",
        "osm_value": "mall",
        "type": "house",
        "name": "Forum Mall",
        "street": "Hosur Road",
        "district": "Koramangala",
        "city": "Bengaluru",
        "state": "Karnataka",
        "country": "India",
        "countrycode": "IN",
    },
}
STREET_ADDRESS_FEATURE = {
    "type": "Feature",
    "geometry": {"type": "Point", "coordinates": [77.6228, 12.9279]},
    "properties": {
        "osm_type": "N",
        "osm_id": 5512345678,
        "osm_key": "place",
        "osm_value": "house",
        "type": "house",
        "housenumber": "42",
        "street": "80 Feet Road",
        "locality": "Koramangala 4th Block",
        "city": "Bengaluru",
        "state": "Karnataka",
        "country": "India",
    },
}
NAMELESS_FEATURE = {"type": "Feature", "geometry": {"type": "Point", "coordinates": [77.6, 12.9]}, "properties": {}}


class PhotonStub:
    def __init__(self, answer: httpx.Response) -> None:
        self.answer = answer
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return self.answer

    def params(self) -> dict[str, str]:
        return {key: values[0] for key, values in parse_qs(urlsplit(str(self.requests[-1].url)).query).items()}


@pytest.fixture
def photon_features() -> Iterator[tuple[PhotonStub, PhotonMaps]]:
    collection = {"type": "FeatureCollection", "features": [KORAMANGALA_FEATURE, FORUM_MALL_FEATURE, NAMELESS_FEATURE]}
    stub = PhotonStub(httpx.Response(200, json=collection))
    yield stub, PhotonMaps(httpx.AsyncClient(transport=httpx.MockTransport(stub)), "https://photon.example/")


async def test_photon_autocomplete_asks_for_indian_places_near_the_point(photon_features):
    stub, photon = photon_features
    suggestions = await photon.autocomplete("  Koramangala ", (12.97, 77.59), 5)

    assert stub.requests[-1].url.path == "/api"
    assert stub.params() == {
        "q": "Koramangala",
        "limit": "5",
        "lang": "en",
        "bbox": "68.1,6.5,97.5,37.1",
        "lat": "12.97",
        "lon": "77.59",
    }
    assert suggestions == [
        PlaceSuggestion(label="Koramangala, Bengaluru, Karnataka", place_id="osm-R7902476@12.935200,77.624500"),
        PlaceSuggestion(
            label="Forum Mall, Koramangala, Bengaluru, Karnataka", place_id="osm-W41353523@12.934600,77.611100"
        ),
    ]


async def test_photon_autocomplete_of_nothing_asks_nothing(photon_features):
    stub, photon = photon_features
    assert await photon.autocomplete("   ", None, 5) == []
    assert stub.requests == []


async def test_photon_place_reads_the_point_from_its_id(photon_features):
    stub, photon = photon_features
    assert await point_of(photon, "osm-R7902476@12.935200,77.624500") == PlacePoint(lat=12.9352, long=77.6245)
    assert await point_of(photon, "in-560034-dc08dd0e") is None
    assert await photon.names(["osm-R7902476@12.935200,77.624500"]) == {}
    assert stub.requests == []


async def test_photon_reverse_geocode_names_a_street_address():
    collection = {"type": "FeatureCollection", "features": [STREET_ADDRESS_FEATURE]}
    stub = PhotonStub(httpx.Response(200, json=collection))
    photon = PhotonMaps(httpx.AsyncClient(transport=httpx.MockTransport(stub)), "https://photon.example")

    named = await photon.reverse_geocode(12.9279, 77.6228)

    assert stub.requests[-1].url.path == "/reverse"
    assert stub.params() == {"lat": "12.9279", "lon": "77.6228", "limit": "1", "lang": "en"}
    assert named == PlaceName(
        place_id="osm-N5512345678@12.927900,77.622800",
        name="42 80 Feet Road, Koramangala 4th Block, Bengaluru, Karnataka",
    )


async def test_photon_reverse_geocode_of_open_sea_is_nothing():
    stub = PhotonStub(httpx.Response(200, json={"type": "FeatureCollection", "features": []}))
    photon = PhotonMaps(httpx.AsyncClient(transport=httpx.MockTransport(stub)), "https://photon.example")
    assert await photon.reverse_geocode(10.0, 65.0) is None


@pytest.mark.parametrize("answer", [httpx.Response(502, text="Bad gateway"), httpx.Response(200, text="<html>")])
async def test_photon_failures_are_reported_as_maps_unavailable(answer):
    photon = PhotonMaps(httpx.AsyncClient(transport=httpx.MockTransport(PhotonStub(answer))), "https://photon.example")
    with pytest.raises(MapsUnavailableError):
        await photon.autocomplete("Koramangala", None, 5)


async def test_an_unavailable_maps_vendor_is_a_503(app, signed_in):
    failing = httpx.AsyncClient(transport=httpx.MockTransport(PhotonStub(httpx.Response(503))))
    usual, app.state.maps = app.state.maps, PhotonMaps(failing, "https://photon.example")
    try:
        answer = await signed_in.get("/api/trip/maps/autocomplete", params={**BENGALURU, "s": "Koramangala"})
    finally:
        app.state.maps = usual
    assert answer.status_code == 503
    assert answer.json()["status"] == "FAILURE"
