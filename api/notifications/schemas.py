from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

EntityType = Literal["request", "trip", "query", "chat", "review", "profile"]
BASE64URL = r"^[A-Za-z0-9_-]+={0,2}$"


class NotificationSender(BaseModel):
    id: int | None
    image: str | None
    name: str | None = Field(default=None, description="the sender's name, so the app can open their profile")
    booked_through: str | None = Field(
        description="a network rider's buyer app (its ONDC subscriber id), which booked a seat for them: they have no "
        "profile in the app to open. Null for the app's own people and the app's own notices; a network rider's phone "
        "is never shown",
    )


class NotificationPublic(BaseModel):
    """SPEC §3 Notification. A push carries the same shape, so a tap on either goes to the same screen."""

    id: int
    title: str
    message: str
    timestamp: datetime
    sender: NotificationSender
    entity_type: EntityType
    entity_id: str


class PushKeys(BaseModel):
    p256dh: str = Field(min_length=80, max_length=200, pattern=BASE64URL)
    auth: str = Field(min_length=16, max_length=100, pattern=BASE64URL)


class PushSubscriptionKeys(BaseModel):
    """A browser's PushSubscription as its toJSON() gives it."""

    endpoint: str = Field(min_length=8, max_length=2000)
    keys: PushKeys


class PushSubscriptionCreate(PushSubscriptionKeys):
    os: Literal["ios", "android"] | None = None
    device_id: str | None = Field(default=None, max_length=100)


class PushSubscriptionRefresh(BaseModel):
    """The device's current subscription, and the one it replaces when the browser renewed it."""

    subscription: PushSubscriptionKeys
    old_endpoint: str | None = Field(default=None, max_length=2000)
    os: Literal["ios", "android"] | None = None
    device_id: str | None = Field(default=None, max_length=100)


class PushSubscriptionDelete(BaseModel):
    endpoint: str = Field(max_length=2000)
