"""Profile pictures: recognised by content (never by name), HEIC/HEIF turned into JPEG, cut to two sizes.

A picture's size is read from its header before anything is decoded, and decoding runs on threads of its own, off
the event loop, at most DECODERS at a time (each holds up to MAX_PIXELS * 4 bytes while it works)."""

import asyncio
import base64
import binascii
import io
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pillow_heif
from PIL import Image, ImageOps, UnidentifiedImageError

from domain.rules import server_limits

pillow_heif.register_heif_opener()

ACCEPTED_FORMATS = frozenset({"JPEG", "PNG", "HEIF"})
MAX_DECODED_BYTES = 10 * 1024 * 1024
MAX_SIDE = server_limits.IMAGE_MAX_SIDE
MAX_PIXELS = MAX_SIDE * MAX_SIDE
DECODERS = 2
SMALL_SIDE = 160
MEDIUM_SIDE = 512
JPEG_QUALITY = 80


class InvalidImage(ValueError):
    pass


class ImageTooLarge(InvalidImage):
    """More than MAX_PIXELS, read from the header: refused before decoding."""


_decoders = ThreadPoolExecutor(max_workers=DECODERS, thread_name_prefix="image-decode")


@dataclass(frozen=True)
class ProfileImages:
    small_jpeg: bytes
    medium_jpeg: bytes


def _decode_base64(payload: str) -> bytes:
    if payload.startswith("data:"):
        payload = payload.partition(",")[2]
    if len(payload) > MAX_DECODED_BYTES * 4 // 3 + 4:
        raise InvalidImage("image too large")
    try:
        return base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError) as error:
        raise InvalidImage("not base64") from error


def _square_jpeg(image: Image.Image, side: int) -> bytes:
    square = ImageOps.fit(image, (side, side), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    square.save(buffer, "JPEG", quality=JPEG_QUALITY, optimize=True)
    return buffer.getvalue()


def _checked_header(raw: bytes) -> None:
    """Reads only the header: the format and the size, refused before any pixel is decoded."""
    try:
        with Image.open(io.BytesIO(raw)) as opened:
            if opened.format not in ACCEPTED_FORMATS:
                raise InvalidImage(f"format {opened.format} is not accepted")
            if opened.width * opened.height > MAX_PIXELS:
                raise ImageTooLarge(f"{opened.width}x{opened.height} is more than {MAX_PIXELS} pixels")
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError) as error:
        raise InvalidImage("not an image") from error


def checked_image_from_base64(payload: str) -> bytes:
    """The picture's bytes once its header shows an accepted format of at most MAX_PIXELS; else InvalidImage (or
    ImageTooLarge). Nothing is decoded."""
    raw = _decode_base64(payload)
    _checked_header(raw)
    return raw


def profile_images_from_bytes(raw: bytes) -> ProfileImages:
    """Decodes a picture checked by checked_image_from_base64 and cuts it to the two sizes (CPU-bound)."""
    _checked_header(raw)
    try:
        with Image.open(io.BytesIO(raw)) as opened:
            image = ImageOps.exif_transpose(opened).convert("RGB")
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError) as error:
        raise InvalidImage("not an image") from error
    return ProfileImages(_square_jpeg(image, SMALL_SIDE), _square_jpeg(image, MEDIUM_SIDE))


async def checked_image(payload: str) -> bytes:
    """checked_image_from_base64 off the event loop (the base64 of megabytes takes a while), and not behind the
    decoders: a picture too large is refused at once, however busy they are."""
    return await asyncio.to_thread(checked_image_from_base64, payload)


async def profile_images(raw: bytes) -> ProfileImages:
    """profile_images_from_bytes on the decoding threads: the event loop answers other requests meanwhile."""
    return await asyncio.get_running_loop().run_in_executor(_decoders, profile_images_from_bytes, raw)
