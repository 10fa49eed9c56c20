"""Hostile input in every free-text field: the API refuses it with a clear 4xx in the envelope, or stores the text
as sent and gives it back as JSON text; never a server error. The one free-text rule (domain/rules/text.py): any
script, quotes, symbols and emoji are kept exactly; control, zero-width and bidirectional characters are refused,
named; text of only whitespace is no text. Markup is text: it is stored as written and never rendered as HTML."""

import json
import re

import pytest

from api.security.body_limit import JSON_MAX_BYTES
from api.text import message_text
from domain.rules import limits, messages
from tests.api.conftest import new_person
from tests.api.test_join import ask_to_join, host_acts, member_acts
from tests.api.test_trips import create, read, trip_body
from tests.places import KORAMANGALA
from tests.unusual_text import unusual_text

pytestmark = pytest.mark.usefixtures("worker")

PAYLOADS = {
    "sql": "Robert'); DROP TABLE trips;-- ",
    "sql boolean": "x' OR '1'='1",
    "script": "<script>alert(document.cookie)</script>",
    "image onerror": '<img src=x onerror="alert(1)">',
    "rtl override": "Gate 4 \u202egnp.exe",
    "emoji": "Cab 🚕 with 👩‍👩‍👧 and 🇮🇳",
    "nul": "before\x00after",
    "zero width": "Pay\u200bment\ufeff",
    "long": "A" * 100_000,
}
LONE_SURROGATE = '"Lone \\ud800 half"'


def body_with(template: dict, field: str, text_json: str) -> bytes:
    """The JSON body with the field's value written as given (so a lone surrogate escape reaches the server)."""
    marker = "__HOSTILE__"
    return json.dumps({**template, field: marker}).replace(f'"{marker}"', text_json).encode()


def assert_clear_answer(answer) -> None:
    assert answer.status_code < 500, answer.text
    assert answer.headers["content-type"].startswith("application/json")
    body = answer.json()
    if answer.status_code >= 400:
        assert body["status"] == "FAILURE"
        assert body["message"] and "Traceback" not in body["message"]


FIELDS = {
    # call name: (method, path builder, body template, field)
    "trip note": ("POST", lambda ids: "/api/trip/trip", "trip", "additional_note"),
    "join note": ("POST", lambda ids: "/api/trip/user", "join", "additional_note"),
    "question": ("POST", lambda ids: "/api/trip/query", "join", "question"),
    "answer": ("PUT", lambda ids: f"/api/trip/query/{ids['query_id']}", "empty", "answer"),
    "name": ("PUT", lambda ids: "/api/user/user", "empty", "name"),
    "feedback note": ("POST", lambda ids: "/api/user/feedback", "feedback", "note"),
    "report reason": ("POST", lambda ids: f"/api/user/block/{ids['host_id']}", "report", "reason"),
    "delete reason": ("DELETE", lambda ids: f"/api/trip/trip/{ids['trip_id']}", "empty", "reason"),
    "leave note": ("PUT", lambda ids: "/api/trip/user/passenger", "leave", "additional_note"),
    "cab issue": ("POST", lambda ids: f"/api/trip/cab/support/{ids['trip_id']}", "empty", "issue"),
}


@pytest.fixture
async def people(app, signed_in):
    """The host (signed_in) with a trip and a question on it, and a guest who asked it."""
    trip_id = await create(signed_in)
    async with new_person(app, "Guest Rider") as guest:
        asked = await guest.post("/api/trip/query", json={"trip_id": trip_id, "question": "Is there room for bags?"})
        assert asked.status_code == 200, asked.text
        query_id = (await read(signed_in, trip_id))["queries"][0]["id"]
        templates = {
            "trip": trip_body(),
            "join": {"trip_id": trip_id},
            "empty": {},
            "feedback": {"services": ["trips"], "features": ["search"]},
            "report": {"report_user": True},
            "leave": {"trip_id": trip_id, "action": "LEAVE"},
        }
        ids = {"trip_id": trip_id, "query_id": query_id, "host_id": (await signed_in.get("/api/user/user")).json()}
        ids["host_id"] = ids["host_id"]["data"]["id"]
        yield signed_in, guest, ids, templates


def caller_for(field: str, host, guest):
    return host if field in ("trip note", "answer", "name", "delete reason", "cab issue") else guest


