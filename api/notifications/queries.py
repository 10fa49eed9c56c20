"""The notification list (SPEC §2 Notifications, §7 notification history): a window of at most ten days, newest
first."""

from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import refuse
from api.media.service import media_url
from api.notifications.schemas import NotificationPublic, NotificationSender
from domain import clock
from domain.i18n.reading import reading_language
from domain.models import Notification, User
from domain.notifications import notice_words
from domain.rules import limits, messages
from domain.rules.notices import ABOUT_ALL
from domain.rules.refusal import invalid

WINDOW = timedelta(days=limits.NOTIFICATION_WINDOW_DAYS)
# Clocks of phones drift; a window a little over ten days is still one window.
WINDOW_SLACK = timedelta(minutes=5)
# A guard against an account flooded with notifications; far more than a person reads in ten days.
MAX_PER_WINDOW = 500


def _entity_types(text: str | None) -> list[str]:
    if not text:
        return list(ABOUT_ALL)
    chosen = [part.strip() for part in text.split(",") if part.strip()]
    if not chosen or any(kind not in ABOUT_ALL for kind in chosen):
        refuse(invalid(messages.NOTIFICATION_TYPE_INVALID))
    return chosen


async def notification_history(
    session: AsyncSession, user: User, entity_types: str | None, start: datetime | None, end: datetime | None
) -> list[NotificationPublic]:
    """The user's notifications of these kinds (comma-separated; all when None) from start (inclusive) to end
    (exclusive); the last ten days when no window is given."""
    kinds = _entity_types(entity_types)
    end = end or clock.now()
    start = start or end - WINDOW
    if start.tzinfo is None or end.tzinfo is None or start > end or end - start > WINDOW + WINDOW_SLACK:
        refuse(invalid(messages.NOTIFICATION_WINDOW_INVALID))
    rows = await session.execute(
        select(Notification, User.small_image_key, User.name, User.network_bap_id)
        .outerjoin(User, User.id == Notification.sender_id)
        .where(
            Notification.recipient_id == user.id,
            Notification.created_at >= start,
            Notification.created_at < end,
            Notification.entity_type.in_(kinds),
        )
        .order_by(Notification.created_at.desc(), Notification.id.desc())
        .limit(MAX_PER_WINDOW)
    )
    language = reading_language()
    listed = []
    for notification, image_key, name, booked_through in rows:
        title, message = notice_words(
            notification.kind, notification.params, notification.title, notification.message, language
        )
        listed.append(
            NotificationPublic(
                id=notification.id,
                title=title,
                message=message,
                timestamp=notification.created_at,
                sender=NotificationSender(
                    id=notification.sender_id, image=media_url(image_key), name=name, booked_through=booked_through
                ),
                entity_type=notification.entity_type,
                entity_id=notification.entity_id,
            )
        )
    return listed
