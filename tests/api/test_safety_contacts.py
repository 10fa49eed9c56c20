"""A person's emergency contacts (domain/rules/safety.py contacts_refusal): up to three, each a valid
Indian mobile number that is not their own, each number once, each named by the free-text rule; a few changes a
day, and a number added for the first time told once who added it (ContactNoticeWorkflow)."""

import asyncio

import pytest
from sqlalchemy import select

from domain.envelope import Failure
from domain.models import EmergencyContactNotice
from domain.rules import limits, safety_messages
from domain.rules.safety import CONTACT_ADDED_SMS
from domain.rules.text import character_name
from tests.api.conftest import COMPLETE_PROFILE, app_flow, random_mobile_number
from tests.workflows.recorded import replay_and_record
from workflows.contact_notice.contracts import contact_notice_workflow_id

PATH = "/api/user/emergency-contacts"


def contact(name: str = "Meera Rao", mobile_number: str | None = None) -> dict:
    return {"name": name, "mobile_number": mobile_number or random_mobile_number()}


async def own_number(client) -> str:
    return (await client.get("/api/user/user")).json()["data"]["mobile_number"]


async def test_a_person_starts_with_no_contacts_and_saves_them_in_order(signed_in):
    answer = await signed_in.get(PATH)
    assert (answer.status_code, answer.json()["data"]) == (200, {"contacts": []})
    sent = [contact("Amma"), contact("  Ravi  Kumar "), contact("ಮೀರಾ 🙏")]
    saved = await signed_in.put(PATH, json={"contacts": sent})
    assert (saved.status_code, saved.json()["message"]) == (200, safety_messages.EMERGENCY_CONTACTS_SAVED)
    tidied = [{**sent[0]}, {**sent[1], "name": "Ravi  Kumar"}, {**sent[2]}]
    assert saved.json()["data"] == {"contacts": tidied}
    assert (await signed_in.get(PATH)).json()["data"] == {"contacts": tidied}


async def test_saving_replaces_the_whole_list_and_an_empty_list_clears_it(signed_in):
    await signed_in.put(PATH, json={"contacts": [contact("Amma"), contact("Appa")]})
    replaced = [contact("Didi")]
    await signed_in.put(PATH, json={"contacts": replaced})
    assert (await signed_in.get(PATH)).json()["data"]["contacts"] == replaced
    cleared = await signed_in.put(PATH, json={"contacts": []})
    assert (cleared.status_code, cleared.json()["data"]) == (200, {"contacts": []})
    assert (await signed_in.get(PATH)).json()["data"]["contacts"] == []


async def test_each_persons_list_is_their_own(signed_in, member):
    mine = [contact("Amma")]
    await signed_in.put(PATH, json={"contacts": mine})
    assert (await member.get(PATH)).json()["data"]["contacts"] == []
    assert (await signed_in.get(PATH)).json()["data"]["contacts"] == mine


@pytest.mark.parametrize(
    ("contacts", "message"),
    [
        ([contact() for _ in range(limits.EMERGENCY_CONTACTS_MAX + 1)], safety_messages.EMERGENCY_CONTACTS_TOO_MANY),
        ([contact(mobile_number="98765")], safety_messages.EMERGENCY_CONTACT_NUMBER_INVALID),
        ([contact(mobile_number="5876543210")], safety_messages.EMERGENCY_CONTACT_NUMBER_INVALID),
        ([contact(mobile_number="+919876543210")], safety_messages.EMERGENCY_CONTACT_NUMBER_INVALID),
        ([contact(name="   ")], safety_messages.EMERGENCY_CONTACT_NAME_REQUIRED),
        (
            [contact(name="A" * (limits.EMERGENCY_CONTACT_NAME_MAX_LENGTH + 1))],
            safety_messages.EMERGENCY_CONTACT_NAME_TOO_LONG,
        ),
        (
            [contact(name="Am\u202ema")],
            safety_messages.EMERGENCY_CONTACT_NAME_CHARACTERS.format(characters=character_name("\u202e")),
        ),
        (
            [contact(mobile_number="9876543210"), contact("Appa", "9876543210")],
            safety_messages.EMERGENCY_CONTACT_REPEATED,
        ),
    ],
)
async def test_each_rule_refuses_in_its_words_and_keeps_the_list(signed_in, contacts, message):
    kept = [contact("Amma")]
    await signed_in.put(PATH, json={"contacts": kept})
    answer = await signed_in.put(PATH, json={"contacts": contacts})
    assert (answer.status_code, answer.json()) == (400, Failure(message=message).model_dump())
    assert (await signed_in.get(PATH)).json()["data"]["contacts"] == kept


