"""One SOS a person raised on a trip, from the alert until they say they are safe (domain/rules/safety.py).

The API inserts the incident (open) with the person's emergency contacts as they are then, and hands this flow's
start, with those contacts' ids, to the outbox. At once those contacts are told by SMS (the trip's live link and the
last location they gave) and the trip's other members are notified. Until support staff acknowledge it (signal
`acknowledge`, from the Temporal UI or CLI), each escalation interval that passes without it reminds the contacts
and marks the incident escalated; one interval after the last of its reminders (`reminders`, MAX_REMINDERS) it
pages support's on-call number and stays escalated, waiting. `resolve` (the person's "I am safe", or support
closing it) tells the contacts and the members that it is closed and ends the flow. Each SMS of each step is sent
once (activities/safety.py). Signals are idempotent. FlowStatus: open → escalated → acknowledged → resolved, each
but resolved skippable.

Every SMS step is bounded (workflows/policies.py SMS_SEND_TIMEOUT, SMS_SEND_RETRY) and runs beside the escalation
timer, not in its way: a dead gateway delays no reminder and no page, and a step that gave up leaves its SMS kept
unsent.
"""

import asyncio
from collections.abc import Coroutine
from typing import Any

from temporalio import workflow
from temporalio.exceptions import ActivityError

with workflow.unsafe.imports_passed_through():
    from domain.rules.safety import IncidentStatus
    from workflows.flow import FLOW_STATUS
    from workflows.policies import PATIENT_RETRY, SMS_SEND_RETRY, SMS_SEND_TIMEOUT, STEP_TIMEOUT
    from workflows.safety_incident.contracts import (
        ALERT,
        MAX_REMINDERS,
        RESOLVED,
        SUPPORT,
        SafetyAcknowledged,
        SafetyChange,
        SafetyIncidentStart,
        SafetyIncidentSteps,
        SafetyResolved,
        SafetyStep,
        reminder_step,
    )
    from workflows.steps import short_step
    from workflows.waiting import until

__all__ = ["MAX_REMINDERS", "SafetyIncidentWorkflow"]


@workflow.defn
class SafetyIncidentWorkflow:
    @workflow.init
    def __init__(self, start: SafetyIncidentStart) -> None:
        self._start = start
        self._status = IncidentStatus.OPEN
        self._escalations = 0
        self._acknowledged = False
        self._resolved = False
        self._paged = False
        self._sends: list[asyncio.Task[None]] = []

    @workflow.run
    async def run(self, start: SafetyIncidentStart) -> str:
        self._send(ALERT)
        await self._notify_members(ALERT)
        while not self._resolved:
            if self._acknowledged and self._status != IncidentStatus.ACKNOWLEDGED:
                await self._move(IncidentStatus.ACKNOWLEDGED)
            elif self._acknowledged or self._paged:
                await workflow.wait_condition(self._news)
            elif not await until(self._news, start.escalate_seconds):
                if self._escalations >= start.reminders:
                    self._paged = True
                    self._send(SUPPORT)
                    continue
                self._escalations += 1
                self._send(reminder_step(self._escalations))
                await self._move(IncidentStatus.ESCALATED)
        await self._move(IncidentStatus.RESOLVED)
        await asyncio.gather(*self._sends)
        await asyncio.gather(self._bounded_send(RESOLVED), self._notify_members(RESOLVED))
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

    def _send(self, step: str) -> None:
        """Starts the step's SMS beside the timer: the flow goes on while they are sent."""
        self._sends.append(self._detached(self._bounded_send(step)))

    @staticmethod
    def _detached(send: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        return asyncio.create_task(send)

    async def _bounded_send(self, step: str) -> None:
        """One SMS step, tried a bounded number of times; a step that gave up leaves its SMS kept unsent."""
        sms = SafetyStep(self._start.incident_id, step, contact_ids=self._start.contact_ids)
        send = SafetyIncidentSteps.page_support if step == SUPPORT else SafetyIncidentSteps.tell_contacts
        try:
            await workflow.execute_activity_method(
                send, sms, start_to_close_timeout=SMS_SEND_TIMEOUT, retry_policy=SMS_SEND_RETRY
            )
        except ActivityError as error:
            workflow.logger.warning("SOS %s: step %s gave up: %s", self._start.incident_id, step, error)

    async def _notify_members(self, step: str) -> None:
        await short_step(
            SafetyIncidentSteps.notify_members,
            SafetyStep(self._start.incident_id, step),
            start_to_close=STEP_TIMEOUT,
            retry_policy=PATIENT_RETRY,
        )

    async def _move(self, status: IncidentStatus) -> None:
        change = SafetyChange(self._start.incident_id, status, self._escalations)
        await short_step(
            SafetyIncidentSteps.record_incident_change, change, start_to_close=STEP_TIMEOUT, retry_policy=PATIENT_RETRY
        )
        if status != self._status:
            self._status = status
            workflow.upsert_search_attributes([FLOW_STATUS.value_set(status)])
