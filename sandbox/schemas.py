from datetime import datetime
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, Field, field_validator

from domain.providers.beckn.signing import public_key_from_text
from domain.rules import patterns


class SentSms(BaseModel):
    mobile_number: str
    message: str
    code: str | None
    created_at: datetime


# The sandbox SMS gateway speaks the gateway protocol of domain/providers/sms.py.
class SmsGatewayMessage(BaseModel):
    to: str = Field(pattern=r"^\+91" + patterns.PHONE.removeprefix("^"), description="+91 and the mobile number")
    sender: str = Field(min_length=1, max_length=20)
    message: str = Field(min_length=1, max_length=500)
    reference: str | None = Field(
        default=None, max_length=80, description="the sender's idempotency reference: sent again, kept once"
    )


class SmsGatewayReceipt(BaseModel):
    message_id: str


# The sandbox KYC vendor speaks HyperVerge's field names and answer shapes.
class VendorLogin(BaseModel):
    appId: str = Field(max_length=100)
    appKey: str = Field(max_length=200)
    expiry: int = Field(default=3600, ge=60, le=86_400)


class VendorStart(BaseModel):
    workflowId: str = Field(min_length=1, max_length=100)
    transactionId: str = Field(min_length=1, max_length=80)
    redirectUrl: str = Field(pattern=r"^https?://[^\s]+$", max_length=1000)


class VendorResultsQuery(BaseModel):
    transactionId: str = Field(min_length=1, max_length=80)


class VendorResults(BaseModel):
    transactionId: str
    workflowId: str
    applicationStatus: str


class VendorToken(BaseModel):
    token: str


class VendorStartUrl(BaseModel):
    startKycUrl: str


Result = TypeVar("Result", bound=BaseModel)


class VendorAnswer(BaseModel, Generic[Result]):
    status: Literal["success"] = "success"
    statusCode: int = 200
    result: Result


class VendorFailure(BaseModel):
    status: Literal["failure"]
    statusCode: int
    error: str


class SandboxKycChoice(BaseModel):
    outcome: Literal["auto_approved", "auto_declined", "needs_review", "user_cancelled", "error"]


class SandboxKycReview(BaseModel):
    decision: Literal["approved", "rejected"]


class SandboxKycTransactionView(BaseModel):
    transaction_id: str
    application_status: str
    redirect_url: str = Field(description="where the widget returns the person, with transactionId and status")


class SandboxKycReviewed(SandboxKycTransactionView):
    webhook_status: int = Field(description="the app's answer to the signed webhook (0 when unreachable)")


# The sandbox LinkedIn speaks OAuth 2.0 and OpenID Connect's names and answer shapes.
class SandboxConsent(BaseModel):
    response_type: str = Field(max_length=20)
    client_id: str = Field(max_length=100)
    redirect_uri: str = Field(max_length=1000)
    state: str = Field(max_length=200)
    scope: str = Field(default="openid", max_length=200)
    code_challenge: str = Field(min_length=43, max_length=128)
    code_challenge_method: str = Field(max_length=10)
    member_name: str = Field(default="Sandbox Member", min_length=1, max_length=100)


class SandboxConsentDecision(SandboxConsent):
    decision: Literal["allow", "deny"]


class OidcTokenRequest(BaseModel):
    grant_type: str = Field(max_length=40)
    code: str = Field(max_length=512)
    redirect_uri: str = Field(max_length=1000)
    client_id: str = Field(max_length=100)
    client_secret: str = Field(max_length=200)
    code_verifier: str = Field(min_length=43, max_length=128)


class OidcToken(BaseModel):
    access_token: str
    token_type: str
    expires_in: int
    scope: str


class OidcFailure(BaseModel):
    error: str
    error_description: str


class OidcClaims(BaseModel):
    sub: str
    name: str
    email: str
    email_verified: bool
    profile: str


# The sandbox cab aggregator speaks the aggregator protocol of domain/providers/cab.py.
class AggregatorPlace(BaseModel):
    name: str = Field(max_length=200)
    lat: float = Field(ge=-90, le=90)
    lng: float = Field(ge=-180, le=180)


