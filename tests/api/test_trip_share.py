"""A live link to a trip (api/safety/service/links.py): the host or an active member shares it, whoever holds it
follows the trip without signing in until an hour after it completes, and turning it off ends it."""

import hashlib
import re
from datetime import datetime, timedelta

import pytest
from sqlalchemy import select, update

from api.safety.service.links import share_token
from domain import clock
from domain.envelope import Failure
from domain.models import SafetyIncident, Trip, TripCompletion, TripShare
from domain.rules import messages, safety_messages
from domain.rules.geo import distance_km
from domain.rules.trip import short_place_name
from tests.api.conftest import make_client, new_person
from tests.api.test_cab import requested_trip, settles_on, settles_on_vendor_booking, vendor_says
from tests.api.test_join import ask_to_join, host_acts, member_acts
from tests.api.test_trips import create, move_to_past, read
from tests.places import KORAMANGALA, WHITEFIELD

pytestmark = pytest.mark.usefixtures("worker")

SHARED = "/api/trip/shared/"
TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")


@pytest.fixture
async def host(signed_in):
    signed_in.user_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    return signed_in


@pytest.fixture
async def trip_id(host, member) -> int:
    """A trip of the host's with the member on it."""
    trip_id = await create(host, total_passengers=3)
    await ask_to_join(member, trip_id)
    assert (await host_acts(host, trip_id, member.user_id, "APPROVE")).status_code == 200
    return trip_id


@pytest.fixture
async def anyone(app):
    """A browser that never signed in and holds no cookie at all: the contact a link was sent to."""
    async with make_client(app, csrf=False) as browser:
        yield browser


async def share(client, trip_id: int) -> dict:
    answer = await client.post(f"/api/trip/share/{trip_id}")
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


def token_of(url: str) -> str:
    return url.rsplit("/t/", 1)[1]


async def follow(client, url: str):
    return await client.get(f"{SHARED}{token_of(url)}")


async def followed(client, url: str) -> dict:
    answer = await follow(client, url)
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


async def move_trip(app, trip_id: int, departed_ago: timedelta) -> None:
    async with app.state.session_maker() as session, session.begin():
        await session.execute(update(Trip).where(Trip.id == trip_id).values(scheduled_at=clock.now() - departed_ago))


def completion_delay(app) -> timedelta:
    """When the trips made here (Koramangala to Whitefield) complete after their departure: that distance at the city
    speed, and the margin."""
    ends = distance_km(
        KORAMANGALA["latitude"], KORAMANGALA["longitude"], WHITEFIELD["latitude"], WHITEFIELD["longitude"]
    )
    return timedelta(seconds=app.state.settings.trip_completion_delay_for(ends))


def assert_not_found(answer) -> None:
    assert (answer.status_code, answer.json()) == (
        404,
        Failure(message=safety_messages.SHARED_TRIP_NOT_FOUND).model_dump(),
    )


async def test_the_host_shares_a_link_anyone_holding_it_can_follow(app, host, trip_id, anyone):
    link = await share(host, trip_id)
    public = app.state.settings.public_app_url.rstrip("/")
    assert link["url"].startswith(f"{public}/t/") and TOKEN.fullmatch(token_of(link["url"]))
    trip = await read(host, trip_id)
    scheduled_at = datetime.fromisoformat((await followed(anyone, link["url"]))["scheduled_at"])
    assert clock.format_ist_minute(scheduled_at) == trip["scheduled_at"]
    expected_expiry = scheduled_at + completion_delay(app) + timedelta(hours=1)
    assert datetime.fromisoformat(link["expires_at"]) == expected_expiry

    answer = await follow(anyone, link["url"])
    assert answer.headers["x-robots-tag"] == "noindex"
    assert answer.headers["cache-control"] == "no-store"
    assert answer.json()["data"] == {
        "scheduled_at": answer.json()["data"]["scheduled_at"],
        "origin": {"name": short_place_name(trip["origin"]["name"])},
        "destination": {"name": short_place_name(trip["destination"]["name"])},
        "host": {"first_name": "Asha", "is_verified": False},
        "cab": None,
        "stage": "upcoming",
        "sos_open": False,
        "expires_at": answer.json()["data"]["expires_at"],
    }
    assert datetime.fromisoformat(answer.json()["data"]["expires_at"]) == expected_expiry
    for end in ("origin", "destination"):
        for axis in ("latitude", "longitude"):
            assert repr(trip[end][axis]) not in answer.text
    assert "Rao" not in answer.text and "mobile" not in answer.text


