"""Wires the flows to their dependencies, once per area.

The worker registers every flow of workflows/<flow>/workflow.py and every `@activity.defn` method of each area's
activities, which implement the steps the flows declare (workflows/<flow>/contracts.py) and call by reference: a new
flow, or a new step of an area, is found without a list to add it to; a new area of activities is built here with
its dependencies."""

import asyncio
import importlib
import inspect
import logging
import pkgutil
import signal
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import timedelta
from typing import Any

import httpx
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio import activity, workflow
from temporalio.client import Client
from temporalio.runtime import PrometheusConfig, Runtime, TelemetryConfig
from temporalio.worker import FixedSizeSlotSupplier, UnsandboxedWorkflowRunner, Worker, WorkerTuner

import workflows
from activities.account import AccountActivities
from activities.beckn import BecknActivities
from activities.cab import CabActivities
from activities.commute import CommuteActivities
from activities.documents import DocumentActivities
from activities.join_requests import JoinRequestActivities
from activities.kyc import KycActivities
from activities.push import PushActivities
from activities.safety import SafetyActivities
from activities.trips import TripActivities
from domain.db import create_engine, create_session_maker, libpq_conninfo
from domain.documents import DocumentFiles
from domain.memory import freeze_startup_objects
from domain.providers.cab import cab_aggregator
from domain.providers.kyc import kyc_vendor
from domain.providers.sms import sms_gateway
from domain.providers.storage import LocalDiskStorage
from domain.push import PushDestinations, WebPushSender
from domain.settings import Settings
from worker.outbox.backlog import OutboxBacklog
from worker.outbox.delivery import FlowDelivery
from worker.outbox.relay import relay
from worker.outbox.slots import WorkflowTaskSlots
from workflows.client import connect_temporal

logger = logging.getLogger("humsafar.worker")


def flows() -> tuple[type, ...]:
    """The workflow classes each flow package defines in its workflow.py (workflows/<flow>/workflow.py)."""
    found: list[type] = []
    for package in pkgutil.iter_modules(workflows.__path__):
        if not package.ispkg:
            continue
        try:
            module = importlib.import_module(f"workflows.{package.name}.workflow")
        except ModuleNotFoundError as error:
            if error.name != f"workflows.{package.name}.workflow":
                raise
            continue
        found.extend(
            cls
            for _, cls in inspect.getmembers(module, inspect.isclass)
            if cls.__module__ == module.__name__ and workflow._Definition.from_class(cls) is not None
        )
    return tuple(found)


WORKFLOWS: Sequence[type] = flows()


def activity_methods(area: object) -> list[Callable[..., Any]]:
    """The `@activity.defn` methods of one area's activities (an AccountActivities, a TripActivities, ...)."""
    return [
        method
        for _, method in inspect.getmembers(area, inspect.ismethod)
        if activity._Definition.from_callable(method) is not None
    ]


# Long enough for a database write or a storage call to finish when the container is told to stop.
GRACEFUL_SHUTDOWN = timedelta(seconds=20)
# Workflow task polls kept open at once; the SDK gives a fifth of them to the task queue that new flows' first tasks
# wait in (the rest to this worker's sticky queue). With the SDK's 5, that was one poll: new flows opened at 43 a
# second while the API took 100 starts a second on the same two cores; with 16, at 62 (docs/benchmarks.md).
WORKFLOW_TASK_POLLS = 16
# Workflow tasks the worker holds at once, its polls' among them; the relay starts no more flows at once than are
# free (worker/outbox/slots.py). Activities and local activities keep the SDK's 100 each.
WORKFLOW_TASK_SLOTS = 100
OTHER_TASK_SLOTS = 100


def flow_delivery(settings: Settings, engine: AsyncEngine, client: Client) -> FlowDelivery:
    """The relay's delivery of the outbox's entries. The flows it starts (the ones the API's calls write, a
    notification's push, a commute's day, ...) start eagerly: their first task comes back in the start's answer to
    this worker, past Temporal's task queue, which saves the dev server about a fifth of its work for each
    (docs/benchmarks.md)."""
    return FlowDelivery(
        create_session_maker(engine),
        client,
        settings.temporal_task_queue,
        max_attempts=settings.flow_outbox_max_attempts,
        eager_start=True,
    )


def metrics_runtime(settings: Settings) -> Runtime | None:
    """A Temporal runtime that serves its metrics (the SDK's and the outbox's) to Prometheus at
    WORKER_METRICS_ADDRESS; None, the SDK's default keeping none, without it."""
    if not settings.worker_metrics_address:
        return None
    return Runtime(telemetry=TelemetryConfig(metrics=PrometheusConfig(bind_address=settings.worker_metrics_address)))


