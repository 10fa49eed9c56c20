"""A notice stores what happened (its kind and what fills it), so its title and message are made in each reader's
language when read (domain/notifications.py); in English they are the words the notice always had."""

from datetime import UTC, datetime

from domain.i18n.catalog import TRANSLATIONS
from domain.notifications import clock, day_and_clock, kind_of_title, notice_draft, notice_words, person, route, trip
from domain.rules import notices

ORIGIN = "Koramangala, Bengaluru, Karnataka"
DESTINATION = "Whitefield, Bengaluru, Karnataka"
DEPARTS = datetime(2026, 3, 5, 3, 35, tzinfo=UTC)  # 9:05 AM in India


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
        == "The host cancelled the trip from Koramangala to Whitefield on 5 Mar at 9:05 AM. Reason: Car broke down"
    )
    assert read(draft, "en") == (draft.title, draft.message)
    assert draft.kind == "TRIP_CANCELLED" and draft.params is not None


def test_a_notice_is_read_in_the_reader_language():
    draft = cancelled_trip("Car broke down")
    assert read(draft, "hi") == (
        "ट्रिप कैंसल हो गई",
        "होस्ट ने 5 Mar, 9:05 AM की Koramangala से Whitefield की ट्रिप कैंसल कर दी। वजह: Car broke down",
    )
    assert read(draft, "kn") == (
        "ಟ್ರಿಪ್ ಕ್ಯಾನ್ಸಲ್ ಆಗಿದೆ",
        "5 Mar, 9:05 AM ಕ್ಕೆ Koramangala ನಿಂದ Whitefield ಗೆ ಹೋಗಬೇಕಿದ್ದ ಟ್ರಿಪ್ ಅನ್ನು ಹೋಸ್ಟ್ ಕ್ಯಾನ್ಸಲ್ ಮಾಡಿದ್ದಾರೆ. ಕಾರಣ: Car broke down",
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
        == "Your request to join the trip from Koramangala to Whitefield on 5 Mar at 9:05 AM was accepted."
    )
    assert read(accepted, "kn")[1] == (
        "5 Mar, 9:05 AM ಕ್ಕೆ Koramangala ನಿಂದ Whitefield ಗೆ ಹೋಗುವ ಟ್ರಿಪ್ ಸೇರಲು ನೀವು ಕಳುಹಿಸಿದ ರಿಕ್ವೆಸ್ಟ್ ಅನ್ನು ಒಪ್ಪಿಕೊಳ್ಳಲಾಗಿದೆ."
    )
    reminder = notice_draft(
        recipient_id=7,
        kind="TRIP_REMINDER",
        fields={"route": route(ORIGIN, DESTINATION), "time": clock(DEPARTS)},
        entity_type=notices.ABOUT_TRIP,
        entity_id="12",
    )
    assert read(reminder, "hi")[1] == "आपकी Koramangala से Whitefield की ट्रिप 9:05 AM पर शुरू होगी।"
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
