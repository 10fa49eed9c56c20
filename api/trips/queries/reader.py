"""The trip reads (search, Trips Around You, one trip, the viewer's tabs), the busiest calls, each one statement that
also checks the reader's session.

A statement for the viewer (`for_the_viewer`) reads the live session named by the cookie's hash and, laterally joined
to it, the trips it finds for that viewer (`VIEWER_ID` inside it is the session's user). No session, no row: the call
is refused 401. A session and no trips: one row whose trip columns are NULL. So a search costs one round trip to
PostgreSQL, not a session lookup and then the search, and the session is checked by the very statement that reads.

The statements run on a pooled connection's psycopg connection (domain/db.py driver_connection), compiled once
(domain/compiled_query.py); only trips with questions cost one more statement."""

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any

import psycopg
from fastapi import Depends, Request
from sqlalchemy import (
    ARRAY,
    BigInteger,
    ColumnElement,
    LargeBinary,
    Select,
    any_,
    bindparam,
    select,
    true,
)
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.orm import aliased
from sqlalchemy.sql.selectable import LateralFromClause

from api.errors import refuse
from api.security.cookies import session_cookie_name
from api.security.hashing import token_hash
from api.security.sessions import live_session
from api.trips.queries.rows import TripRow
from api.trips.queries.views import QuestionRow, SearchPoint, View, build_views
from domain.compiled_query import CompiledQuery
from domain.db import driver_connection
from domain.i18n.reading import note_profile_language
from domain.models import AuthSession, TripQuery, User
from domain.rules import messages
from domain.rules.refusal import unauthenticated
from domain.settings import Settings

# The user's row only for the language the trips' words are said in (a lookup by primary key): deleting an account
# revokes its sessions in the same transaction (api/users/service.py delete_account), so a live session's user is
# never deleted.
_VIEWER = (
    select(AuthSession.user_id.label("viewer_id"), User.language.label("viewer_language"))
    .outerjoin(User, User.id == AuthSession.user_id)
    .where(*live_session(bindparam("token_hash", type_=LargeBinary)))
    .subquery("viewer")
)
VIEWER_ID: ColumnElement[int] = _VIEWER.c.viewer_id
"""The signed-in viewer's id, inside a statement given to for_the_viewer."""


def for_the_viewer(
    found: Select[Any],
    order_by: Callable[[LateralFromClause], Iterable[ColumnElement[Any]]] = lambda _: (),
    *,
    prepared: bool = False,
    also: tuple[str, ...] = (),
) -> CompiledQuery:
    """The viewer's id, then each trip `found` selects (TripRow's columns, then those named in `also`, and any it
    orders by) and the viewer's profile language, in the order order_by gives from found's columns."""
    trips = found.lateral("found")
    return CompiledQuery(
        select(VIEWER_ID, *(trips.c[name] for name in (*TripRow._fields, *also)), _VIEWER.c.viewer_language)
        .select_from(_VIEWER.outerjoin(trips, true()))
        .order_by(*order_by(trips)),
        prepared=prepared,
    )


# Where TripRow's columns end in a row for_the_viewer selects (after the viewer's id).
_TRIP_END = 1 + len(TripRow._fields)

_ANSWERER = aliased(User)
_QUESTIONS = CompiledQuery(
    select(
        TripQuery.trip_id,
        TripQuery.id,
        TripQuery.question,
        TripQuery.created_at,
        TripQuery.answer,
        TripQuery.answered_at,
        User.id,
        User.name,
        User.small_image_key,
        _ANSWERER.id,
        _ANSWERER.name,
        _ANSWERER.small_image_key,
    )
    .join(User, User.id == TripQuery.created_by_id)
    .outerjoin(_ANSWERER, _ANSWERER.id == TripQuery.answered_by_id)
    .where(TripQuery.trip_id == any_(bindparam("trip_ids", type_=ARRAY(BigInteger))))
    .order_by(TripQuery.created_at)
)


async def _questions(db: psycopg.AsyncConnection[Any], trips: Sequence[TripRow]) -> list[QuestionRow]:
    with_questions = [trip.id for trip in trips if trip.has_questions]
    if not with_questions:  # most trips have none: then this second round trip is skipped
        return []
    return [QuestionRow._make(row) for row in await _QUESTIONS.rows(db, {"trip_ids": with_questions})]


@dataclass(frozen=True)
class TripReader:
    """Reads trips for the reader whose session cookie hashes to token_hash; settings for the searches' radius."""

    token_hash: bytes
    engine: AsyncEngine
    settings: Settings

    async def views(
        self, query: CompiledQuery, values: Mapping[str, object], point: SearchPoint | None = None
    ) -> list[View]:
        """The trips a statement for_the_viewer finds, as the viewer sees them."""
        return (await self.found(query, values, point))[0]

    async def found(
        self, query: CompiledQuery, values: Mapping[str, object], point: SearchPoint | None = None
    ) -> tuple[list[View], dict[int, tuple[Any, ...]]]:
        """The trips a statement for_the_viewer finds, as the viewer sees them, and by trip id the columns the
        statement selected `also`, in their order."""
        async with driver_connection(self.engine) as db:
            rows = await query.rows(db, {**values, "token_hash": self.token_hash})
            if not rows:
                refuse(unauthenticated(messages.LOGIN_REQUIRED))
            trips = [TripRow._make(row[1:_TRIP_END]) for row in rows if row[1] is not None]
            questions = await _questions(db, trips)
        note_profile_language(rows[0][-1])
        also = {row[1]: row[_TRIP_END:-1] for row in rows if row[1] is not None}
        return build_views(trips, questions, rows[0][0], self.settings, point), also


async def get_trip_reader(request: Request) -> TripReader:
    """Not a yielding dependency (FastAPI spends about 0.1 ms of CPU on one): each read takes a connection for just
    its statements."""
    token = request.cookies.get(session_cookie_name(request))
    if not token:
        refuse(unauthenticated(messages.LOGIN_REQUIRED))
    state = request.app.state
    return TripReader(token_hash(token), state.reading_engine, state.settings)


TripReaderDep = Annotated[TripReader, Depends(get_trip_reader)]
