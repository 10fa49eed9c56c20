"""A chat attachment read from the request stream: the multipart body is parsed as it arrives and the file part
goes straight to disk, so memory stays flat. The 50 MB cap and the type (by content signature) are enforced while
streaming; a refused upload leaves nothing behind, and neither does a full disk (answered 503: try again later).

The form sends message_id and session_id before file, as the PWA's FormData does.
"""

import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

from python_multipart import MultipartParser
from python_multipart.exceptions import MultipartParseError
from python_multipart.multipart import parse_options_header

from api.errors import ApiError, refuse
from domain.documents import SIGNATURE_BYTES, DocumentFiles, DocumentKind, document_kind, is_allowed_name
from domain.rules import limits, messages
from domain.rules.document import file_name_refusal
from domain.rules.refusal import invalid, too_large, unavailable
from domain.rules.text import tidy

logger = logging.getLogger("humsafar.chat")

FIELD_MAX_BYTES = 200
# Room for the multipart framing and the two small fields around a file of the largest allowed size.
ENVELOPE_BYTES = 64 * 1024
# A refused body is read to its end (and dropped) so the client gets the answer instead of a broken pipe.
DRAIN_MAX_BYTES = limits.FILE_MAX_BYTES + ENVELOPE_BYTES


@dataclass(frozen=True)
class StoredUpload:
    fields: dict[str, str]
    file_name: str
    kind: DocumentKind
    size_bytes: int


class _Events:
    """What the (synchronous) multipart parser saw in one chunk, replayed asynchronously in order."""

    def __init__(self) -> None:
        self.items: list[tuple[str, object]] = []
        self._header_field = b""
        self._header_value = b""
        self._headers: dict[bytes, bytes] = {}

    def callbacks(self) -> dict[str, Callable[..., None]]:
        return {
            "on_part_begin": self._part_begin,
            "on_header_field": lambda data, start, end: self._grow("field", data[start:end]),
            "on_header_value": lambda data, start, end: self._grow("value", data[start:end]),
            "on_header_end": self._header_end,
            "on_headers_finished": self._headers_finished,
            "on_part_data": lambda data, start, end: self.items.append(("data", bytes(data[start:end]))),
            "on_part_end": lambda: self.items.append(("end", None)),
        }

    def _part_begin(self) -> None:
        self._headers = {}

    def _grow(self, which: str, chunk: bytes) -> None:
        if which == "field":
            self._header_field += chunk
        else:
            self._header_value += chunk

    def _header_end(self) -> None:
        self._headers[self._header_field.lower()] = self._header_value
        self._header_field, self._header_value = b"", b""

    def _headers_finished(self) -> None:
        _, options = parse_options_header(self._headers.get(b"content-disposition", b""))
        name = options.get(b"name", b"").decode(errors="replace")
        file_name = options.get(b"filename")
        self.items.append(("part", (name, file_name.decode(errors="replace") if file_name is not None else None)))


async def _drain(stream: AsyncIterator[bytes], already: int) -> None:
    read = already
    async for chunk in stream:
        read += len(chunk)
        if read > DRAIN_MAX_BYTES:
            return


async def receive_document(
    content_type: str | None,
    content_length: str | None,
    stream: AsyncIterator[bytes],
    files: DocumentFiles,
    key_for: Callable[[dict[str, str], str], Awaitable[str]],
) -> tuple[str, StoredUpload]:
    """Streams the file part to a new key (chosen by key_for once the fields are known and allowed)."""
    if content_length is not None and content_length.isdigit() and int(content_length) > DRAIN_MAX_BYTES:
        refuse(too_large(messages.FILE_TOO_LARGE))
    media_type, options = parse_options_header(content_type or "")
    boundary = options.get(b"boundary")
    if media_type != b"multipart/form-data" or not boundary:
        refuse(invalid(messages.CHAT_UPLOAD_MALFORMED))

    events = _Events()
    parser = MultipartParser(boundary, events.callbacks())  # type: ignore[arg-type]
    fields: dict[str, str] = {}
    current: tuple[str, str | None] | None = None
    field_value = b""
    key: str | None = None
    file_name = ""
    writer = None
    head = b""
    kind: DocumentKind | None = None
    size = 0
    finished_file = False
    body_read = 0

    try:
        async for chunk in stream:
            body_read += len(chunk)
            parser.write(chunk)
            for what, payload in events.items:
                if what == "part":
                    current = payload  # type: ignore[assignment]
                    field_value = b""
                    assert current is not None
                    name, part_file_name = current
                    if name == "file" and part_file_name is not None:
                        if writer is not None or finished_file:
                            refuse(invalid(messages.CHAT_UPLOAD_MALFORMED))
                        file_name = tidy(part_file_name, rows=False)
                        refuse(file_name_refusal(file_name))
                        if not is_allowed_name(file_name):
                            refuse(invalid(messages.FILE_FORMAT_INVALID))
                        key = await key_for(fields, file_name)
                        writer = files.open_for_writing(key)
                        await writer.open()
                elif what == "data" and current is not None:
                    data: bytes = payload  # type: ignore[assignment]
                    if writer is not None and current[0] == "file":
                        size += len(data)
                        if size > limits.FILE_MAX_BYTES:
                            refuse(too_large(messages.FILE_TOO_LARGE))
                        if kind is None:
                            head = (head + data)[:SIGNATURE_BYTES]
                            if len(head) >= SIGNATURE_BYTES:
                                kind = document_kind(file_name, head)
                                if kind is None:
                                    refuse(invalid(messages.FILE_FORMAT_INVALID))
                        await writer.write(data)
                    else:
                        field_value += data
                        if len(field_value) > FIELD_MAX_BYTES:
                            refuse(invalid(messages.CHAT_UPLOAD_MALFORMED))
                elif what == "end" and current is not None:
                    if writer is not None and current[0] == "file":
                        finished_file = True
                    else:
                        fields[current[0]] = field_value.decode(errors="replace").strip()
                    current = None
            events.items.clear()
        parser.finalize()
        if writer is None or not finished_file:
            refuse(invalid(messages.CHAT_UPLOAD_MALFORMED))
        if kind is None:
            kind = document_kind(file_name, head)
            if kind is None:
                refuse(invalid(messages.FILE_FORMAT_INVALID))
        await writer.commit()
    except (ApiError, MultipartParseError) as refusal:
        if writer is not None:
            await writer.discard()
        with contextlib.suppress(Exception):
            await _drain(stream, body_read)
        if isinstance(refusal, MultipartParseError):
            refuse(invalid(messages.CHAT_UPLOAD_MALFORMED))
        raise
    except OSError as error:
        # The disk is full (or failing): nothing of the file stays, and the client is told to try again later.
        logger.error("storing a chat document failed: %s", error)
        if writer is not None:
            await writer.discard()
        with contextlib.suppress(Exception):
            await _drain(stream, body_read)
        refuse(unavailable(messages.CHAT_DOCUMENT_STORAGE_FULL))
    except BaseException:
        if writer is not None:
            await writer.discard()
        raise
    assert key is not None
    return key, StoredUpload(fields, file_name, kind, size)
