"""Hostile input in every free-text field: the API refuses it with a clear 4xx in the envelope, or stores the text
as sent and gives it back as JSON text; never a server error."""

import json

import pytest

from tests.api.conftest import new_person
from tests.api.test_join import ask_to_join
from tests.api.test_trips import create, read, trip_body

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
        }
        ids = {"trip_id": trip_id, "query_id": query_id, "host_id": (await signed_in.get("/api/user/user")).json()}
        ids["host_id"] = ids["host_id"]["data"]["id"]
        yield signed_in, guest, ids, templates


def caller_for(field: str, host, guest):
    return host if field in ("trip note", "answer", "name", "delete reason") else guest


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


@pytest.mark.parametrize("payload", ["sql", "script", "image onerror", "rtl override", "emoji", "zero width"])
async def test_an_accepted_trip_note_comes_back_as_sent(signed_in, payload):
    text = PAYLOADS[payload]
    trip_id = await create(signed_in, additional_note=text)
    assert (await read(signed_in, trip_id))["additional_note"] == text.strip()


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
    answer = await ask_to_join(member, trip_id, additional_note=PAYLOADS["sql"])
    assert_clear_answer(answer)