@pytest.mark.parametrize("field", FIELDS)
async def test_every_free_text_field_answers_clearly_whatever_the_text(people, field):
    host, guest, ids, templates = people
    method, path_of, template, name = FIELDS[field]
    client = caller_for(field, host, guest)
    texts = [json.dumps(text) for text in PAYLOADS.values()] + [LONE_SURROGATE]
    for text_json in texts:
        answer = await client.request(
            method,
            path_of(ids),
            content=body_with(templates[template], name, text_json),
            headers={"Content-Type": "application/json"},
        )
        assert_clear_answer(answer)
        if field == "join note" and answer.status_code == 200:
            await client.put("/api/trip/user/passenger", json={"action": "REVOKE_REQUEST", "trip_id": ids["trip_id"]})
        if field == "delete reason" and answer.status_code == 200:
            ids["trip_id"] = await create(host)


# What people type: kept and given back exactly.
ACCEPTED = {
    "apostrophe and time": "I'll be there at 9:45",
    "hindi": "मैं 9 बजे स्टेशन पर रहूँगा",
    "tamil": "நான் ஒன்பது மணிக்கு வருவேன்",
    "bengali": "আমি স্টেশনে থাকব",
    "emoji": "Cab 🚕 with 👩\u200d👩\u200d👧 and 🇮🇳 👍🏽",
    "quotes and symbols": '"Gate" #4 @ ₹250, it\'s 50% off — ok?',
    "sql": PAYLOADS["sql"].strip(),
    "script": PAYLOADS["script"],
    "image onerror": PAYLOADS["image onerror"],
}
# What no one types: refused, the refusal naming it.
REFUSED = {
    "nul": ("before\x00after", "U+0000"),
    "bell and escape": ("ring\x07 \x1b[31m", "U+0007, U+001B"),
    "zero width": ("Pay\u200bment\ufeff due", "U+200B, U+FEFF"),
    "rtl override": (PAYLOADS["rtl override"], "U+202E"),
    "isolates": ("Gate \u2066x\u2069 4", "U+2066, U+2069"),
    "lone joiner": ("Pay\u200dment", "U+200D"),
    "tags": ("ok\U000e0041\U000e0042", "U+E0041, U+E0042"),
}
# Each free-text field (FIELDS): its words when refusing characters, and its words for text of only
# whitespace (None: optional, kept as no text).
TEXT_FIELDS = {
    "trip note": (messages.NOTE_CHARACTERS, None),
    "join note": (messages.NOTE_CHARACTERS, None),
    "question": (messages.MESSAGE_CHARACTERS, messages.MESSAGE_LENGTH),
    "answer": (messages.MESSAGE_CHARACTERS, messages.MESSAGE_LENGTH),
    "feedback note": (messages.NOTE_CHARACTERS, messages.FEEDBACK_NOTE_REQUIRED),
    "report reason": (messages.REASON_CHARACTERS, messages.REASON_REQUIRED),
    "delete reason": (messages.NOTE_CHARACTERS, messages.REASON_REQUIRED),
    "leave note": (messages.NOTE_CHARACTERS, messages.REASON_REQUIRED),
    "cab issue": (messages.ISSUE_CHARACTERS, messages.CAB_ISSUE_REQUIRED),
}


async def send(people, field: str, text: str):
    host, guest, ids, templates = people
    method, path_of, template, name = FIELDS[field]
    client = caller_for(field, host, guest)
    return await client.request(method, path_of(ids), json={**templates[template], name: text})


@pytest.mark.parametrize("field", TEXT_FIELDS)
async def test_control_zero_width_and_bidi_characters_are_refused_naming_them(people, field):
    message, _ = TEXT_FIELDS[field]
    for text, named in REFUSED.values():
        answer = await send(people, field, text)
        assert answer.status_code == 400, (field, text, answer.text)
        assert answer.json()["message"] == message.format(characters=named)


@pytest.mark.parametrize("field", TEXT_FIELDS)
async def test_text_of_only_whitespace_is_no_text(people, field):
    _, required = TEXT_FIELDS[field]
    if required is None:
        return  # optional: see test_an_optional_note_of_only_whitespace_is_kept_as_none
    for text in ("   ", "\n\t \u00a0\u3000"):
        answer = await send(people, field, text)
        assert (answer.status_code, answer.json()["message"]) == (400, required), (field, repr(text))


async def test_an_optional_note_of_only_whitespace_is_kept_as_none(signed_in, member):
    trip_id = await create(signed_in, additional_note=" \n\u00a0 ")
    assert (await read(signed_in, trip_id))["additional_note"] is None
    assert (await ask_to_join(member, trip_id, additional_note="  \n ")).status_code == 200
    [request] = [person for person in (await read(signed_in, trip_id))["passengers"] if person["id"] == member.user_id]
    assert request["additional_note"] is None


