"""Reviews of co-riders after a trip (SPEC §3 Review, §4 Review screen, §5 and §8 review rules, §7 review calls)."""

import asyncio
import json
from contextlib import AsyncExitStack

import pytest
from sqlalchemy import func, select

from domain.models import Notification, TripCompletion, TripReview
from domain.rules import messages
from tests.api.conftest import new_person, place
from tests.api.test_hostile_input import LONE_SURROGATE, REFUSED, assert_clear_answer
from tests.api.test_join import ask_to_join, host_acts
from tests.api.test_trips import create, move_to_past, read

pytestmark = pytest.mark.usefixtures("worker")


async def travelled_trip(app, host, *members) -> int:
    """A trip of the host's that every member joined and that has now departed."""
    trip_id = await create(host, total_passengers=4)
    for member in members:
        assert (await ask_to_join(member, trip_id)).status_code == 200
        assert (await host_acts(host, trip_id, member.user_id, "APPROVE")).status_code == 200
    await move_to_past(app, trip_id)
    return trip_id


def card(reviewee_id: int, stars: int = 0, attributes: dict | None = None, reason: str | None = None) -> dict:
    return {
        "reviewee_id": reviewee_id,
        "stars": stars,
        "attributes": attributes or {},
        "is_flagged": reason is not None,
        "flagged_review": reason,
    }


async def review(client, trip_id: int, *cards: dict):
    return await client.put(f"/api/user/review/trip/{trip_id}", json=list(cards))


async def card_of(client, user_id: int) -> dict:
    answer = await client.get(f"/api/user/user/{user_id}")
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


