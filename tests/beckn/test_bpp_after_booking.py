"""What a buyer app asks of a booked seat, and what it is told of it unsolicited (docs/interop.md, "After the
booking"): `status` answers the order as it stands; `cancel` asks what cancelling would cost (SOFT_CANCEL) or
cancels, as the rider's own move in the app (a request withdrawn, a seat left); `track` gives a held seat's live
link; `rating` becomes the rider's review of the host once they travelled. The trip's cancellation, start and end
reach the buyer app as on_cancel and on_status. Every callback validates against the published specification."""

import asyncio
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import select, update

from activities.trips import TripActivities
from domain import clock
from domain.models import ChatMessage, NetworkOrder, Trip, TripPassenger, TripReview, User
from domain.rules.join import PassengerStatus
from tests.api.conftest import api_settings, app, app_flow, make_client, new_person, push_destinations, worker  # noqa: F401
from tests.api.test_search_along import ELECTRONIC_CITY, HEBBAL, host_trip
from tests.api.test_trips import read
from tests.beckn.test_bpp import ANSWER_SECONDS, callbacks, day  # noqa: F401
from tests.beckn.test_bpp_confirm import booked, send, valid
from tests.workflows.recorded import replay_and_record
from workflows.beckn.contracts import beckn_order_workflow_id

pytestmark = pytest.mark.usefixtures("worker")

HOST_NUMBER = "+919845012345"


async def first_callback(
    browser: httpx.AsyncClient, transaction_id: str, wanted: Callable[[dict[str, Any]], bool], what: str
) -> dict[str, Any]:
    """The transaction's first callback the buyer app collected that is wanted, valid against the specification."""
    deadline = time.monotonic() + ANSWER_SECONDS
    while time.monotonic() < deadline:
        for callback in await callbacks(browser, transaction_id, 0):
            if wanted(callback):
                return valid(callback)
        await asyncio.sleep(0.1)
    raise AssertionError(f"no {what}")


async def asked(
    browser: httpx.AsyncClient, transaction_id: str, action: str, message: dict[str, Any]
) -> dict[str, Any]:
    """Sends the request in the transaction and answers its callback."""
    sent = await send(browser, action, message, transaction_id=transaction_id)

    def answers(callback: dict[str, Any]) -> bool:
        return callback["body"]["context"]["message_id"] == sent["message_id"] and callback["action"] == f"on_{action}"

    return await first_callback(browser, transaction_id, answers, f"on_{action}")


async def unsolicited(browser: httpx.AsyncClient, transaction_id: str, action: str, code: str) -> dict[str, Any]:
    """The unsolicited callback telling the fulfillment state `code`."""

    def tells(callback: dict[str, Any]) -> bool:
        order = callback["body"].get("message", {}).get("order", {})
        states = [f.get("state", {}).get("descriptor", {}).get("code") for f in order.get("fulfillments", [])]
        return callback["action"] == action and code in states

    return await first_callback(browser, transaction_id, tells, f"{action} saying {code}")


def state(body: dict[str, Any]) -> tuple[str, str]:
    order = body["message"]["order"]
    return order["status"], order["fulfillments"][0]["state"]["descriptor"]["code"]


async def confirmed_seat(host: httpx.AsyncClient, browser: httpx.AsyncClient, trip_id: int, day, name: str, phone: str):  # noqa: F811
    """A seat booked on the trip through the buyer app: its transaction and the host's view of the request."""
    transaction_id, confirm = await booked(browser, trip_id, day, name, phone)
    on_confirm = await asked(browser, transaction_id, "confirm", confirm)
    assert "error" not in on_confirm, on_confirm
    seen = await read(host, trip_id)
    [pending] = [p for p in seen["passengers"] if p["status"] == "requested" and p["name"] == name]
    return transaction_id, pending


async def approve(host: httpx.AsyncClient, trip_id: int, passenger: dict[str, Any]) -> None:
    answer = await host.put(f"/api/trip/user/host/{passenger['id']}", json={"action": "APPROVE", "trip_id": trip_id})
    assert answer.status_code == 200, answer.text


async def passenger_status(app, transaction_id: str) -> str:  # noqa: F811
    async with app.state.session_maker() as session:
        return str(
            await session.scalar(
                select(TripPassenger.status)
                .join(NetworkOrder, NetworkOrder.passenger_id == TripPassenger.id)
                .where(NetworkOrder.transaction_id == transaction_id)
            )
        )


