"""Profile pictures: recognised by content (never by name), HEIC/HEIF turned into JPEG, cut to two sizes."""

import base64
import binascii
import io
from dataclasses import dataclass

import pillow_heif
from PIL import Image, ImageOps, UnidentifiedImageError

pillow_heif.register_heif_opener()

ACCEPTED_FORMATS = frozenset({"JPEG", "PNG", "HEIF"})
MAX_DECODED_BYTES = 10 * 1024 * 1024
MAX_PIXELS = 40_000_000
SMALL_SIDE = 160
MEDIUM_SIDE = 512
JPEG_QUALITY = 80


class InvalidImage(ValueError):
    pass


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


def profile_images_from_base64(payload: str) -> ProfileImages:
    raw = _decode_base64(payload)
    try:
        with Image.open(io.BytesIO(raw)) as opened:
            if opened.format not in ACCEPTED_FORMATS:
                raise InvalidImage(f"format {opened.format} is not accepted")
            if opened.width * opened.height > MAX_PIXELS:
                raise InvalidImage("too many pixels")
            image = ImageOps.exif_transpose(opened).convert("RGB")
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError) as error:
        raise InvalidImage("not an image") from error
    return ProfileImages(_square_jpeg(image, SMALL_SIDE), _square_jpeg(image, MEDIUM_SIDE))
