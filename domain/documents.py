"""Chat attachments on disk, and their types told by content signature (SPEC §5 attachment rules).

A name ending in .pdf proves nothing: the first bytes must carry the signature of a type the extension allows.
Files are written and read in chunks, so a 50 MB video never sits in memory. A file is written under a temporary
name and renamed once whole; a failed write (a full disk) removes it (api/chat/uploads.py).
"""

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

SIGNATURE_BYTES = 16
# Under the media directory; the public media path (api/media) serves nothing from it.
DOCUMENTS_FOLDER = "documents"
CHUNK_BYTES = 256 * 1024

_ASF = bytes.fromhex("3026B2758E66CF11A6D900AA0062CE6C")
_ISO_MEDIA_BOXES = (b"ftyp", b"moov", b"mdat", b"wide", b"free", b"skip")
_HEVC_START_CODES = (b"\x00\x00\x00\x01\x40\x01", b"\x00\x00\x01\x40\x01")


@dataclass(frozen=True)
class DocumentKind:
    type: str  # SPEC §3 document type: image, gif, video or pdf
    content_type: str


def _signature(head: bytes) -> str | None:
    if head.startswith(b"%PDF-"):
        return "pdf"
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head.startswith((b"GIF87a", b"GIF89a")):
        return "gif"
    if head.startswith(_ASF):
        return "asf"
    if head.startswith(b"RIFF") and head[8:12] == b"AVI ":
        return "avi"
    if head[4:8] in _ISO_MEDIA_BOXES:
        return "iso-media"
    if head.startswith(_HEVC_START_CODES):
        return "hevc"
    return None


# Which signatures each allowed extension may carry, and what the chat calls it.
_EXTENSIONS: dict[str, tuple[frozenset[str], DocumentKind]] = {
    "pdf": (frozenset({"pdf"}), DocumentKind("pdf", "application/pdf")),
    "jpg": (frozenset({"jpeg"}), DocumentKind("image", "image/jpeg")),
    "jpeg": (frozenset({"jpeg"}), DocumentKind("image", "image/jpeg")),
    "png": (frozenset({"png"}), DocumentKind("image", "image/png")),
    "gif": (frozenset({"gif"}), DocumentKind("gif", "image/gif")),
    "mp4": (frozenset({"iso-media"}), DocumentKind("video", "video/mp4")),
    "mov": (frozenset({"iso-media"}), DocumentKind("video", "video/quicktime")),
    "hevc": (frozenset({"hevc", "iso-media"}), DocumentKind("video", "video/hevc")),
    "wmv": (frozenset({"asf"}), DocumentKind("video", "video/x-ms-wmv")),
    "avi": (frozenset({"avi"}), DocumentKind("video", "video/x-msvideo")),
}

ALLOWED_EXTENSIONS = tuple(_EXTENSIONS)


def extension_of(file_name: str) -> str:
    return file_name.rsplit(".", 1)[-1].lower() if "." in file_name else ""


def is_allowed_name(file_name: str) -> bool:
    return extension_of(file_name) in _EXTENSIONS


def document_kind(file_name: str, head: bytes) -> DocumentKind | None:
    """The kind of an attachment whose extension is allowed and whose first bytes carry a matching signature."""
    allowed = _EXTENSIONS.get(extension_of(file_name))
    if allowed is None:
        return None
    signatures, kind = allowed
    return kind if _signature(head) in signatures else None


class DocumentFiles:
    """Attachments under <media dir>/documents, written through a temporary file and renamed when complete."""

    def __init__(self, media_dir: Path) -> None:
        self.root = media_dir / DOCUMENTS_FOLDER

    def path(self, key: str) -> Path:
        path = (self.root / key).resolve()
        if not key or not path.is_relative_to(self.root.resolve()):
            raise ValueError(f"not a document key: {key!r}")
        return path

    def open_for_writing(self, key: str) -> "DocumentWriter":
        return DocumentWriter(self.path(key))

    async def read_chunks(self, key: str) -> AsyncIterator[bytes]:
        with self.path(key).open("rb") as file:
            while chunk := await asyncio.to_thread(file.read, CHUNK_BYTES):
                yield chunk

    async def delete(self, key: str) -> None:
        await asyncio.to_thread(self.path(key).unlink, True)


class DocumentWriter:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._partial = path.with_name(path.name + ".part")
        self._handle: int | None = None

    async def open(self) -> None:
        def create() -> int:
            self._partial.parent.mkdir(parents=True, exist_ok=True)
            return os.open(self._partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)

        self._handle = await asyncio.to_thread(create)

    async def write(self, chunk: bytes) -> None:
        assert self._handle is not None
        handle = self._handle

        def write_all() -> None:
            view = memoryview(chunk)
            while view:
                view = view[os.write(handle, view) :]

        await asyncio.to_thread(write_all)

    async def commit(self) -> None:
        """The file under its key, whole: flushed to the disk before it is renamed, so a full disk that reports late
        (at the flush) still fails here, and a crash never leaves a named file half-written."""
        assert self._handle is not None
        await asyncio.to_thread(os.fsync, self._handle)
        self._close()
        await asyncio.to_thread(self._partial.replace, self.path)

    async def discard(self) -> None:
        """Removes what was written; a failing disk does not stop it from trying."""
        with contextlib.suppress(OSError):
            self._close()
        await asyncio.to_thread(self._partial.unlink, True)

    def _close(self) -> None:
        handle, self._handle = self._handle, None
        if handle is not None:
            os.close(handle)
