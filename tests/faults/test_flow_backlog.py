"""The outbox's backlog is seen before anyone is left waiting long (worker/outbox/backlog.py): the relay keeps the
age of the oldest flow start or signal not yet delivered in the `flow_outbox_oldest_waiting_seconds` gauge; a parked
entry is support's (counted apart) and not a backlog."""

import uuid

from temporalio.runtime import MetricBuffer, Runtime, TelemetryConfig

from domain.db import create_engine, create_session_maker, transaction
from domain.flows import start_after_commit
from domain.rules.flow import FlowStart
from domain.settings import Settings
from tests.faults.conftest import query
from worker.outbox.backlog import OLDEST_WAITING_METRIC, OutboxBacklog

WAITED_S = 3600


async def test_the_oldest_waiting_entrys_age_is_measured_and_a_parked_one_is_left_out(database_url: str) -> None:
    metrics = MetricBuffer(1000)
    meter = Runtime(telemetry=TelemetryConfig(metrics=metrics)).metric_meter
    engine = create_engine(Settings(_env_file=None, database_url=database_url))
    session_maker = create_session_maker(engine)
    backlog = OutboxBacklog(session_maker, meter)
    workflow_id = f"backlog:{uuid.uuid4().hex}"
    try:
        # Written and never delivered (no relay here), then aged as an entry left behind an hour ago would be.
        async with transaction(session_maker) as session:
            await start_after_commit(session, FlowStart("TripWorkflow", workflow_id, {}, {}))
        query(
            database_url,
            "UPDATE flow_outbox SET created_at = now() - make_interval(secs => %s) WHERE workflow_id = %s RETURNING id",
            WAITED_S,
            workflow_id,
        )

        waited = await backlog.oldest_waiting_seconds()
        assert WAITED_S <= waited < WAITED_S + 60
        gauge = [update for update in metrics.retrieve_updates() if update.metric.name == OLDEST_WAITING_METRIC]
        assert gauge and gauge[-1].value == waited

        query(database_url, "UPDATE flow_outbox SET parked_at = now() WHERE workflow_id = %s RETURNING id", workflow_id)
        assert await backlog.oldest_waiting_seconds() < WAITED_S
    finally:
        query(database_url, "DELETE FROM flow_outbox WHERE workflow_id = %s RETURNING id", workflow_id)
        await engine.dispose()
