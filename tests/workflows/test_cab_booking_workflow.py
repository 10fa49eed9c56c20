"""The CabBookingWorkflow's recorded history (booked with the vendor, confirmed by its webhook, cancelled by the
host) replays on the current code; the flow itself runs end to end in tests/api/test_cab.py, which records it."""

from pathlib import Path

from temporalio.client import WorkflowHistory
from temporalio.worker import Replayer

from worker.main import WORKFLOWS

HISTORY_FILE = Path(__file__).parent / "histories" / "cab_booking.json"


async def test_recorded_history_replays_on_the_current_workflow_code() -> None:
    history = WorkflowHistory.from_json("cab_booking", HISTORY_FILE.read_text())

    await Replayer(workflows=list(WORKFLOWS)).replay_workflow(history)
