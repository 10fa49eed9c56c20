"""Profile creation and update (SPEC §5 profile rules), other users' cards, location, configuration, deletion."""

import base64
import io
from datetime import date, datetime, timedelta

import pillow_heif
import pytest
from PIL import Image
from sqlalchemy import select, update

from domain import clock
from domain.envelope import Failure
from domain.models import Feedback, User
from domain.rules import messages
from tests.api.conftest import COMPLETE_PROFILE, age_codes, app_flow, make_client, sign_in
from workflows.account_erasure.contracts import account_erasure_workflow_id


def image_base64(fmt: str, size: tuple[int, int] = (300, 200)) -> str:
    buffer = io.BytesIO()
    picture = Image.new("RGB", size, (200, 80, 40))
    if fmt == "HEIF":
        pillow_heif.from_pillow(picture).save(buffer, quality=80)
    else:
        picture.save(buffer, fmt)
    return base64.b64encode(buffer.getvalue()).decode()


async def me(client):
    return (await client.get("/api/user/user")).json()["data"]


async def mark_kyc_verified(app, user_id: int) -> None:
    async with app.state.session_maker() as session, session.begin():
        await session.execute(update(User).where(User.id == user_id).values(is_kyc_verified=True))


async def test_reading_the_profile_needs_a_session(client):
    answer = await client.get("/api/user/user")
    assert answer.status_code == 401
    assert answer.json() == Failure(message=messages.LOGIN_REQUIRED).model_dump()


async def test_a_new_user_has_an_incomplete_profile_and_a_referral_code(client):
    await sign_in(client)
    profile = await me(client)
    assert profile["is_profile_complete"] is False
    assert profile["name"] is None
    assert 5 <= len(profile["referral_code"]) <= 20
    assert profile["user_trips_insights"] == {
        "total_trips_joined": 0,
        "trips_hosted": 0,
        "new_people_met": 0,
        "total_co2_saved": 0.0,
    }
    joined = datetime.fromisoformat(profile["member_since"])
    assert timedelta(0) <= clock.now() - joined < timedelta(minutes=1)


async def test_creating_the_profile_answers_profile_created(client):
    await sign_in(client)
    answer = await client.put("/api/user/user", json=COMPLETE_PROFILE)
    assert answer.status_code == 200
    assert answer.json()["message"] == messages.PROFILE_CREATED
    profile = await me(client)
    assert profile["is_profile_complete"] is True
    assert profile["dob"] == "15-08-1994"
    assert profile["gender"] == "FEMALE"


async def test_a_later_change_answers_profile_updated(signed_in):
    answer = await signed_in.put("/api/user/user", json={"name": "Asha Verma"})
    assert answer.json()["message"] == messages.PROFILE_UPDATED
    assert (await me(signed_in))["name"] == "Asha Verma"


@pytest.mark.parametrize(
    ("missing", "message"),
    [("name", messages.NAME_REQUIRED), ("gender", messages.SEX_REQUIRED), ("dob", messages.DOB_REQUIRED)],
)
async def test_creation_needs_name_sex_and_date_of_birth(client, missing, message):
    await sign_in(client)
    body = {key: value for key, value in COMPLETE_PROFILE.items() if key != missing}
    answer = await client.put("/api/user/user", json=body)
    assert answer.status_code == 400
    assert answer.json()["message"] == message
    assert (await me(client))["name"] is None


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("name", "", messages.NAME_REQUIRED),
        ("name", "Asha  Rao", messages.NAME_INVALID),
        ("name", "Asha9", messages.NAME_INVALID),
        ("name", "<script>", messages.NAME_INVALID),
        ("gender", "ROBOT", messages.GENDER_REQUIRED),
        ("dob", "1994-08-15", messages.DOB_INVALID),
        ("dob", "31-02-1994", messages.DOB_INVALID),
        ("dob", (date.today() + timedelta(days=2)).strftime("%d-%m-%Y"), messages.DOB_INVALID),
        ("dob", "01-01-1900", messages.DOB_INVALID),
        ("referrer_code", "ab", messages.REFERRAL_CODE_INVALID),
        ("referrer_code", "abc-def", messages.REFERRAL_CODE_INVALID),
        ("referrer_code", "NOSUCHCODE", messages.REFERRAL_CODE_INVALID),
    ],
)
async def test_profile_fields_are_checked_with_the_spec_messages(client, field, value, message):
    await sign_in(client)
    answer = await client.put("/api/user/user", json={**COMPLETE_PROFILE, field: value})
    assert answer.status_code == 400
    assert answer.json()["message"] == message
    assert (await me(client))["is_profile_complete"] is False


