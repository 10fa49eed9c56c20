"""Wires the flows to their dependencies: a new flow goes in WORKFLOWS, its activities in _activities."""

import asyncio
import logging
import signal
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Any

import httpx
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio.client import Client
from temporalio.worker import Worker
from temporalio.worker.workflow_sandbox import SandboxedWorkflowRunner, SandboxRestrictions

from activities.account import AccountActivities
from activities.cab import CabActivities
from activities.commute import CommuteActivities
from activities.documents import DocumentActivities
from activities.join_requests import JoinRequestActivities
from activities.kyc import KycActivities
from activities.push import PushActivities
from activities.trips import TripActivities
from domain.db import create_engine, create_session_maker
from domain.documents import DocumentFiles
from domain.flows import FlowOutbox
from domain.providers.cab import cab_aggregator
from domain.providers.kyc import kyc_vendor
from domain.providers.storage import LocalDiskStorage
from domain.push import PushDestinations, WebPushSender
from domain.settings import Settings
from domain.temporal import connect_temporal, temporal_address
from workflows.account_erasure.workflow import AccountErasureWorkflow
from workflows.cab_booking.workflow import CabBookingWorkflow
from workflows.commute.workflow import CommuteDayWorkflow, CommuteScheduleWorkflow
from workflows.document_review.workflow import DocumentReviewWorkflow
from workflows.join_request.workflow import JoinRequestWorkflow
from workflows.kyc.workflow import KycWorkflow
from workflows.push.workflow import PushNotificationWorkflow
from workflows.trip.workflow import TripWorkflow

logger = logging.getLogger("humsafar.worker")

WORKFLOWS: Sequence[type] = (
    AccountErasureWorkflow,
    TripWorkflow,
    JoinRequestWorkflow,
    DocumentReviewWorkflow,
    PushNotificationWorkflow,
    KycWorkflow,
    CabBookingWorkflow,
    CommuteScheduleWorkflow,
    CommuteDayWorkflow,
)

# Long enough for a database write or a storage call to finish when the container is told to stop.
GRACEFUL_SHUTDOWN = timedelta(seconds=20)
# Workflow task polls kept open at once; the SDK gives a fifth of them to the task queue that new flows' first tasks
# wait in (the rest to this worker's sticky queue). With the SDK's 5, that was one poll: new flows opened at 43 a
# second while the API took 100 starts a second on the same two cores; with 16, at 62 (docs/operations.md).
WORKFLOW_TASK_POLLS = 16


def flow_outbox(settings: Settings, engine: AsyncEngine, client: Client) -> FlowOutbox:
    async def connected() -> Client:
        return client

    return FlowOutbox(create_session_maker(engine), connected, settings.temporal_task_queue)


def _activities(
    settings: Settings,
    engine: AsyncEngine,
    client: Client,
    vendor_http: httpx.AsyncClient,
    push_destinations: PushDestinations,
) -> list[Callable[..., Any]]:
    session_maker = create_session_maker(engine)
    outbox = flow_outbox(settings, engine, client)
    account = AccountActivities(session_maker, LocalDiskStorage(settings.media_dir))
    trips = TripActivities(session_maker, outbox)
    joins = JoinRequestActivities(session_maker, outbox, timedelta(seconds=settings.late_cancel_window_seconds))
    push = PushActivities(session_maker, WebPushSender(settings, push_destinations))
    documents = DocumentActivities(session_maker, DocumentFiles(settings.media_dir))
    kyc = KycActivities(session_maker, kyc_vendor(vendor_http, settings), outbox)
    cab = CabActivities(session_maker, cab_aggregator(vendor_http, settings), settings, outbox)
    commute = CommuteActivities(session_maker, client, settings, outbox)
    return [
        account.erase_media,
        account.scrub_user,
        trips.open_trip,
        trips.remind_trip,
        trips.notify_trip_cancelled,
        trips.complete_trip,
        joins.open_join_request,
        joins.apply_join_action,
        joins.nudge_host,
        joins.expire_join_request,
        joins.confirm_departure,
        documents.check_document_guidelines,
        documents.record_document_review,
        push.push_targets,
        push.send_push,
        kyc.ask_kyc_vendor,
        kyc.record_kyc_change,
        cab.book_cab,
        cab.poll_cab_booking,
        cab.cancel_cab_with_vendor,
        cab.record_cab_change,
        commute.open_commute_schedule,
        commute.close_commute_schedule,
        commute.make_commute_trips,
    ]


def build_worker(
    client: Client,
    settings: Settings,
    engine: AsyncEngine | None = None,
    vendor_http: httpx.AsyncClient | None = None,
    push_destinations: PushDestinations | None = None,
) -> Worker:
    """The worker for settings.temporal_task_queue; pass engine to share and dispose of the pool yourself,
    vendor_http for the client the vendors are called with (one that lasts as long as the worker), and
    push_destinations for where pushes may go (public addresses only unless given: the tests give theirs)."""
    return Worker(
        client,
        task_queue=settings.temporal_task_queue,
        workflows=list(WORKFLOWS),
        activities=_activities(
            settings,
            engine or create_engine(settings),
            client,
            vendor_http or httpx.AsyncClient(),
            push_destinations or PushDestinations(),
        ),
        graceful_shutdown_timeout=GRACEFUL_SHUTDOWN,
        max_concurrent_workflow_task_polls=WORKFLOW_TASK_POLLS,
        workflow_runner=SandboxedWorkflowRunner(
            restrictions=SandboxRestrictions.default.with_passthrough_all_modules()
        ),
    )


async def run_worker(settings: Settings, push_destinations: PushDestinations | None = None) -> None:
    """Runs until SIGINT or SIGTERM, then lets running activities finish before it returns. Beside the worker runs
    the flow outbox's relay, which delivers the starts and signals their writers could not (domain/flows.py)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signal_number, stop.set)

    client = await connect_temporal(settings)
    engine = create_engine(settings)
    relay = asyncio.create_task(
        flow_outbox(settings, engine, client).relay(
            stop,
            timedelta(seconds=settings.flow_relay_interval_seconds),
            timedelta(seconds=settings.flow_relay_grace_seconds),
        ),
        name="flow-relay",
    )
    try:
        async with build_worker(client, settings, engine, push_destinations=push_destinations):
            logger.info(
                "worker started on %s, task queue %s",
                temporal_address(settings),
                settings.temporal_task_queue,
            )
            await stop.wait()
            logger.info("worker stopping")
    finally:
        await relay
        await engine.dispose()
    logger.info("worker stopped")
