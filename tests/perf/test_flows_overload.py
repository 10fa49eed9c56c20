"""The overload window's own accounting (tests/perf/flows_overload.py): each API call counted by its answer, a vendor's
webhook counted as the app's call, the outbox's backlog read as the relay's gauge reads it and summed up by window and
drain."""

import uuid

import httpx
import psycopg
import pytest

from domain.db import create_engine, create_session_maker, transaction
from domain.flows import start_after_commit
from domain.rules.flow import FlowStart
from domain.settings import Settings
from tests.perf.flows_overload import CountingApi, OutboxSample, OutboxWatch
from tests.perf.flows_setup import ApiError
from tests.perf.harness import libpq_url

WAITED_S = 3600


def _answer(request: httpx.Request) -> httpx.Response:
    path = request.url.path
    if path == "/refused":
        return httpx.Response(409, json={"detail": "taken"})
    if path == "/broken":
        return httpx.Response(503, text="unavailable")
    if path == "/slow":
        raise httpx.ReadTimeout("no answer", request=request)
    if path == "/cab":
        return httpx.Response(200, json={"data": {"webhook_status": 0}})
    return httpx.Response(200, json={"data": {"ok": True}})


async def test_every_call_is_counted_by_its_answer_and_a_vendors_webhook_as_the_apps_call() -> None:
    api = CountingApi("http://app.test")
    await api.http.aclose()
    api.http = httpx.AsyncClient(base_url="http://app.test", transport=httpx.MockTransport(_answer))
    try:
        assert await api.call(None, "GET", "/fine") == {"ok": True}
        for path, error in (("/refused", ApiError), ("/broken", ApiError), ("/slow", httpx.ReadTimeout)):
            with pytest.raises(error):
                await api.call(None, "GET", path)
        await api.call(None, "POST", "/cab")  # the vendor reports the app did not answer its webhook
    finally:
        await api.close()

    counts = api.counts
    assert (counts.calls, counts.answered_2xx, counts.refused_4xx) == (6, 2, 1)
    assert (counts.server_errors_5xx, counts.timeouts, counts.dropped) == (1, 1, 1)
    assert counts.failed == 3
    assert any("503" in example for example in counts.examples)


def test_the_outbox_backlog_is_told_for_the_window_and_the_drain() -> None:
    watch = OutboxWatch("postgresql://unused")
    watch.samples = [
        OutboxSample(at_s=0.5, oldest_waiting_s=0.0, waiting=0, parked=0),
        OutboxSample(at_s=5.0, oldest_waiting_s=2.5, waiting=40, parked=0),
        OutboxSample(at_s=10.0, oldest_waiting_s=6.0, waiting=90, parked=1),
        OutboxSample(at_s=14.0, oldest_waiting_s=1.0, waiting=3, parked=1),
        OutboxSample(at_s=16.5, oldest_waiting_s=0.0, waiting=0, parked=1),
    ]

    summary = watch.summary(window_s=6.0)

    assert summary["oldest_waiting_s_max_in_window"] == 2.5
    assert summary["oldest_waiting_s_max"] == 6.0
    assert (summary["waiting_max"], summary["parked_max"]) == (90, 1)
    assert summary["empty_after_window_s"] == 10.5


async def test_the_watch_reads_the_outboxs_oldest_waiting_entry_and_leaves_a_parked_one_out(database_url: str) -> None:
    workflow_id = f"overload:{uuid.uuid4().hex}"
    conninfo = libpq_url(database_url)
    engine = create_engine(Settings(_env_file=None, database_url=database_url))
    try:
        async with transaction(create_session_maker(engine)) as session:
            await start_after_commit(session, FlowStart("TripWorkflow", workflow_id, {}, {}))
        with psycopg.connect(conninfo, autocommit=True) as connection:
            connection.execute(
                "UPDATE flow_outbox SET created_at = now() - make_interval(secs => %s) WHERE workflow_id = %s",
                (WAITED_S, workflow_id),
            )
            async with OutboxWatch(conninfo) as watch:
                pass
            connection.execute("UPDATE flow_outbox SET parked_at = now() WHERE workflow_id = %s", (workflow_id,))
            async with OutboxWatch(conninfo) as parked:
                pass
            connection.execute("DELETE FROM flow_outbox WHERE workflow_id = %s", (workflow_id,))
    finally:
        await engine.dispose()

    waiting = watch.samples[-1]
    assert WAITED_S <= waiting.oldest_waiting_s < WAITED_S + 60
    assert waiting.waiting >= 1
    assert parked.samples[-1].oldest_waiting_s < WAITED_S
    assert parked.samples[-1].parked >= 1