class AggregatorRide(BaseModel):
    trip_id: int = Field(ge=1, le=2**62)
    category: Literal["hatchback", "sedan", "suv"]
    pickup: AggregatorPlace
    drop: AggregatorPlace
    stops: list[AggregatorPlace] = Field(default_factory=list, max_length=3)
    pickup_time: str = Field(default="", max_length=40)


class AggregatorBookingRequest(AggregatorRide):
    reference: str = Field(min_length=1, max_length=80)
    vendor_code: str = Field(min_length=1, max_length=40)
    callback_url: str = Field(pattern=r"^https?://[^\s]+$", max_length=1000)


class AggregatorCancel(BaseModel):
    reason: str | None = Field(default=None, max_length=300)


class AggregatorQuote(BaseModel):
    vendor_code: str
    vendor_name: str
    logo_url: str | None
    category: str
    total_fare: float
    fare_breakup: dict[str, float]
    stop_fares: list[float]
    eta_minutes: int


class AggregatorQuotes(BaseModel):
    quotes: list[AggregatorQuote]


class AggregatorBooking(BaseModel):
    booking_id: str
    reference: str
    status: str
    driver: dict[str, str] | None = None
    vehicle: dict[str, str] | None = None


class AggregatorFailure(BaseModel):
    error: str


class SandboxCabEvent(BaseModel):
    event: Literal["confirm", "no_driver", "vendor_cancel"]


class SandboxCabEventSent(BaseModel):
    booking_id: str
    status: str
    webhook_status: int = Field(description="the app's answer to the signed webhook (0 when unreachable)")


# The sandbox network registry speaks the registry protocol of domain/providers/beckn/registry.py (ONDC's field names).
# A subscriber id or key id is printable ASCII without spaces or "|" (a signature's keyId is the two joined by it).
REGISTRY_ID = r"^[!-{}~]+$"


class RegistrySubscribe(BaseModel):
    subscriber_id: str = Field(min_length=1, max_length=200, pattern=REGISTRY_ID)
    subscriber_url: str = Field(pattern=r"^https?://[!-~]+$", max_length=1000)
    type: Literal["BAP", "BG"] = Field(description="a buyer app, or a gateway that forwards to the providers")
    domain: Literal["ONDC:TRV10"]
    signing_public_key: str = Field(
        min_length=1, max_length=100, description="base64 of the participant's 32-byte ed25519 public key"
    )
    unique_key_id: str = Field(min_length=1, max_length=200, pattern=REGISTRY_ID)

    @field_validator("signing_public_key")
    @classmethod
    def ed25519_public_key(cls, key: str) -> str:
        try:
            public_key_from_text(key)
        except ValueError:
            raise ValueError("not an ed25519 public key (base64 of its 32 raw bytes)") from None
        return key


class RegistrySubscribed(BaseModel):
    status: Literal["SUBSCRIBED"]


class RegistryLookup(BaseModel):
    """What to look up: every subscription that matches each field given."""

    subscriber_id: str | None = Field(default=None, max_length=200, pattern=REGISTRY_ID)
    unique_key_id: str | None = Field(default=None, max_length=200, pattern=REGISTRY_ID)
    type: Literal["BAP", "BPP", "BG"] | None = None
    domain: str | None = Field(default=None, max_length=100, pattern=REGISTRY_ID)


# The actions the sandbox buyer app sends Humsafar (TRV10's, each answered by its on_{action}).
BuyerAction = Literal["search", "select", "init", "confirm", "status", "cancel", "track", "rating", "support"]


class BuyerSend(BaseModel):
    """A request for the sandbox buyer app to sign and send to Humsafar's /beckn/{action}: its `message` as TRV10
    has it; a new transaction unless `transaction_id` continues one (a select after its search, ...)."""

    action: BuyerAction
    transaction_id: str | None = Field(default=None, min_length=1, max_length=100, pattern=r"^[!-~]+$")
    message: dict[str, Any]


class BuyerSent(BaseModel):
    """What Humsafar answered at once: its HTTP status and its ACK or NACK."""

    transaction_id: str
    message_id: str
    status_code: int
    answer: dict[str, Any]


class BuyerCallback(BaseModel):
    """A callback the sandbox buyer app received and verified (signed by `signed_by`, as the registry lists the key),
    and how many times it came."""

    transaction_id: str
    message_id: str
    action: str
    signed_by: str
    deliveries: int
    received_at: datetime
    body: dict[str, Any]
