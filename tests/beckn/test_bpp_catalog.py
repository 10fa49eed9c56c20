"""The on_search catalog (domain/providers/beckn/catalog.py), pure: a RIDE item a trip with its seats left and the
seat's share, the vehicle's category by the trip's mode, the host as the agent, the rider's own stops, and the trip's
ends only as their cells' centres; valid by the published specification."""

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest

from domain.providers.beckn.catalog import BadSearch, CatalogTrip, on_search, search_points
from domain.providers.beckn.seat import Bpp, Point
from domain.rules.choices import TRANSPORT_AUTO, TRANSPORT_CAB, TRANSPORT_SELF_DRIVE, TRANSPORT_UNDECIDED
from domain.rules.geo import approximate
from tests.beckn.spec import assert_known_codes, assert_valid_callback

BPP = Bpp("humsafar.example", "https://humsafar.example/beckn")
CONTEXT = {
    "domain": "ONDC:TRV10",
    "version": "2.0.1",
    "action": "search",
    "location": {"city": {"code": "std:080"}, "country": {"code": "IND"}},
    "bap_id": "bap.example",
    "bap_uri": "https://bap.example/trv10",
    "transaction_id": "t-1",
    "message_id": "m-1",
    "timestamp": "2026-12-09T13:40:21.452Z",
    "ttl": "PT30S",
}
PICKUP, DROP = Point(12.9116, 77.6474), Point(12.9857, 77.6057)
NOW = datetime(2026, 12, 9, 13, 40, 22, tzinfo=UTC)


def trip(mode: int = TRANSPORT_CAB, **fields: object) -> CatalogTrip:
    values: dict[str, object] = {
        "trip_id": 7,
        "departure": datetime(2026, 12, 10, 6, 30, tzinfo=UTC),
        "mode": mode,
        "seats_left": 2,
        "estimated_cost": Decimal("900.00"),
        "total_passengers": 3,
        "host_name": "Kavya Raman Rao",
        "host_rating": Decimal("4.67"),
        "host_verified": True,
        "origin": Point(12.8452123, 77.6602456),
        "destination": Point(13.0358789, 77.5970321),
    }
    return CatalogTrip(**(values | fields))  # type: ignore[arg-type]


def test_a_matched_trip_is_a_ride_item_with_the_riders_stops_and_the_host_as_agent() -> None:
    answer = on_search(CONTEXT, BPP, PICKUP, DROP, [trip()], NOW)
    assert_valid_callback("on_search", answer)
    assert_known_codes("on_search", answer)
    assert answer["context"]["action"] == "on_search" and answer["context"]["message_id"] == "m-1"
    assert answer["context"]["bpp_id"] == "humsafar.example"
    [provider] = answer["message"]["catalog"]["providers"]
    [item], [fulfillment] = provider["items"], provider["fulfillments"]
    assert item["descriptor"]["code"] == "RIDE" and item["quantity"] == {"available": {"count": 2}}
    assert item["price"] == {"currency": "INR", "value": "300.00", "minimum_value": "300.00", "maximum_value": "450.00"}
    assert [stop["location"]["gps"] for stop in fulfillment["stops"]] == [PICKUP.gps(), DROP.gps()]
    assert fulfillment["stops"][0]["time"] == {"timestamp": "2026-12-10T06:30:00.000Z"}
    assert fulfillment["agent"] == {"person": {"name": "Kavya"}, "rating": "4.7"}
    assert fulfillment["tags"][0]["list"] == [{"descriptor": {"code": "IDENTITY_VERIFIED"}, "value": "true"}]


@pytest.mark.parametrize(
    ("mode", "category"),
    [
        (TRANSPORT_CAB, "CAB"),
        (TRANSPORT_SELF_DRIVE, "CAB"),
        (TRANSPORT_AUTO, "AUTO_RICKSHAW"),
        (TRANSPORT_UNDECIDED, None),
    ],
)
def test_the_vehicles_category_follows_the_trips_mode(mode: int, category: str | None) -> None:
    [fulfillment] = on_search(CONTEXT, BPP, PICKUP, DROP, [trip(mode)], NOW)["message"]["catalog"]["providers"][0][
        "fulfillments"
    ]
    assert fulfillment.get("vehicle") == ({"category": category} if category else None)


def test_the_trips_ends_are_only_their_cells_centres() -> None:
    matched = trip()
    answer = on_search(CONTEXT, BPP, PICKUP, DROP, [matched], NOW)
    locations = answer["message"]["catalog"]["providers"][0]["locations"]
    for location, end in zip(locations, (matched.origin, matched.destination), strict=True):
        assert location["gps"] == Point(*approximate(end.latitude, end.longitude)).gps()
        assert location["gps"] != end.gps()
    assert "12.845212" not in str(answer) and "13.035878" not in str(answer)


def test_a_search_matching_nothing_is_an_empty_catalog() -> None:
    answer = on_search(CONTEXT, BPP, PICKUP, DROP, [], NOW)
    assert_valid_callback("on_search", answer)
    assert answer["message"]["catalog"]["providers"][0]["items"] == []


def test_a_search_is_read_for_its_stops_and_time() -> None:
    stops: list[dict[str, Any]] = [
        {"type": "START", "location": {"gps": "12.9116, 77.6474"}, "time": {"timestamp": "2026-12-10T06:30:00Z"}},
        {"type": "END", "location": {"gps": "12.9857,77.6057"}},
    ]
    request = {"message": {"intent": {"fulfillment": {"stops": stops}}}}
    assert search_points(request) == (PICKUP, DROP, datetime(2026, 12, 10, 6, 30, tzinfo=UTC))
    for broken in ("91.0, 77.0", "12.9", "north, east", 12.9):
        stops[1]["location"]["gps"] = broken
        with pytest.raises(BadSearch):
            search_points(request)
    not_intents: list[dict[str, Any]] = [
        {"message": {"intent": []}},
        {"message": {"intent": {"fulfillment": {"stops": 3}}}},
    ]
    for not_an_intent in not_intents:
        with pytest.raises(BadSearch):
            search_points(not_an_intent)
