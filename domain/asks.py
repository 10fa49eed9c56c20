"""How often one person may ask something of one trip in a day: requests to join it and questions to its host
(settings join_requests_per_trip_per_day and questions_per_trip_per_day). So nobody can flood a host with request
and withdrawal cycles, or with questions.

The count is kept in PostgreSQL, one row a person, trip and kind (TripAskWindow), counted up by one statement that
locks its row, so asks made at the same time on any API process cannot pass the cap together. It is counted in the
transaction that makes the ask: an ask refused, by the cap or for any other reason, is rolled back with it and
counts nothing, and an ask over the cap changes nothing. The day begins at the first ask and lasts 24 hours.
"""

from datetime import timedelta
from enum import StrEnum

from sqlalchemy import BigInteger, bindparam, case
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain import clock
from domain.compiled_query import CompiledQuery
from domain.db import session_driver_connection
from domain.models import TripAskWindow

DAY = timedelta(hours=24)


class AskKind(StrEnum):
    JOIN_REQUEST = "join_request"
    QUESTION = "question"


_WINDOW = TripAskWindow.__table__
_ASKING = insert(TripAskWindow).values(
    user_id=bindparam("user_id", type_=BigInteger),
    trip_id=bindparam("trip_id", type_=BigInteger),
    kind=bindparam("kind"),
    window_started_at=bindparam("now"),
    asks=1,
)
_IN_DAY = _WINDOW.c.window_started_at > bindparam("day_began")
# The ask counted: one more in the day under way, or the first of a new day.
_COUNT = CompiledQuery(
    _ASKING.on_conflict_do_update(
        index_elements=[_WINDOW.c.user_id, _WINDOW.c.trip_id, _WINDOW.c.kind],
        set_={
            "asks": case((_IN_DAY, _WINDOW.c.asks + 1), else_=1),
            "window_started_at": case((_IN_DAY, _WINDOW.c.window_started_at), else_=_ASKING.excluded.window_started_at),
        },
    ).returning(_WINDOW.c.asks),
    prepared=True,
)


async def count_ask(session: AsyncSession, kind: AskKind, user_id: int, trip_id: int, per_day: int) -> bool:
    """Counts one ask in the caller's transaction; False when the day's asks of this kind were already used up, and
    the caller then refuses the ask (rolling the count back with it)."""
    now = clock.now()
    connection = await session_driver_connection(session)
    counted = await _COUNT.rows(
        connection,
        {"user_id": user_id, "trip_id": trip_id, "kind": kind.value, "now": now, "day_began": now - DAY},
    )
    return bool(counted) and counted[0][0] <= per_day