async def summary(client, user_id: int | None = None, **params) -> dict:
    path = "/api/user/review/my" if user_id is None else f"/api/user/review/{user_id}/trip"
    answer = await client.get(path, params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


async def stored_reviews(app, trip_id: int) -> int:
    async with app.state.session_maker() as session:
        return await session.scalar(select(func.count()).select_from(TripReview).where(TripReview.trip_id == trip_id))


async def complete(app, trip_id: int) -> None:
    """The trip's flow has marked it completed (insights credited, the post-trip notice sent)."""
    async with app.state.session_maker() as session, session.begin():
        session.add(TripCompletion(trip_id=trip_id))


async def to_rate(client) -> list[dict]:
    answer = await client.get("/api/user/review/pending")
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


@pytest.fixture
async def host(signed_in, app):
    signed_in.user_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    return signed_in


async def test_a_member_rates_the_host_and_every_view_of_the_host_follows(host, member, app):
    trip_id = await travelled_trip(app, host, member)
    answer = await review(member, trip_id, card(host.user_id, 4, {"punctual": 1, "friendly": -1, "safe_driving": 0}))
    assert answer.status_code == 200, answer.text
    assert answer.json()["message"] == messages.REVIEW_SAVED

    assert (await card_of(member, host.user_id))["average_rating"] == 4.0
    trip = await read(member, trip_id)
    assert trip["host"]["average_rating"] == 4.0
    assert [p["average_rating"] for p in trip["passengers"] if p["id"] == host.user_id] == [4.0]
    mine = await summary(host)
    assert (mine["average_rating"], mine["flagged_count"]) == (4.0, 0)
    assert mine["overall_attributes"]["punctual"] == {"positive": 1, "negative": 0}
    assert mine["overall_attributes"]["friendly"] == {"positive": 0, "negative": 1}
    assert mine["overall_attributes"]["safe_driving"] == {"positive": 0, "negative": 0}
    [received] = mine["reviews"]
    assert received["stars"] == 4
    assert received["attributes"] == {"punctual": 1, "friendly": -1}
    assert received["trip"]["id"] == trip_id
    assert {received["trip"]["source"], received["trip"]["destination"]} == {
        trip["origin"]["name"],
        trip["destination"]["name"],
    }
    assert await summary(member, host.user_id) == mine


async def test_the_reviewee_is_told_without_being_told_by_whom(host, member, app):
    trip_id = await travelled_trip(app, host, member)
    await review(member, trip_id, card(host.user_id, 5))
    await review(member, trip_id, card(host.user_id, 3))
    notices = (await host.get("/api/notification/history", params={"entity_types": "review"})).json()["data"]
    told = [n for n in notices if n["title"] == "You have a new review"]
    assert len(told) == 1, "a second send replaces the review and does not tell again"
    assert told[0]["entity_type"] == "review" and told[0]["entity_id"] == ""
    assert told[0]["sender"]["image"] is None
    async with app.state.session_maker() as session:
        sender = await session.scalar(
            select(Notification.sender_id).where(
                Notification.recipient_id == host.user_id, Notification.title == "You have a new review"
            )
        )
    assert sender is None


async def test_reviews_stay_anonymous_to_the_reviewee_and_to_others(host, member, app):
    member_name = (await member.get("/api/user/user")).json()["data"]["name"]
    trip_id = await travelled_trip(app, host, member)
    await review(
        member,
        trip_id,
        card(host.user_id, 5),
    )
    for seen in (await summary(host), await summary(member, host.user_id)):
        text = str(seen)
        assert member_name not in text
        assert "reviewer" not in text
        assert str(member.user_id) not in [str(value) for value in seen["reviews"][0].values()]


async def test_sending_again_replaces_the_earlier_review_and_an_empty_card_takes_it_back(host, member, app):
    async with new_person(app, "Meera Iyer") as second:
        trip_id = await travelled_trip(app, host, member, second)
        await review(member, trip_id, card(host.user_id, 4))
        await review(member, trip_id, card(host.user_id, 2))
        assert (await summary(host))["average_rating"] == 2.0
        await review(second, trip_id, card(host.user_id, 5), card(member.user_id, 0, {"punctual": 1}))
        assert (await summary(host))["average_rating"] == 3.5
        assert (await summary(member))["average_rating"] == 0.0, "attributes alone give no stars"
        assert (await summary(member))["overall_attributes"]["punctual"]["positive"] == 1
        await review(member, trip_id, card(host.user_id), card(second.user_id, 1))
        assert (await summary(host))["average_rating"] == 5.0
        assert len((await summary(host))["reviews"]) == 1
        assert await stored_reviews(app, trip_id) == 3


async def test_concurrent_sends_count_each_review_once(host, member, app):
    async with new_person(app, "Meera Iyer") as second, new_person(app, "Kiran Das") as third:
        trip_id = await travelled_trip(app, host, member, second, third)
        sends = [review(member, trip_id, card(host.user_id, stars)) for stars in (1, 2, 3, 4, 5) * 4]
        sends += [
            review(second, trip_id, card(host.user_id, 0, reason="Drove rashly on the highway")) for _ in range(5)
        ]
        sends += [review(third, trip_id, card(host.user_id, stars)) for stars in (5, 4) * 5]
        answers = await asyncio.gather(*sends)
        assert {answer.status_code for answer in answers} == {200}
        async with app.state.session_maker() as session:
            rows = (
                await session.execute(
                    select(TripReview.stars, TripReview.is_flagged).where(TripReview.trip_id == trip_id)
                )
            ).all()
        assert len(rows) == 3
        rated = [stars for stars, flagged in rows if not flagged]
        seen = await summary(host)
        assert seen["flagged_count"] == 1
        assert seen["average_rating"] == round(sum(rated) / len(rated), 1)
        assert len(seen["reviews"]) == 3


async def test_a_flag_counts_apart_from_the_stars_and_shows_its_reason(host, member, app):
    async with new_person(app, "Meera Iyer") as second:
        trip_id = await travelled_trip(app, host, member, second)
        await review(member, trip_id, card(host.user_id, 4))
        answer = await review(second, trip_id, card(host.user_id, reason="  Was rude and late by an hour  "))
        assert answer.status_code == 200, answer.text
        seen = await summary(second, host.user_id)
        assert (seen["average_rating"], seen["flagged_count"]) == (4.0, 1)
        assert [r["flagged_review"] for r in seen["reviews"]] == ["Was rude and late by an hour", None]
        assert (await card_of(member, host.user_id))["flagged_count"] == 1
        await review(second, trip_id, card(host.user_id, 3))
        assert (await card_of(member, host.user_id))["flagged_count"] == 0
        assert (await card_of(member, host.user_id))["average_rating"] == 3.5


async def test_the_review_screen_starts_from_what_the_viewer_sent_and_lists_whom_they_may_review(host, member, app):
    async with new_person(app, "Meera Iyer") as second:
        trip_id = await travelled_trip(app, host, member, second)
        answer = await member.get(f"/api/user/review/trip/{trip_id}")
        assert answer.status_code == 200, answer.text
        assert answer.json()["data"]["reviews"] == []
        members = answer.json()["data"]["members"]
        assert [m["id"] for m in members] == [host.user_id, second.user_id]
        assert set(members[0]) == {"id", "name", "small_image_url", "is_kyc_verified"}
        await review(member, trip_id, card(second.user_id, reason="Did not show up at all"))
        sent = (await member.get(f"/api/user/review/trip/{trip_id}")).json()["data"]["reviews"]
        assert sent == [
            {
                "reviewee_id": second.user_id,
                "stars": 0,
                "attributes": {},
                "is_flagged": True,
                "flagged_review": "Did not show up at all",
            }
        ]
        assert (await host.get(f"/api/user/review/trip/{trip_id}")).json()["data"]["reviews"] == []


async def test_only_those_who_travelled_may_review_and_only_after_the_trip(host, member, app):
    async with new_person(app, "Meera Iyer") as requester, new_person(app, "Kiran Das") as removed:
        trip_id = await create(host, total_passengers=4)
        await ask_to_join(member, trip_id)
        await host_acts(host, trip_id, member.user_id, "APPROVE")
        await ask_to_join(requester, trip_id)
        await ask_to_join(removed, trip_id)
        await host_acts(host, trip_id, removed.user_id, "APPROVE")
        await host_acts(host, trip_id, removed.user_id, "REMOVE", "Being abusive")

        early = await review(member, trip_id, card(host.user_id, 5))
        assert (early.status_code, early.json()["message"]) == (409, messages.REVIEW_TRIP_NOT_COMPLETED)
        early_screen = await member.get(f"/api/user/review/trip/{trip_id}")
        assert early_screen.json()["message"] == messages.REVIEW_TRIP_NOT_COMPLETED

        await move_to_past(app, trip_id)
        for outsider in (requester, removed):
            refused = await review(outsider, trip_id, card(host.user_id, 5))
            assert (refused.status_code, refused.json()["message"]) == (403, messages.REVIEW_NOT_MEMBER)
            screen = await outsider.get(f"/api/user/review/trip/{trip_id}")
            assert (screen.status_code, screen.json()["message"]) == (403, messages.REVIEW_NOT_MEMBER)
        for not_a_co_rider in (requester.user_id, removed.user_id, 10**12):
            refused = await review(member, trip_id, card(not_a_co_rider, 5))
            assert refused.json()["message"] == messages.REVIEW_NOT_CO_RIDER
        assert (await review(host, trip_id, card(member.user_id, 5))).status_code == 200
        missing = await review(member, 10**12, card(host.user_id, 5))
        assert (missing.status_code, missing.json()["message"]) == (404, messages.TRIP_NOT_FOUND)


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ([], messages.REVIEW_AT_LEAST_ONE),
        ([{"to": "host"}], messages.REVIEW_AT_LEAST_ONE),
        ([{"to": "host", "attributes": {"punctual": 0}}], messages.REVIEW_AT_LEAST_ONE),
        ([{"to": "host", "reason": ""}], messages.REVIEW_FLAG_REASON_REQUIRED),
        ([{"to": "host", "reason": "   "}], messages.REVIEW_FLAG_REASON_REQUIRED),
        ([{"to": "host", "reason": "Rude\u202e"}], messages.REASON_CHARACTERS.format(characters="U+202E")),
        ([{"to": "host", "reason": "x" * 301}], messages.REVIEW_FLAG_REASON_TOO_LONG),
        ([{"to": "host", "stars": 3, "reason": "Rude driver"}], messages.REVIEW_FLAG_ONLY),
        ([{"to": "host", "attributes": {"punctual": -1}, "reason": "Rude driver"}], messages.REVIEW_FLAG_ONLY),
        ([{"to": "host", "stars": 6}], messages.REVIEW_STARS_RANGE),
        ([{"to": "host", "stars": -1}], messages.REVIEW_STARS_RANGE),
        ([{"to": "host", "attributes": {"handsome": 1}}], messages.REVIEW_ATTRIBUTE_INVALID),
        ([{"to": "host", "attributes": {"punctual": 2}}], messages.REVIEW_ATTRIBUTE_INVALID),
        ([{"to": "self", "stars": 5}], messages.REVIEW_SELF),
        ([{"to": "host", "stars": 5}, {"to": "host", "stars": 4}], messages.REVIEW_TWICE),
        ([{"to": "host", "stars": 5}, {"to": "host", "stars": 9}], messages.REVIEW_TWICE),
    ],
)
async def test_the_review_rules_of_the_spec_refuse_and_change_nothing(host, member, app, cards, message):
    trip_id = await travelled_trip(app, host, member)
    who = {"host": host.user_id, "self": member.user_id}
    body = [card(who[c["to"]], c.get("stars", 0), c.get("attributes"), c.get("reason")) for c in cards]
    answer = await review(member, trip_id, *body)
    assert (answer.status_code, answer.json()["message"]) == (400, message)
    assert await stored_reviews(app, trip_id) == 0
    assert (await card_of(member, host.user_id))["average_rating"] == 0.0


