"""The flows that answer the ONDC network (docs/interop.md): BecknSearchWorkflow, one a search message, and
BecknOrderWorkflow, one an order (a transaction id), which hears each later request of the order as a signal.

What the API, the activities and the flows agree on, the flows' steps too (workflows/flow.py has the search
attribute keys)."""

import uuid
from dataclasses import dataclass
from datetime import timedelta

from temporalio import activity

from domain.rules.flow import FlowSignal, FlowStart
from workflows.flow import FLOW_STATUS, TRANSACTION_ID

SEARCH = "search"
# The request whose answer follows a move the flow makes first (the rider's cancel).
CANCEL = "cancel"
# The answering flow's status while its callbacks wait, and once each went out.
ANSWERING = "answering"
ANSWERED = "answered"


def beckn_search_workflow_id(message_id: str) -> str:
    """A search is answered once a message: its own short flow (a gateway sends one search to every provider; most
    are never followed by an order)."""
    return f"beckn-search:{message_id}"


# An order's flow ends once no request came for ORDER_IDLE. A request that finds the order's last one older than
# ORDER_OPEN_FOR starts the order's next flow (its next round): a day short of the idle time, so a request never
# signals a flow that has ended (at worst two flows of one order overlap for that day, each answering its own).
ORDER_IDLE = timedelta(days=30)
ORDER_OPEN_FOR = ORDER_IDLE - timedelta(days=1)


def beckn_order_workflow_id(transaction_id: str, order_round: int = 1) -> str:
    return f"beckn-order:{transaction_id}:{order_round}"


@dataclass(frozen=True)
class BecknRequest:
    """A request the API verified and kept (domain/models/beckn.py BecknMessage): its row, never its content."""

    request_id: int
    action: str
    message_id: str


@dataclass(frozen=True)
class BecknOrderStart:
    """Starts an order's flow with its first request (a select, or whichever came first)."""

    transaction_id: str
    first: BecknRequest


@dataclass(frozen=True)
class OrderNews:
    """What became of a network order, told to its buyer app unsolicited (the host's answer, the request expired):
    the order (a NetworkOrder row), its seat's new state (domain/providers/beckn/seat.py SeatState) and the
    callback's own message id, one for each order and state."""

    order_id: int
    state: str
    message_id: str


def order_news_message_id(order_id: int, state: str) -> str:
    """The message id of the order's unsolicited callback saying `state`: the same however often it is told."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"humsafar:network-order:{order_id}:{state}"))


def beckn_search_start(transaction_id: str, request: BecknRequest) -> FlowStart:
    return FlowStart(
        "BecknSearchWorkflow",
        beckn_search_workflow_id(request.message_id),
        request,
        {TRANSACTION_ID.name: transaction_id, FLOW_STATUS.name: ANSWERING},
    )


def beckn_order_start(transaction_id: str, order_round: int, request: BecknRequest) -> FlowStart:
    return FlowStart(
        "BecknOrderWorkflow",
        beckn_order_workflow_id(transaction_id, order_round),
        BecknOrderStart(transaction_id, request),
        {TRANSACTION_ID.name: transaction_id, FLOW_STATUS.name: ANSWERING},
    )


def beckn_order_message(transaction_id: str, order_round: int, request: BecknRequest) -> FlowSignal:
    return FlowSignal(beckn_order_workflow_id(transaction_id, order_round), "message", request)


def beckn_order_news(transaction_id: str, order_round: int, news: OrderNews) -> FlowSignal:
    return FlowSignal(beckn_order_workflow_id(transaction_id, order_round), "news", news)


class BecknSteps:
    """The steps the Beckn flows call; activities.beckn.BecknActivities runs them."""

    @activity.defn
    async def keep_answer(self, request: BecknRequest) -> int | None:
        """Builds the request's `on_{action}` and keeps it (once) for sending; answers the kept callback's id, or
        None when the request is answered by no callback."""
        raise NotImplementedError

    @activity.defn
    async def keep_news(self, news: OrderNews) -> int | None:
        """Builds the order's unsolicited `on_status` (the host approved) or `on_cancel` (rejected, removed,
        expired) and keeps it (once) for sending; answers the kept callback's id, or None when the order is gone."""
        raise NotImplementedError

    @activity.defn
    async def withdraw_seat(self, request: BecknRequest) -> str | None:
        """A cancel's move: the rider withdraws their request or leaves the trip, as the app's own move (an Update of
        the request's flow); answers the new status, or None when nothing was moved (a soft cancel, nothing booked,
        the seat already ended or no longer cancellable)."""
        raise NotImplementedError

    @activity.defn
    async def send_callback(self, callback_id: int) -> bool:
        """Sends the kept callback, signed with Humsafar's key, unless it was sent before; True when sent now. A
        buyer app that is down or refuses raises, for the step's retry."""
        raise NotImplementedError
