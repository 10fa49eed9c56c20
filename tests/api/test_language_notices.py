"""A notice's history is shown in the reader's language at read time, and pushed in its recipient's profile
language: a notice stores its kind and what fills it, not the sentence (domain/notifications.py)."""

import asyncio
from datetime import UTC, datetime

import pytest

from domain.i18n.catalog import TRANSLATIONS
from domain.models import Notification
from domain.notifications import (
    chat,
    chat_notice,
    clock,
    day_and_clock,
    notice_draft,
    route,
    store_notifications,
)
from domain.rules import notices
from tests.api.test_join import ask_to_join, host_acts
from tests.api.test_notifications import (  # noqa: F401
    eventually_listed,
    history,
    push_service,
    subscribe,
    vapid_public_key,
)
from tests.api.test_sos import me
from tests.api.test_trips import create, in_hours
from workflows.push.contracts import push_start

pytestmark = pytest.mark.usefixtures("worker")

DEPARTS = datetime(2026, 3, 5, 3, 35, tzinfo=UTC)
ENGLISH = {"Accept-Language": "en"}
HINDI = {"Accept-Language": "hi"}
ENGLISH_BODY = "The host cancelled the trip from Koramangala to Whitefield on 5 Mar at 9:05 am."
HINDI_BODY = "होस्ट ने 5 मार्च, 9:05 am की Koramangala से Whitefield की ट्रिप कैंसल कर दी।"
KANNADA_BODY = "ಮಾರ್ಚ್ 5, 9:05 AM ಕ್ಕೆ Koramangala ನಿಂದ Whitefield ಗೆ ಹೋಗಬೇಕಿದ್ದ ಟ್ರಿಪ್ ಅನ್ನು ಹೋಸ್ಟ್ ಕ್ಯಾನ್ಸಲ್ ಮಾಡಿದ್ದಾರೆ."


async def tell(app, recipient_id: int, key: str) -> None:
    draft = notice_draft(
        recipient_id=recipient_id,
        kind="TRIP_CANCELLED",
        fields={"route": route("Koramangala, Bengaluru", "Whitefield, Bengaluru"), "when": day_and_clock(DEPARTS)},
        entity_type=notices.ABOUT_TRIP,
        entity_id=key,
        dedupe_key=f"language-test:{key}:{recipient_id}",
    )
    async with app.state.session_maker() as session, session.begin():
        assert await store_notifications(session, [draft], push_start) == 1


async def test_a_notice_is_listed_in_the_reader_language_and_stored_as_what_happened(app, signed_in):
    user_id = await me(signed_in)
    await tell(app, user_id, "listed")
    for headers, title, body in (
        ({"Accept-Language": "en"}, notices.TRIP_CANCELLED_TITLE, ENGLISH_BODY),
        ({"Accept-Language": "hi-IN,hi;q=0.9"}, TRANSLATIONS["hi"]["TRIP_CANCELLED_TITLE"], HINDI_BODY),
        ({"Accept-Language": "kn"}, TRANSLATIONS["kn"]["TRIP_CANCELLED_TITLE"], KANNADA_BODY),
    ):
        answer = await signed_in.get("/api/notification/history", headers=headers)
        [notice] = [item for item in answer.json()["data"] if item["entity_id"] == "listed"]
        assert (notice["title"], notice["message"]) == (title, body)

    await signed_in.put("/api/user/user", json={"language": "hi"})
    [notice] = [item for item in await history(signed_in) if item["entity_id"] == "listed"]
    assert notice["message"] == HINDI_BODY
    async with app.state.session_maker() as session:
        stored = await session.get(Notification, notice["id"])
    assert stored is not None
    assert (stored.kind, stored.message) == ("TRIP_CANCELLED", ENGLISH_BODY)
    assert stored.params == {
        "fields": {
            "route": {"route": ["Koramangala, Bengaluru", "Whitefield, Bengaluru"]},
            "when": {"day_and_clock": DEPARTS.isoformat()},
        },
        "added": [],
    }


async def test_a_notice_is_pushed_in_the_recipient_profile_language(app, signed_in, push_service):  # noqa: F811
    device = push_service.subscribe()
    await subscribe(signed_in, device)
    await signed_in.put("/api/user/user", json={"language": "kn"})
    await tell(app, await me(signed_in), "pushed")
    [received] = await asyncio.to_thread(push_service.wait_for, device)
    assert (received.payload["title"], received.payload["message"]) == (
        TRANSLATIONS["kn"]["TRIP_CANCELLED_TITLE"],
        KANNADA_BODY,
    )