async def test_sharing_again_gives_the_same_link(host, trip_id, member):
    first = await share(host, trip_id)
    assert await share(host, trip_id) == first
    for_the_member = await share(member, trip_id)
    assert for_the_member["url"] != first["url"]
    assert await share(member, trip_id) == for_the_member


async def test_an_active_member_shares_and_the_link_shows_the_same_trip(host, trip_id, member, anyone):
    by_member = await followed(anyone, (await share(member, trip_id))["url"])
    by_host = await followed(anyone, (await share(host, trip_id))["url"])
    assert by_member == by_host


async def test_only_the_host_and_active_members_may_share(app, trip_id):
    async with new_person(app, "Passer By") as stranger, new_person(app, "Asking Person") as requester:
        await ask_to_join(requester, trip_id)
        for outsider in (stranger, requester):
            answer = await outsider.post(f"/api/trip/share/{trip_id}")
            assert (answer.status_code, answer.json()["message"]) == (403, safety_messages.TRIP_SHARE_MEMBERS_ONLY)
            answer = await outsider.delete(f"/api/trip/share/{trip_id}")
            assert (answer.status_code, answer.json()["message"]) == (403, safety_messages.TRIP_SHARE_MEMBERS_ONLY)
        async with app.state.session_maker() as session:
            shared = await session.scalars(select(TripShare.user_id).where(TripShare.trip_id == trip_id))
            assert list(shared) == []


async def test_an_unknown_trip_is_not_found(host):
    for answer in (await host.post("/api/trip/share/999999999"), await host.delete("/api/trip/share/999999999")):
        assert (answer.status_code, answer.json()["message"]) == (404, messages.TRIP_NOT_FOUND)


async def test_across_a_block_there_is_no_link(host, trip_id, member, anyone):
    link = await share(member, trip_id)
    blocked = await host.post(f"/api/user/block/{member.user_id}", json={"report_user": False})
    assert blocked.status_code == 200
    answer = await member.post(f"/api/trip/share/{trip_id}")
    assert (answer.status_code, answer.json()["message"]) == (404, messages.TRIP_NOT_FOUND)
    assert_not_found(await follow(anyone, link["url"]))
    assert (await followed(anyone, (await share(host, trip_id))["url"]))["stage"] == "upcoming"


async def test_turning_a_link_off_ends_it_and_sharing_again_makes_a_new_one(host, trip_id, member, anyone):
    link = await share(host, trip_id)
    members_link = await share(member, trip_id)
    answer = await host.delete(f"/api/trip/share/{trip_id}")
    assert (answer.status_code, answer.json()["message"]) == (200, safety_messages.TRIP_SHARE_REVOKED)
    assert_not_found(await follow(anyone, link["url"]))
    assert (await follow(anyone, members_link["url"])).status_code == 200
    again = await host.delete(f"/api/trip/share/{trip_id}")
    assert again.status_code == 200
    renewed = await share(host, trip_id)
    assert renewed["url"] != link["url"]
    assert (await follow(anyone, renewed["url"])).status_code == 200
    assert_not_found(await follow(anyone, link["url"]))


async def test_a_member_who_left_can_turn_their_link_off_and_it_shows_nothing_meanwhile(host, trip_id, member, anyone):
    link = await share(member, trip_id)
    assert (await member_acts(member, trip_id, "LEAVE", "Plans changed")).status_code == 200
    assert_not_found(await follow(anyone, link["url"]))
    answer = await member.post(f"/api/trip/share/{trip_id}")
    assert (answer.status_code, answer.json()["message"]) == (403, safety_messages.TRIP_SHARE_MEMBERS_ONLY)
    assert (await member.delete(f"/api/trip/share/{trip_id}")).status_code == 200


