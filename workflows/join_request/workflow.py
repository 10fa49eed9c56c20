"""A request to join a trip, from the ask to the host's answer and, for a member, on to departure.

The API inserts (or renews) the passenger row and hands this flow's start to the flow outbox in the same
transaction, so the flow starts after the commit and finds the row; a row gone by then ends the flow as discarded.
While the request is pending the host may approve or reject it and the requester may revoke it; an active member
may leave or be removed until departure. Each of these is an Update: its validator refuses what the flow's state
does not allow, and its handler applies the change in one activity under the trip's row lock and answers the new
status, or refuses with the product's message (the moves and their refusals: domain/rules/join.py). Updates take
turns, so two answers never interleave. A move's note comes as the id of its row, which the activity reads.

While pending, the host is nudged every nudge interval; at departure a pending request expires and a member's
flow ends. The database is the truth: every refusal carries what it holds, and the flow catches up with it, so a
trip moved later re-arms the departure, one moved earlier is noticed at the next check, and a trip found
cancelled ends the flow (its own flow tells the people). FlowStatus: requested -> active -> left | removed |
travelled, or requested -> rejected | revoked | expired; cancelled; discarded for a request gone before it was opened.
"""

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from temporalio import workflow
from temporalio.exceptions import ActivityError, ApplicationError

with workflow.unsafe.imports_passed_through():
    from domain.rules.join import OPEN, TRANSITIONS, FlowEnd, Move, PassengerStatus, move_refusal
    from domain.rules.trip import TripStatus
    from workflows.flow import FLOW_STATUS
    from workflows.join_request.contracts import HostNudge, JoinAction, JoinMove, JoinRequest, JoinRequestSteps
    from workflows.policies import ANSWER_RETRY, PATIENT_RETRY, STEP_TIMEOUT
    from workflows.steps import short_step
    from workflows.waiting import sleep_until, utc_moment

REQUESTED = PassengerStatus.REQUESTED
EXPIRED = PassengerStatus.EXPIRED
TRAVELLED = FlowEnd.TRAVELLED
CANCELLED = FlowEnd.CANCELLED
DISCARDED = FlowEnd.DISCARDED

# Each nudge adds about ten events; this keeps a request that waits for years well inside a history's limits.
MAX_NUDGES = 1000


def _refusal_of(error: ActivityError) -> ApplicationError | None:
    """The activity's refusal with the database's facts, or None for any other failure (a timeout)."""
    cause = error.cause
    if isinstance(cause, ApplicationError) and cause.details and isinstance(cause.details[0], dict):
        return cause
    return None


