"""The FastAPI application: every call under /api, the built PWA at /."""

import importlib
import logging
import pkgutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx
from fastapi import APIRouter, FastAPI
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.routing import APIRoute

import api
from api.beckn.routes import PATH as BECKN_PATH
from api.cab.service import WEBHOOK_PATH as CAB_WEBHOOK_PATH
from api.chat.parts import open_chat
from api.deps import get_signed_in
from api.errors import install_error_handlers
from api.kyc.routes import WEBHOOK_PATH as KYC_WEBHOOK_PATH
from api.language import LanguageMiddleware
from api.openapi import document_refusals
from api.request_ids import RequestIdMiddleware
from api.security.body_limit import BodyLimitMiddleware
from api.security.csrf import CsrfMiddleware
from api.security.headers import SecurityHeadersMiddleware
from api.temporal import LazyTemporalClient
from api.trips.queries.reader import get_trip_reader
from api.web import mount_web_app
from domain.db import create_engine, create_reading_session_maker, create_session_maker
from domain.gazetteer.load import ensure_gazetteer_loaded
from domain.memory import collect_young_less_often, freeze_startup_objects
from domain.providers.cab import cab_aggregator
from domain.providers.kyc import kyc_vendor
from domain.providers.linkedin import LinkedInOidc
from domain.providers.maps import create_maps_provider
from domain.providers.sms import sms_gateway
from domain.providers.storage import LocalDiskStorage
from domain.push import PushDestinations
from domain.sandbox import warn_if_sandbox
from domain.settings import Settings, startup_settings
from sandbox.mount import include_sandbox, server_to_server_paths

# The gazetteer's lookups (a cab plan's stops, the map's search box) on a pool of their own, apart from the pools the
# requests that ask for them hold a connection from (domain/db.py).
LOOKUP_POOL_SIZE = 5


def operation_id(route: APIRoute) -> str:
    return f"{route.tags[0]}-{route.name}" if route.tags else route.name


def server_to_server_prefixes(settings: Settings) -> tuple[str, ...]:
    """The calls vendors make (their webhooks; the sandbox vendors' own APIs): each authenticates itself, and none
    carries a browser's CSRF token."""
    prefixes = [f"/api{KYC_WEBHOOK_PATH}", f"/api{CAB_WEBHOOK_PATH}", f"{BECKN_PATH}/"]
    if settings.sandbox:
        prefixes += server_to_server_paths("/api")
    return tuple(prefixes)


# Trip calls are the busiest (search and the trip views): their routes are matched first, the other areas' after
# them by name.
BUSIEST_AREAS = ("trips",)
# The ONDC network's calls (api/beckn) are at the app's root: Humsafar's subscriber URL is {PUBLIC_APP_URL}/beckn.
ROOT_AREAS = ("beckn",)


def area_names() -> list[str]:
    """Every area of the API: each package under api/ with a routes module (api/<area>/routes.py)."""
    names = [
        module.name
        for module in pkgutil.iter_modules(api.__path__)
        if module.ispkg and importlib.util.find_spec(f"api.{module.name}.routes") is not None
    ]
    return sorted(names, key=lambda name: (name not in BUSIEST_AREAS, name))


def area_routers() -> list[APIRouter]:
    """Each area's `router`, declared in its routes module: adding an area is adding its package."""
    return [importlib.import_module(f"api.{name}.routes").router for name in area_names()]


def include_api(app: FastAPI, settings: Settings) -> None:
    """Every area's calls under /api (the network's, ROOT_AREAS, at the root), each included straight into the app:
    a request is matched through one level of routers, not two."""
    for name, router in zip(area_names(), area_routers(), strict=True):
        app.include_router(router, prefix="" if name in ROOT_AREAS else "/api")
    if settings.sandbox:
        include_sandbox(app, prefix="/api")


def create_app(settings: Settings | None = None, push_destinations: PushDestinations | None = None) -> FastAPI:
    """push_destinations: where pushes may go; public addresses only unless given (the tests give theirs)."""
    # Settings unfit to run (SANDBOX=false without the vendors' secrets, say) stop the process here, with one line.
    settings = settings or startup_settings()
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    warn_if_sandbox(settings.sandbox, logging.getLogger("humsafar"))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine, reading_engine = create_engine(settings), create_engine(settings, autocommit=True)
        lookup_engine = create_engine(settings, autocommit=True, pool_size=LOOKUP_POOL_SIZE)
        async with httpx.AsyncClient() as http_client:
            app.state.settings = settings
            app.state.session_maker = create_session_maker(engine)
            app.state.reading_engine = reading_engine
            app.state.reading_session_maker = create_reading_session_maker(reading_engine)
            app.state.temporal = LazyTemporalClient(settings)
            app.state.storage = LocalDiskStorage(settings.media_dir)
            app.state.maps = create_maps_provider(settings, create_reading_session_maker(lookup_engine), http_client)
            app.state.outbound_http = http_client
            app.state.kyc_vendor = kyc_vendor(http_client, settings)
            app.state.linkedin = LinkedInOidc(settings)
            app.state.cab_aggregator = cab_aggregator(http_client, settings)
            app.state.sms_gateway = sms_gateway(http_client, settings)
            app.state.push_destinations = push_destinations or PushDestinations()
            await ensure_gazetteer_loaded(app.state.session_maker)
            app.state.chat = await open_chat(settings, app.state.session_maker)
            freeze_startup_objects()
            collect_young_less_often()
            try:
                yield
            finally:
                await app.state.chat.close()
        await engine.dispose()
        await reading_engine.dispose()
        await lookup_engine.dispose()

    app = FastAPI(
        title="Humsafar API",
        version="1.0.34",
        openapi_url="/api/openapi.json",
        docs_url="/api/docs",
        redoc_url=None,
        generate_unique_id_function=operation_id,
        lifespan=lifespan,
        # No OpenTelemetry providers are configured: off, FastAPI skips looking for them on every request.
        telemetry={"tracing": False, "metrics": False, "logs": False},
    )
    install_error_handlers(app)
    document_refusals(app, signed_in_only={get_signed_in, get_trip_reader})
    include_api(app, settings)
    mount_web_app(app, settings.web_dist_dir)

    app.add_middleware(
        CsrfMiddleware,
        secret_key=settings.resolved_secret_key(),
        trusted_origins=settings.trusted_origins,
        server_to_server=server_to_server_prefixes(settings),
    )
    app.add_middleware(BodyLimitMiddleware)
    app.add_middleware(SecurityHeadersMiddleware, docs_path=app.docs_url)
    # Level 3: a page of 50 trips (64 KB of JSON) in 0.3 ms of CPU to 7.3 KB; level 5 takes 0.55 ms for 6.7 KB.
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=3)
    app.add_middleware(RequestIdMiddleware)
    app.add_middleware(LanguageMiddleware)
    return app