def worker_activities(
    settings: Settings,
    engine: AsyncEngine,
    client: Client,
    vendor_http: httpx.AsyncClient,
    push_destinations: PushDestinations,
) -> list[Callable[..., Any]]:
    """Every activity of every area, each area given its dependencies."""
    session_maker = create_session_maker(engine)
    areas = (
        AccountActivities(session_maker, LocalDiskStorage(settings.media_dir)),
        TripActivities(session_maker),
        JoinRequestActivities(session_maker, timedelta(seconds=settings.late_cancel_window_seconds)),
        PushActivities(session_maker, WebPushSender(settings, push_destinations)),
        DocumentActivities(session_maker, DocumentFiles(settings.media_dir)),
        KycActivities(session_maker, kyc_vendor(vendor_http, settings)),
        CabActivities(session_maker, cab_aggregator(vendor_http, settings), settings),
        CommuteActivities(session_maker, client, settings),
        SafetyActivities(session_maker, sms_gateway(vendor_http, settings), settings),
        BecknActivities(session_maker, vendor_http, settings, client),
    )
    return [method for area in areas for method in activity_methods(area)]


def build_worker(
    client: Client,
    settings: Settings,
    engine: AsyncEngine | None = None,
    vendor_http: httpx.AsyncClient | None = None,
    push_destinations: PushDestinations | None = None,
    slots: WorkflowTaskSlots | None = None,
) -> Worker:
    """The worker for settings.temporal_task_queue; pass engine to share and dispose of the pool yourself,
    vendor_http for the client the vendors are called with (one that lasts as long as the worker),
    push_destinations for where pushes may go (public addresses only unless given: the tests give theirs), and
    slots for its workflow task slots when something else (the relay) counts them too."""
    return Worker(
        client,
        task_queue=settings.temporal_task_queue,
        workflows=list(WORKFLOWS),
        activities=worker_activities(
            settings,
            engine or create_engine(settings),
            client,
            vendor_http or httpx.AsyncClient(),
            push_destinations or PushDestinations(),
        ),
        graceful_shutdown_timeout=GRACEFUL_SHUTDOWN,
        max_concurrent_workflow_task_polls=WORKFLOW_TASK_POLLS,
        tuner=WorkerTuner.create_composite(
            workflow_supplier=slots or WorkflowTaskSlots(WORKFLOW_TASK_SLOTS, WORKFLOW_TASK_POLLS),
            activity_supplier=FixedSizeSlotSupplier(OTHER_TASK_SLOTS),
            local_activity_supplier=FixedSizeSlotSupplier(OTHER_TASK_SLOTS),
            nexus_supplier=FixedSizeSlotSupplier(OTHER_TASK_SLOTS),
        ),
        # Flows run without the SDK's sandbox: building a sandboxed instance for every flow cost a quarter of the
        # worker's CPU. The sandbox, with its full restrictions, checks them instead where it can fail a change:
        # every recorded history replays in it (tests/workflows/recorded.py, test_replay.py).
        workflow_runner=UnsandboxedWorkflowRunner(),
    )


@asynccontextmanager
async def serving(
    client: Client,
    settings: Settings,
    engine: AsyncEngine | None = None,
    vendor_http: httpx.AsyncClient | None = None,
    push_destinations: PushDestinations | None = None,
) -> AsyncIterator[None]:
    """The worker and, beside it, the flow outbox's relay, which alone sends the starts and signals every writer
    commits to Temporal (worker/outbox/relay.py). Pass engine to share and dispose of the pool yourself. On leaving,
    the relay stops, then the worker lets its running activities finish."""
    own_engine = engine is None
    engine = engine or create_engine(settings)
    stop = asyncio.Event()
    slots = WorkflowTaskSlots(WORKFLOW_TASK_SLOTS, WORKFLOW_TASK_POLLS)
    interval = timedelta(seconds=settings.flow_relay_interval_seconds)
    meter = (client.service_client.config.runtime or Runtime.default()).metric_meter

    async def room(most: int) -> int:
        return await slots.room(most, interval.total_seconds())

    relaying = asyncio.create_task(
        relay(
            flow_delivery(settings, engine, client),
            OutboxBacklog(create_session_maker(engine), meter),
            libpq_conninfo(engine.url),
            stop,
            interval,
            room,
        ),
        name="flow-relay",
    )
    try:
        async with build_worker(client, settings, engine, vendor_http, push_destinations, slots):
            yield
    finally:
        stop.set()
        await relaying
        if own_engine:
            await engine.dispose()


async def run_worker(settings: Settings, push_destinations: PushDestinations | None = None) -> None:
    """Runs until SIGINT or SIGTERM, then lets running activities finish before it returns."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signal_number, stop.set)

    client = await connect_temporal(
        settings.temporal_target, settings.temporal_namespace, runtime=metrics_runtime(settings)
    )
    async with serving(client, settings, push_destinations=push_destinations):
        freeze_startup_objects()
        logger.info("worker started on %s, task queue %s", settings.temporal_target, settings.temporal_task_queue)
        await stop.wait()
        logger.info("worker stopping")
    logger.info("worker stopped")
