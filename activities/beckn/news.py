"""What became of a booked seat, told to its buyer app unsolicited (docs/interop.md, "The host's answer"): the
host's answer to the request, its expiry, and the trip's cancellation, start and end. The step that changes the seat
or the trip hands the order's flow the signal `news` in its own transaction (after the commit, through the outbox);
the flow keeps the callback (build_news) and sends it in its turn, once."""

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from activities.beckn.orders import order_id, seat_order, with_shared_number
from domain import clock
from domain.flows import signal_after_commit
from domain.models import BecknMessage, NetworkOrder, TripPassenger
from domain.network_riders import order_of_request
from domain.providers.beckn import order, seat
from domain.providers.beckn.seat import Bpp
from domain.rules.join import PassengerStatus
from workflows.beckn.contracts import OrderNews, beckn_order_news, order_news_message_id

# The riders a trip's news reaches, by what became of the trip: an open request or a held seat ends with a
# cancelled trip; only a held seat starts and completes.
TRIP_NEWS_REACHES = {
    seat.SeatState.TRIP_CANCELLED: (PassengerStatus.REQUESTED, PassengerStatus.ACTIVE),
    seat.SeatState.STARTED: (PassengerStatus.ACTIVE,),
    seat.SeatState.COMPLETED: (PassengerStatus.ACTIVE,),
}


async def _tell(session: AsyncSession, network_order: NetworkOrder, state: seat.SeatState) -> None:
    news = OrderNews(network_order.id, state, order_news_message_id(network_order.id, state))
    await signal_after_commit(session, beckn_order_news(network_order.transaction_id, network_order.order_round, news))


async def tell_buyer_app(session: AsyncSession, passenger_id: int, request_number: int, state: seat.SeatState) -> None:
    """When a buyer app's confirm made this join request, its order's flow tells the buyer app, unsolicited, what
    became of it (after the caller's commit, through the outbox); a member's request tells no one."""
    network_order = await order_of_request(session, passenger_id, request_number)
    if network_order is not None:
        await _tell(session, network_order, state)


async def tell_trip_riders(session: AsyncSession, trip_id: int, state: seat.SeatState) -> int:
    """Tells the buyer app of each network rider the trip's news reaches (TRIP_NEWS_REACHES) what became of the trip:
    cancelled, started or completed. Answers how many orders were told."""
    orders = await _orders_on_trip(session, trip_id, TRIP_NEWS_REACHES[state])
    for network_order in orders:
        await _tell(session, network_order, state)
    return len(orders)


async def _orders_on_trip(
    session: AsyncSession, trip_id: int, statuses: Iterable[PassengerStatus]
) -> list[NetworkOrder]:
    """The trip's network orders whose request stands in one of the statuses (each order its request's own round)."""
    found = await session.scalars(
        select(NetworkOrder)
        .join(TripPassenger, TripPassenger.id == NetworkOrder.passenger_id)
        .where(
            TripPassenger.trip_id == trip_id,
            TripPassenger.request_number == NetworkOrder.request_number,
            TripPassenger.status.in_(list(statuses)),
        )
        .order_by(NetworkOrder.id)
    )
    return list(found)


async def build_news(session: AsyncSession, bpp: Bpp, news: OrderNews) -> tuple[BecknMessage, dict[str, Any]] | None:
    """The order's unsolicited callback saying the news, under the news' own message id, with the confirm it answers
    to: on_status while the host holds the seat (approved, started, completed), on_cancel once it ended. None when
    the order is gone."""
    state = seat.SeatState(news.state)
    network_order = await session.get(NetworkOrder, news.order_id)
    confirm = None if network_order is None else await session.get(BecknMessage, network_order.confirm_id)
    booked = None if confirm is None else await seat_order(session, confirm, seats_left=False, active_only=False)
    if network_order is None or confirm is None or booked is None:
        return None
    now = clock.now()
    told = await with_shared_number(
        session,
        replace(
            booked, state=state, order_id=order_id(network_order), created_at=network_order.created_at, updated_at=now
        ),
    )
    context = confirm.request["context"]
    if state in seat.ACCEPTED:
        return confirm, order.on_status(context, bpp, told, now, message_id=news.message_id)
    return confirm, order.on_cancel(context, bpp, told, now, message_id=news.message_id)


def news_action(news: OrderNews) -> str:
    """The callback the news is told in: on_status while the seat is held, on_cancel once it ended."""
    return "on_status" if seat.SeatState(news.state) in seat.ACCEPTED else "on_cancel"
