"""No call out of a request (the KYC vendor, the cab aggregator, the maps service, the SMS gateway) is made while the
request holds anything of the database (api/outbound.py). The vendors and the maps provider are watched: at each call
the watch checks that the calling request's session holds no connection in a transaction, and that the rows the
request is about to change can be locked at once from another connection (FOR UPDATE NOWAIT), as can the lock on a
mobile number that a sign-in code takes (api/security/otp.py)."""

import asyncio
import inspect
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

import psycopg
import pytest
from fastapi import FastAPI, Request
from sqlalchemy import select, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from api.deps import get_db_session, get_temporal
from api.security.otp import NUMBER_LOCK, _lock_number
from domain.models import Trip, User
from tests.api.conftest import new_person, random_mobile_number
from tests.api.test_cab import plan, quotes, request
from tests.api.test_commute import start
from tests.api.test_join import ask_to_join, host_acts
from tests.api.test_kyc import initiate
from tests.api.test_trips import create

pytestmark = pytest.mark.usefixtures("worker")

# How long a row may stay locked by someone else (a flow's activity) before the watch calls it held.
LOCK_TRIES = 40
LOCK_PAUSE_SECONDS = 0.05
REQUEST_SESSION: ContextVar[AsyncSession | None] = ContextVar("request_session", default=None)


async def remembered_session(request: Request) -> AsyncIterator[AsyncSession]:
    """The request's own session (api/deps.py), remembered for the watch while the request runs."""
    async with asynccontextmanager(get_db_session)(request) as session:
        remembered = REQUEST_SESSION.set(session)
        try:
            yield session
        finally:
            REQUEST_SESSION.reset(remembered)


@dataclass
class Watch:
    app: FastAPI
    rows: list[tuple[type[Trip] | type[User], int]] = field(default_factory=list)
    mobile_numbers: list[str] = field(default_factory=list)
    calls: list[str] = field(default_factory=list)
    held: list[str] = field(default_factory=list)

    async def check(self, call: str) -> None:
        self.calls.append(call)
        session = REQUEST_SESSION.get()
        if session is None:
            self.held.append(f"{call}: made outside a request")
        elif session.in_transaction():
            self.held.append(f"{call}: the request holds a connection in a transaction")
        for model, row_id in self.rows:
            if not await self._lockable(model, row_id):
                self.held.append(f"{call}: {model.__tablename__} {row_id} is locked")
        for mobile_number in self.mobile_numbers:
            if not await self._number_lockable(mobile_number):
                self.held.append(f"{call}: mobile number {mobile_number} is locked")

    async def _lockable(self, model: type[Trip] | type[User], row_id: int) -> bool:
        """True when the row can be locked within a moment. The calling request waits on this very call, so a lock it
        held would stand throughout; a flow's activity locks the trip for a few milliseconds and is waited out."""
        for _ in range(LOCK_TRIES):
            async with self.app.state.session_maker() as other, other.begin():
                try:
                    await other.execute(select(model.id).where(model.id == row_id).with_for_update(nowait=True))
                    return True
                except DBAPIError as error:
                    if not isinstance(error.orig, psycopg.errors.LockNotAvailable):
                        raise
            await asyncio.sleep(LOCK_PAUSE_SECONDS)
        return False

    async def _number_lockable(self, mobile_number: str) -> bool:
        async with self.app.state.session_maker() as other, other.begin():
            taken = await other.scalar(
                text("SELECT pg_try_advisory_xact_lock(hashtext(:kind), hashtext(:key))"),
                {"kind": NUMBER_LOCK, "key": mobile_number},
            )
        return bool(taken)


class Watched:
    """A vendor or the maps provider whose every call is checked by the watch first."""

    def __init__(self, part: Any, watch: Watch) -> None:
        self._part = part
        self._watch = watch

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._part, name)
        if not inspect.iscoroutinefunction(attribute):
            return attribute

        async def checked(*args: Any, **kwargs: Any) -> Any:
            await self._watch.check(name)
            return await attribute(*args, **kwargs)

        return checked


@contextmanager
def watching(app: FastAPI, *names: str) -> Iterator[Watch]:
    """These parts of the app (app.state.<name>) watched while the block runs."""
    watch = Watch(app)
    parts = {name: getattr(app.state, name) for name in names}
    for name, part in parts.items():
        setattr(app.state, name, Watched(part, watch))
    app.dependency_overrides[get_db_session] = remembered_session
    try:
        yield watch
    finally:
        app.dependency_overrides.pop(get_db_session)
        for name, part in parts.items():
            setattr(app.state, name, part)


