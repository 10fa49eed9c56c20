"""Stores notifications for the notification list (SPEC §2 Notifications) and pushes them; every flow sends
through here.

Each notification carries a dedupe key naming the event and the recipient, so an activity that is retried or
replayed after a crash stores (and pushes) nothing twice.
"""

from domain.notifications import NotificationDraft, PushStarter, store_notifications

__all__ = ["NotificationDraft", "PushStarter", "store_notifications"]
