"""Recorded histories: the tests that run a flow end to end replay its history on the current code and, with
RECORD_WORKFLOW_HISTORIES=1, write it to tests/workflows/histories/<name>.json, which test_replay.py replays on every
run (a change to a flow that would break its running instances fails there)."""

import os
from pathlib import Path

from temporalio.client import WorkflowHandle, WorkflowHistory
from temporalio.worker import Replayer

from worker.main import WORKFLOWS

HISTORIES = Path(__file__).parent / "histories"


async def replay(history: WorkflowHistory) -> None:
    await Replayer(workflows=list(WORKFLOWS)).replay_workflow(history)


async def replay_and_record(handle: WorkflowHandle, name: str) -> None:
    """Replays the flow's history so far on the current code; records it as histories/<name>.json when asked to."""
    history = await handle.fetch_history()
    await replay(history)
    if os.environ.get("RECORD_WORKFLOW_HISTORIES") == "1":
        (HISTORIES / f"{name}.json").write_text(history.to_json())


def recorded() -> list[Path]:
    return sorted(HISTORIES.glob("*.json"))


def read(path: Path) -> WorkflowHistory:
    return WorkflowHistory.from_json(path.stem, path.read_text())


def workflow_type(history: WorkflowHistory) -> str:
    return history.events[0].workflow_execution_started_event_attributes.workflow_type.name
