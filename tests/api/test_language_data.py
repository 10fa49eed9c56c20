"""What the API sends for display, not only its sentences, comes in the reader's language (domain/rules/labels.py):
the configuration's copy (its explanations, the referral and trip-sharing texts), cab categories and review attributes,
a vendor's fare items, and why another change ended a cab.
The request's Accept-Language first, else the profile's language, else English; vendors' names stay as they are."""

import re

import pytest

from domain.rules import labels
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


# The configuration's sentences for display (SPEC §3 Config), apart from its labels by key.
COPY_FIELDS = (
    "referral_message",
    "walking_distance_explanation_heading",
    "walking_distance_explanation_content",
    "estimated_cost_explanation_heading",
    "estimated_cost_explanation_content",
    "co2_explanation_heading",
    "co2_explanation_content",
    "unfulfilled_cab_explanation_heading",
    "unfulfilled_cab_explanation_content",
    "not_eligible_cab_explanation_heading",
    "not_eligible_cab_explanation_content",
    "share_trip_text",
)
SCRIPTS = {"hi": re.compile(r"[\u0900-\u097F]"), "kn": re.compile(r"[\u0C80-\u0CFF]")}


def assert_copy_in(language: str, copy: dict, english: dict) -> None:
    """Every sentence is the language's own, keeps the HTML and the placeholders the app fills, and the app's
    address."""
    for field in COPY_FIELDS:
        assert SCRIPTS[language].search(copy[field]), f"{field} is not in {language}: {copy[field]}"
        assert copy[field].startswith("<p>") == english[field].startswith("<p>"), field
    assert copy["share_trip_text"].endswith(": {link}")
    app_url = english["referral_message"].rsplit(" at ", 1)[1]
    assert app_url.startswith("http") and app_url in copy["referral_message"]
    assert copy["referral_message"].startswith("{1} ") and "{0}" in copy["referral_message"]


async def test_the_configuration_copy_comes_in_the_reader_language(signed_in):
    english = await configuration(signed_in)
    assert english["walking_distance_explanation_heading"] == "Walking distance"
    assert english["co2_explanation_content"] == labels.CO2_SAVED_EXPLANATION
    assert english["not_eligible_cab_explanation_heading"] == "Not eligible for a cab"
    assert english["share_trip_text"] == "Join my trip on Humsafar: {link}"
    assert english["referral_message"].startswith(
        "{1} invites you to Humsafar: share cabs, autos and self-drive rides with people going your way. "
        "Sign up with my referral code {0} at http"
    )

    hindi = await configuration(signed_in, HINDI)
    assert_copy_in("hi", hindi, english)
    assert hindi["walking_distance_explanation_heading"] == "पैदल दूरी"
    assert hindi["share_trip_text"] == "Humsafar पर मेरी ट्रिप में जुड़ें: {link}"
    assert hindi["referral_message"].startswith("{1} ने आपको Humsafar पर बुलाया है: ")

    await signed_in.put("/api/user/user", json={"language": "kn"})
    kannada = await configuration(signed_in)
    assert_copy_in("kn", kannada, english)
    assert kannada["estimated_cost_explanation_heading"] == "ಅಂದಾಜು ಖರ್ಚು"
    assert kannada["share_trip_text"] == "Humsafar ನಲ್ಲಿ ನನ್ನ ಟ್ರಿಪ್‌ಗೆ ಸೇರಿ: {link}"
    # The request's language wins over the profile's.
    assert {field: (await configuration(signed_in, ENGLISH))[field] for field in COPY_FIELDS} == {
        field: english[field] for field in COPY_FIELDS
    }


async def test_a_signed_out_reader_gets_the_configuration_copy_in_english_unless_the_header_asks(client):
    english = await configuration(client)
    assert english["estimated_cost_explanation_heading"] == "Estimated cost"
    assert english["unfulfilled_cab_explanation_content"] == labels.CAB_UNFULFILLED_EXPLANATION
    kannada = await configuration(client, {"Accept-Language": "kn-IN"})
    assert_copy_in("kn", kannada, english)


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