async def test_a_line_break_in_a_name_is_refused(signed_in):
    answer = await signed_in.put(PATH, json={"contacts": [contact("Amma\nAppa")]})
    assert answer.status_code == 400
    assert answer.json()["message"].startswith(safety_messages.EMERGENCY_CONTACT_NAME_CHARACTERS.split("{")[0])


async def test_ones_own_number_is_not_an_emergency_contact(signed_in):
    answer = await signed_in.put(PATH, json={"contacts": [contact("Me", await own_number(signed_in))]})
    assert (answer.status_code, answer.json()["message"]) == (400, safety_messages.EMERGENCY_CONTACT_OWN_NUMBER)


async def test_a_number_with_spaces_around_it_is_kept_without_them(signed_in):
    number = random_mobile_number()
    answer = await signed_in.put(PATH, json={"contacts": [contact("Amma", f" {number} ")]})
    assert answer.json()["data"]["contacts"] == [{"name": "Amma", "mobile_number": number}]


async def test_saves_sent_together_each_land_whole(signed_in):
    lists = [[contact(f"Contact {n}"), contact(f"Other {n}")] for n in range(4)]
    answers = await asyncio.gather(*(signed_in.put(PATH, json={"contacts": sent}) for sent in lists))
    assert [answer.status_code for answer in answers] == [200] * len(lists)
    assert (await signed_in.get(PATH)).json()["data"]["contacts"] in lists


async def test_contacts_need_a_session(client):
    assert (await client.get(PATH)).status_code == 401
    assert (await client.put(PATH, json={"contacts": []})).status_code == 401


async def test_changing_contacts_is_limited_a_day_and_a_save_that_changes_nothing_is_not_counted(
    signed_in, api_settings
):
    per_day = api_settings.emergency_contact_saves_per_day
    lists = [[contact(f"Contact {n}")] for n in range(per_day)]
    for sent in lists:
        assert (await signed_in.put(PATH, json={"contacts": sent})).status_code == 200
    same = await signed_in.put(PATH, json={"contacts": lists[-1]})
    assert (same.status_code, same.json()["message"]) == (200, safety_messages.EMERGENCY_CONTACTS_SAVED)
    refused = await signed_in.put(PATH, json={"contacts": [contact("One too many")]})
    assert (refused.status_code, refused.json()) == (
        429,
        Failure(message=safety_messages.EMERGENCY_CONTACTS_CHANGED_TOO_OFTEN.format(count=per_day)).model_dump(),
    )
    assert (await signed_in.get(PATH)).json()["data"]["contacts"] == lists[-1]


async def sms_to(client, mobile_number: str) -> list[str]:
    return [
        sms["message"]
        for sms in (await client.get("/api/sandbox/sms", params={"mobile_number": mobile_number})).json()["data"]
    ]


async def notice_ids(app, mobile_number: str) -> list[int]:
    async with app.state.session_maker() as session:
        found = await session.scalars(
            select(EmergencyContactNotice.id).where(EmergencyContactNotice.mobile_number == mobile_number)
        )
        return list(found)


@pytest.mark.usefixtures("worker")
async def test_a_new_contact_is_told_once_who_added_them_and_how_to_stop_it(app, signed_in, api_settings):
    first, second = random_mobile_number(), random_mobile_number()
    words = CONTACT_ADDED_SMS.format(name=COMPLETE_PROFILE["name"], support=api_settings.support_email)
    await signed_in.put(PATH, json={"contacts": [contact("Amma", first)]})
    [notice_id] = await notice_ids(app, first)
    flow = await app_flow(app, contact_notice_workflow_id(notice_id))
    assert await asyncio.wait_for(flow.result(), 20) == "sent"
    assert await sms_to(signed_in, first) == [words]

    # Removed and added again, renamed, joined by another: the first number is never told twice.
    await signed_in.put(PATH, json={"contacts": [contact("Appa", second)]})
    await signed_in.put(PATH, json={"contacts": [contact("Mother", first), contact("Appa", second)]})
    [second_notice] = await notice_ids(app, second)
    assert (
        await asyncio.wait_for((await app_flow(app, contact_notice_workflow_id(second_notice))).result(), 20) == "sent"
    )
    assert await notice_ids(app, first) == [notice_id]
    assert await sms_to(signed_in, first) == [words]
    assert await sms_to(signed_in, second) == [words]
    await replay_and_record(flow, "contact_notice")
