"""Chat attachments (SPEC §4 attachments, §5 attachment rules): placeholder, upload, check, delivery, download."""

import pytest

from activities.documents import GUIDELINES_TEST_MARKER
from domain.rules import messages
from tests.api.conftest import app_flow, new_person
from tests.api.test_chat import expect, room_of_two, send, socket, socket_url, trip_with_member
from tests.workflows.recorded import replay_and_record
from workflows.document_review.contracts import document_review_workflow_id

pytestmark = pytest.mark.usefixtures("worker")

__all__ = ["socket_url"]  # the fixture, shared with the socket tests

PDF = b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
MP4 = b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom" + b"\x00" * 64
EXECUTABLE = b"\x7fELF\x02\x01\x01\x00" + b"\x00" * 64


async def placeholder(ws, chat_id: int, file_name: str) -> dict:
    await send(ws, "send-document", chat_id=chat_id, client_message_identifier=f"doc-{file_name}", file_name=file_name)
    return await expect(ws, "receive-message")


async def upload(browser, message_id: int, session_id: str, file_name: str, content: bytes):
    return await browser.post(
        "/api/chat/message/document",
        data={"message_id": str(message_id), "session_id": session_id},
        files={"file": (file_name, content, "application/octet-stream")},
    )


async def test_a_checked_document_is_delivered_to_the_room_and_members_can_download_it(app, signed_in, socket_url):
    async with room_of_two(app, signed_in, socket_url) as (trip_id, member, host_ws, member_ws):
        waiting = await placeholder(member_ws, trip_id, "ticket.pdf")
        assert (waiting["type"], waiting["documents"]) == ("media", [])
        answer = await upload(member, waiting["id"], member_ws.greeting["session_id"], "ticket.pdf", PDF)
        assert answer.status_code == 200, answer.text
        assert answer.json()["message"] == messages.CHAT_DOCUMENT_CHECKING
        delivered = await expect(host_ws, "receive-document", 30)
        assert delivered["id"] == waiting["id"]
        document = delivered["documents"][0]
        assert (document["type"], document["status"], document["failure_message"]) == ("pdf", "delivered", None)
        assert (await expect(member_ws, "receive-document", 30))["documents"][0]["status"] == "delivered"
        download = await signed_in.get(document["document_url"])
        assert download.status_code == 200
        assert download.content == PDF
        assert download.headers["content-type"] == "application/pdf"
        async with new_person(app) as stranger:
            assert (await stranger.get(document["document_url"])).status_code == 404
        history = (await signed_in.get("/api/chat/chat", params={"chat_id": trip_id})).json()["data"]["messages"]
        assert history[-1]["documents"][0]["id"] == document["id"]
    review = await app_flow(app, document_review_workflow_id(document["id"]))
    await review.result()
    await replay_and_record(review, "document_review")


@pytest.mark.parametrize(("file_name", "content"), [("photo.png", PNG), ("ride.mp4", MP4), ("clip.MOV", MP4)])
async def test_allowed_types_with_matching_signatures_are_accepted(app, signed_in, socket_url, file_name, content):
    async with trip_with_member(app, signed_in) as (trip_id, member), socket(socket_url, member) as ws:
        waiting = await placeholder(ws, trip_id, file_name)
        answer = await upload(member, waiting["id"], ws.greeting["session_id"], file_name, content)
        assert answer.status_code == 200, answer.text


@pytest.mark.parametrize(
    ("file_name", "content"),
    [("ticket.pdf", EXECUTABLE), ("photo.jpg", PDF), ("setup.exe", EXECUTABLE), ("noextension", PDF)],
)
async def test_a_file_whose_content_is_not_its_type_is_refused(app, signed_in, socket_url, file_name, content):
    async with trip_with_member(app, signed_in) as (trip_id, member), socket(socket_url, member) as ws:
        waiting = await placeholder(ws, trip_id, "ticket.pdf")
        answer = await upload(member, waiting["id"], ws.greeting["session_id"], file_name, content)
        assert answer.status_code == 400
        assert answer.json()["message"] == messages.FILE_FORMAT_INVALID


async def test_a_placeholder_with_a_forbidden_extension_is_refused(app, signed_in, socket_url):
    async with trip_with_member(app, signed_in) as (trip_id, member), socket(socket_url, member) as ws:
        await send(ws, "send-document", chat_id=trip_id, client_message_identifier="exe", file_name="run.exe")
        refusal = await expect(ws, "error")
        assert (refusal["code"], refusal["message"]) == (400, messages.FILE_FORMAT_INVALID)


async def test_a_document_against_the_guidelines_gets_a_failure_note_to_its_sender_only(app, signed_in, socket_url):
    async with room_of_two(app, signed_in, socket_url) as (trip_id, member, _host_ws, member_ws):
        waiting = await placeholder(member_ws, trip_id, "bad.pdf")
        content = PDF + GUIDELINES_TEST_MARKER
        answer = await upload(member, waiting["id"], member_ws.greeting["session_id"], "bad.pdf", content)
        assert answer.status_code == 200, answer.text
        refused = (await expect(member_ws, "receive-document", 30))["documents"][0]
        assert (refused["status"], refused["failure_message"]) == ("refused", messages.CHAT_DOCUMENT_REFUSED)
        assert refused["document_url"] is None
        history = (await signed_in.get("/api/chat/chat", params={"chat_id": trip_id})).json()["data"]["messages"]
        assert waiting["id"] not in [message["id"] for message in history]


async def test_an_upload_must_name_its_own_placeholder_and_socket(app, signed_in, socket_url):
    async with trip_with_member(app, signed_in) as (trip_id, member), socket(socket_url, member) as ws:
        waiting = await placeholder(ws, trip_id, "ticket.pdf")
        wrong_session = await upload(member, waiting["id"], "not-this-socket", "ticket.pdf", PDF)
        assert wrong_session.status_code == 409
        someone_elses = await upload(signed_in, waiting["id"], ws.greeting["session_id"], "ticket.pdf", PDF)
        assert someone_elses.status_code == 404
        first = await upload(member, waiting["id"], ws.greeting["session_id"], "ticket.pdf", PDF)
        assert first.status_code == 200
        second = await upload(member, waiting["id"], ws.greeting["session_id"], "ticket.pdf", PDF)
        assert second.status_code == 409
        assert second.json()["message"] == messages.CHAT_DOCUMENT_ALREADY_UPLOADED


async def test_an_upload_without_the_form_fields_is_refused(signed_in):
    answer = await signed_in.post("/api/chat/message/document", files={"file": ("a.pdf", PDF)})
    assert answer.status_code == 400
    assert answer.json()["message"] == messages.CHAT_UPLOAD_MALFORMED


def test_the_accepted_extensions_are_the_ones_the_rules_name():
    from domain.documents import ALLOWED_EXTENSIONS
    from domain.rules.choices import ATTACHMENT_EXTENSIONS

    named = {extension for group in ATTACHMENT_EXTENSIONS.values() for extension in group}
    assert set(ALLOWED_EXTENSIONS) == named