async def test_the_link_follows_the_trip_from_upcoming_to_completed(app, host, trip_id, anyone):
    link = await share(host, trip_id)
    assert (await followed(anyone, link["url"]))["stage"] == "upcoming"
    await move_to_past(app, trip_id)
    assert (await followed(anyone, link["url"]))["stage"] == "under_way"
    await move_trip(app, trip_id, completion_delay(app) + timedelta(minutes=10))
    assert (await followed(anyone, link["url"]))["stage"] == "completed"


async def test_a_trip_marked_complete_is_completed_at_once(app, host, trip_id, anyone):
    link = await share(host, trip_id)
    await move_to_past(app, trip_id)
    async with app.state.session_maker() as session, session.begin():
        session.add(TripCompletion(trip_id=trip_id))
    shown = await followed(anyone, link["url"])
    assert shown["stage"] == "completed"
    assert datetime.fromisoformat(shown["expires_at"]) <= clock.now() + timedelta(hours=1)


async def test_a_cancelled_trip_shows_cancelled(host, trip_id, anyone):
    link = await share(host, trip_id)
    cancelled = await host.request("DELETE", f"/api/trip/trip/{trip_id}", json={"reason": "Plans changed"})
    assert cancelled.status_code == 200, cancelled.text
    assert (await followed(anyone, link["url"]))["stage"] == "cancelled"


async def test_an_hour_after_completion_the_link_ends_and_none_can_be_made(app, host, trip_id, anyone):
    link = await share(host, trip_id)
    await move_trip(app, trip_id, completion_delay(app) + timedelta(minutes=50))
    assert (await follow(anyone, link["url"])).status_code == 200
    await move_trip(app, trip_id, completion_delay(app) + timedelta(minutes=61))
    assert_not_found(await follow(anyone, link["url"]))
    answer = await host.post(f"/api/trip/share/{trip_id}")
    assert (answer.status_code, answer.json()["message"]) == (409, safety_messages.TRIP_SHARE_ENDED)


async def test_the_link_shows_an_sos_while_it_stands(app, host, trip_id, member, anyone):
    link = await share(host, trip_id)
    async with app.state.session_maker() as session, session.begin():
        incident = SafetyIncident(trip_id=trip_id, user_id=member.user_id, number=1, status="escalated")
        session.add(incident)
    assert (await followed(anyone, link["url"]))["sos_open"] is True
    async with app.state.session_maker() as session, session.begin():
        await session.execute(update(SafetyIncident).where(SafetyIncident.trip_id == trip_id).values(status="resolved"))
    assert (await followed(anyone, link["url"]))["sos_open"] is False


async def test_a_booked_cab_shows_its_vehicle_and_drivers_first_name(app, host, anyone):
    trip_id = await requested_trip(host)
    link = await share(host, trip_id)
    assert (await followed(anyone, link["url"]))["cab"] is None  # requested, not booked yet
    await settles_on_vendor_booking(app, trip_id)
    await vendor_says(host, trip_id, "confirm")
    booked = await settles_on(host, trip_id, "booked")
    shown = (await followed(anyone, link["url"]))["cab"]
    assert shown == {
        "vehicle_model": booked["vehicle"]["model"],
        "vehicle_registration": booked["vehicle"]["registration_number"],
        "driver_first_name": booked["driver"]["name"].split(" ")[0],
    }
    assert booked["driver"]["contact"]["phone"] not in (await follow(anyone, link["url"])).text


