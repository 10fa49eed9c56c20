"""The answers to the ONDC network's requests (workflows/beckn): each callback built from the request the API kept,
kept once with its exact bytes, then sent once, signed with Humsafar's key.

A search is answered with the trips the along-the-way rule matches (domain/rules/along.py), measured as the app's
search measures a stranger's: from the trip ends' cells (domain/rules/geo.py approximate), never the exact ends.
The candidates are read by one statement (active, upcoming, in the search's window, with a seat left) and the rule
judges each, the same rule the app's search holds in SQL (api/trips/queries/search.py).

A kept callback is sent with no transaction open and marked sent after: a crash between the two sends the same bytes
again, under the same message_id, which a buyer app takes once (BECKN-003); a callback marked sent is never sent
again."""

import json
import logging
import time
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urljoin

import httpx
from sqlalchemy import func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from domain import clock
from domain.db import transaction
from domain.flows import signal_after_commit, start_after_commit
from domain.joining import JoinAsk, ask_to_join, trip_as_asked
from domain.models import BecknCallback, BecknMessage, NetworkOrder, Trip, TripPassenger, User
from domain.network_riders import network_rider, order_of_request
from domain.providers.beckn import order, seat
from domain.providers.beckn.catalog import (
    VEHICLE_CATEGORIES,
    BadSearch,
    Bpp,
    CatalogTrip,
    Point,
    first_name,
    on_search,
    search_points,
    seat_share,
)
from domain.providers.beckn.keys import humsafar_signer
from domain.providers.beckn.signing import AUTHORIZATION
from domain.routing import estimated_travel
from domain.rules import along
from domain.rules.geo import approximate
from domain.rules.join import PassengerStatus
from domain.rules.refusal import Refusal
from domain.rules.trip import TripStatus
from domain.settings import Settings
from domain.trips import people_on_trip
from workflows.beckn.contracts import (
    SEARCH,
    BecknRequest,
    BecknSteps,
    OrderNews,
    beckn_order_news,
    order_news_message_id,
)
from workflows.join_request.contracts import JoinRequest, join_start
from workflows.push.contracts import push_start

logger = logging.getLogger("humsafar.beckn")

# A search without a time looks this far ahead; one with a time, this long before and after it.
SEARCH_AHEAD = timedelta(hours=24)
SEARCH_AROUND = timedelta(hours=2)
# The trips one on_search lists at most, the soonest first.
MOST_LISTED = 20
# The candidates one search judges at most.
MOST_CANDIDATES = 500
# How long one callback's POST may take.
CALLBACK_TIMEOUT_SECONDS = 10.0


def search_window(moment: datetime | None, now: datetime) -> tuple[datetime, datetime]:
    if moment is None:
        return now, now + SEARCH_AHEAD
    return max(now, moment - SEARCH_AROUND), moment + SEARCH_AROUND


def _cell(latitude: float, longitude: float) -> along.Point:
    return along.Point(*approximate(latitude, longitude))


def stops_refusal(trip: Trip, pickup: Point, drop: Point, radius_km: float, settings: Settings) -> Refusal | None:
    """Why a rider from pickup to drop does not suit the trip, by the app's search rule for a stranger (at the ends
    within the radius, or along the way within the host's detour, measured from the trip ends' cells); None when
    they do."""
    origin = _cell(trip.origin.latitude, trip.origin.longitude)
    destination = _cell(trip.destination.latitude, trip.destination.longitude)
    p, q = along.Point(pickup.latitude, pickup.longitude), along.Point(drop.latitude, drop.longitude)
    if along.at_the_ends(origin, destination, p, q, radius_km):
        return None
    travel = estimated_travel(settings, trip.preferred_mode_of_transport, trip.scheduled_at)
    return along.stop_refusal(origin, destination, p, q, travel, trip.max_detour_minutes)


def matches(trip: Trip, pickup: Point, drop: Point, radius_km: float, settings: Settings) -> bool:
    """The rider from pickup to drop suits the trip (stops_refusal finds nothing against them)."""
    return stops_refusal(trip, pickup, drop, radius_km, settings) is None


