"""Chat attachments against abuse: each person's and each trip's day of documents (api/chat/quotas.py), counted
atomically; a full disk refused cleanly with nothing half-written (api/chat/uploads.py); documents served only to
the trip's members and never on the public media path or from a shared cache; file names under the free-text rule."""

import asyncio
import errno
from pathlib import Path

import pytest
from sqlalchemy import select

import api.chat.documents
from domain.documents import DocumentFiles, DocumentWriter
from domain.models import ChatDocument
from domain.rules import limits, messages
from tests.api.conftest import new_person
from tests.api.test_chat import expect, room_of_two, send, socket, socket_url, trip_with_member
from tests.api.test_chat_documents import PDF, PNG, placeholder, upload
from tests.api.test_join import host_acts

pytestmark = pytest.mark.usefixtures("worker")

__all__ = ["socket_url"]  # the fixture, shared with the socket tests


def stored_files(app, trip_id: int) -> list[Path]:
    folder = DocumentFiles(app.state.settings.media_dir).root / str(trip_id)
    return sorted(folder.iterdir()) if folder.exists() else []


async def placeholders(ws, trip_id: int, count: int) -> list[dict]:
    return [await placeholder(ws, trip_id, f"ticket-{index}.pdf") for index in range(count)]


async def test_uploads_at_the_same_time_cannot_pass_a_person_s_day_together(app, signed_in, socket_url, monkeypatch):
    monkeypatch.setattr(app.state.settings, "chat_documents_per_person_per_day", 2)
    async with trip_with_member(app, signed_in) as (trip_id, member), socket(socket_url, member) as ws:
        waiting = await placeholders(ws, trip_id, 5)
        session_id = ws.greeting["session_id"]
        answers = await asyncio.gather(
            *(
                upload(member, message["id"], session_id, f"ticket-{index}.pdf", PDF)
                for index, message in enumerate(waiting)
            )
        )
        codes = sorted(answer.status_code for answer in answers)
        assert codes == [200, 200, 429, 429, 429], [answer.text for answer in answers]
        refused = [answer.json()["message"] for answer in answers if answer.status_code == 429]
        assert set(refused) == {messages.CHAT_DOCUMENTS_PER_PERSON_USED}
        # Only the admitted documents are on disk: a refused upload left no file behind.
        assert len(stored_files(app, trip_id)) == 2
        async with app.state.session_maker() as session:
            rows = (await session.scalars(select(ChatDocument).where(ChatDocument.trip_id == trip_id))).all()
        assert len(rows) == 2
        # The day used up, the next upload is refused before its body is stored.
        late = await upload(member, waiting[0]["id"], session_id, "late.pdf", PDF)
        assert late.status_code in (409, 429)


async def test_a_trip_s_day_of_documents_is_shared_by_its_members(app, signed_in, socket_url, monkeypatch):
    monkeypatch.setattr(app.state.settings, "chat_documents_per_trip_per_day", 1)
    async with room_of_two(app, signed_in, socket_url) as (trip_id, member, host_ws, member_ws):
        first = (await placeholders(member_ws, trip_id, 1))[0]
        answer = await upload(member, first["id"], member_ws.greeting["session_id"], "ticket-0.pdf", PDF)
        assert answer.status_code == 200, answer.text
        second = (await placeholders(host_ws, trip_id, 1))[0]
        refused = await upload(signed_in, second["id"], host_ws.greeting["session_id"], "ticket-0.pdf", PDF)
        assert refused.status_code == 429
        assert refused.json()["message"] == messages.CHAT_DOCUMENTS_PER_TRIP_USED


async def test_a_person_s_day_of_bytes_is_counted(app, signed_in, socket_url, monkeypatch):
    monkeypatch.setattr(app.state.settings, "chat_document_bytes_per_person_per_day", len(PDF) + 10)
    async with trip_with_member(app, signed_in) as (trip_id, member), socket(socket_url, member) as ws:
        waiting = await placeholders(ws, trip_id, 2)
        first = await upload(member, waiting[0]["id"], ws.greeting["session_id"], "ticket-0.pdf", PDF)
        assert first.status_code == 200, first.text
        second = await upload(member, waiting[1]["id"], ws.greeting["session_id"], "ticket-1.pdf", PDF)
        assert second.status_code == 429
        assert second.json()["message"] == messages.CHAT_DOCUMENTS_PER_PERSON_USED
        assert len(stored_files(app, trip_id)) == 1


