"""One cab request of a trip, from booking with the vendor to the ride (domain/rules/cab.py).

The API inserts the booking row (requested) and hands this flow's start to the outbox. The flow books with the
aggregator by the booking's reference (its idempotency key: a retried activity never books twice), then waits for
the vendor's word: its signed webhook (`vendor_event`, checked by the API), or what a poll every poll interval finds
when a webhook is lost. No driver within the confirm timeout, or the trip's time comes first: unfulfilled, and the
vendor is told. The host cancelling, or the trip deleted or moved (`end`), cancels it with the vendor. Once booked
it waits until departure for a vendor's cancel or an `end`. An issue the host raises (`issue_raised`, recorded once
by the API in the booking's row, where support reads its words) is marked in the flow's history. The history names
no one: the driver and vehicle, the host's reason and issue stay in the booking's row. FlowStatus: requested →
booked | unfulfilled | cancelled | vendor_cancelled, booked → cancelled | vendor_cancelled.
"""

from datetime import datetime, timedelta
from typing import Any, TypeVar

from temporalio import workflow
from temporalio.types import MethodAsyncSingleParam

with workflow.unsafe.imports_passed_through():
    from domain.rules.cab import AFTER_VENDOR_EVENT, VENDOR_EVENTS, CabStatus, VendorEvent, next_status
    from workflows.cab_booking.contracts import (
        CabBookingStart,
        CabBookingSteps,
        CabChange,
        CabEndRequest,
        CabIssue,
        CabVendorNotice,
    )
    from workflows.flow import FLOW_STATUS
    from workflows.policies import PATIENT_RETRY, STEP_TIMEOUT
    from workflows.steps import short_step
    from workflows.waiting import until, utc_moment

Result = TypeVar("Result")


@workflow.defn
class CabBookingWorkflow:
    @workflow.init
    def __init__(self, start: CabBookingStart) -> None:
        self._start = start
        self._status = CabStatus.REQUESTED
        self._notices: list[CabVendorNotice] = []
        self._end: CabEndRequest | None = None
        self._issues: list[str] = []

    @workflow.run
    async def run(self, start: CabBookingStart) -> str:
        departure = utc_moment(start.departure)
        await self._call(CabBookingSteps.book_cab)
        await self._wait_for_a_driver(departure)
        if self._status == CabStatus.BOOKED:
            await self._ride_until(departure)
        return self._status

    @workflow.query
    def status(self) -> str:
        return self._status

    @workflow.query
    def issues(self) -> list[str]:
        return list(self._issues)

    @workflow.signal
    def vendor_event(self, notice: CabVendorNotice) -> None:
        self._notices.append(notice)

    @workflow.signal
    def end(self, request: CabEndRequest) -> None:
        if self._end is None:
            self._end = request

    @workflow.signal
    def issue_raised(self, issue: CabIssue) -> None:
        self._issues.append(issue.issue)

    def _news(self) -> bool:
        return bool(self._notices) or self._end is not None

    async def _wait_for_a_driver(self, departure: datetime) -> None:
        confirm_by = workflow.now() + timedelta(seconds=self._start.confirm_timeout_seconds)
        poll_every = timedelta(seconds=self._start.poll_interval_seconds)
        while self._status == CabStatus.REQUESTED:
            give_up_at = min(confirm_by, departure)
            wake_at = min(give_up_at, workflow.now() + poll_every)
            if await until(self._news, (wake_at - workflow.now()).total_seconds()):
                await self._take_news()
            elif workflow.now() >= give_up_at:
                await self._call(CabBookingSteps.cancel_cab_with_vendor)
                await self._move(CabStatus.UNFULFILLED)
            else:
                polled = await self._call(CabBookingSteps.poll_cab_booking)
                if polled.event in VENDOR_EVENTS:
                    self._notices.append(polled)

    async def _ride_until(self, departure: datetime) -> None:
        while self._status == CabStatus.BOOKED:
            if not await until(self._news, (departure - workflow.now()).total_seconds()):
                return
            await self._take_news()

    async def _take_news(self) -> None:
        if self._end is not None:
            await self._call(CabBookingSteps.cancel_cab_with_vendor)
            await self._move(CabStatus.CANCELLED)
            return
        notice = self._notices.pop(0)
        if notice.event in VENDOR_EVENTS:
            await self._move(AFTER_VENDOR_EVENT[VendorEvent(notice.event)], notice)

    async def _call(self, step: MethodAsyncSingleParam[Any, int, Result]) -> Result:
        """One of the vendor's steps for the booking, as an activity task: the vendor may take its time."""
        return await workflow.execute_activity_method(
            step, self._start.booking_id, start_to_close_timeout=STEP_TIMEOUT, retry_policy=PATIENT_RETRY
        )

    async def _move(self, proposed: CabStatus, notice: CabVendorNotice | None = None) -> None:
        status = next_status(self._status, proposed)
        if status is None:
            return
        change = CabChange(self._start.booking_id, status, notice)
        await short_step(
            CabBookingSteps.record_cab_change, change, start_to_close=STEP_TIMEOUT, retry_policy=PATIENT_RETRY
        )
        self._status = status
        workflow.upsert_search_attributes([FLOW_STATUS.value_set(status)])