async def matched_trips(
    session: AsyncSession, settings: Settings, pickup: Point, drop: Point, window: tuple[datetime, datetime]
) -> list[CatalogTrip]:
    """The trips with a seat left that a rider from pickup to drop in the window matches, the soonest first."""
    people = people_on_trip(Trip.id).scalar_subquery()
    rows = await session.execute(
        select(Trip, User, people)
        .join(User, User.id == Trip.host_id)
        .where(
            Trip.status == TripStatus.ACTIVE,
            Trip.scheduled_at.between(*window),
            Trip.scheduled_at > func.now(),
            people < Trip.total_passengers,
        )
        .order_by(Trip.scheduled_at, Trip.id)
        .limit(MOST_CANDIDATES)
    )
    found = [
        CatalogTrip(
            trip_id=trip.id,
            departure=trip.scheduled_at,
            mode=trip.preferred_mode_of_transport,
            seats_left=trip.total_passengers - on_trip,
            estimated_cost=trip.estimated_cost,
            total_passengers=trip.total_passengers,
            host_name=host.name,
            host_rating=host.average_rating,
            host_verified=host.is_kyc_verified,
            origin=Point(trip.origin.latitude, trip.origin.longitude),
            destination=Point(trip.destination.latitude, trip.destination.longitude),
        )
        for trip, host, on_trip in rows
        if matches(trip, pickup, drop, settings.trip_search_radius_km, settings)
    ]
    return found[:MOST_LISTED]


SUPPORT = "support"
RATING = "rating"
CONFIRM = "confirm"
# A network rider's seat as their request on the trip stands (domain/rules/join.py PassengerStatus).
SEAT_STATES = {
    PassengerStatus.REQUESTED: seat.SeatState.REQUESTED,
    PassengerStatus.ACTIVE: seat.SeatState.APPROVED,
    PassengerStatus.REJECTED: seat.SeatState.REJECTED,
    PassengerStatus.REMOVED: seat.SeatState.REMOVED,
    PassengerStatus.EXPIRED: seat.SeatState.EXPIRED,
    PassengerStatus.REVOKED: seat.SeatState.REVOKED,
    PassengerStatus.LEFT: seat.SeatState.LEFT,
}
# ONDC-RFC-001's business error of a seller app: the order cannot be taken as asked.
BUSINESS_ERROR = "40000"
# The answers that quote a seat before it is booked.
QUOTED = {"select": order.on_select, "init": order.on_init}


def _first(values: object) -> dict[str, Any]:
    return values[0] if isinstance(values, list) and values and isinstance(values[0], dict) else {}


def _trip_id(item_id: object) -> int | None:
    """The trip of a catalog item's id (catalog.py: I{trip_id})."""
    text = str(item_id or "")
    return int(text[1:]) if text.startswith("I") and text[1:].isdigit() else None


def _stops(fulfillment: dict[str, Any]) -> tuple[Point, Point] | None:
    try:
        pickup, drop, _ = search_points({"message": {"intent": {"fulfillment": fulfillment}}})
    except BadSearch:
        return None
    return pickup, drop


async def _searched_stops(session: AsyncSession, transaction_id: str) -> tuple[Point, Point] | None:
    """The rider's pick-up and drop as the order's search gave them."""
    searched = await session.scalar(
        select(BecknMessage.request)
        .where(BecknMessage.transaction_id == transaction_id, BecknMessage.action == SEARCH)
        .order_by(BecknMessage.id.desc())
        .limit(1)
    )
    return None if searched is None else _stops(searched["message"]["intent"]["fulfillment"])


def _field(value: object, *path: str) -> object:
    """The value at the path in a request's JSON; None where a step is missing or not an object."""
    for step in path:
        value = value.get(step) if isinstance(value, dict) else None
    return value


def _rider(fulfillment: dict[str, Any]) -> seat.Rider | None:
    name = _field(fulfillment, "customer", "person", "name")
    phone = _field(fulfillment, "customer", "contact", "phone")
    return seat.Rider(str(name)[:100], str(phone)[:20]) if name and phone else None


def _seats(item: dict[str, Any]) -> int | None:
    """The seats asked for (the item's selected count, 1 when not given); None for a count that is no count."""
    count = _field(item, "quantity", "selected", "count")
    if count is None:
        return 1
    return count if isinstance(count, int) and not isinstance(count, bool) and count >= 1 else None