async def test_a_referral_code_counts_for_its_owner(app, signed_in):
    referrer = await me(signed_in)
    async with make_client(app) as friend:
        await friend.get("/api/auth/session")
        await sign_in(friend)
        body = {**COMPLETE_PROFILE, "referrer_code": referrer["referral_code"].lower()}
        assert (await friend.put("/api/user/user", json=body)).status_code == 200
    assert (await me(signed_in))["referred_count"] == 1


async def test_name_and_dob_are_locked_after_kyc(app, signed_in):
    profile = await me(signed_in)
    await mark_kyc_verified(app, profile["id"])
    name = await signed_in.put("/api/user/user", json={"name": "Someone Else"})
    assert name.status_code == 400
    assert name.json()["message"] == messages.NAME_LOCKED_AFTER_KYC
    dob = await signed_in.put("/api/user/user", json={"dob": "01-01-1990"})
    assert dob.json()["message"] == messages.DOB_LOCKED_AFTER_KYC
    assert (await me(signed_in))["name"] == profile["name"]


async def test_the_notification_toggle_changes_only_that(signed_in):
    before = await me(signed_in)
    answer = await signed_in.put("/api/user/user", json={"receive_notification": False})
    assert answer.status_code == 200
    after = await me(signed_in)
    assert after["receive_notification"] is False
    assert {k: v for k, v in after.items() if k != "receive_notification"} == {
        k: v for k, v in before.items() if k != "receive_notification"
    }


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "HEIF"])
async def test_a_profile_picture_is_stored_as_small_and_medium_jpegs(signed_in, fmt):
    answer = await signed_in.put("/api/user/user", json={"profile_image_base64": image_base64(fmt)})
    assert answer.status_code == 200, answer.text
    profile = await me(signed_in)
    for url, side in ((profile["small_image_url"], 160), (profile["medium_image_url"], 512)):
        picture = await signed_in.get(url)
        assert picture.status_code == 200
        assert picture.headers["content-type"] == "image/jpeg"
        assert "immutable" in picture.headers["cache-control"]
        assert Image.open(io.BytesIO(picture.content)).size == (side, side)


async def test_a_new_picture_replaces_the_old_one(signed_in):
    await signed_in.put("/api/user/user", json={"profile_image_base64": image_base64("PNG")})
    old_url = (await me(signed_in))["small_image_url"]
    await signed_in.put("/api/user/user", json={"profile_image_base64": image_base64("JPEG")})
    assert (await me(signed_in))["small_image_url"] != old_url
    assert (await signed_in.get(old_url)).status_code == 404


@pytest.mark.parametrize(
    "payload",
    [
        base64.b64encode(b"MZ\x90\x00 this is an executable").decode(),
        base64.b64encode(b"GIF89a" + b"\x00" * 40).decode(),
        "not base64 at all!!",
        image_base64("GIF"),
    ],
)
async def test_anything_but_jpg_png_heic_is_refused_by_content(signed_in, payload):
    answer = await signed_in.put("/api/user/user", json={"profile_image_base64": payload})
    assert answer.status_code == 400
    assert answer.json()["message"] == messages.IMAGE_INVALID
    assert (await me(signed_in))["small_image_url"] is None


async def test_another_users_card_is_public_data_only(app, signed_in):
    async with make_client(app) as other:
        await other.get("/api/auth/session")
        await sign_in(other)
        await other.put("/api/user/user", json={"name": "Ravi Kumar", "gender": "MALE", "dob": "01-01-1990"})
        other_id = (await me(other))["id"]
    card = (await signed_in.get(f"/api/user/user/{other_id}")).json()["data"]
    assert card["name"] == "Ravi Kumar"
    assert card["age"] >= 35
    assert "mobile_number" not in card
    assert "referral_code" not in card
    assert "dob" not in card


async def test_an_unknown_user_is_not_found(signed_in):
    answer = await signed_in.get("/api/user/user/999999999")
    assert answer.status_code == 404
    assert answer.json()["message"] == messages.USER_NOT_FOUND