@workflow.defn
class JoinRequestWorkflow:
    @workflow.init
    def __init__(self, request: JoinRequest) -> None:
        self._request = request
        self._status: str = REQUESTED
        self._opened = False
        # Unknown until the request is opened; no timer is armed before then.
        self._departure = datetime.max.replace(tzinfo=UTC)
        self._pending_since: datetime | None = None
        self._nudges_sent = 0
        self._changes = 0
        self._turn = asyncio.Lock()

    @workflow.run
    async def run(self, request: JoinRequest) -> str:
        departure = await self._open()
        if departure is None:
            self._change(DISCARDED)
        else:
            self._move_departure(departure)
            self._pending_since = workflow.now()
        self._opened = True
        await self._follow()
        await workflow.wait_condition(workflow.all_handlers_finished)
        return self._status

    @workflow.query
    def status(self) -> str:
        return self._status

    @workflow.query
    def departure(self) -> str | None:
        """The departure the timer is armed for, for support staff comparing it with the database; None until the
        request is opened."""
        return self._departure.isoformat() if self._opened and self._status != DISCARDED else None

    @workflow.update
    async def approve(self, action: JoinAction) -> str:
        return await self._answer(Move.APPROVE, action)

    @approve.validator
    def validate_approve(self, action: JoinAction) -> None:
        self._check(Move.APPROVE, action)

    @workflow.update
    async def reject(self, action: JoinAction) -> str:
        return await self._answer(Move.REJECT, action)

    @reject.validator
    def validate_reject(self, action: JoinAction) -> None:
        self._check(Move.REJECT, action)

    @workflow.update
    async def remove(self, action: JoinAction) -> str:
        return await self._answer(Move.REMOVE, action)

    @remove.validator
    def validate_remove(self, action: JoinAction) -> None:
        self._check(Move.REMOVE, action)

    @workflow.update
    async def revoke(self, action: JoinAction) -> str:
        return await self._answer(Move.REVOKE, action)

    @revoke.validator
    def validate_revoke(self, action: JoinAction) -> None:
        self._check(Move.REVOKE, action)

    @workflow.update
    async def leave(self, action: JoinAction) -> str:
        return await self._answer(Move.LEAVE, action)

    @leave.validator
    def validate_leave(self, action: JoinAction) -> None:
        self._check(Move.LEAVE, action)

    def _check(self, move: Move, action: JoinAction) -> None:
        """Refuses, as the rules say, what the flow's state does not allow; the activity checks the database again."""
        rightful_actor = self._request.host_id if TRANSITIONS[move].by_host else self._request.user_id
        refusal = move_refusal(
            move,
            rightful_actor=action.actor_id == rightful_actor,
            trip_cancelled=self._status == CANCELLED,
            departed=self._status in (EXPIRED, TRAVELLED),
            status=self._status,
        )
        if refusal is not None:
            raise ApplicationError(refusal.message, type=refusal.kind, non_retryable=True)

    async def _answer(self, move: Move, action: JoinAction) -> str:
        await workflow.wait_condition(lambda: self._opened)
        async with self._turn:
            # An answer that waited its turn may find the request already moved on.
            self._check(move, action)
            try:
                status = await short_step(
                    JoinRequestSteps.apply_join_action,
                    JoinMove(self._request.passenger_id, move, action.actor_id, action.note_id, action.note),
                    start_to_close=STEP_TIMEOUT,
                    retry_policy=ANSWER_RETRY,
                )
            except ActivityError as error:
                refusal = _refusal_of(error)
                if refusal is None:
                    raise
                self._catch_up(refusal)
                raise ApplicationError(refusal.message, type=refusal.type, non_retryable=True) from None
            self._change(status)
            return status

    async def _open(self) -> datetime | None:
        try:
            departure = await short_step(
                JoinRequestSteps.open_join_request,
                self._request.passenger_id,
                start_to_close=STEP_TIMEOUT,
                retry_policy=PATIENT_RETRY,
            )
        except ActivityError as error:
            refusal = _refusal_of(error)
            if refusal is None:
                raise
            self._catch_up(refusal)
            return None
        return utc_moment(departure) if departure else None

    async def _follow(self) -> None:
        """Nudges the host while the request waits and closes it at departure, until the request ends."""
        while self._status in OPEN:
            changes = self._changes
            departure = self._departure
            nudge_at = self._next_nudge_at()
            if nudge_at is not None and nudge_at < departure:
                wake_at, departing = nudge_at, False
            else:
                wake_at, departing = departure, True
            if not await sleep_until(wake_at, self._changed_since(changes), "departure" if departing else "nudge"):
                continue
            async with self._turn:
                if self._changes != changes:
                    continue
                if departing:
                    await self._close_at_departure()
                else:
                    await self._nudge()

    def _next_nudge_at(self) -> datetime | None:
        interval = self._request.nudge_interval_seconds
        if self._status != REQUESTED or interval <= 0 or self._pending_since is None or self._nudges_sent >= MAX_NUDGES:
            return None
        return self._pending_since + timedelta(seconds=interval * (self._nudges_sent + 1))

    def _changed_since(self, changes: int) -> Callable[[], bool]:
        """Whether an answer or a new time arrived since the flow counted `changes` of them."""
        return lambda: self._changes != changes

    async def _nudge(self) -> None:
        self._nudges_sent += 1
        interval = timedelta(seconds=self._request.nudge_interval_seconds)
        try:
            departure = await workflow.execute_activity_method(
                JoinRequestSteps.nudge_host,
                HostNudge(self._request.passenger_id, self._nudges_sent),
                start_to_close_timeout=STEP_TIMEOUT,
                # A nudge overtaken by the next one helps nobody; give up on it rather than hold the answers.
                schedule_to_close_timeout=max(interval, STEP_TIMEOUT),
                retry_policy=PATIENT_RETRY,
            )
        except ActivityError as error:
            refusal = _refusal_of(error)
            if refusal is None:
                workflow.logger.warning("join %s: nudge %s not stored", self._request.passenger_id, self._nudges_sent)
            else:
                self._catch_up(refusal)
            return
        self._move_departure(utc_moment(departure))

    async def _close_at_departure(self) -> None:
        pending = self._status == REQUESTED
        try:
            later = await workflow.execute_activity_method(
                JoinRequestSteps.expire_join_request if pending else JoinRequestSteps.confirm_departure,
                self._request.passenger_id,
                start_to_close_timeout=STEP_TIMEOUT,
                retry_policy=PATIENT_RETRY,
            )
        except ActivityError as error:
            refusal = _refusal_of(error)
            if refusal is None:
                raise
            self._catch_up(refusal)
            return
        if later:
            self._move_departure(utc_moment(later))
        else:
            self._change(EXPIRED if pending else TRAVELLED)

    def _catch_up(self, refusal: ApplicationError) -> None:
        """Takes on what the database holds, as the activity's refusal reports it."""
        facts: dict[str, Any] = refusal.details[0]
        if facts.get("trip_status") != TripStatus.ACTIVE:
            self._change(CANCELLED)
            return
        if facts.get("departure"):
            self._move_departure(utc_moment(facts["departure"]))
        passenger_status = facts.get("passenger_status")
        if passenger_status:
            self._change(passenger_status)

    def _move_departure(self, departure: datetime) -> None:
        if departure != self._departure:
            self._departure = departure
            self._changes += 1

    def _change(self, status: str) -> None:
        """Moves the flow on; an ended request stays ended."""
        if status != self._status and self._status in OPEN:
            self._status = status
            self._changes += 1
            workflow.upsert_search_attributes([FLOW_STATUS.value_set(status)])
