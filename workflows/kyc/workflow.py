"""One identity verification, from the vendor transaction the API started to its outcome (domain/rules/kyc.py).

The person is in the vendor's widget. The flow waits for the vendor's word: its signed webhook (`vendor_update`,
checked by the API), or the results API, asked when the app reports the widget closed (`widget_closed`; the app's
report is only the cue, never the outcome). No word within the widget timeout: the vendor is asked once more, then
the verification is cancelled. `needs_review` waits up to the review timeout for the vendor's manual review (its
webhook) or a `review_decision` signal from support staff, then ends in error. Every change is written by one
activity, which tells the person of each final outcome. FlowStatus: initiated → approved | rejected | cancelled |
error, or initiated → needs_review → approved | rejected | error.
"""

from datetime import timedelta

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from domain.rules.kyc import KycStatus, next_status, status_from_decision, status_from_vendor
    from workflows.flow import FLOW_STATUS
    from workflows.kyc.contracts import (
        KycChange,
        KycReviewDecision,
        KycStart,
        KycSteps,
        KycVendorUpdate,
        KycWidgetClosed,
    )
    from workflows.policies import PATIENT_RETRY, STEP_TIMEOUT
    from workflows.steps import short_step
    from workflows.waiting import until

# The widget has closed but the vendor may take a moment to have the result: asked again this often, this many times.
SETTLE_INTERVAL = timedelta(seconds=2)
SETTLE_ASKS = 5


@workflow.defn
class KycWorkflow:
    @workflow.init
    def __init__(self, start: KycStart) -> None:
        self._start = start
        self._status = KycStatus.INITIATED
        self._vendor_words: list[str] = []
        self._decisions: list[str] = []
        self._asks_due = 0

    @workflow.run
    async def run(self, start: KycStart) -> str:
        await self._wait_for_the_widget()
        if self._status == KycStatus.NEEDS_REVIEW:
            await self._wait_for_the_review()
        return self._status

    @workflow.query
    def status(self) -> str:
        return self._status

    @workflow.signal
    def widget_closed(self, report: KycWidgetClosed) -> None:
        self._asks_due = SETTLE_ASKS

    @workflow.signal
    def vendor_update(self, update: KycVendorUpdate) -> None:
        self._vendor_words.append(update.application_status)

    @workflow.signal
    def review_decision(self, decision: KycReviewDecision) -> None:
        self._decisions.append(decision.decision)

    async def _wait_for_the_widget(self) -> None:
        deadline = workflow.now() + timedelta(seconds=self._start.widget_timeout_seconds)
        while self._status == KycStatus.INITIATED:
            remaining = (deadline - workflow.now()).total_seconds()
            if remaining <= 0:
                word = await self._ask_vendor()
                await self._move(status_from_vendor(word) or KycStatus.CANCELLED, word)
                return
            if not await until(lambda: bool(self._vendor_words) or self._asks_due > 0, remaining):
                continue
            if self._vendor_words:
                word = self._vendor_words.pop(0)
                await self._move(status_from_vendor(word), word)
                continue
            word = await self._ask_vendor()
            self._asks_due -= 1
            proposed = status_from_vendor(word)
            if proposed is None and self._asks_due > 0:
                # Let the vendor settle, unless its webhook speaks first.
                await until(lambda: bool(self._vendor_words), SETTLE_INTERVAL.total_seconds())
                continue
            self._asks_due = 0
            await self._move(proposed, word)

    async def _wait_for_the_review(self) -> None:
        deadline = workflow.now() + timedelta(seconds=self._start.review_timeout_seconds)
        while self._status == KycStatus.NEEDS_REVIEW:
            remaining = (deadline - workflow.now()).total_seconds()
            if remaining <= 0 or not await until(lambda: bool(self._vendor_words or self._decisions), remaining):
                await self._move(KycStatus.ERROR, None)
            elif self._decisions:
                await self._move(status_from_decision(self._decisions.pop(0)), None)
            else:
                word = self._vendor_words.pop(0)
                await self._move(status_from_vendor(word), word)

    async def _ask_vendor(self) -> str:
        return await short_step(
            KycSteps.ask_kyc_vendor, self._start.transaction_id, start_to_close=STEP_TIMEOUT, retry_policy=PATIENT_RETRY
        )

    async def _move(self, proposed: KycStatus | None, vendor_status: str | None) -> None:
        status = next_status(self._status, proposed)
        if status is None:
            return
        change = KycChange(self._start.verification_id, self._start.user_id, status, vendor_status)
        await short_step(KycSteps.record_kyc_change, change, start_to_close=STEP_TIMEOUT, retry_policy=PATIENT_RETRY)
        self._status = status
        workflow.upsert_search_attributes([FLOW_STATUS.value_set(status)])
