"""A profile picture's cost is bounded: its size is read from the header and a picture beyond 4096 x 4096 pixels is
refused before any decoding; an accepted one is decoded off the event loop, so other requests are answered
meanwhile; and a person may send only so many an hour (counted in PostgreSQL, shared by every API process)."""

import asyncio
import base64
import io
import time
from datetime import timedelta

import pytest
from PIL import Image
from sqlalchemy import update

from domain.images import MAX_PIXELS, profile_images_from_bytes
from domain.models import ProfileImageUploadWindow
from domain.rules import messages


def png_base64(picture: Image.Image) -> str:
    buffer = io.BytesIO()
    picture.save(buffer, "PNG")
    return base64.b64encode(buffer.getvalue()).decode()


@pytest.fixture(scope="module")
def bomb() -> str:
    """36 megapixels in about 120 KB: one colour compresses to almost nothing, and decoding it took a second."""
    return png_base64(Image.new("RGB", (6000, 6000), (200, 80, 40)))


@pytest.fixture(scope="module")
def largest() -> str:
    """The largest picture accepted, 4096 x 4096: a gradient, about 60 KB of PNG and half a second to decode."""
    return png_base64(Image.linear_gradient("L").resize((4096, 4096)).convert("RGB"))


async def me(client) -> dict:
    return (await client.get("/api/user/user")).json()["data"]


async def put_picture(client, payload: str):
    return await client.put("/api/user/user", json={"profile_image_base64": payload})


async def test_a_picture_of_36_megapixels_is_refused_from_its_header_at_once(signed_in, bomb):
    started = time.perf_counter()
    answer = await put_picture(signed_in, bomb)
    elapsed = time.perf_counter() - started
    assert (answer.status_code, answer.json()["message"]) == (400, messages.IMAGE_TOO_LARGE)
    assert elapsed < 0.3, f"the refusal took {elapsed:.2f} s"
    assert (await me(signed_in))["small_image_url"] is None


async def test_other_requests_are_answered_while_a_large_picture_decodes(signed_in, client, largest):
    assert MAX_PIXELS == 4096 * 4096
    decode_seconds = await asyncio.to_thread(_time_to_decode, largest)
    upload = asyncio.create_task(put_picture(signed_in, largest))
    waits: list[float] = []
    while not upload.done():
        started = time.perf_counter()
        answer = await client.get("/api/health")
        waits.append(time.perf_counter() - started)
        assert answer.status_code == 200
        await asyncio.sleep(0.02)
    assert (await upload).status_code == 200
    assert (await me(signed_in))["medium_image_url"] is not None
    # Had the decode run on the loop, one health check would have waited for all of it.
    assert len(waits) >= 3, waits
    assert max(waits) < decode_seconds / 3, (
        f"a health check waited {max(waits):.2f} s; a decode takes {decode_seconds:.2f} s"
    )


def _time_to_decode(payload: str) -> float:
    raw = base64.b64decode(payload)
    started = time.perf_counter()
    profile_images_from_bytes(raw)
    return time.perf_counter() - started


async def test_a_person_may_change_the_picture_only_so_often_an_hour(app, signed_in, api_settings):
    small = png_base64(Image.new("RGB", (64, 64), (10, 120, 200)))
    for _ in range(api_settings.profile_image_uploads_per_hour):
        answer = await put_picture(signed_in, small)
        assert answer.status_code == 200, answer.text
    kept = (await me(signed_in))["small_image_url"]
    too_many = await put_picture(signed_in, small)
    assert (too_many.status_code, too_many.json()["message"]) == (429, messages.IMAGE_UPLOADS_TOO_MANY)
    assert (await me(signed_in))["small_image_url"] == kept
    # An hour later the count starts again.
    user_id = (await me(signed_in))["id"]
    async with app.state.session_maker() as session, session.begin():
        await session.execute(
            update(ProfileImageUploadWindow)
            .where(ProfileImageUploadWindow.user_id == user_id)
            .values(window_started_at=ProfileImageUploadWindow.window_started_at - timedelta(hours=1))
        )
    assert (await put_picture(signed_in, small)).status_code == 200
