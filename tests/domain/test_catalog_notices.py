"""A notice stores what happened (its kind and what fills it), so its title and message are made in each reader's
language when read (domain/notifications.py); in English they are the words the notice always had."""

from datetime import UTC, datetime

import pytest

from domain.i18n.catalog import TRANSLATIONS
from domain.notifications import (
    chat,
    chat_notice,
    clock,
    clock_in,
    day_and_clock,
    day_in,
    kind_of_title,
    notice_draft,
    notice_words,
    person,
    route,
    trip,
)
from domain.rules import notices

ORIGIN = "Koramangala, Bengaluru, Karnataka"
DESTINATION = "Whitefield, Bengaluru, Karnataka"
DEPARTS = datetime(2026, 3, 5, 3, 35, tzinfo=UTC)  # 9:05 am in India


def cancelled_trip(reason: str | None = None):
    return notice_draft(
        recipient_id=7,
        kind="TRIP_CANCELLED",
        fields={"route": route(ORIGIN, DESTINATION), "when": day_and_clock(DEPARTS)},
        added=[("REASON_BODY", {"reason": reason})] if reason else (),
        entity_type=notices.ABOUT_TRIP,
        entity_id="12",
    )


def read(draft, language):
    return notice_words(draft.kind, draft.params, draft.title, draft.message, language)


def test_a_notice_is_stored_with_the_english_it_always_had():
    draft = cancelled_trip("Car broke down")
    english = notices.with_reason(
        notices.TRIP_CANCELLED_BODY.format(
            route=notices.route_words(ORIGIN, DESTINATION), when=notices.day_and_clock_words(DEPARTS)
        ),
        "Car broke down",
    )
    assert (draft.title, draft.message) == (notices.TRIP_CANCELLED_TITLE, english)
    assert (
        draft.message
        == "The host cancelled the trip from Koramangala to Whitefield on 5 Mar at 9:05 am. Reason: Car broke down"
    )
    assert read(draft, "en") == (draft.title, draft.message)
    assert draft.kind == "TRIP_CANCELLED" and draft.params is not None


def test_a_notice_is_read_in_the_reader_language():
    draft = cancelled_trip("Car broke down")
    assert read(draft, "hi") == (
        "ट्रिप कैंसल हो गई",
        "होस्ट ने 5 मार्च, 9:05 am की Koramangala से Whitefield की ट्रिप कैंसल कर दी। वजह: Car broke down",
    )
    assert read(draft, "kn") == (
        "ಟ್ರಿಪ್ ಕ್ಯಾನ್ಸಲ್ ಆಗಿದೆ",
        "ಮಾರ್ಚ್ 5, 9:05 AM ಕ್ಕೆ Koramangala ನಿಂದ Whitefield ಗೆ ಹೋಗಬೇಕಿದ್ದ ಟ್ರಿಪ್ ಅನ್ನು ಹೋಸ್ಟ್ ಕ್ಯಾನ್ಸಲ್ ಮಾಡಿದ್ದಾರೆ. ಕಾರಣ: Car broke down",
    )


def test_a_trip_a_clock_and_a_person_without_a_name_are_said_in_the_language():
    accepted = notice_draft(
        recipient_id=7,
        kind="REQUEST_ACCEPTED",
        fields={"trip": trip(ORIGIN, DESTINATION, DEPARTS)},
        entity_type=notices.ABOUT_REQUEST,
        entity_id="12",
    )
    assert (
        accepted.message
        == "Your request to join the trip from Koramangala to Whitefield on 5 Mar at 9:05 am was accepted."
    )
    assert read(accepted, "kn")[1] == (
        "ಮಾರ್ಚ್ 5, 9:05 AM ಕ್ಕೆ Koramangala ನಿಂದ Whitefield ಗೆ ಹೋಗುವ ಟ್ರಿಪ್ ಸೇರಲು ನೀವು ಕಳುಹಿಸಿದ ರಿಕ್ವೆಸ್ಟ್ ಅನ್ನು ಒಪ್ಪಿಕೊಳ್ಳಲಾಗಿದೆ."
    )
    reminder = notice_draft(
        recipient_id=7,
        kind="TRIP_REMINDER",
        fields={"route": route(ORIGIN, DESTINATION), "time": clock(DEPARTS)},
        entity_type=notices.ABOUT_TRIP,
        entity_id="12",
    )
    assert read(reminder, "hi")[1] == "आपकी Koramangala से Whitefield की ट्रिप 9:05 am पर शुरू होगी।"
    left = notice_draft(
        recipient_id=7,
        kind="MEMBER_LEFT",
        fields={"name": person(None), "trip": trip(ORIGIN, DESTINATION, DEPARTS)},
        entity_type=notices.ABOUT_TRIP,
        entity_id="12",
    )
    assert left.message.startswith("Someone left the trip from Koramangala")
    assert read(left, "hi")[1].startswith("कोई हमसफ़र ने ")


def test_a_kind_without_a_body_of_its_own_names_its_message():
    verified = notice_draft(
        recipient_id=7, kind="KYC_VERIFIED", fields={}, body="KYC_APPROVED", entity_type="profile", entity_id="7"
    )
    assert (verified.title, verified.message) == (notices.KYC_VERIFIED_TITLE, "Your KYC is verified")
    assert read(verified, "kn") == ("KYC ಪರಿಶೀಲನೆ ಪೂರ್ಣಗೊಂಡಿದೆ", "ನಿಮ್ಮ KYC ಪರಿಶೀಲನೆ ಪೂರ್ಣಗೊಂಡಿದೆ")


