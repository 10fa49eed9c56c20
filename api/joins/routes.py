"""Joining a trip (SPEC §4 passenger transitions, §5, §8): requests, host decisions, members leaving.

Each request is a JoinRequestWorkflow; decisions and member actions reach it as Workflow Updates, so the caller
gets the new status, or the reason it was refused, at once.
"""

from fastapi import APIRouter

from api.deps import CurrentUser, SessionDep, SessionMakerDep, SettingsDep, TemporalDep
from api.joins.schemas import HostAction, JoinRequestCreate, PassengerAction, StillComing
from api.joins.service import moves
from api.joins.service.requests import ask_to_join
from api.joins.service.still_coming import keep_seat
from api.openapi import refusals
from domain.envelope import MessageOnly, done
from domain.rules import messages

router = APIRouter(prefix="/trip/user", tags=["join"])


@router.post("", responses=refusals(403, 404, 409, 429))
async def request_to_join(
    body: JoinRequestCreate, user: CurrentUser, session: SessionDep, settings: SettingsDep
) -> MessageOnly:
    await ask_to_join(session, settings, user, body)
    return done(messages.JOIN_REQUEST_SENT)


@router.put("/host/{member_id}", responses=refusals(403, 404, 409))
async def decide_as_host(
    member_id: int,
    body: HostAction,
    user: CurrentUser,
    session: SessionDep,
    temporal: TemporalDep,
    session_maker: SessionMakerDep,
) -> MessageOnly:
    return done(await moves.decide_as_host(session, moves.Flows(temporal, session_maker), user, member_id, body))


@router.put("/passenger", responses=refusals(404, 409))
async def act_as_passenger(
    body: PassengerAction, user: CurrentUser, session: SessionDep, temporal: TemporalDep, session_maker: SessionMakerDep
) -> MessageOnly:
    return done(await moves.act_as_passenger(session, moves.Flows(temporal, session_maker), user, body))


@router.put("/still-coming", responses=refusals(400, 403, 404, 409))
async def keep_my_seat(body: StillComing, user: CurrentUser, session: SessionDep) -> MessageOnly:
    """An active member asked "Still coming?" after the host moved the trip by more than half an hour keeps their
    seat; leaving from then on counts as any leaving does."""
    await keep_seat(session, user, body.trip_id)
    return done(messages.STILL_COMING_KEPT)