async def test_a_notice_s_time_is_written_as_the_app_writes_it_in_each_language(app, signed_in):
    # web/src/i18n/format.ts `time` (Intl, 12-hour, India time): '6:40 pm' in en-IN and hi-IN, '6:40 PM' in kn-IN.
    evening = datetime(2026, 3, 5, 13, 10, tzinfo=UTC)
    draft = notice_draft(
        recipient_id=await me(signed_in),
        kind="TRIP_REMINDER",
        fields={"route": route("Koramangala, Bengaluru", "Whitefield, Bengaluru"), "time": clock(evening)},
        entity_type=notices.ABOUT_TRIP,
        entity_id="clock",
        dedupe_key="language-test:clock",
    )
    async with app.state.session_maker() as session, session.begin():
        assert await store_notifications(session, [draft], push_start) == 1

    def reminder(listed: list[dict]) -> str:
        [notice] = [item for item in listed if item["entity_id"] == "clock"]
        return notice["message"]

    assert reminder(await in_language(signed_in)) == "Your trip from Koramangala to Whitefield starts at 6:40 pm."
    assert reminder(await in_language(signed_in, HINDI)) == "आपकी Koramangala से Whitefield की ट्रिप 6:40 pm पर शुरू होगी।"
    await signed_in.put("/api/user/user", json={"language": "kn"})
    assert reminder(await in_language(signed_in)) == "Koramangala ನಿಂದ Whitefield ಗೆ ಹೋಗುವ ನಿಮ್ಮ ಟ್ರಿಪ್ 6:40 PM ಕ್ಕೆ ಶುರುವಾಗುತ್ತದೆ."


async def test_a_notice_stored_without_a_kind_reads_as_stored(app, signed_in):
    user_id = await me(signed_in)
    async with app.state.session_maker() as session, session.begin():
        session.add(
            Notification(
                recipient_id=user_id,
                title="Trip cancelled",
                message="An old notice.",
                entity_type=notices.ABOUT_TRIP,
                entity_id="old",
            )
        )
    answer = await signed_in.get("/api/notification/history", headers={"Accept-Language": "kn"})
    [notice] = [item for item in answer.json()["data"] if item["entity_id"] == "old"]
    assert (notice["title"], notice["message"]) == ("Trip cancelled", "An old notice.")


async def test_a_deleted_trip_is_read_by_each_rider_in_their_language(signed_in, member):
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    await eventually_listed(signed_in)
    await member.put("/api/user/user", json={"language": "kn"})
    deleted = await signed_in.request("DELETE", f"/api/trip/trip/{trip_id}", json={"reason": "My flight moved"})
    assert deleted.status_code == 200, deleted.text
    [notice] = await eventually_listed(member, entity_types="trip")
    assert notice["title"] == TRANSLATIONS["kn"]["TRIP_CANCELLED_TITLE"]
    assert " ನಿಂದ " in notice["message"] and notice["message"].endswith(" ಕಾರಣ: My flight moved")
    english = await member.get("/api/notification/history", params={"entity_types": "trip"}, headers=ENGLISH)
    [notice] = english.json()["data"]
    assert notice["title"] == notices.TRIP_CANCELLED_TITLE
    assert notice["message"].startswith("The host cancelled the trip from ")
    assert notice["message"].endswith(". Reason: My flight moved")


async def test_a_request_and_its_answer_are_read_by_each_side_in_their_language(signed_in, member):
    await signed_in.put("/api/user/user", json={"language": "hi"})
    await member.put("/api/user/user", json={"language": "kn"})
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    [asked] = await eventually_listed(signed_in, entity_types="request")
    assert asked["title"] == TRANSLATIONS["hi"]["NEW_REQUEST_TITLE"]
    assert asked["message"].startswith("Ravi Kumar आपकी ") and "की ट्रिप में जुड़ना चाहते हैं।" in asked["message"]
    assert (await host_acts(signed_in, trip_id, await me(member), "APPROVE")).status_code == 200
    [answered] = await eventually_listed(member, entity_types="request")
    assert answered["title"] == TRANSLATIONS["kn"]["REQUEST_ACCEPTED_TITLE"]
    assert answered["message"].endswith("ಹೋಗುವ ಟ್ರಿಪ್ ಸೇರಲು ನೀವು ಕಳುಹಿಸಿದ ರಿಕ್ವೆಸ್ಟ್ ಅನ್ನು ಒಪ್ಪಿಕೊಳ್ಳಲಾಗಿದೆ.")


