"""What the API sends for display, not only its sentences, comes in the reader's language (domain/rules/labels.py):
cab categories and review attributes (the configuration), a vendor's fare items, and why another change ended a cab.
The request's Accept-Language first, else the profile's language, else English; vendors' names stay as they are."""

import pytest

from domain.rules.choices import CAB_CATEGORIES, REVIEW_ATTRIBUTES
from tests.api.test_cab import plan
from tests.api.test_cab_ends_told import booked_trip, flow_of
from tests.api.test_trips import create, in_hours

pytestmark = pytest.mark.usefixtures("worker")

HINDI = {"Accept-Language": "hi-IN,hi;q=0.9"}
ENGLISH = {"Accept-Language": "en"}


@pytest.fixture
async def host(signed_in):
    signed_in.user_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    return signed_in


async def configuration(client, headers: dict[str, str] | None = None) -> dict:
    answer = await client.get("/api/user/configuration", headers=headers or {})
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


async def test_cab_categories_and_review_attributes_come_in_the_reader_language(signed_in):
    english = await configuration(signed_in)
    assert english["valid_cab_categories"] == {"hatchback": "Hatchback", "sedan": "Sedan", "suv": "SUV"}
    assert english["review_attributes"] == {
        "punctual": "Punctual",
        "friendly": "Friendly",
        "safe_driving": "Safe driving",
        "clean_vehicle": "Clean vehicle",
        "good_communication": "Good communication",
    }

    hindi = await configuration(signed_in, HINDI)
    assert hindi["valid_cab_categories"] == {"hatchback": "हैचबैक", "sedan": "सेडान", "suv": "SUV"}
    assert hindi["review_attributes"]["punctual"] == "समय के पाबंद"
    assert hindi["review_attributes"].keys() == REVIEW_ATTRIBUTES.keys()

    await signed_in.put("/api/user/user", json={"language": "kn"})
    kannada = await configuration(signed_in)
    assert kannada["valid_cab_categories"] == {"hatchback": "ಹ್ಯಾಚ್‌ಬ್ಯಾಕ್", "sedan": "ಸೆಡಾನ್", "suv": "SUV"}
    assert kannada["review_attributes"]["safe_driving"] == "ಸುರಕ್ಷಿತ ಡ್ರೈವಿಂಗ್"
    # The request's language wins over the profile's.
    assert (await configuration(signed_in, ENGLISH))["valid_cab_categories"] == CAB_CATEGORIES


async def vendors(client, trip_id: int, headers: dict[str, str] | None = None) -> list[dict]:
    answer = await client.get(f"/api/trip/cab/vendors/{trip_id}", headers=headers or {})
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


async def test_fare_items_come_in_the_reader_language_and_vendors_keep_their_names(host):
    trip_id = await create(host, total_passengers=3)
    assert (await plan(host, trip_id)).status_code == 200

    english = await vendors(host, trip_id)
    hindi = await vendors(host, trip_id, HINDI)
    await host.put("/api/user/user", json={"language": "kn"})
    kannada = await vendors(host, trip_id)

    names = [quote["name"] for quote in english]
    assert sorted(names) == ["CityCab", "Metro Taxi", "SwiftRide"]
    assert [quote["name"] for quote in hindi] == [quote["name"] for quote in kannada] == names
    first = english[0]["fare_breakup"]
    assert list(first)[:1] == ["Base fare"] and list(first)[2:] == ["Stops", "GST"]
    distance = list(first)[1]
    assert distance.startswith("Distance (") and distance.endswith(" km)")
    km = distance.removeprefix("Distance (").removesuffix(" km)")
    assert list(hindi[0]["fare_breakup"]) == ["बेस किराया", f"दूरी ({km} किमी)", "स्टॉप", "GST"]
    assert list(kannada[0]["fare_breakup"]) == ["ಮೂಲ ದರ", f"ದೂರ ({km} ಕಿ.ಮೀ)", "ಸ್ಟಾಪ್‌ಗಳು", "GST"]
    assert list(hindi[0]["fare_breakup"].values()) == list(first.values())


async def test_why_a_cab_ended_and_its_fare_items_come_in_each_reader_language(app, host, member):
    trip_id = await booked_trip(app, host, member)
    moved = await host.put(f"/api/trip/trip/{trip_id}", json={"time_of_trip": in_hours(30)})
    assert moved.status_code == 200, moved.text
    assert await (await flow_of(app, trip_id)).result() == "cancelled"

    async def cab(client, headers: dict[str, str] | None = None) -> dict:
        answer = await client.get(f"/api/trip/trip/{trip_id}", headers=headers or {})
        assert answer.status_code == 200, answer.text
        return answer.json()["data"]["cab"]

    english = await cab(host)
    assert (english["status"], english["cancelled_because"]) == ("cancelled", "the trip's time changed")
    assert "Base fare" in english["vendor"]["fare_breakup"]
    assert english["vendor"]["name"] == "CityCab"

    hindi = await cab(host, HINDI)
    assert hindi["cancelled_because"] == "ट्रिप का समय बदल गया"
    assert "बेस किराया" in hindi["vendor"]["fare_breakup"] and hindi["vendor"]["name"] == "CityCab"

    await member.put("/api/user/user", json={"language": "kn"})
    kannada = await cab(member)
    assert kannada["cancelled_because"] == "ಟ್ರಿಪ್ ಸಮಯ ಬದಲಾಗಿದೆ"
    assert "ಮೂಲ ದರ" in kannada["vendor"]["fare_breakup"]
