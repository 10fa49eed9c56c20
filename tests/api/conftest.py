"""The API in-process over ASGI, on the real database and Temporal of the session."""

import functools
import math
import random
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import select, update
from temporalio.api.enums.v1 import EventType
from temporalio.client import WorkflowHandle

from api.main import create_app
from api.security.cookies import CSRF_COOKIE, CSRF_HEADER
from domain.gazetteer.data_file import PlaceRow, read_places
from domain.models import FlowOutboxEntry, OtpChallenge
from domain.providers.cab import cab_aggregator
from domain.providers.kyc import kyc_vendor
from domain.providers.linkedin import LinkedInOidc
from domain.providers.sms import sms_gateway
from domain.push import PushDestinations
from domain.rules.geo import distance_km
from domain.rules.trip import PLACE_POINT_MAX_KM
from domain.settings import Settings
from tests.flows import started_flow
from worker.main import serving

BASE_URL = "http://localhost"


def random_mobile_number() -> str:
    return str(random.randint(9_000_000_000, 9_999_999_999))


@pytest.fixture(scope="session")
def api_settings(database_url: str, temporal_address: str, tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return Settings(
        _env_file=None,
        data_dir=tmp_path_factory.mktemp("api-data"),
        database_url=database_url,
        temporal_address=temporal_address,
        temporal_task_queue="api-tests",
        sandbox=True,
        otp_sends_per_ip_per_hour=100_000,
        sos_escalate_seconds=1,  # an SOS escalates every second (tests/api/test_sos.py)
        web_dist_dir=Path("/nonexistent"),
    )


@pytest.fixture(scope="session")
def push_destinations() -> PushDestinations:
    """Where the app and the worker may push: public addresses, and the stand-in push services a test adds
    (tests/api/test_notifications.py push_service)."""
    return PushDestinations()


@asynccontextmanager
async def running_in_process(application: FastAPI, settings: Settings) -> AsyncIterator[FastAPI]:
    """The app started in this process. Its calls to vendors reach its own sandbox vendors in-process as well, since
    no server listens for them (the live-process tests call them over the network)."""
    in_process = httpx.AsyncClient(transport=httpx.ASGITransport(app=application), base_url=BASE_URL)
    async with application.router.lifespan_context(application), in_process as vendors:
        application.state.outbound_http = vendors
        application.state.kyc_vendor = kyc_vendor(vendors, settings)
        application.state.linkedin = LinkedInOidc(settings, transport=httpx.ASGITransport(app=application))
        application.state.cab_aggregator = cab_aggregator(vendors, settings)
        application.state.sms_gateway = sms_gateway(vendors, settings)
        yield application


@pytest.fixture(scope="session")
async def app(api_settings: Settings, push_destinations: PushDestinations) -> AsyncIterator[FastAPI]:
    async with running_in_process(create_app(api_settings, push_destinations), api_settings) as application:
        yield application


@pytest.fixture(scope="session")
async def worker(app: FastAPI, api_settings: Settings, push_destinations: PushDestinations) -> AsyncIterator[None]:
    """A worker on the API tests' task queue, with its relay of the flow outbox, for the calls that go through a
    durable flow."""
    client = await app.state.temporal.get()
    vendor_http = app.state.outbound_http
    async with serving(client, api_settings, vendor_http=vendor_http, push_destinations=push_destinations):
        yield


async def app_flow(app: FastAPI, workflow_id: str, result_type: type | None = None) -> WorkflowHandle[Any, Any]:
    """The flow of this id once the worker's relay has started it: a call commits and answers before that."""
    return await started_flow(await app.state.temporal.get(), workflow_id, result_type)


async def outbox_waiting(app: FastAPI, workflow_id: str) -> list[str | None]:
    """What still waits in the flow outbox for this flow, in order: None for its start, else a signal's name."""
    async with app.state.session_maker() as session:
        waiting = await session.scalars(
            select(FlowOutboxEntry.signal)
            .where(FlowOutboxEntry.workflow_id == workflow_id)
            .order_by(FlowOutboxEntry.id)
        )
        return list(waiting)


async def signals_to(app: FastAPI, workflow_id: str) -> list[str]:
    """The names of the signals sent to this started flow: those still in the outbox, then those in its history. A
    call hands its signals to the outbox in its own transaction, so once it has answered, each is in one or the other
    (read in this order, one moving between them is seen, if twice)."""
    waiting = [signal for signal in await outbox_waiting(app, workflow_id) if signal is not None]
    flow = await app_flow(app, workflow_id)
    received = [
        event.workflow_execution_signaled_event_attributes.signal_name
        async for event in flow.fetch_history_events()
        if event.event_type == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED
    ]
    return waiting + received


def _send_csrf_header(client: httpx.AsyncClient) -> Callable[[httpx.Request], Awaitable[None]]:
    async def hook(request: httpx.Request) -> None:
        token = client.cookies.get(CSRF_COOKIE)
        if token and CSRF_HEADER not in request.headers:
            request.headers[CSRF_HEADER] = token

    return hook


def make_client(app: FastAPI, ip: str = "127.0.0.1", csrf: bool = True) -> httpx.AsyncClient:
    transport = httpx.ASGITransport(app=app, client=(ip, 50000), raise_app_exceptions=False)
    client = httpx.AsyncClient(transport=transport, base_url=BASE_URL)
    if csrf:
        client.event_hooks["request"] = [_send_csrf_header(client)]
    return client


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    """A browser-like client: it has loaded the app (so it holds the CSRF cookie) and echoes the token."""
    async with make_client(app) as browser:
        await browser.get("/api/auth/session")
        yield browser


async def latest_code(client: httpx.AsyncClient, mobile_number: str) -> str:
    answer = await client.get("/api/sandbox/sms", params={"mobile_number": mobile_number})
    return str(answer.json()["data"][0]["code"])


async def sign_in(client: httpx.AsyncClient, mobile_number: str | None = None) -> str:
    mobile_number = mobile_number or random_mobile_number()
    issued = await client.post("/api/auth/otp", json={"mobile_number": mobile_number})
    assert issued.status_code == 200, issued.text
    login_token = issued.json()["data"]["login_token"]
    code = await latest_code(client, mobile_number)
    answer = await client.post("/api/auth/login", json={"otp": int(code), "login_token": login_token})
    assert answer.status_code == 200, answer.text
    return mobile_number


async def age_codes(app, mobile_number: str, seconds: int) -> None:
    async with app.state.session_maker() as session, session.begin():
        earlier = timedelta(seconds=seconds)
        await session.execute(
            update(OtpChallenge)
            .where(OtpChallenge.mobile_number == mobile_number)
            .values(created_at=OtpChallenge.created_at - earlier, expires_at=OtpChallenge.expires_at - earlier)
        )


COMPLETE_PROFILE = {"name": "Asha Rao", "gender": "FEMALE", "dob": "15-08-1994"}


@pytest.fixture
async def signed_in(client: httpx.AsyncClient) -> httpx.AsyncClient:
    await sign_in(client)
    answer = await client.put("/api/user/user", json=COMPLETE_PROFILE)
    assert answer.status_code == 200, answer.text
    return client


@dataclass(frozen=True)
class Route:
    """Places of one test's own, far from every other test's trips, so searches see only this test's trips."""

    origin: dict
    destination: dict
    near_origin: dict
    far_destination: dict


@functools.cache
def gazetteer_cells() -> dict[tuple[int, int], list[PlaceRow]]:
    """The shipped gazetteer's places by cells of half a degree (about 55 km)."""
    cells: dict[tuple[int, int], list[PlaceRow]] = defaultdict(list)
    for row in read_places():
        cells[(math.floor(row.latitude * 2), math.floor(row.longitude * 2))].append(row)
    return cells


def place(name: str, latitude: float, longitude: float) -> dict:
    """A trip end as a pin dropped at this point gives it: the nearest known place's id, the pin's own point."""
    row, col = math.floor(latitude * 2), math.floor(longitude * 2)
    nearby = [
        known for dy in (-1, 0, 1) for dx in (-1, 0, 1) for known in gazetteer_cells().get((row + dy, col + dx), [])
    ]
    nearest = min(nearby, key=lambda known: distance_km(known.latitude, known.longitude, latitude, longitude))
    assert distance_km(nearest.latitude, nearest.longitude, latitude, longitude) <= PLACE_POINT_MAX_KM
    return {"name": name, "place_id": nearest.place_id, "latitude": latitude, "longitude": longitude}


@pytest.fixture
def route() -> Route:
    # Inland India, so that every point (the far one too) has a known place near it.
    latitude, longitude = random.uniform(18.0, 26.0), random.uniform(74.0, 82.0)
    return Route(
        origin=place("Start", latitude, longitude),
        destination=place("End", latitude + 0.1, longitude + 0.1),
        near_origin=place("Near the start", latitude + 0.02, longitude),
        far_destination=place("Far away", latitude + 1.0, longitude + 1.0),
    )


@asynccontextmanager
async def new_person(app, name: str = "Ravi Kumar"):
    """A signed-in browser of a new user with a complete profile; its user id is in .user_id."""
    async with make_client(app) as browser:
        await browser.get("/api/auth/session")
        await sign_in(browser)
        await browser.put("/api/user/user", json={"name": name, "gender": "MALE", "dob": "01-01-1990"})
        browser.user_id = (await browser.get("/api/user/user")).json()["data"]["id"]
        yield browser


@pytest.fixture
async def member(app):
    async with new_person(app) as browser:
        yield browser