async def in_language(client, headers: dict[str, str] | None = None, **params) -> list[dict]:
    answer = await client.get("/api/notification/history", params=params, headers=headers or {})
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


async def test_a_moved_trip_is_stored_once_and_read_with_its_days_in_each_language(app, signed_in, member):
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    assert (await host_acts(signed_in, trip_id, await me(member), "APPROVE")).status_code == 200
    moved = await signed_in.put(f"/api/trip/trip/{trip_id}", json={"time_of_trip": in_hours(30)})
    assert moved.status_code == 200, moved.text
    await eventually_listed(member, entity_types="trip")

    [english] = await in_language(member, entity_types="trip")
    assert english["title"] == notices.TRIP_MOVED_TITLE
    assert english["message"].startswith("The host moved the trip from Koramangala to Whitefield from ")
    assert english["message"].endswith(notices.STILL_COMING_ASKED)  # a move of more than half an hour
    [hindi] = await in_language(member, HINDI, entity_types="trip")
    assert hindi["title"] == TRANSLATIONS["hi"]["TRIP_MOVED_TITLE"]
    assert hindi["message"].startswith("होस्ट ने Koramangala से Whitefield की ट्रिप का समय ")
    assert hindi["message"].endswith(" " + TRANSLATIONS["hi"]["STILL_COMING_ASKED"])
    await member.put("/api/user/user", json={"language": "kn"})
    [kannada] = await in_language(member, entity_types="trip")
    assert kannada["title"] == TRANSLATIONS["kn"]["TRIP_MOVED_TITLE"]
    assert " ಬದಲು " in kannada["message"]
    # Each reader's month is in their language: no English month name is left in theirs.
    months = [getattr(notices, f"MONTH_{number}") for number in range(1, 13)]
    assert any(month in english["message"] for month in months)
    assert not any(f" {month}," in hindi["message"] or f"{month} " in kannada["message"] for month in months)

    async with app.state.session_maker() as session:
        stored = await session.get(Notification, english["id"])
    assert stored is not None
    assert (stored.kind, stored.message) == ("TRIP_MOVED", english["message"])


async def test_a_chat_notice_is_stored_once_and_read_in_each_language(app, signed_in):
    user_id = await me(signed_in)
    draft = chat_notice(
        recipient_id=user_id,
        chat_id=4321,
        chat_name=chat("Koramangala, Bengaluru", "Whitefield, Bengaluru", None),
        sender_id=user_id,
        sender_name="Asha",
        kind="media",
        said="",
        read_mark=0,
    )
    async with app.state.session_maker() as session, session.begin():
        assert await store_notifications(session, [draft], push_start) == 1

    [english] = await in_language(signed_in, entity_types="chat")
    assert (english["title"], english["message"]) == ("Koramangala to Whitefield", "Asha: sent a document")
    [hindi] = await in_language(signed_in, HINDI, entity_types="chat")
    assert (hindi["title"], hindi["message"]) == ("Koramangala से Whitefield", "Asha: एक डॉक्यूमेंट भेजा")
    await signed_in.put("/api/user/user", json={"language": "kn"})
    [kannada] = await in_language(signed_in, entity_types="chat")
    assert (kannada["title"], kannada["message"]) == (
        "Koramangala ನಿಂದ Whitefield ಗೆ",
        "Asha: ಒಂದು ಡಾಕ್ಯುಮೆಂಟ್ ಕಳುಹಿಸಿದ್ದಾರೆ",
    )


async def test_a_chat_notice_is_pushed_in_the_recipient_profile_language(app, signed_in, push_service):  # noqa: F811
    device = push_service.subscribe()
    await subscribe(signed_in, device)
    await signed_in.put("/api/user/user", json={"language": "hi"})
    user_id = await me(signed_in)
    draft = chat_notice(
        recipient_id=user_id,
        chat_id=4322,
        chat_name=chat("Koramangala, Bengaluru", "Whitefield, Bengaluru", DEPARTS),
        sender_id=user_id,
        sender_name="Asha",
        kind="text",
        said="Leaving at 7",
        read_mark=0,
    )
    async with app.state.session_maker() as session, session.begin():
        assert await store_notifications(session, [draft], push_start) == 1
    [received] = await asyncio.to_thread(push_service.wait_for, device)
    assert (received.payload["title"], received.payload["message"]) == (
        "Koramangala से Whitefield · 5 मार्च",
        "Asha: Leaving at 7",
    )
