"""The answers Humsafar owes the ONDC network (docs/interop.md): each request the API verified and kept is answered
by one `on_{action}` callback to the buyer app, built and kept by a short step, then sent, signed, by a step retried
while the buyer app is down. A kept callback is sent once (activities/beckn/callbacks.py), so a step run again after
a crash sends no second answer.

- BecknSearchWorkflow: one search message, one on_search. FlowStatus: answering -> answered | undelivered.
- BecknOrderWorkflow: one order (its transaction id, the TransactionId search attribute); its first request starts
  it, each later one arrives as the signal `message` and is answered in the order received. It ends once no request
  came for ORDER_IDLE; a request after that starts the order's next flow (contracts.py ORDER_OPEN_FOR). FlowStatus:
  answering while a callback waits, answered once each went out. A cancel is first made as the rider's own move
  (withdraw_seat, an Update of their request's flow), then answered. What became of a confirmed order (the host's
  answer, the trip's cancellation, start and end) arrives as the signal `news` and is told, unsolicited, in its
  turn.
"""

from datetime import timedelta

from temporalio import workflow
from temporalio.exceptions import ActivityError

with workflow.unsafe.imports_passed_through():
    from workflows.beckn.contracts import (
        ANSWERED,
        ANSWERING,
        CANCEL,
        ORDER_IDLE,
        BecknOrderStart,
        BecknRequest,
        BecknSteps,
        OrderNews,
    )
    from workflows.flow import FLOW_STATUS
    from workflows.policies import DELIVERY_RETRY, PATIENT_RETRY, STEP_TIMEOUT
    from workflows.steps import short_step
    from workflows.waiting import until

UNDELIVERED = "undelivered"
# The change that makes a cancel the rider's own move before its answer; an order's history from before it replays
# without the move.
RIDER_CANCELS = "rider-cancels"
# How long a search's answer is worth sending: a buyer app shows a search's catalog for a moment only.
SEARCH_ANSWER_PATIENCE = timedelta(minutes=10)
# How long an order's answer keeps trying: a buyer app down for longer is support's to follow.
ORDER_ANSWER_PATIENCE = timedelta(days=1)


async def answer(request: BecknRequest | OrderNews, patience: timedelta) -> bool:
    """Keeps the request's callback (or the order's news) and sends it; False when it could not be delivered within
    the patience."""
    if isinstance(request, BecknRequest) and request.action == CANCEL and workflow.patched(RIDER_CANCELS):
        await workflow.execute_activity_method(
            BecknSteps.withdraw_seat, request, start_to_close_timeout=STEP_TIMEOUT, retry_policy=PATIENT_RETRY
        )
    if isinstance(request, OrderNews):
        callback_id = await short_step(
            BecknSteps.keep_news, request, start_to_close=STEP_TIMEOUT, retry_policy=PATIENT_RETRY
        )
    else:
        callback_id = await short_step(
            BecknSteps.keep_answer, request, start_to_close=STEP_TIMEOUT, retry_policy=PATIENT_RETRY
        )
    if callback_id is None:
        return True
    try:
        await workflow.execute_activity_method(
            BecknSteps.send_callback,
            callback_id,
            start_to_close_timeout=STEP_TIMEOUT,
            schedule_to_close_timeout=patience,
            retry_policy=DELIVERY_RETRY,
        )
    except ActivityError:
        return False
    return True


@workflow.defn
class BecknSearchWorkflow:
    @workflow.run
    async def run(self, request: BecknRequest) -> str:
        """Answers what became of the search's on_search: answered or undelivered."""
        outcome = ANSWERED if await answer(request, SEARCH_ANSWER_PATIENCE) else UNDELIVERED
        workflow.upsert_search_attributes([FLOW_STATUS.value_set(outcome)])
        return outcome


@workflow.defn
class BecknOrderWorkflow:
    @workflow.init
    def __init__(self, start: BecknOrderStart) -> None:
        self._waiting: list[BecknRequest | OrderNews] = [start.first]
        self._heard = {start.first.request_id}
        self._news_heard: set[str] = set()
        self._answered = 0

    @workflow.run
    async def run(self, start: BecknOrderStart) -> int:
        """Answers each request of the order as it comes; ends ORDER_IDLE after the last. Returns how many were
        answered."""
        while await until(lambda: bool(self._waiting), ORDER_IDLE.total_seconds()):
            workflow.upsert_search_attributes([FLOW_STATUS.value_set(ANSWERING)])
            request = self._waiting.pop(0)
            if await answer(request, ORDER_ANSWER_PATIENCE):
                self._answered += 1
            if not self._waiting:
                workflow.upsert_search_attributes([FLOW_STATUS.value_set(ANSWERED)])
        return self._answered

    @workflow.signal
    def message(self, request: BecknRequest) -> None:
        """A later request of the order, kept by the API; a signal delivered twice is heard once."""
        if request.request_id not in self._heard:
            self._heard.add(request.request_id)
            self._waiting.append(request)

    @workflow.signal
    def news(self, news: OrderNews) -> None:
        """What became of the order (the host's answer), told unsolicited after the requests waiting before it; the
        same news delivered twice is told once."""
        if news.message_id not in self._news_heard:
            self._news_heard.add(news.message_id)
            self._waiting.append(news)

    @workflow.query
    def answered(self) -> int:
        return self._answered