async def seat_order(session: AsyncSession, message: BecknMessage, *, seats_left: bool = True) -> seat.SeatOrder | None:
    """The seat an order's request names (its item, I{trip_id}), with the rider's stops (the request's own, else
    its search's) and the rider the buyer app gave; None when it names no active trip Humsafar offers, or (unless
    `seats_left` is False: a confirm's checks and a booked seat's news count seats their own way) one without that
    many seats left."""
    item = _first(_field(message.request, "message", "order", "items"))
    fulfillment = _first(_field(message.request, "message", "order", "fulfillments"))
    trip_id = _trip_id(item.get("id"))
    stops = _stops(fulfillment) or await _searched_stops(session, message.transaction_id)
    if trip_id is None or stops is None:
        return None
    people = people_on_trip(Trip.id).scalar_subquery()
    found = (
        await session.execute(
            select(Trip, User, people)
            .join(User, User.id == Trip.host_id)
            .where(Trip.id == trip_id, Trip.status == TripStatus.ACTIVE)
        )
    ).first()
    if found is None:
        return None
    trip, host, on_trip = found
    seats = _seats(item)
    if seats is None or (seats_left and on_trip + seats > trip.total_passengers):
        return None
    return seat.SeatOrder(
        trip_id=trip.id,
        seats=seats,
        price_per_seat=seat_share(trip.estimated_cost, trip.total_passengers)[0],
        vehicle_category=VEHICLE_CATEGORIES.get(trip.preferred_mode_of_transport),
        host=seat.Host(first_name(host.name), host.average_rating, host.is_kyc_verified, None),
        pick_up=seat.Point(stops[0].latitude, stops[0].longitude),
        drop=seat.Point(stops[1].latitude, stops[1].longitude),
        trip_start=seat.Point(trip.origin.latitude, trip.origin.longitude),
        trip_end=seat.Point(trip.destination.latitude, trip.destination.longitude),
        departure=trip.scheduled_at,
        rider=_rider(fulfillment),
    )


def order_id(network_order: NetworkOrder) -> str:
    """The order's id as the buyer app knows it."""
    return f"O{network_order.id}"


async def _kept_id(session: AsyncSession, message_id: str, action: str) -> int | None:
    """The callback already kept for this message and action, if any."""
    return await session.scalar(
        select(BecknCallback.id).where(BecknCallback.message_id == message_id, BecknCallback.action == action)
    )


async def _keep(
    session: AsyncSession, message: BecknMessage, request_id: int | None, body: dict[str, Any]
) -> int | None:
    """Keeps the callback once by its (message_id, action), to the message's buyer app; answers its id."""
    context = body["context"]
    action = context["action"]
    return await session.scalar(
        insert(BecknCallback)
        .values(
            request_id=request_id,
            message_id=context["message_id"],
            action=action,
            transaction_id=message.transaction_id,
            url=callback_url(message.bap_uri, action),
            body=callback_bytes(body),
        )
        .on_conflict_do_update(
            constraint="uq_beckn_callbacks_message_id_action", set_={"message_id": context["message_id"]}
        )
        .returning(BecknCallback.id)
    )


async def tell_buyer_app(session: AsyncSession, passenger_id: int, request_number: int, state: seat.SeatState) -> None:
    """When a buyer app's confirm made this join request, its order's flow tells the buyer app, unsolicited, what
    became of it (after the caller's commit, through the outbox); a member's request tells no one."""
    network_order = await order_of_request(session, passenger_id, request_number)
    if network_order is None:
        return
    news = OrderNews(network_order.id, state, order_news_message_id(network_order.id, state))
    await signal_after_commit(session, beckn_order_news(network_order.transaction_id, network_order.order_round, news))


def callback_url(bap_uri: str, action: str) -> str:
    return f"{bap_uri.rstrip('/')}/{action}"


def callback_bytes(body: dict[str, Any]) -> bytes:
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()