def test_a_notice_stored_before_kinds_or_of_an_unknown_kind_reads_as_stored():
    assert notice_words(None, None, "Trip cancelled", "The host cancelled it.", "hi") == (
        "Trip cancelled",
        "The host cancelled it.",
    )
    assert notice_words("NO_SUCH_NOTICE", {"fields": {}}, "Title", "Words", "kn") == ("Title", "Words")
    assert notice_words("TRIP_CANCELLED", {"fields": {"route": {"moon": 1}}}, "Title", "Words", "kn") == (
        "Title",
        "Words",
    )


def test_every_notice_title_names_a_kind_whose_words_are_in_every_language():
    titles = {name: value for name, value in vars(notices).items() if name.endswith("_TITLE")}
    for name, title in titles.items():
        kind = kind_of_title(title)
        assert f"{kind}_TITLE" == name
        assert TRANSLATIONS["kn"][name] and TRANSLATIONS["hi"][name]
    assert kind_of_title(notices.CAB_BOOKED_TITLE) == "CAB_BOOKED"


def moved_trip(asked: bool):
    return notice_draft(
        recipient_id=7,
        kind="TRIP_MOVED",
        fields={
            "route": route(ORIGIN, DESTINATION),
            "before": day_and_clock(DEPARTS),
            "after": day_and_clock(datetime(2026, 5, 6, 12, 30, tzinfo=UTC)),  # 6 May, 6:00 pm in India
        },
        added=[("STILL_COMING_ASKED", {})] if asked else (),
        entity_type=notices.ABOUT_TRIP,
        entity_id="12",
    )


def test_a_moved_trip_says_both_times_in_the_reader_language_and_asks_still_coming_after_a_space():
    english = "The host moved the trip from Koramangala to Whitefield from 5 Mar at 9:05 am to 6 May at 6:00 pm."
    assert (moved_trip(False).title, moved_trip(False).message) == (notices.TRIP_MOVED_TITLE, english)
    assert moved_trip(True).message == f"{english} {notices.STILL_COMING_ASKED}"
    assert read(moved_trip(False), "hi") == (
        "ट्रिप का समय बदल गया",
        "होस्ट ने Koramangala से Whitefield की ट्रिप का समय 5 मार्च, 9:05 am से बदलकर 6 मई, 6:00 pm कर दिया।",
    )
    kannada = read(moved_trip(True), "kn")[1]
    assert kannada.startswith("Koramangala ನಿಂದ Whitefield ಗೆ ಹೋಗುವ ಟ್ರಿಪ್‌ನ ಸಮಯವನ್ನು ಹೋಸ್ಟ್ ಮಾರ್ಚ್ 5, 9:05 AM ಬದಲು ಮೇ 6, 6:00 PM")
    assert kannada.endswith(". " + TRANSLATIONS["kn"]["STILL_COMING_ASKED"])


@pytest.mark.parametrize(
    ("language", "days"),
    [
        ("en", ["5 Jan", "5 Jun", "5 Dec"]),
        ("hi", ["5 जनवरी", "5 जून", "5 दिसंबर"]),
        ("kn", ["ಜನವರಿ 5", "ಜೂನ್ 5", "ಡಿಸೆಂಬರ್ 5"]),
    ],
)
def test_a_day_is_said_with_its_month_in_the_language(language, days):
    moments = [datetime(2026, month, 5, 6, 0, tzinfo=UTC) for month in (1, 6, 12)]
    assert [day_in(moment, language) for moment in moments] == days


def said_in_chat(kind: str, sender_name: str | None, commute_day: datetime | None = None):
    return chat_notice(
        recipient_id=7,
        chat_id=12,
        chat_name=chat(ORIGIN, DESTINATION, commute_day),
        sender_id=8,
        sender_name=sender_name,
        kind=kind,
        said="Leaving at 7",
        read_mark=0,
    )


def test_a_chat_notice_is_titled_by_the_chat_name_and_read_in_the_reader_language():
    text = said_in_chat("text", "Asha")
    assert (text.title, text.message) == ("Koramangala to Whitefield", "Asha: Leaving at 7")
    assert read(text, "hi") == ("Koramangala से Whitefield", "Asha: Leaving at 7")
    document = said_in_chat("media", "Asha", commute_day=DEPARTS)
    assert (document.title, document.message) == ("Koramangala to Whitefield · 5 Mar", "Asha: sent a document")
    assert read(document, "kn") == (
        "Koramangala ನಿಂದ Whitefield ಗೆ · ಮಾರ್ಚ್ 5",
        "Asha: ಒಂದು ಡಾಕ್ಯುಮೆಂಟ್ ಕಳುಹಿಸಿದ್ದಾರೆ",
    )
    assert read(said_in_chat("text", None), "hi")[1] == "कोई हमसफ़र: Leaving at 7"


@pytest.mark.parametrize(
    ("language", "times"),
    [
        # As web/src/i18n/format.ts `time` writes them (Intl, 12-hour, Asia/Kolkata) in en-IN, hi-IN and kn-IN.
        ("en", ("12:05 am", "9:05 am", "12:00 pm", "6:40 pm")),
        ("hi", ("12:05 am", "9:05 am", "12:00 pm", "6:40 pm")),
        ("kn", ("12:05 AM", "9:05 AM", "12:00 PM", "6:40 PM")),
    ],
)
def test_a_time_is_written_as_the_app_writes_it_in_the_language(language, times):
    moments = [datetime(2026, 3, 4, 18, 35, tzinfo=UTC), DEPARTS, datetime(2026, 3, 5, 6, 30, tzinfo=UTC)]
    moments.append(datetime(2026, 3, 5, 13, 10, tzinfo=UTC))
    assert tuple(clock_in(moment, language) for moment in moments) == times