async def test_status_track_and_cancel_of_a_held_seat_follow_it_and_the_rider_leaves_as_in_the_app(app, day):  # noqa: F811
    async with new_person(app, "Meera Iyer") as host:
        trip_id = await host_trip(host, day, ELECTRONIC_CITY, HEBBAL, estimated_cost=600, total_passengers=3)
        async with make_client(app) as browser:
            await browser.get("/api/auth/session")
            transaction_id, pending = await confirmed_seat(host, browser, trip_id, day, "Joe Adams", "9876556789")
            order_ref = {"order_id": "O1"}

            # The host shares their number with the trip's members in the trip's chat (Share Number).
            async with app.state.session_maker() as session, session.begin():
                host_id = await session.scalar(select(Trip.host_id).where(Trip.id == trip_id))
                session.add(
                    ChatMessage(
                        trip_id=trip_id,
                        sender_id=host_id,
                        type="number",
                        message=HOST_NUMBER,
                        client_message_identifier="share-1",
                    )
                )
            requested = await asked(browser, transaction_id, "status", order_ref)
            assert state(requested) == ("ACTIVE", "RIDE_CONFIRMED")
            # Not before the host accepts the rider.
            assert "contact" not in requested["message"]["order"]["fulfillments"][0]["agent"]
            not_yet = await asked(browser, transaction_id, "track", order_ref)
            assert not_yet["message"]["tracking"]["status"] == "inactive"
            assert "url" not in not_yet["message"]["tracking"]

            await approve(host, trip_id, pending)
            await unsolicited(browser, transaction_id, "on_status", "RIDE_ASSIGNED")
            accepted = await asked(browser, transaction_id, "status", order_ref)
            assert state(accepted) == ("ACTIVE", "RIDE_ASSIGNED")
            assert accepted["message"]["order"]["fulfillments"][0]["agent"]["contact"] == {"phone": HOST_NUMBER}
            tracking = (await asked(browser, transaction_id, "track", order_ref))["message"]["tracking"]
            assert tracking["status"] == "active" and "/t/" in tracking["url"]
            # The link is the app's own live page of the trip, readable as the rider's share.
            token = tracking["url"].rsplit("/t/", 1)[1]
            shared = await browser.get(f"/api/trip/shared/{token}")
            assert shared.status_code == 200, shared.text

            # What would cancelling cost? Nothing, and nothing changes.
            soft = {"order_id": "O1", "cancellation_reason_id": "001", "descriptor": {"code": "SOFT_CANCEL"}}
            quoted = await asked(browser, transaction_id, "cancel", soft)
            assert quoted["message"]["order"]["status"] == "SOFT_CANCEL"
            assert await passenger_status(app, transaction_id) == PassengerStatus.ACTIVE

            cancel = {"order_id": "O1", "cancellation_reason_id": "001", "descriptor": {"code": "CONFIRM_CANCEL"}}
            on_cancel = await asked(browser, transaction_id, "cancel", cancel)
            assert state(on_cancel) == ("CANCELLED", "RIDE_CANCELLED")
            assert on_cancel["message"]["order"]["cancellation"]["cancelled_by"] == "CONSUMER"
            assert on_cancel["message"]["order"]["cancellation"]["reason"]["descriptor"]["code"] == "001"
            assert await passenger_status(app, transaction_id) == PassengerStatus.LEFT
            seen = await read(host, trip_id)
            assert [p["status"] for p in seen["passengers"] if p["name"] == "Joe Adams"] == ["left"]

            # Cancelling again moves nothing and answers the ended order.
            again = await asked(browser, transaction_id, "cancel", cancel)
            assert state(again) == ("CANCELLED", "RIDE_CANCELLED")
            assert state(await asked(browser, transaction_id, "status", order_ref)) == ("CANCELLED", "RIDE_CANCELLED")

    await replay_and_record(await app_flow(app, beckn_order_workflow_id(transaction_id)), "beckn_order_after_booking")


