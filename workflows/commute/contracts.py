"""The commute series' schedule flows: CommuteScheduleWorkflow's start and CommuteDayWorkflow's input.

What the API, the activities and the flow agree on, the flow's steps too (workflows/flow.py has the shared start
and signal)."""

from dataclasses import dataclass

from temporalio import activity

from domain.rules.flow import FlowStart
from workflows.flow import FLOW_STATUS, USER_ID


def commute_schedule_id(series_id: int) -> str:
    """The Temporal Schedule that keeps a commute series' trips created."""
    return f"commute:{series_id}"


def commute_day_workflow_id(series_id: int) -> str:
    """The id the schedule gives each CommuteDayWorkflow it starts (Temporal adds the run's time to it)."""
    return f"commute-day:{series_id}"


def commute_schedule_change_id(series_id: int, open: bool) -> str:
    return f"commute-schedule:{series_id}:{'open' if open else 'close'}"


@dataclass(frozen=True)
class CommuteScheduleChange:
    """Opens (creates) or closes (deletes) a commute series' schedule."""

    series_id: int
    host_id: int
    open: bool


@dataclass(frozen=True)
class CommuteDay:
    """What the series' schedule starts: make the series' trips up to the horizon."""

    series_id: int


def commute_schedule_change(change: CommuteScheduleChange) -> FlowStart:
    what = "open" if change.open else "close"
    return FlowStart(
        "CommuteScheduleWorkflow",
        commute_schedule_change_id(change.series_id, change.open),
        change,
        {USER_ID.name: str(change.host_id), FLOW_STATUS.name: f"{what}ing"},
    )


class CommuteSteps:
    """The steps the commute flows call, each with the series' id; activities.commute.CommuteActivities runs them."""

    @activity.defn
    async def open_commute_schedule(self, series_id: int) -> None:
        """Makes the series' schedule (again: already there) and runs it at once."""
        raise NotImplementedError

    @activity.defn
    async def close_commute_schedule(self, series_id: int) -> None:
        """Deletes the series' schedule (again: already gone)."""
        raise NotImplementedError

    @activity.defn
    async def make_commute_trips(self, series_id: int) -> int:
        """Makes the series' trips up to the horizon not made yet; answers how many."""
        raise NotImplementedError
