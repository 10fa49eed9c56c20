"""A host's commute series (recurring trips made by a Temporal Schedule)."""

from fastapi import APIRouter

from api.commute.schemas import CommuteCreate, CommuteCreated, CommuteSeries
from api.commute.service import commutes_of, start_commute, stop_commute
from api.deps import CurrentUser, MapsDep, SessionDep, SettingsDep
from api.maps.service import check_trip_ends
from api.openapi import refusals
from domain.envelope import Envelope, MessageOnly, done, ok
from domain.rules import messages

router = APIRouter(prefix="/trip/recurring", tags=["commute"])


@router.post("")
async def create_commute(
    body: CommuteCreate, user: CurrentUser, session: SessionDep, maps: MapsDep
) -> Envelope[CommuteCreated]:
    """The same trip on the given weekdays, its trips kept created COMMUTE_HORIZON_DAYS ahead."""
    await check_trip_ends(session, maps, body.origin, body.destination)
    series = await start_commute(session, user, body)
    return ok(CommuteCreated(series_id=series.id), messages.COMMUTE_CREATED)


@router.get("")
async def list_commutes(user: CurrentUser, session: SessionDep) -> Envelope[list[CommuteSeries]]:
    return ok(await commutes_of(session, user))


@router.delete("/{series_id}", responses=refusals(404))
async def stop(series_id: int, user: CurrentUser, session: SessionDep, settings: SettingsDep) -> MessageOnly:
    """Stops the series: no more trips; its upcoming trips nobody joined are cancelled."""
    await stop_commute(session, settings, user, series_id)
    return done(messages.COMMUTE_STOPPED)
