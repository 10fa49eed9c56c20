"""The steps of the flows that answer the ONDC network (workflows/beckn): each request's callback built from the
request the API kept, an order's news, and the rider's cancel made as the app's own move; every callback kept once
with its exact bytes (callbacks.py), then sent once, signed with Humsafar's key."""

import logging
from typing import Any
from urllib.parse import urljoin

import httpx
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio import activity
from temporalio.client import Client
from temporalio.exceptions import ApplicationError

from activities.beckn import after_booking
from activities.beckn.booking import confirmed
from activities.beckn.callbacks import keep, kept_id, send_kept
from activities.beckn.news import build_news, news_action
from activities.beckn.orders import field, seat_order
from activities.beckn.search import matched_trips, search_window
from domain import clock
from domain.db import transaction
from domain.models import BecknMessage
from domain.providers.beckn import order, seat
from domain.providers.beckn.catalog import BadSearch, on_search, search_points
from domain.providers.beckn.keys import humsafar_signer
from domain.providers.beckn.seat import Bpp
from domain.settings import Settings
from workflows.beckn.contracts import SEARCH, BecknRequest, BecknSteps, OrderNews

logger = logging.getLogger("humsafar.beckn")

SUPPORT = "support"
RATING = "rating"
CONFIRM = "confirm"
STATUS = "status"
CANCEL = "cancel"
TRACK = "track"
# The answers that quote a seat before it is booked.
QUOTED = {"select": order.on_select, "init": order.on_init}


class BecknActivities(BecknSteps):
    def __init__(
        self,
        session_maker: async_sessionmaker[AsyncSession],
        http: httpx.AsyncClient,
        settings: Settings,
        temporal: Client,
    ) -> None:
        self._session_maker = session_maker
        self._http = http
        self._settings = settings
        self._temporal = temporal

    @property
    def _bpp(self) -> Bpp:
        return Bpp(humsafar_signer(self._settings).key_id.subscriber_id, self._settings.beckn_subscriber_url)

    @activity.defn
    async def keep_answer(self, request: BecknRequest) -> int | None:
        """Builds the request's `on_{action}` and keeps it once; answers the kept callback's id, or None when this
        action has no answer here."""
        async with transaction(self._session_maker) as session:
            kept = await kept_id(session, request.message_id, f"on_{request.action}")
            if kept is not None:
                return kept
            message = await session.get(BecknMessage, request.request_id)
            if message is None:
                return None
            body = await self._answer(session, message)
            if body is None:
                logger.warning("no answer to %s %s", message.action, message.message_id)
                return None
            return await keep(session, message, message.id, body)

    @activity.defn
    async def keep_news(self, news: OrderNews) -> int | None:
        """Builds what became of the order, unsolicited under the news' own message id (news.py); keeps it once and
        answers its id (None when the order is gone)."""
        async with transaction(self._session_maker) as session:
            kept = await kept_id(session, news.message_id, news_action(news))
            if kept is not None:
                return kept
            built = await build_news(session, self._bpp, news)
            if built is None:
                logger.warning("order %s is gone: its %s is not told", news.order_id, news.state)
                return None
            confirm, body = built
            return await keep(session, confirm, None, body)

    @activity.defn
    async def withdraw_seat(self, request: BecknRequest) -> str | None:
        """The rider's cancel, made as their own move on the trip (after_booking.py withdraw_seat)."""
        return await after_booking.withdraw_seat(self._session_maker, self._temporal, request.request_id)

    @activity.defn
    async def send_callback(self, callback_id: int) -> bool:
        """Sends the kept callback, signed, unless it was sent before; True when sent now."""
        return await send_kept(self._session_maker, self._http, humsafar_signer(self._settings), callback_id)

    async def _answer(self, session: AsyncSession, message: BecknMessage) -> dict[str, Any] | None:
        action = message.action
        if action in QUOTED:
            return await self._quoted(session, message)
        if action == SUPPORT:
            return self._support(message)
        if action == CONFIRM:
            return await confirmed(session, self._settings, self._bpp, message)
        if action == STATUS:
            return await after_booking.status(session, self._bpp, message)
        if action == CANCEL:
            return await after_booking.cancelled(session, self._bpp, message)
        if action == TRACK:
            return await after_booking.tracked(session, self._settings, self._bpp, message)
        if action == RATING:
            return await after_booking.rated(session, self._bpp, message)
        if action == SEARCH:
            return await self._searched(session, message)
        return None

    async def _searched(self, session: AsyncSession, message: BecknMessage) -> dict[str, Any]:
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

    def _support(self, message: BecknMessage) -> dict[str, Any]:
        """Humsafar's support form and e-mail, about the order the request names (never the host's phone)."""
        ref_id = field(message.request, "message", "support", "ref_id")
        contact = seat.SupportContact(
            form_url=urljoin(self._settings.public_app_url + "/", self._settings.support_form_url),
            email=self._settings.support_email,
        )
        order_id = str(ref_id)[:100] if ref_id else None
        return order.on_support(message.request["context"], self._bpp, order_id, contact, clock.now())