@pytest.mark.parametrize("payload", ACCEPTED)
async def test_a_trip_note_in_any_script_comes_back_exactly(signed_in, payload):
    text = ACCEPTED[payload]
    trip_id = await create(signed_in, additional_note=f"  {text}\n")
    assert (await read(signed_in, trip_id))["additional_note"] == text


async def test_a_note_may_have_line_breaks_and_a_place_name_may_not(signed_in):
    trip_id = await create(signed_in, additional_note="Gate 2\nBlue car")
    assert (await read(signed_in, trip_id))["additional_note"] == "Gate 2\nBlue car"
    answer = await signed_in.post("/api/trip/trip", json=trip_body(origin={**KORAMANGALA, "name": "Kora\nmangala"}))
    assert (answer.status_code, answer.json()["message"]) == (
        400,
        messages.PLACE_NAME_CHARACTERS.format(characters="line break"),
    )


async def test_place_names_in_any_script_are_kept_and_bidi_refused(signed_in):
    named = {**KORAMANGALA, "name": "कोरमंगला, बेंगलुरु 🏙️"}
    trip_id = await create(signed_in, origin=named)
    assert (await read(signed_in, trip_id))["origin"]["name"] == named["name"]
    answer = await signed_in.post("/api/trip/trip", json=trip_body(origin={**KORAMANGALA, "name": "Kora\u202eala"}))
    assert (answer.status_code, answer.json()["message"]) == (
        400,
        messages.PLACE_NAME_CHARACTERS.format(characters="U+202E"),
    )


async def test_questions_and_answers_take_ok_scripts_and_emoji_exactly(signed_in, member):
    trip_id = await create(signed_in)
    for text in ("ok", *ACCEPTED.values()):
        asked = await member.post("/api/trip/query", json={"trip_id": trip_id, "question": f" {text} "})
        assert asked.status_code == 200, (text, asked.text)
    questions = [query["question"] for query in (await read(signed_in, trip_id))["queries"]]
    assert sorted(questions) == sorted(["ok", *ACCEPTED.values()])
    first = (await read(signed_in, trip_id))["queries"][0]
    answered = await signed_in.put(f"/api/trip/query/{first['id']}", json={"answer": ACCEPTED["hindi"]})
    assert answered.status_code == 200, answered.text
    [query] = [query for query in (await read(member, trip_id))["queries"] if query["id"] == first["id"]]
    assert query["answer"] == ACCEPTED["hindi"]


async def test_leave_and_remove_reasons_take_what_people_write(signed_in, member, app):
    trip_id = await create(signed_in)
    await ask_to_join(member, trip_id)
    assert (await host_acts(signed_in, trip_id, member.user_id, "APPROVE")).status_code == 200
    removed = await host_acts(signed_in, trip_id, member.user_id, "REMOVE", 'बार-बार देर से आते हैं, "sorry" 🙏')
    assert removed.status_code == 200, removed.text
    async with new_person(app, "Second Rider") as second:
        await ask_to_join(second, trip_id)
        await host_acts(signed_in, trip_id, second.user_id, "APPROVE")
        left = await member_acts(second, trip_id, "LEAVE", "I'll take the 9:45 train")
        assert left.status_code == 200, left.text


@pytest.mark.parametrize(
    "value", [12, 1.5, True, ["a"], {"a": 1}, None], ids=["int", "float", "bool", "list", "object", "null"]
)
async def test_wrong_types_in_text_fields_are_refused_clearly(signed_in, value):
    trip_id = await create(signed_in)
    for method, path, body in (
        ("PUT", f"/api/trip/trip/{trip_id}", {"additional_note": value}),
        ("PUT", "/api/user/user", {"name": value}),
        ("POST", "/api/user/feedback", {"services": ["trips"], "note": value}),
        (
            "POST",
            "/api/trip/query",
            {"trip_id": str(value) if isinstance(value, int) else value, "question": "Hi there all"},
        ),
    ):
        answer = await signed_in.request(method, path, json=body)
        assert_clear_answer(answer)
        if value is not None:
            assert answer.status_code == 400, (path, value, answer.text)


async def test_a_body_of_megabytes_is_refused_without_a_server_error(signed_in):
    trip_id = await create(signed_in)
    huge = {"additional_note": "A" * (8 * 1024 * 1024)}
    answer = await signed_in.put(f"/api/trip/trip/{trip_id}", json=huge)
    assert_clear_answer(answer)
    assert answer.status_code in (400, 413)