async def test_the_current_location_is_saved(app, signed_in):
    answer = await signed_in.patch("/api/user/current_location", json={"lat": "12.9352", "long": "77.6245"})
    assert answer.status_code == 200
    assert answer.json()["message"] == messages.LOCATION_UPDATED


@pytest.mark.parametrize(("lat", "long"), [("abc", "77.6"), ("91", "77.6"), ("12.9", "181"), ("NaN", "1")])
async def test_a_location_outside_the_globe_is_refused(signed_in, lat, long):
    answer = await signed_in.patch("/api/user/current_location", json={"lat": lat, "long": long})
    assert answer.status_code == 400
    assert answer.json()["message"] == messages.LOCATION_INVALID


async def test_the_configuration_has_every_config_field(client, api_settings):
    config = (await client.get("/api/user/configuration")).json()["data"]
    for field in (
        "enable_kyc",
        "latest_client_version",
        "minimum_client_version",
        "current_location_expiry_in_minutes",
        "time_of_day_to_fetch_next_day_trips_in_home",
        "referral_message",
        "walking_distance_explanation_heading",
        "walking_distance_explanation_content",
        "review_attributes",
        "valid_cab_categories",
        "share_trip_text",
        "web_push_vapid_public_key",
        "fcm_client_configuration",
    ):
        assert field in config
    assert "{0}" in config["referral_message"] and "{1}" in config["referral_message"]
    assert config["otp_length"] == 4
    # The support form defaults to the app's own support page, which is served.
    assert config["support_form_url"] == "/legal/support.html"
    # The web warns before a late cancellation with the same window the reliability record counts by.
    assert config["late_cancel_window_seconds"] == api_settings.late_cancel_window_seconds


@pytest.mark.usefixtures("worker")  # its flow is started by the worker's relay
async def test_deleting_the_account_ends_sessions_frees_the_number_and_starts_erasure(app, client):
    mobile_number = await sign_in(client)
    await client.put("/api/user/user", json=COMPLETE_PROFILE)
    old_id = (await me(client))["id"]
    answer = await client.delete("/api/user/user")
    assert answer.status_code == 200
    assert answer.json()["message"] == messages.ACCOUNT_DELETED
    assert (await client.get("/api/user/user")).status_code == 401
    handle = await app_flow(app, account_erasure_workflow_id(old_id))
    assert (await handle.describe()).id == account_erasure_workflow_id(old_id)

    await age_codes(app, mobile_number, 61)
    async with make_client(app) as again:
        await again.get("/api/auth/session")
        await sign_in(again, mobile_number)
        fresh = await me(again)
    assert fresh["id"] != old_id
    assert fresh["is_profile_complete"] is False


async def test_a_refused_update_changes_nothing_at_all(signed_in):
    before = await me(signed_in)
    answer = await signed_in.put(
        "/api/user/user", json={"name": "Changed Name", "profile_image_base64": image_base64("GIF")}
    )
    assert answer.status_code == 400
    assert await me(signed_in) == before


async def test_feedback_is_kept(app, signed_in):
    body = {"services": ["trips", "chat"], "features": ["search", "chat_glitch"], "note": "  Search is slow  "}
    answer = await signed_in.post("/api/user/feedback", json=body)
    assert answer.status_code == 200
    assert answer.json()["message"] == messages.FEEDBACK_THANKS
    async with app.state.session_maker() as session:
        stored = await session.scalar(select(Feedback).order_by(Feedback.id.desc()))
    assert stored is not None
    assert (stored.services, stored.features, stored.note) == (
        ["trips", "chat"],
        ["search", "chat_glitch"],
        "Search is slow",
    )


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"services": [], "note": "Hello there"}, messages.FEEDBACK_SERVICE_REQUIRED),
        ({"services": ["trips"], "note": "   "}, messages.FEEDBACK_NOTE_REQUIRED),
        ({"services": ["trips"], "note": "x" * 501}, messages.FEEDBACK_NOTE_TOO_LONG),
        ({"services": ["weather"], "note": "Hello there"}, messages.FEEDBACK_CHOICE_INVALID),
        ({"services": ["trips"], "features": ["kyc_glitch"], "note": "Hello"}, messages.FEEDBACK_CHOICE_INVALID),
    ],
)
async def test_feedback_follows_the_spec_rules(signed_in, body, message):
    answer = await signed_in.post("/api/user/feedback", json=body)
    assert answer.status_code == 400
    assert answer.json()["message"] == message
