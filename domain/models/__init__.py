"""All ORM models, in one package so Alembic and the app see the same metadata."""

from domain.models.asks import TripAskWindow
from domain.models.auth import AuthSession, OtpChallenge
from domain.models.base import Base
from domain.models.beckn import BecknCallback, BecknMessage
from domain.models.cab import CabBooking, TripCabPlan
from domain.models.chat import ChatDocument, ChatMessage, ChatReadMark
from domain.models.ends import TripEnd
from domain.models.flows import FlowOutboxEntry
from domain.models.join_notes import JoinNote
from domain.models.kyc import KycVerification
from domain.models.linkedin import LinkedInState
from domain.models.media import ProfileImageUploadWindow
from domain.models.network_orders import NetworkOrder
from domain.models.push import PushSubscription
from domain.models.review import TripReview
from domain.models.safety import (
    EmergencyContact,
    EmergencyContactNotice,
    EmergencyContactSaves,
    SafetyIncident,
    SafetyIncidentContact,
    SafetySms,
    SmsDailyCount,
    TripShare,
)
from domain.models.series import TripSeries
from domain.models.trip import (
    Notification,
    Place,
    Trip,
    TripCompletion,
    TripPassenger,
    TripQuery,
    UserBlock,
)
from domain.models.user import Feedback, ReliabilityRecord, User, UserTripsInsights
from domain.models.webhooks import WebhookDelivery

__all__ = [
    "AuthSession",
    "Base",
    "BecknCallback",
    "BecknMessage",
    "CabBooking",
    "ChatDocument",
    "ChatMessage",
    "ChatReadMark",
    "EmergencyContact",
    "EmergencyContactNotice",
    "EmergencyContactSaves",
    "Feedback",
    "FlowOutboxEntry",
    "JoinNote",
    "KycVerification",
    "LinkedInState",
    "NetworkOrder",
    "Notification",
    "OtpChallenge",
    "Place",
    "ProfileImageUploadWindow",
    "PushSubscription",
    "ReliabilityRecord",
    "SafetyIncident",
    "SafetyIncidentContact",
    "SafetySms",
    "SmsDailyCount",
    "Trip",
    "TripAskWindow",
    "TripCabPlan",
    "TripCompletion",
    "TripEnd",
    "TripPassenger",
    "TripQuery",
    "TripReview",
    "TripSeries",
    "TripShare",
    "User",
    "UserBlock",
    "UserTripsInsights",
    "WebhookDelivery",
]