async def test_malformed_json_is_refused_clearly(signed_in):
    for raw in (b"{", b"\xff\xfe", b'{"trip_id": 1,}', b"[]", b'"text"', b"null"):
        answer = await signed_in.post("/api/trip/user", content=raw, headers={"Content-Type": "application/json"})
        assert_clear_answer(answer)
        assert answer.status_code == 400, raw


async def test_a_join_request_with_a_note_of_every_script_keeps_it(signed_in, member):
    trip_id = await create(signed_in)
    note = f"{ACCEPTED['tamil']} {ACCEPTED['emoji']} {ACCEPTED['script']}"
    answer = await ask_to_join(member, trip_id, additional_note=note)
    assert answer.status_code == 200, answer.text
    [request] = [person for person in (await read(signed_in, trip_id))["passengers"] if person["id"] == member.user_id]
    assert request["additional_note"] == note


# A body just under the cap on every JSON body (api/security/body_limit.py), its free text the worst there is.
HOSTILE_TEXT_BYTES = JSON_MAX_BYTES - 1024
# The longest text any field lets through to the free-text rule.
LONGEST_FREE_TEXT = max(limits.MESSAGE_MAX_LENGTH, limits.FEEDBACK_NOTE_MAX_LENGTH, limits.TRIP_NOTE_MAX_LENGTH)


def hostile_body(template: dict, field: str) -> bytes:
    """The template with the field's text as long as fits under the cap, each of its characters one no one types."""
    body = json.dumps({**template, field: unusual_text(HOSTILE_TEXT_BYTES)}, ensure_ascii=False).encode()
    assert len(body) < JSON_MAX_BYTES
    return body


HOSTILE_FIELDS = {
    **FIELDS,
    "trip edit note": ("PUT", lambda ids: f"/api/trip/trip/{ids['trip_id']}", "empty", "additional_note"),
}


@pytest.mark.parametrize("field", HOSTILE_FIELDS)
async def test_a_body_of_the_worst_characters_is_refused_for_its_length_before_any_character_is_looked_at(
    people, examined, field
):
    host, guest, ids, templates = people
    method, path_of, template, name = HOSTILE_FIELDS[field]
    client = host if field == "trip edit note" else caller_for(field, host, guest)
    answer = await client.request(
        method,
        path_of(ids),
        content=hostile_body(templates[template], name),
        headers={"Content-Type": "application/json"},
    )
    assert answer.status_code == 400, answer.text
    assert "not allowed" not in answer.json()["message"]
    assert max(examined, default=0) <= LONGEST_FREE_TEXT  # the body's other fields, never the hostile text


def test_a_chat_message_of_the_worst_characters_is_refused_for_its_length_first(examined):
    """Chat messages, questions and answers share one check (api/text.py message_text)."""
    with pytest.raises(ValueError, match=re.escape(messages.MESSAGE_LENGTH)):
        message_text(unusual_text(HOSTILE_TEXT_BYTES))
    assert examined == []


async def test_a_place_name_of_the_worst_characters_is_refused_for_its_length_first(signed_in, examined):
    origin = {**KORAMANGALA, "name": unusual_text(HOSTILE_TEXT_BYTES)}
    answer = await signed_in.post(
        "/api/trip/trip",
        content=json.dumps(trip_body(origin=origin), ensure_ascii=False).encode(),
        headers={"Content-Type": "application/json"},
    )
    assert answer.status_code == 400, answer.text
    assert max(examined, default=0) <= LONGEST_FREE_TEXT


async def test_a_strangers_edit_is_refused_as_not_theirs_before_its_body_is_read(signed_in, member, examined):
    trip_id = await create(signed_in)
    harmless = await member.put(f"/api/trip/trip/{trip_id}", json={"total_passengers": 4})
    assert (harmless.status_code, harmless.json()["message"]) == (403, messages.TRIP_HOST_ONLY)
    examined.clear()
    for template in ({}, {"total_passengers": "many", "origin": 7, "time_of_trip": "soon"}):
        answer = await member.put(
            f"/api/trip/trip/{trip_id}",
            content=hostile_body(template, "additional_note"),
            headers={"Content-Type": "application/json"},
        )
        assert (answer.status_code, answer.json()["message"]) == (403, messages.TRIP_HOST_ONLY)
    assert examined == []
    assert (await read(signed_in, trip_id))["total_passengers"] == 3
