"""A person's language (PUT /api/user/user `language`) and the language of the API's words: the request's
Accept-Language when it names one of ours, else the signed-in person's profile language, else English."""

from sqlalchemy import select

from domain.envelope import Failure
from domain.i18n import api_words
from domain.i18n.catalog import TRANSLATIONS
from domain.models import User
from domain.rules import messages
from tests.api.conftest import COMPLETE_PROFILE, latest_code, random_mobile_number, sign_in

HINDI = {"Accept-Language": "hi-IN,hi;q=0.9,en;q=0.8"}
KANNADA = {"Accept-Language": "kn"}
ENGLISH = {"Accept-Language": "en-IN"}


async def test_a_profile_speaks_english_until_its_person_chooses(signed_in):
    assert (await signed_in.get("/api/user/user")).json()["data"]["language"] == "en"


async def test_the_chosen_language_is_stored_and_read_back(app, signed_in):
    answer = await signed_in.put("/api/user/user", json={"language": "kn"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["data"]["language"] == "kn"
    assert (await signed_in.get("/api/user/user")).json()["data"]["language"] == "kn"
    number = answer.json()["data"]["mobile_number"]
    async with app.state.session_maker() as session:
        stored = await session.scalar(select(User.language).where(User.mobile_number == number))
    assert stored == "kn"


async def test_a_language_the_app_does_not_speak_is_refused_with_its_words(signed_in):
    for refused in ("fr", "hi-IN", "", "KN", 1):
        answer = await signed_in.put("/api/user/user", json={"language": refused}, headers=ENGLISH)
        assert answer.status_code == 400, refused
        assert answer.json() == Failure(message=api_words.LANGUAGE_INVALID).model_dump()
    assert (await signed_in.get("/api/user/user")).json()["data"]["language"] == "en"


async def test_a_refusal_is_said_in_the_language_the_request_asks_for(client):
    for headers, language in ((HINDI, "hi"), (KANNADA, "kn"), ({"Accept-Language": "fr, kn;q=0.5"}, "kn")):
        answer = await client.get("/api/user/user", headers=headers)
        assert answer.status_code == 401
        assert answer.json()["message"] == TRANSLATIONS[language]["LOGIN_REQUIRED"]
    for headers in (ENGLISH, {"Accept-Language": "fr"}, {"Accept-Language": "hi;q=0"}, {}):
        answer = await client.get("/api/user/user", headers=headers)
        assert answer.json()["message"] == messages.LOGIN_REQUIRED


async def test_a_refusal_with_a_number_is_said_in_the_language_with_it(client):
    mobile_number = random_mobile_number()
    assert (await client.post("/api/auth/otp", json={"mobile_number": mobile_number})).status_code == 200
    answer = await client.post("/api/auth/otp", json={"mobile_number": mobile_number}, headers=KANNADA)
    assert answer.status_code == 429
    said = answer.json()["message"]
    assert said.startswith("ಹೊಸ OTP ಕೇಳುವ ಮೊದಲು ದಯವಿಟ್ಟು ")
    assert any(character.isdigit() for character in said)


async def test_a_signed_in_person_is_answered_in_their_profile_language_unless_the_request_asks(signed_in):
    await signed_in.put("/api/user/user", json={"language": "hi"})
    answer = await signed_in.put("/api/user/user", json={"name": "!!"})
    assert answer.status_code == 400
    assert answer.json()["message"] == TRANSLATIONS["hi"]["NAME_INVALID"]
    updated = await signed_in.put("/api/user/user", json={"receive_notification": True})
    assert updated.json()["message"] == TRANSLATIONS["hi"]["PROFILE_UPDATED"]
    asked = await signed_in.put("/api/user/user", json={"name": "!!"}, headers=KANNADA)
    assert asked.json()["message"] == TRANSLATIONS["kn"]["NAME_INVALID"]
    english = await signed_in.put("/api/user/user", json={"name": "!!"}, headers=ENGLISH)
    assert english.json()["message"] == messages.NAME_INVALID


async def test_the_sign_in_code_is_texted_in_the_request_language_and_still_signs_in(client):
    mobile_number = random_mobile_number()
    issued = await client.post("/api/auth/otp", json={"mobile_number": mobile_number}, headers=KANNADA)
    assert issued.status_code == 200, issued.text
    assert issued.json()["message"] == TRANSLATIONS["kn"]["OTP_SENT"]
    sent = (await client.get("/api/sandbox/sms", params={"mobile_number": mobile_number})).json()["data"][0]
    assert " ನಿಮ್ಮ Humsafar ಲಾಗಿನ್ ಕೋಡ್." in sent["message"]
    code = await latest_code(client, mobile_number)
    assert sent["message"].startswith(code)
    login_token = issued.json()["data"]["login_token"]
    answer = await client.post("/api/auth/login", json={"otp": int(code), "login_token": login_token})
    assert answer.status_code == 200, answer.text


async def test_a_new_profile_may_choose_its_language_with_its_first_details(client):
    await sign_in(client)
    answer = await client.put("/api/user/user", json={**COMPLETE_PROFILE, "language": "hi"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["message"] == TRANSLATIONS["hi"]["PROFILE_CREATED"]
    assert answer.json()["data"]["language"] == "hi"


async def test_a_new_person_keeps_the_language_picked_before_their_profile_exists(client):
    await sign_in(client)
    picked = await client.put("/api/user/user", json={"language": "kn"})
    assert picked.status_code == 200, picked.text
    assert picked.json()["message"] == TRANSLATIONS["kn"]["PROFILE_UPDATED"]
    assert picked.json()["data"]["is_profile_complete"] is False
    created = await client.put("/api/user/user", json=COMPLETE_PROFILE)
    assert created.json()["message"] == TRANSLATIONS["kn"]["PROFILE_CREATED"]
    assert created.json()["data"]["language"] == "kn"


async def test_a_new_profile_still_needs_its_details_when_more_than_the_language_is_sent(client):
    await sign_in(client)
    answer = await client.put("/api/user/user", json={"language": "hi", "receive_notification": True})
    assert answer.status_code == 400
    assert answer.json()["message"] == messages.NAME_REQUIRED  # nothing was changed: the profile still speaks English
    assert (await client.get("/api/user/user")).json()["data"]["language"] == "en"
