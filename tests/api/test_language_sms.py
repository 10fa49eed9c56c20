"""SMS to an emergency contact speak the language of the person who added them and raises the SOS: the notice of
being added is said in the sender's request language, an SOS's texts in the sender's profile language; the
co-riders' notice of it is read in each reader's language."""

import functools

import pytest

from domain.i18n.catalog import TRANSLATIONS
from domain.rules import safety
from tests.api.test_sos import sms_to, soon, sos, texts_starting, trip_under_way, with_contacts

KANNADA = TRANSLATIONS["kn"]

pytestmark = pytest.mark.usefixtures("worker")


async def test_a_contact_is_told_in_the_sender_language(app, api_settings, signed_in, member):
    await member.put("/api/user/user", json={"language": "kn"})
    [number] = await with_contacts(member, count=1)
    added = await soon(functools.partial(sms_to, member, number), "the contact told they were added")
    assert added == [KANNADA["CONTACT_ADDED_SMS"].format(name="Ravi Kumar", support=api_settings.support_email)]

    trip_id = await trip_under_way(app, signed_in, member)
    raised = await member.post(sos(trip_id), json={"latitude": 12.93456, "longitude": 77.61234})
    assert raised.json()["message"] == KANNADA["SOS_RAISED"]
    [alert] = await soon(functools.partial(texts_starting, member, number, "SOS: "), "the alert in Kannada")
    assert alert.startswith("SOS: Humsafar ರೈಡ್‌ನಲ್ಲಿ Ravi Kumar ಸಹಾಯ ಕೇಳಿದ್ದಾರೆ.")
    assert alert.endswith(" ಕೊನೆಯ ಲೊಕೇಶನ್: https://www.openstreetmap.org/?mlat=12.93456&mlon=77.61234")
    assert "/t/" in alert

    async def host_told() -> list[dict]:
        listed = (await signed_in.get("/api/notification/history", headers={"Accept-Language": "hi"})).json()["data"]
        title = TRANSLATIONS["hi"]["SOS_RAISED_TITLE"]
        return [notice for notice in listed if notice["entity_id"] == str(trip_id) and notice["title"] == title]

    [told] = await soon(host_told, "the host told of the SOS, in Hindi")
    assert told["message"].startswith("Ravi Kumar ने ") and " की ट्रिप पर SOS भेजा है।" in told["message"]

    safe = await member.delete(sos(trip_id))
    assert (safe.status_code, safe.json()["message"]) == (200, KANNADA["SOS_RESOLVED"])
    closed = KANNADA["SOS_RESOLVED_SMS"].format(name="Ravi Kumar")
    told = functools.partial(texts_starting, member, number, closed)
    assert await soon(told, "the contact told the SOS closed, in Kannada") == [closed]


async def test_an_english_speaker_contacts_are_told_in_english(app, api_settings, member):
    [number] = await with_contacts(member, count=1)
    added = await soon(functools.partial(sms_to, member, number), "the contact told they were added")
    assert added == [safety.CONTACT_ADDED_SMS.format(name="Ravi Kumar", support=api_settings.support_email)]
