"""Stores notifications for the notification list (SPEC §2 Notifications) and pushes them; every flow sends
through here.

Each notification carries a dedupe key naming the event and the recipient, so an activity that is retried or
replayed after a crash stores (and pushes) nothing twice.
"""

from collections.abc import Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from domain.notifications import NotificationDraft, burst_key, store_notifications
from workflows.push.contracts import push_start


async def notify(session: AsyncSession, drafts: Sequence[NotificationDraft]) -> int:
    """Stores the drafts not stored before, each pushed after the commit; answers how many were new."""
    return await store_notifications(session, drafts, push_start)


__all__ = ["NotificationDraft", "burst_key", "notify"]