async def test_a_refused_card_keeps_the_valid_cards_beside_it_out_too(host, member, app):
    async with new_person(app, "Meera Iyer") as second:
        trip_id = await travelled_trip(app, host, member, second)
        answer = await review(member, trip_id, card(host.user_id, 5), card(second.user_id, reason=""))
        assert answer.json()["message"] == messages.REVIEW_FLAG_REASON_REQUIRED
        assert await stored_reviews(app, trip_id) == 0


async def test_the_reviews_of_a_user_come_newest_first_in_pages(host, app):
    async with AsyncExitStack() as stack:
        riders = [await stack.enter_async_context(new_person(app, "Rider")) for _ in range(3)]
        trips = [await travelled_trip(app, host, rider) for rider in riders]
        for stars, (rider, trip_id) in enumerate(zip(riders, trips, strict=True), start=3):
            await review(rider, trip_id, card(host.user_id, stars))
        seen = await summary(riders[0], host.user_id)
        assert [r["trip"]["id"] for r in seen["reviews"]] == trips[::-1]
        assert (seen["page"], seen["has_more"], seen["average_rating"]) == (0, False, 4.0)
        later = await summary(riders[0], host.user_id, page=1)
        assert (later["reviews"], later["has_more"]) == ([], False)


async def test_the_reviews_of_an_unknown_user_are_not_found(signed_in):
    answer = await signed_in.get(f"/api/user/review/{10**12}/trip")
    assert (answer.status_code, answer.json()["message"]) == (404, messages.USER_NOT_FOUND)