class BecknActivities(BecknSteps):
    def __init__(
        self, session_maker: async_sessionmaker[AsyncSession], http: httpx.AsyncClient, settings: Settings
    ) -> None:
        self._session_maker = session_maker
        self._http = http
        self._settings = settings

    @property
    def _bpp(self) -> Bpp:
        return Bpp(humsafar_signer(self._settings).key_id.subscriber_id, self._settings.beckn_subscriber_url)

    @activity.defn
    async def keep_answer(self, request: BecknRequest) -> int | None:
        """Builds the request's `on_{action}` and keeps it once; answers the kept callback's id, or None when this
        action has no answer here."""
        async with transaction(self._session_maker) as session:
            kept = await _kept_id(session, request.message_id, f"on_{request.action}")
            if kept is not None:
                return kept
            message = await session.get(BecknMessage, request.request_id)
            if message is None:
                return None
            body = await self._answer(session, message)
            if body is None:
                logger.warning("no answer to %s %s", message.action, message.message_id)
                return None
            return await _keep(session, message, message.id, body)

    @activity.defn
    async def keep_news(self, news: OrderNews) -> int | None:
        """Builds what became of the order, unsolicited under the news' own message id: on_status once the host
        approved, on_cancel once the request ended; keeps it once and answers its id (None when the order is gone)."""
        state = seat.SeatState(news.state)
        action = "on_status" if state in seat.ACCEPTED else "on_cancel"
        async with transaction(self._session_maker) as session:
            kept = await _kept_id(session, news.message_id, action)
            if kept is not None:
                return kept
            network_order = await session.get(NetworkOrder, news.order_id)
            confirm = None if network_order is None else await session.get(BecknMessage, network_order.confirm_id)
            booked = None if confirm is None else await seat_order(session, confirm, seats_left=False)
            if network_order is None or confirm is None or booked is None:
                logger.warning("order %s is gone: its %s is not told", news.order_id, news.state)
                return None
            now = clock.now()
            told = replace(
                booked,
                state=state,
                order_id=order_id(network_order),
                created_at=network_order.created_at,
                updated_at=now,
            )
            context = confirm.request["context"]
            if state in seat.ACCEPTED:
                body = order.on_status(context, self._bpp, told, now, message_id=news.message_id)
            else:
                body = order.on_cancel(context, self._bpp, told, now, message_id=news.message_id)
            return await _keep(session, confirm, None, body)

    async def _answer(self, session: AsyncSession, message: BecknMessage) -> dict[str, Any] | None:
        if message.action in QUOTED:
            return await self._quoted(session, message)
        if message.action == SUPPORT:
            return self._support(message)
        if message.action == CONFIRM:
            return await self._confirmed(session, message)
        if message.action == RATING:
            # A rating becomes the rider's review of the host only for a seat the host accepted; no order of the
            # network is one yet.
            return order.on_rating(message.request["context"], self._bpp, clock.now(), recorded=False)
        if message.action != SEARCH:
            return None
        now = clock.now()
        try:
            pickup, drop, moment = search_points(message.request)
        except BadSearch as error:
            # The API took only searches with both stops (api/beckn/schemas.py): this one was kept otherwise.
            raise ApplicationError(f"the search cannot be read: {error}", non_retryable=True) from None
        trips = await matched_trips(session, self._settings, pickup, drop, search_window(moment, now))
        return on_search(message.request["context"], self._bpp, pickup, drop, trips, now)

    async def _quoted(self, session: AsyncSession, message: BecknMessage) -> dict[str, Any] | None:
        """on_select (the quote) or on_init (the terms) of the seat the request names, on the trip as it stands."""
        asked = await seat_order(session, message)
        if asked is None:
            logger.warning("%s %s names no trip Humsafar offers", message.action, message.message_id)
            return None
        return QUOTED[message.action](message.request["context"], self._bpp, asked, clock.now())

    async def _confirmed(self, session: AsyncSession, message: BecknMessage) -> dict[str, Any]:
        """The network rider asks to join the trip, by the app's own rules and under the trip's row lock
        (domain/joining.py): admitted, a join request as the app makes one (the host told, its flow started after
        the commit) and the order awaiting the host; refused, the on_confirm carries the refusal as the spec's
        error."""
        context = message.request["context"]
        asked = await seat_order(session, message, seats_left=False)
        if asked is None:
            return self._refused(context, "The order names no trip Humsafar offers")
        if asked.seats != 1:
            return self._refused(context, "Each rider books one seat: the order asks for more")
        if asked.rider is None:
            return self._refused(context, "The order's customer needs a name and a phone")
        confirmed = await session.scalar(
            select(NetworkOrder)
            .where(NetworkOrder.transaction_id == message.transaction_id)
            .order_by(NetworkOrder.id.desc())
            .limit(1)
        )
        if confirmed is not None:
            return await self._as_confirmed(session, context, asked, confirmed)
        rider = await network_rider(session, message.bap_id, asked.rider.name, asked.rider.phone)
        trip = await trip_as_asked(session, asked.trip_id, rider.id)
        if trip is None:
            return self._refused(context, "The order names no trip Humsafar offers")
        ask = JoinAsk(f"Booked through {message.bap_id}"[:300], 0, 0, {})
        if refusal := trip.refusal() or await self._stops_refusal(session, trip.trip_id, asked):
            return self._refused(context, refusal.message)
        asking = await session.begin_nested()
        made = await ask_to_join(session, self._settings, trip, ask, push_start)
        if isinstance(made, Refusal):
            # Refused after the row was written (over the day's asks): nothing of the request stays.
            await asking.rollback()
            return self._refused(context, made.message)
        await asking.commit()
        network_order = NetworkOrder(
            passenger_id=made.passenger_id,
            request_number=made.request_number,
            confirm_id=message.id,
            transaction_id=message.transaction_id,
            order_round=message.order_round or 1,
        )
        session.add(network_order)
        await session.flush()
        request = JoinRequest(
            passenger_id=made.passenger_id,
            trip_id=trip.trip_id,
            user_id=rider.id,
            host_id=trip.host_id,
            nudge_interval_seconds=self._settings.join_nudge_interval_seconds,
        )
        await start_after_commit(session, join_start(request, made.request_number))
        now = clock.now()
        booked = replace(asked, order_id=order_id(network_order), created_at=now, updated_at=now)
        return order.on_confirm(context, self._bpp, booked, now)

    async def _stops_refusal(self, session: AsyncSession, trip_id: int, asked: seat.SeatOrder) -> Refusal | None:
        """Why the rider's pick-up and drop do not suit the trip (the rule its search listed it by), or None."""
        trip = await session.get_one(Trip, trip_id)
        pickup = Point(asked.pick_up.latitude, asked.pick_up.longitude)
        drop = Point(asked.drop.latitude, asked.drop.longitude)
        return stops_refusal(trip, pickup, drop, self._settings.trip_search_radius_km, self._settings)

    async def _as_confirmed(
        self, session: AsyncSession, context: dict[str, Any], asked: seat.SeatOrder, confirmed: NetworkOrder
    ) -> dict[str, Any]:
        """The order an earlier message confirmed, answered as it stands: nothing is asked again."""
        passenger = await session.get(TripPassenger, confirmed.passenger_id)
        if passenger is None:
            return self._refused(context, "The order is gone")
        now = clock.now()
        state = SEAT_STATES[PassengerStatus(passenger.status)]
        stands = replace(
            asked, state=state, order_id=order_id(confirmed), created_at=confirmed.created_at, updated_at=now
        )
        return order.on_confirm(context, self._bpp, stands, now)

    def _refused(self, context: dict[str, Any], why: str) -> dict[str, Any]:
        """An on_confirm that books nothing: the spec's error, ONDC-RFC-001's business error, saying why."""
        answer = order.reply_context(context, "on_confirm", self._bpp, clock.now())
        return {"context": answer, "error": {"code": BUSINESS_ERROR, "message": why}}

    def _support(self, message: BecknMessage) -> dict[str, Any]:
        """Humsafar's support form and e-mail, about the order the request names (never the host's phone)."""
        ref_id = _field(message.request, "message", "support", "ref_id")
        contact = seat.SupportContact(
            form_url=urljoin(self._settings.public_app_url + "/", self._settings.support_form_url),
            email=self._settings.support_email,
        )
        order_id = str(ref_id)[:100] if ref_id else None
        return order.on_support(message.request["context"], self._bpp, order_id, contact, clock.now())

    @activity.defn
    async def send_callback(self, callback_id: int) -> bool:
        """Sends the kept callback, signed, unless it was sent before; True when sent now."""
        async with transaction(self._session_maker) as session:
            callback = await session.get(BecknCallback, callback_id)
            if callback is None or callback.sent_at is not None:
                return False
            url, body = callback.url, callback.body
        headers = {
            AUTHORIZATION: humsafar_signer(self._settings).authorization(body, int(time.time())),
            "Content-Type": "application/json",
        }
        try:
            answer = await self._http.post(url, content=body, headers=headers, timeout=CALLBACK_TIMEOUT_SECONDS)
        except httpx.HTTPError as error:
            raise ApplicationError(f"the buyer app could not be reached: {error}", type="BuyerAppUnavailable") from None
        if not answer.is_success or _status(answer) != "ACK":
            raise ApplicationError(f"the buyer app answered {answer.status_code}", type="BuyerAppRefused")
        async with transaction(self._session_maker) as session:
            await session.execute(
                update(BecknCallback)
                .where(BecknCallback.id == callback_id, BecknCallback.sent_at.is_(None))
                .values(sent_at=func.now())
            )
        return True


def _status(answer: httpx.Response) -> str | None:
    try:
        return str(answer.json()["message"]["ack"]["status"])
    except (ValueError, KeyError, TypeError):
        return None