class _FullDiskWriter(DocumentWriter):
    """Writes what it is given, as a disk does until it is full, then fails as a full disk fails."""

    async def write(self, chunk: bytes) -> None:
        await super().write(chunk[: len(chunk) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")


class _FullDisk(DocumentFiles):
    def open_for_writing(self, key: str) -> DocumentWriter:
        return _FullDiskWriter(self.path(key))


async def test_a_full_disk_is_refused_cleanly_and_leaves_nothing_half_written(app, signed_in, socket_url, monkeypatch):
    async with trip_with_member(app, signed_in) as (trip_id, member), socket(socket_url, member) as ws:
        waiting = (await placeholders(ws, trip_id, 1))[0]
        with monkeypatch.context() as storage:
            storage.setattr(api.chat.documents, "DocumentFiles", _FullDisk)
            answer = await upload(member, waiting["id"], ws.greeting["session_id"], "ticket-0.pdf", PDF)
        assert answer.status_code == 503
        assert answer.json()["message"] == messages.CHAT_DOCUMENT_STORAGE_FULL
        assert stored_files(app, trip_id) == []
        async with app.state.session_maker() as session:
            assert await session.scalar(select(ChatDocument).where(ChatDocument.message_id == waiting["id"])) is None
        # Once there is room again, the same placeholder takes its file.
        again = await upload(member, waiting["id"], ws.greeting["session_id"], "ticket-0.pdf", PDF)
        assert again.status_code == 200, again.text
        assert [path.suffix for path in stored_files(app, trip_id)] == [".pdf"]


async def test_a_document_is_served_to_the_trip_s_members_alone_and_never_cached_as_public(app, signed_in, socket_url):
    async with room_of_two(app, signed_in, socket_url) as (trip_id, member, host_ws, member_ws):
        waiting = await placeholder(member_ws, trip_id, "photo.png")
        answer = await upload(member, waiting["id"], member_ws.greeting["session_id"], "photo.png", PNG)
        assert answer.status_code == 200, answer.text
        document = (await expect(host_ws, "receive-document", 30))["documents"][0]
        served = await signed_in.get(document["document_url"])
        assert served.status_code == 200
        assert served.content == PNG
        assert served.headers["cache-control"] == "private, no-store"
        async with new_person(app) as stranger:
            assert (await stranger.get(document["document_url"])).status_code == 404
        async with app.state.session_maker() as session:
            key = await session.scalar(select(ChatDocument.storage_key).where(ChatDocument.id == document["id"]))
        for public in (f"/api/media/documents/{key}", f"/api/media/profile/../documents/{key}"):
            assert (await signed_in.get(public)).status_code == 404, public
        removed = await host_acts(signed_in, trip_id, member.user_id, "REMOVE", "Changed plans")
        assert removed.status_code == 200, removed.text
        gone = await member.get(document["document_url"])
        assert gone.status_code == 404
        assert gone.json()["message"] == messages.CHAT_DOCUMENT_NOT_FOUND


@pytest.mark.parametrize(
    ("file_name", "refusal"),
    [
        ("ticket\u200b.pdf", messages.CHAT_DOCUMENT_NAME_CHARACTERS.format(characters="U+200B")),
        ("tic\nket.pdf", messages.CHAT_DOCUMENT_NAME_CHARACTERS.format(characters="line break")),
        ("\u202egpj.pdf", messages.CHAT_DOCUMENT_NAME_CHARACTERS.format(characters="U+202E")),
        ("a" * limits.FILE_NAME_MAX_LENGTH + ".pdf", messages.CHAT_DOCUMENT_NAME_LENGTH),
    ],
)
async def test_attachment_names_follow_the_free_text_rule(app, signed_in, socket_url, file_name, refusal):
    async with trip_with_member(app, signed_in) as (trip_id, member), socket(socket_url, member) as ws:
        await send(ws, "send-document", chat_id=trip_id, client_message_identifier="named", file_name=file_name)
        refused = await expect(ws, "error")
        assert (refused["code"], refused["message"]) == (400, refusal)
        if "\n" in file_name:
            return  # a form's file name cannot carry a line break: the client escapes it
        waiting = await placeholder(ws, trip_id, "ticket.pdf")
        answer = await upload(member, waiting["id"], ws.greeting["session_id"], file_name, PDF)
        assert answer.status_code == 400
        assert answer.json()["message"] == refusal
        assert stored_files(app, trip_id) == []
