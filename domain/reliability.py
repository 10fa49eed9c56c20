"""Keeps a person's reliability record (domain/rules/reliability.py): each event once, and its count on their
trip insights in the same transaction."""

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.models import ReliabilityRecord, UserTripsInsights
from domain.rules.reliability import ReliabilityEvent

COUNTERS = {ReliabilityEvent.LATE_CANCELLATION: "late_cancellations", ReliabilityEvent.NO_SHOW: "no_shows"}


async def record_reliability(session: AsyncSession, user_id: int, trip_id: int, event: ReliabilityEvent) -> bool:
    """Records the event; False when it was recorded before (nothing is counted twice)."""
    recorded = await session.scalar(
        insert(ReliabilityRecord)
        .values(user_id=user_id, trip_id=trip_id, kind=event)
        .on_conflict_do_nothing(index_elements=["user_id", "trip_id", "kind"])
        .returning(ReliabilityRecord.id)
    )
    if recorded is None:
        return False
    counter = COUNTERS[event]
    statement = insert(UserTripsInsights).values(user_id=user_id, **{counter: 1})
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=[UserTripsInsights.user_id],
            set_={counter: getattr(UserTripsInsights, counter) + 1},
        )
    )
    return True
