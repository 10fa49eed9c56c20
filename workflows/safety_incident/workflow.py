"""One SOS a person raised on a trip, from the alert until they say they are safe (domain/rules/safety.py).

The API inserts the incident (open) and hands this flow's start to the outbox. At once the person's emergency
contacts are told by SMS (the trip's live link and the last location they gave) and the trip's other members are
notified. Until support staff acknowledge it (signal `acknowledge`, from the Temporal UI or CLI), each escalation
interval that passes without it reminds the contacts and marks the incident escalated; after MAX_REMINDERS it waits
without reminding. `resolve` (the person's "I am safe", or support closing it) tells the contacts and the members
that it is closed and ends the flow. Each SMS of each step is sent once (activities/safety.py). Signals are
idempotent. FlowStatus: open → escalated → acknowledged → resolved, each but resolved skippable.
"""

import asyncio

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from domain.rules.safety import IncidentStatus
    from workflows.flow import FLOW_STATUS
    from workflows.policies import PATIENT_RETRY, STEP_TIMEOUT
    from workflows.safety_incident.contracts import (
        ALERT,
        RESOLVED,
        SafetyAcknowledged,
        SafetyChange,
        SafetyIncidentStart,
        SafetyResolved,
        SafetyStep,
        reminder_step,
    )
    from workflows.steps import short_step
    from workflows.waiting import until

# Reminders an unacknowledged incident sends at most (an hour's worth at the default interval), so its history stays
# bounded; after them it still waits for support and for the person.
MAX_REMINDERS = 30


@workflow.defn
class SafetyIncidentWorkflow:
    @workflow.init
    def __init__(self, start: SafetyIncidentStart) -> None:
        self._start = start
        self._status = IncidentStatus.OPEN
        self._escalations = 0
        self._acknowledged = False
        self._resolved = False

    @workflow.run
    async def run(self, start: SafetyIncidentStart) -> str:
        await asyncio.gather(self._tell_contacts(ALERT), self._notify_members(ALERT))
        while not self._resolved:
            if self._acknowledged and self._status != IncidentStatus.ACKNOWLEDGED:
                await self._move(IncidentStatus.ACKNOWLEDGED)
            elif self._acknowledged or self._escalations >= MAX_REMINDERS:
                await workflow.wait_condition(self._news)
            elif not await until(self._news, start.escalate_seconds):
                self._escalations += 1
                await self._tell_contacts(reminder_step(self._escalations))
                await self._move(IncidentStatus.ESCALATED)
        await self._move(IncidentStatus.RESOLVED)
        await asyncio.gather(self._tell_contacts(RESOLVED), self._notify_members(RESOLVED))
        return self._status

    @workflow.query
    def status(self) -> str:
        return self._status

    @workflow.signal
    def acknowledge(self, acknowledged: SafetyAcknowledged | None = None) -> None:
        self._acknowledged = True

    @workflow.signal
    def resolve(self, resolved: SafetyResolved | None = None) -> None:
        self._resolved = True

    def _news(self) -> bool:
        return self._resolved or (self._acknowledged and self._status != IncidentStatus.ACKNOWLEDGED)

    async def _tell_contacts(self, step: str) -> None:
        await workflow.execute_activity(
            "tell_contacts",
            SafetyStep(self._start.incident_id, step, self._start.live_link),
            start_to_close_timeout=STEP_TIMEOUT,
            retry_policy=PATIENT_RETRY,
        )

    async def _notify_members(self, step: str) -> None:
        await short_step(
            "notify_members",
            SafetyStep(self._start.incident_id, step),
            start_to_close=STEP_TIMEOUT,
            retry_policy=PATIENT_RETRY,
        )

    async def _move(self, status: IncidentStatus) -> None:
        change = SafetyChange(self._start.incident_id, status, self._escalations)
        await short_step("record_incident_change", change, start_to_close=STEP_TIMEOUT, retry_policy=PATIENT_RETRY)
        if status != self._status:
            self._status = status
            workflow.upsert_search_attributes([FLOW_STATUS.value_set(status)])