@pytest.fixture
def watch(app: FastAPI) -> Iterator[Watch]:
    """The vendors and the maps provider; sign-in codes, which every fixture's person needs, are watched apart."""
    with watching(app, "kyc_vendor", "cab_aggregator", "maps") as watch:
        yield watch


async def test_a_sign_in_code_is_sent_with_the_number_unlocked_and_the_code_committed(app, client):
    mobile_number = random_mobile_number()
    with watching(app, "sms_gateway") as watch:
        watch.mobile_numbers = [mobile_number]
        answer = await client.post("/api/auth/otp", json={"mobile_number": mobile_number})
    assert answer.status_code == 200, answer.text
    assert watch.calls == ["send"]
    assert watch.held == []


async def test_kyc_start_calls_the_vendor_with_the_person_unlocked(watch, member):
    watch.rows = [(User, member.user_id)]
    first = await initiate(member)
    assert (await initiate(member))["transaction_id"] == first["transaction_id"]
    assert watch.calls == ["access_token", "start", "access_token"]
    assert watch.held == []


def over_the_network(app: FastAPI) -> None:
    """The watched maps provider taken for one that answers over the network, as Photon does: the gazetteer answers
    from a pool of its own, and a request may keep its connection while it asks (api/maps/service.py)."""
    app.state.maps.over_the_network = True


async def test_a_new_trip_s_places_are_looked_up_at_once_holding_nothing(app, watch, signed_in):
    over_the_network(app)
    await create(signed_in)
    assert watch.calls == ["points"]
    assert watch.held == []


async def test_a_new_commute_s_places_are_looked_up_at_once_holding_nothing(app, watch, signed_in):
    over_the_network(app)
    await start(signed_in)
    assert watch.calls == ["points"]
    assert watch.held == []


async def test_the_gazetteer_is_asked_in_the_requests_transaction(watch, signed_in):
    await create(signed_in)
    assert watch.calls == ["points"]
    assert watch.held == ["points: the request holds a connection in a transaction"]


async def test_cab_stops_quotes_and_the_request_call_out_with_the_trip_unlocked(app, watch, signed_in):
    over_the_network(app)
    trip_id = await create(signed_in)
    watch.rows = [(Trip, trip_id)]
    watch.calls.clear()
    assert (await plan(signed_in, trip_id)).status_code == 200
    assert await quotes(signed_in, trip_id)
    assert (await request(signed_in, trip_id)).status_code == 200
    assert watch.calls == ["points", "names", "quotes", "quotes"]
    assert watch.held == []


class WatchedTemporal:
    """Temporal as the API's calls reach it, each Workflow Update checked by the watch first."""

    def __init__(self, client: Client, watch: Watch) -> None:
        self._client = client
        self._watch = watch

    def get_workflow_handle(self, *args: Any, **kwargs: Any) -> Watched:
        return Watched(self._client.get_workflow_handle(*args, **kwargs), self._watch)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._client, name)


@pytest.mark.parametrize("note", [None, "See you at the gate"])
async def test_a_hosts_answer_waits_for_the_flow_holding_nothing(app, watch, signed_in, note):
    trip_id = await create(signed_in)
    watch.rows = [(Trip, trip_id)]
    watch.calls.clear()
    watch.held.clear()
    real = await app.state.temporal.get()

    async def watched_temporal() -> WatchedTemporal:
        return WatchedTemporal(real, watch)

    app.dependency_overrides[get_temporal] = watched_temporal
    try:
        async with new_person(app, "Ravi Rider") as rider:
            assert (await ask_to_join(rider, trip_id)).status_code == 200
            answer = await host_acts(signed_in, trip_id, rider.user_id, "APPROVE", note)
    finally:
        app.dependency_overrides.pop(get_temporal)
    assert answer.status_code == 200, answer.text
    assert watch.calls == ["execute_update"]
    assert watch.held == []


async def test_the_watch_sees_a_call_made_under_a_lock(app, member):
    watch = Watch(app)
    watch.rows = [(User, member.user_id)]
    mobile_number = random_mobile_number()
    watch.mobile_numbers = [mobile_number]
    async with app.state.session_maker() as session, session.begin():
        await session.execute(select(User.id).where(User.id == member.user_id).with_for_update(key_share=True))
        await _lock_number(session, mobile_number)
        remembered = REQUEST_SESSION.set(session)
        try:
            await watch.check("start")
        finally:
            REQUEST_SESSION.reset(remembered)
    assert watch.held == [
        "start: the request holds a connection in a transaction",
        f"start: users {member.user_id} is locked",
        f"start: mobile number {mobile_number} is locked",
    ]
