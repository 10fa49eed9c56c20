"""Every recorded history (tests/workflows/recorded.py) replays on the current flow code, and every flow the worker
registers has one: a flow changed so that its running instances would take another path fails here."""

from pathlib import Path

import pytest
from temporalio import workflow

from tests.workflows.recorded import read, recorded, replay, workflow_type
from worker.main import WORKFLOWS


@pytest.mark.parametrize("path", recorded(), ids=lambda path: path.stem)
async def test_the_recorded_history_replays_on_the_current_code(path: Path) -> None:
    await replay(read(path))


def test_every_registered_flow_has_a_recorded_history() -> None:
    registered = {workflow._Definition.must_from_class(cls).name for cls in WORKFLOWS}
    recorded_types = {workflow_type(read(path)) for path in recorded()}
    assert {"CommuteScheduleWorkflow", "CommuteDayWorkflow", "DocumentReviewWorkflow"} <= registered
    assert registered - recorded_types == set()