async def test_hostile_flag_reasons_are_refused_clearly_and_change_nothing(host, member, app):
    trip_id = await travelled_trip(app, host, member)
    refused = [text for text, _ in REFUSED.values()] + ["x" * 301, " \n "]
    texts = [json.dumps(text) for text in refused] + [LONE_SURROGATE]
    for text_json in texts:
        flag = json.dumps([card(host.user_id, reason="__REASON__")]).replace('"__REASON__"', text_json)
        answer = await member.put(
            f"/api/user/review/trip/{trip_id}", content=flag, headers={"Content-Type": "application/json"}
        )
        assert_clear_answer(answer)
        assert answer.status_code == 400, text_json[:40]
    assert await stored_reviews(app, trip_id) == 0


async def test_home_offers_each_completed_shared_trip_until_it_is_reviewed(host, member, app):
    trip_id = await travelled_trip(app, host, member)
    # Departed, but not completed yet: nothing to rate.
    assert await to_rate(member) == []
    await complete(app, trip_id)
    alone = await create(host)
    await move_to_past(app, alone)
    await complete(app, alone)

    [offered] = await to_rate(member)
    assert offered["id"] == trip_id
    assert offered["source"] and offered["destination"] and offered["scheduled_at"]
    # The trip the host took alone has nobody to rate.
    assert [trip["id"] for trip in await to_rate(host)] == [trip_id]

    assert (await review(member, trip_id, card(host.user_id, stars=4))).status_code == 200
    assert await to_rate(member) == []
    assert [trip["id"] for trip in await to_rate(host)] == [trip_id]


async def test_a_reviewed_trips_exact_places_go_only_to_those_who_travelled_on_it(host, member, app, route):
    """SPEC §6: a trip's exact ends are its people's. Reviews name their trips by the localities of its ends to anyone
    else, as a trip's ends are shown to a stranger."""
    at_home = place("14 Church Street, Shivajinagar, Bengaluru", route.origin["latitude"], route.origin["longitude"])
    trip_id = await create(host, total_passengers=4, origin=at_home, destination=route.destination)
    assert (await ask_to_join(member, trip_id)).status_code == 200
    assert (await host_acts(host, trip_id, member.user_id, "APPROVE")).status_code == 200
    await move_to_past(app, trip_id)
    assert (await review(member, trip_id, card(host.user_id, 5))).status_code == 200

    for insider in (await summary(host), await summary(host, host.user_id), await summary(member, host.user_id)):
        [received] = insider["reviews"]
        assert (received["trip"]["source"], received["trip"]["destination"]) == (at_home["name"], "End")
    async with new_person(app, "Passer By") as stranger:
        answer = await stranger.get(f"/api/user/review/{host.user_id}/trip")
        assert answer.status_code == 200, answer.text
        [received] = answer.json()["data"]["reviews"]
        assert (received["trip"]["source"], received["trip"]["destination"]) == ("Shivajinagar", "End")
        assert "Church Street" not in answer.text