async def test_the_token_is_made_with_the_secret_key_and_only_its_hash_is_kept(app, host, trip_id, anyone):
    token = token_of((await share(host, trip_id))["url"])
    secret_key = app.state.settings.resolved_secret_key()
    assert token == share_token(secret_key, trip_id, host.user_id, 1)
    assert token != share_token(secret_key + "x", trip_id, host.user_id, 1)
    async with app.state.session_maker() as session:
        kept = await session.scalar(select(TripShare.token_hash).where(TripShare.trip_id == trip_id))
    assert kept == hashlib.sha256(token.encode()).hexdigest() and token not in kept
    for guess in (
        share_token("", trip_id, host.user_id, 1),
        share_token("change-me", trip_id, host.user_id, 1),
        share_token(secret_key, trip_id, host.user_id, 2),
        f"{trip_id}-{host.user_id}",
        kept,
    ):
        assert_not_found(await anyone.get(f"{SHARED}{guess}"))


async def test_sharing_needs_a_session_and_following_does_not(app, trip_id, host, anyone):
    link = await share(host, trip_id)
    async with make_client(app) as signed_out:
        await signed_out.get("/api/auth/session")
        for method in ("POST", "DELETE"):
            answer = await signed_out.request(method, f"/api/trip/share/{trip_id}")
            assert (answer.status_code, answer.json()["message"]) == (401, messages.LOGIN_REQUIRED)
    assert not anyone.cookies
    assert (await followed(anyone, link["url"]))["host"]["first_name"] == "Asha"


async def shared_now(client, trip_id: int) -> dict | None:
    answer = await client.get(f"/api/trip/share/{trip_id}")
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


async def test_the_shared_link_is_read_back_as_sharing_answered_it(host, trip_id, member):
    assert await shared_now(host, trip_id) is None
    link = await share(host, trip_id)
    assert await shared_now(host, trip_id) == link
    assert await shared_now(member, trip_id) is None
    members_link = await share(member, trip_id)
    assert await shared_now(member, trip_id) == members_link
    assert await shared_now(host, trip_id) == link


async def test_a_link_turned_off_is_read_back_as_none_until_shared_again(host, trip_id):
    await share(host, trip_id)
    assert (await host.delete(f"/api/trip/share/{trip_id}")).status_code == 200
    assert await shared_now(host, trip_id) is None
    renewed = await share(host, trip_id)
    assert await shared_now(host, trip_id) == renewed


async def test_an_ended_link_is_read_back_as_none(app, host, trip_id):
    await share(host, trip_id)
    await move_trip(app, trip_id, completion_delay(app) + timedelta(minutes=61))
    assert await shared_now(host, trip_id) is None


async def test_a_member_who_left_reads_back_the_link_they_may_still_turn_off(host, trip_id, member):
    link = await share(member, trip_id)
    assert (await member_acts(member, trip_id, "LEAVE", "Plans changed")).status_code == 200
    assert await shared_now(member, trip_id) == link
    assert (await member.delete(f"/api/trip/share/{trip_id}")).status_code == 200
    answer = await member.get(f"/api/trip/share/{trip_id}")
    assert (answer.status_code, answer.json()["message"]) == (403, safety_messages.TRIP_SHARE_MEMBERS_ONLY)


async def test_reading_a_link_back_is_refused_to_others_and_across_a_block(app, host, trip_id, member):
    await share(host, trip_id)
    async with new_person(app, "Passer By") as stranger, new_person(app, "Asking Person") as requester:
        await ask_to_join(requester, trip_id)
        for outsider in (stranger, requester):
            answer = await outsider.get(f"/api/trip/share/{trip_id}")
            assert (answer.status_code, answer.json()["message"]) == (403, safety_messages.TRIP_SHARE_MEMBERS_ONLY)
    await share(member, trip_id)
    assert (await host.post(f"/api/user/block/{member.user_id}", json={"report_user": False})).status_code == 200
    answer = await member.get(f"/api/trip/share/{trip_id}")
    assert (answer.status_code, answer.json()["message"]) == (404, messages.TRIP_NOT_FOUND)
    answer = await host.get("/api/trip/share/999999999")
    assert (answer.status_code, answer.json()["message"]) == (404, messages.TRIP_NOT_FOUND)
    async with make_client(app) as signed_out:
        await signed_out.get("/api/auth/session")
        answer = await signed_out.get(f"/api/trip/share/{trip_id}")
        assert (answer.status_code, answer.json()["message"]) == (401, messages.LOGIN_REQUIRED)