async def test_a_cancel_before_the_hosts_answer_withdraws_the_request(app, day):  # noqa: F811
    async with new_person(app, "Farhan Sheikh") as host:
        trip_id = await host_trip(host, day, ELECTRONIC_CITY, HEBBAL, estimated_cost=600, total_passengers=3)
        async with make_client(app) as browser:
            await browser.get("/api/auth/session")
            transaction_id, pending = await confirmed_seat(host, browser, trip_id, day, "Ravi Shankar", "9876512345")
            cancel = {"order_id": "O1", "cancellation_reason_id": "7", "descriptor": {"code": "CONFIRM_CANCEL"}}
            on_cancel = await asked(browser, transaction_id, "cancel", cancel)
            assert state(on_cancel) == ("CANCELLED", "RIDE_CANCELLED")
            # "7" is not among TRV10's reasons (docs/interop.md): no reason is told back.
            assert "reason" not in on_cancel["message"]["order"]["cancellation"]
            assert await passenger_status(app, transaction_id) == PassengerStatus.REVOKED
            answer = await host.put(
                f"/api/trip/user/host/{pending['id']}", json={"action": "APPROVE", "trip_id": trip_id}
            )
            assert answer.status_code != 200


async def test_an_order_of_a_transaction_that_booked_nothing_is_answered_with_the_specs_error(app, day):  # noqa: F811
    async with new_person(app, "Nisha Pillai") as host:
        trip_id = await host_trip(host, day, ELECTRONIC_CITY, HEBBAL, estimated_cost=600, total_passengers=3)
        async with make_client(app) as browser:
            await browser.get("/api/auth/session")
            transaction_id, _ = await booked(browser, trip_id, day, "Kiran Das", "9876598765")
            for action in ("status", "track", "cancel"):
                answer = await asked(browser, transaction_id, action, {"order_id": "O1"})
                assert answer["error"]["code"] == "40000" and "message" not in answer


async def test_the_trips_start_end_and_cancellation_reach_the_buyer_app_and_a_rating_reviews_the_host(app, day):  # noqa: F811
    async with new_person(app, "Kavya Rao") as host:
        travelled = await host_trip(host, day, ELECTRONIC_CITY, HEBBAL, estimated_cost=600, total_passengers=3)
        cancelled = await host_trip(host, day + timedelta(days=1), ELECTRONIC_CITY, HEBBAL, total_passengers=3)
        async with make_client(app) as browser:
            await browser.get("/api/auth/session")
            riding, pending = await confirmed_seat(host, browser, travelled, day, "Asha Rao", "9876500001")
            await approve(host, travelled, pending)
            waiting, _ = await confirmed_seat(
                host, browser, cancelled, day + timedelta(days=1), "Ravi Kumar", "9876500002"
            )

            # Too soon: a rating before the trip left is not a review.
            early = await asked(browser, riding, "rating", {"id": "O1", "rating_category": "DRIVER", "value": 4})
            assert early["message"]["rating_ack"] is False

            # The trip leaves and completes (its flow's steps, run here at once).
            session_maker = app.state.session_maker
            async with session_maker() as session, session.begin():
                await session.execute(
                    update(Trip).where(Trip.id == travelled).values(scheduled_at=clock.now() - timedelta(hours=1))
                )
            steps = TripActivities(session_maker)
            assert await steps.start_trip(travelled) == 1
            started = await unsolicited(browser, riding, "on_status", "RIDE_STARTED")
            assert state(started) == ("ACTIVE", "RIDE_STARTED")
            assert await steps.complete_trip(travelled)
            ended = await unsolicited(browser, riding, "on_status", "RIDE_ENDED")
            assert state(ended) == ("COMPLETE", "RIDE_ENDED")
            assert state(await asked(browser, riding, "status", {"order_id": "O1"})) == ("COMPLETE", "RIDE_ENDED")

            # The schema's form this time: a list of ratings, the value as text.
            ratings = {"ratings": [{"id": "O1", "rating_category": "Agent", "value": "4"}]}
            rating = await asked(browser, riding, "rating", ratings)
            assert rating["message"]["rating_ack"] is True
            async with session_maker() as session:
                review = await session.scalar(select(TripReview).where(TripReview.trip_id == travelled))
                host_row = await session.scalar(select(User).where(User.id == review.reviewee_id))
            assert review.stars == 4 and host_row.name == "Kavya Rao" and float(host_row.average_rating) == 4.0

            # The host cancels the other trip: the waiting rider's order ends with it.
            deleted = await host.request("DELETE", f"/api/trip/trip/{cancelled}", json={"reason": "Car is in service"})
            assert deleted.status_code == 200, deleted.text
            told = await unsolicited(browser, waiting, "on_cancel", "RIDE_CANCELLED")
            assert state(told) == ("CANCELLED", "RIDE_CANCELLED")
            assert told["message"]["order"]["cancellation"]["cancelled_by"] == "PROVIDER"
