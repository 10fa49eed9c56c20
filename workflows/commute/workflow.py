"""Commute series: the Temporal Schedule of a series is opened and closed by a flow started through the outbox (so a
series' row and its schedule never disagree for long), and each run of the schedule makes the series' trips up to the
horizon, once per day (domain/rules/commute.py; the activity is idempotent by series and day)."""

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from workflows.commute.contracts import CommuteDay, CommuteScheduleChange, CommuteSteps
    from workflows.flow import FLOW_STATUS, USER_ID
    from workflows.policies import LONG_STEP_TIMEOUT, PATIENT_RETRY


@workflow.defn
class CommuteScheduleWorkflow:
    @workflow.run
    async def run(self, change: CommuteScheduleChange) -> str:
        workflow.upsert_search_attributes([USER_ID.value_set(str(change.host_id))])
        step = CommuteSteps.open_commute_schedule if change.open else CommuteSteps.close_commute_schedule
        await workflow.execute_activity_method(
            step, change.series_id, start_to_close_timeout=LONG_STEP_TIMEOUT, retry_policy=PATIENT_RETRY
        )
        done = "opened" if change.open else "closed"
        workflow.upsert_search_attributes([FLOW_STATUS.value_set(done)])
        return done


@workflow.defn
class CommuteDayWorkflow:
    @workflow.run
    async def run(self, day: CommuteDay) -> int:
        return await workflow.execute_activity_method(
            CommuteSteps.make_commute_trips,
            day.series_id,
            start_to_close_timeout=LONG_STEP_TIMEOUT,
            retry_policy=PATIENT_RETRY,
        )
