"""Every setting has a safe embedded default and an environment variable of the same name in capitals; they are
grouped by the area they serve, and `Settings` has them all."""

import base64
import ipaddress
import os
import re
import secrets
from functools import lru_cache
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from pydantic import Field, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from domain import sandbox as sandbox_vendors
from domain.rules import patterns
from domain.rules.trip import completion_delay_seconds

PROJECT_ROOT = Path(__file__).resolve().parent.parent
# PUBLIC_APP_URL hosts that are this machine: a sandbox there serves nobody else.
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})


class RunSettings(BaseSettings):
    """Where the system runs: its data, its database, Temporal, Redis, its addresses and its secret."""

    data_dir: Path = PROJECT_ROOT / ".data"
    database_url: str | None = None
    temporal_address: str | None = None
    temporal_namespace: str = "default"
    temporal_task_queue: str = "humsafar"
    redis_url: str | None = None
    # Off unless asked for: a deploy that forgets the setting must not serve the sandbox vendors (everyone's codes).
    sandbox: bool = False
    # A sandbox reachable by others (PUBLIC_APP_URL not this machine) is refused unless this says it is a demo server.
    sandbox_public: bool = False
    secret_key: str | None = None

    api_host: str = "127.0.0.1"
    api_port: int = 8000
    temporal_port: int = 7233
    temporal_ui_port: int = 8233
    web_dist_dir: Path = PROJECT_ROOT / "web" / "dist"
    trusted_origins: list[str] = []
    log_level: str = "INFO"
    public_app_url: str = "http://localhost:8000"


class FlowSettings(BaseSettings):
    """The durable flows' outbox and the worker's metrics."""

    # The worker's relay delivers the outbox's entries as each writer's commit announces them, and looks every
    # interval besides: for an entry whose writer died between its commit and its delivery, or unannounced.
    flow_relay_interval_seconds: float = 2.0
    # An outbox entry Temporal refuses this many times is parked for support (docs/operations.md, scripts/outbox.py).
    flow_outbox_max_attempts: int = 20
    # Where the worker serves Prometheus metrics (host:port; none when unset): the Temporal SDK's and the outbox's.
    worker_metrics_address: str | None = None


class SignInSettings(BaseSettings):
    """Sign-in by one-time code (SPEC §1): the codes, their caps, the sessions and the SMS gateway
    (domain/providers/sms.py). Without SMS_GATEWAY_URL the app's own sandbox gateway (/api/sandbox/sms/gateway)
    stands in."""

    otp_length: int = 4
    otp_ttl_seconds: int = 600
    otp_max_tries: int = 5
    otp_resend_seconds: int = 60
    # The caps and budgets below, and the chance of guessing they leave, are reasoned in api/security/otp.py.
    # Wrong codes a number may take in a day (IST) from devices it never signed in on, over all addresses.
    otp_daily_failure_budget: int = 30
    # Wrong codes one address may make on one number in a day (IST), and on any numbers in an hour.
    otp_daily_failures_per_number_per_ip: int = 10
    otp_failures_per_ip_per_hour: int = 10
    # Codes a number may be sent in an hour for each asker (its known device, or one address), and for every
    # address together.
    otp_sends_per_number_per_hour: int = 5
    otp_sends_to_number_per_hour: int = 10
    otp_sends_per_ip_per_hour: int = 30
    # How long a browser that signed in is known to the number's sign-in (api/security/known_devices.py).
    known_device_days: int = 365

    session_ttl_days: int = 30
    access_token_ttl_seconds: int = 900

    sms_gateway_url: str | None = None
    sms_gateway_api_key: str = ""  # a vendor secret (domain/sandbox.py VENDOR_SECRETS)
    sms_sender_id: str = "HMSFAR"


class AppSettings(BaseSettings):
    """What the app is told at start (GET /api/configuration) and where people find support."""

    latest_client_version: str = "1.0.34"
    minimum_client_version: str = "1.0.0"
    current_location_expiry_in_minutes: int = 30
    time_of_day_to_fetch_next_day_trips_in_home: str = "20:00"
    support_email: str = "support@humsafar.in"
    # The external support form (SPEC §2 shell), linked from Contact Us and Help; by default the app's own support page.
    support_form_url: str = "/legal/support.html"
    # New profile pictures a person may send an hour (each is decoded; api/media/service.py ProfileImageUploads).
    profile_image_uploads_per_hour: int = 10


class RouteSettings(BaseSettings):
    """Travel-time estimates for riders along the way (domain/routing.py): the straight line times the circuity
    factor, at a city speed by mode and hour."""

    route_circuity_factor: float = Field(default=1.3, ge=1.0, le=3.0)
    route_speed_kmh: float = Field(default=24.0, gt=0)
    route_peak_speed_kmh: float = Field(default=16.0, gt=0)
    # The peaks in IST, [start hour, end hour) each: the morning and evening rush.
    route_peak_hours_ist: tuple[tuple[int, int], ...] = ((8, 11), (17, 21))
    # An auto-rickshaw's speed, as a share of a car's.
    route_auto_speed_factor: float = Field(default=0.85, gt=0, le=1.0)


class TripSettings(BaseSettings):
    """Trips, their search and places, joining them, and the reliability record."""

    trip_reminder_lead_seconds: int = 3600
    trip_completion_delay_seconds: int = 6 * 3600
    # A trip completes when it is over (domain/rules/trip.py completion_delay_seconds): its ends' distance at this
    # city speed, plus this margin, and never later than trip_completion_delay_seconds after its departure.
    trip_city_speed_kmh: float = Field(default=20.0, gt=0)
    trip_completion_margin_seconds: int = Field(default=3600, ge=0)
    trip_search_radius_km: float = 5.0
    join_nudge_interval_seconds: int = 6 * 3600
    # What one person may ask of one trip in a day (domain/asks.py): requests to join it, and questions to its host.
    join_requests_per_trip_per_day: int = 5
    questions_per_trip_per_day: int = 20
    # Reliability record: leaving (or, for a host, removing or deleting) this close before departure is late.
    late_cancel_window_seconds: int = 2 * 3600

    def trip_completion_delay_for(self, distance_km: float) -> int:
        """Seconds from a trip's departure to its completion, for a trip whose ends are this far apart."""
        return completion_delay_seconds(
            distance_km,
            city_speed_kmh=self.trip_city_speed_kmh,
            margin_seconds=self.trip_completion_margin_seconds,
            longest_seconds=self.trip_completion_delay_seconds,
        )

    maps_provider: Literal["gazetteer", "photon"] = "gazetteer"
    photon_url: str = "https://photon.komoot.io"


class CommuteSettings(BaseSettings):
    """Commute series: trips are kept created this many days ahead, by a Temporal Schedule that looks this often."""

    commute_horizon_days: int = 7
    commute_schedule_every_seconds: int = 6 * 3600


class SafetySettings(BaseSettings):
    """Rider safety: an SOS nobody in support has acknowledged reminds the person's contacts this often; how often
    SOS may be raised and contacts changed; how many SMS one number may be sent a day."""

    sos_escalate_seconds: int = 120
    # Raising SOS again after "I am safe": at most this many incidents a person an IST day, and not within the
    # cool-down after their last one was resolved (domain/rules/safety.py sos_repeat_refusal).
    sos_incidents_per_day: int = 3
    sos_cooldown_seconds: int = 300
    # Saves that change a person's emergency contacts, an IST day.
    emergency_contact_saves_per_day: int = 5
    # SMS other than sign-in codes one number is sent an IST day, from everyone (domain/sms_cap.py): notices (a new
    # contact's) stop at the first cap, an SOS's alerts, reminders and support's page at the second.
    sms_daily_cap_per_number: int = 5
    sms_daily_alert_cap_per_number: int = 150
    # Support's on-call number (a 10-digit mobile number), paged when an SOS has sent its last reminder
    # unacknowledged; required with SANDBOX=false. With SANDBOX=true and none set, the sandbox's (domain/sms_cap.py
    # SANDBOX_SUPPORT_ONCALL_NUMBER), kept by the sandbox gateway.
    support_oncall_number: str | None = Field(default=None, pattern=patterns.PHONE)


class KycSettings(BaseSettings):
    """Identity verification (KYC) with a HyperVerge-style vendor: its Link KYC and results APIs, and its signed
    webhook. Without KYC_VENDOR_URL the app's own sandbox vendor (/api/sandbox/kyc) stands in."""

    enable_kyc: bool = True
    kyc_vendor_url: str | None = None
    # The vendor secrets (domain/sandbox.py VENDOR_SECRETS) have no default: with SANDBOX=true an unset one is the
    # sandbox vendor's; with SANDBOX=false each is required, and refused if it equals a value published here.
    kyc_app_id: str = sandbox_vendors.KYC_APP_ID
    kyc_app_key: str = ""
    kyc_vendor_workflow_id: str = "humsafar_kyc"
    kyc_webhook_secret: str = ""
    kyc_vendor_timeout_seconds: float = 10.0
    # No word from the widget in this long: the verification is cancelled. A manual review waits this long.
    kyc_widget_timeout_seconds: int = 30 * 60
    kyc_review_timeout_seconds: int = 24 * 3600


class LinkedInSettings(BaseSettings):
    """LinkedIn verification (OpenID Connect, authorization code with PKCE). Without the endpoints the app's own
    sandbox provider (/api/sandbox/linkedin) stands in; LinkedIn's are
    https://www.linkedin.com/oauth/v2/authorization, https://www.linkedin.com/oauth/v2/accessToken and
    https://api.linkedin.service.com/v2/userinfo."""

    linkedin_client_id: str = sandbox_vendors.LINKEDIN_CLIENT_ID
    linkedin_client_secret: str = ""
    linkedin_authorize_url: str | None = None
    linkedin_token_url: str | None = None
    linkedin_userinfo_url: str | None = None
    linkedin_state_ttl_seconds: int = 600


class CabSettings(BaseSettings):
    """Shared cabs from an aggregator of vendors (domain/providers/cab.py). Without CAB_VENDOR_URL the app's own
    sandbox aggregator (/api/sandbox/cab) stands in."""

    cab_vendor_url: str | None = None
    cab_api_key: str = ""
    cab_webhook_secret: str = ""
    cab_vendor_timeout_seconds: float = 10.0
    # No driver confirmed in this long: the request is unfulfilled. Meanwhile the booking is polled this often, in
    # case a webhook is lost.
    cab_confirm_timeout_seconds: int = 15 * 60
    cab_poll_interval_seconds: int = 60


class ConversationSettings(BaseSettings):
    """Reviews and chat pages."""

    review_page_size: int = 20
    chat_history_page_size: int = 30
    chat_list_page_size: int = 20
    chat_catch_up_limit: int = 500
    chat_socket_send_queue: int = 1000
    # Chat attachments (api/chat/quotas.py): what one person may send, and one trip's chat may hold, in a day.
    chat_documents_per_person_per_day: int = 30
    chat_document_bytes_per_person_per_day: int = 300 * 1024 * 1024
    chat_documents_per_trip_per_day: int = 100
    chat_document_bytes_per_trip_per_day: int = 1024 * 1024 * 1024


class PushSettings(BaseSettings):
    """Web push (VAPID, RFC 8292). Without a private key one is generated on first run and kept under data_dir; in
    production every API and worker replica must share one key, so set it: base64url of the raw 32-byte P-256
    private number (or of its DER). The public key the browsers subscribe with is derived from it."""

    web_push_vapid_private_key: str | None = None
    web_push_subject: str = "mailto:support@humsafar.in"
    web_push_ttl_seconds: int = 24 * 3600
    web_push_timeout_seconds: float = 10.0


class BecknSettings(BaseSettings):
    """Humsafar as a provider platform (BPP) on ONDC's mobility network (domain/providers/beckn, docs/interop.md):
    its subscriber id and the unique_key_id the registry lists its signing key by, that key (base64 of the ed25519
    seed, or of the seed and the public key as ONDC's tools write it), the registry, and the cities it serves (ONDC
    city codes). All but the cities are required with SANDBOX=false; with SANDBOX=true the subscriber id is
    PUBLIC_APP_URL's host, a key pair is generated on first run and kept under data_dir, and the sandbox registry
    (/api/sandbox/beckn/registry) stands in."""

    beckn_subscriber_id: str | None = None
    beckn_unique_key_id: str | None = None
    beckn_signing_private_key: str | None = None  # a secret
    beckn_registry_url: str | None = None
    beckn_city_codes: list[str] = Field(default=["std:080"], min_length=1)
    # How long a participant's key the registry answered (or its answer that there is none) is used before it is
    # looked up again.
    beckn_registry_cache_seconds: int = Field(default=600, ge=0)
    beckn_registry_timeout_seconds: float = Field(default=5.0, gt=0)


class Settings(
    RunSettings,
    FlowSettings,
    SignInSettings,
    AppSettings,
    TripSettings,
    RouteSettings,
    CommuteSettings,
    SafetySettings,
    KycSettings,
    LinkedInSettings,
    CabSettings,
    ConversationSettings,
    PushSettings,
    BecknSettings,
):
    """Every setting, grouped by the area it serves."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    @field_validator("database_url")
    @classmethod
    def use_psycopg3_driver(cls, url: str | None) -> str | None:
        if url is None:
            return None
        for prefix in ("postgresql+psycopg://", "postgresql://", "postgres://"):
            if url.startswith(prefix):
                return "postgresql+psycopg://" + url.removeprefix(prefix)
        return url

    @field_validator("beckn_city_codes")
    @classmethod
    def ondc_city_codes(cls, codes: list[str]) -> list[str]:
        wrong = [code for code in codes if not re.fullmatch(r"std:\d{2,5}", code)]
        if wrong:
            raise ValueError(f"not ONDC city codes (std: and the city's STD code, as std:080): {', '.join(wrong)}")
        return codes

    @field_validator("beckn_signing_private_key")
    @classmethod
    def ed25519_private_key(cls, key: str | None) -> str | None:
        if key is None:
            return None
        try:
            length = len(base64.b64decode(key.strip(), validate=True))
        except ValueError:
            length = 0
        if length not in (32, 64):
            raise ValueError(
                "not an ed25519 private key: base64 of its 32-byte seed, or of the seed and the public key"
            )
        return key.strip()

    @model_validator(mode="after")
    def production_needs_real_vendors(self) -> "Settings":
        if self.sandbox:
            for name in sandbox_vendors.VENDOR_SECRETS:
                if not getattr(self, name):
                    setattr(self, name, getattr(sandbox_vendors, name.upper()))
            if not self.sandbox_public and urlsplit(self.public_app_url).hostname not in LOCAL_HOSTS:
                raise ValueError(
                    f"SANDBOX=true serves the sandbox vendors (anyone can read the sign-in codes) and PUBLIC_APP_URL "
                    f"{self.public_app_url} is not this machine: set SANDBOX=false, or SANDBOX_PUBLIC=true for a demo "
                    "server"
                )
            if not self.sandbox_public and not is_loopback(self.api_host):
                raise ValueError(
                    f"SANDBOX=true serves the sandbox vendors (anyone can read the sign-in codes) and API_HOST "
                    f"{self.api_host} listens beyond this machine: set API_HOST=127.0.0.1, SANDBOX=false, or "
                    "SANDBOX_PUBLIC=true for a demo server"
                )
            return self
        required = ["secret_key", "sms_gateway_url"]
        if self.enable_kyc:
            required.append("kyc_vendor_url")
        required += ["linkedin_authorize_url", "linkedin_token_url", "linkedin_userinfo_url", "cab_vendor_url"]
        required.append("support_oncall_number")
        required += ["beckn_subscriber_id", "beckn_unique_key_id", "beckn_signing_private_key", "beckn_registry_url"]
        required += sandbox_vendors.VENDOR_SECRETS
        missing = [name for name in required if not getattr(self, name)]
        published = [
            name
            for name in sandbox_vendors.VENDOR_SECRETS
            if name not in missing and sandbox_vendors.is_published(getattr(self, name))
        ]
        if self.secret_key and sandbox_vendors.is_published(self.secret_key):
            published.insert(0, "secret_key")
        weak = [
            name
            for name in ["secret_key", *sandbox_vendors.VENDOR_SECRETS]
            if name not in missing and name not in published and sandbox_vendors.is_weak(getattr(self, name))
        ]
        problems = []
        if missing:
            problems.append(f"with SANDBOX=false these settings are required: {_names(missing)}")
        if published:
            each = "equals" if len(published) == 1 else "each equal"
            problems.append(f"{_names(published)} {each} a value published in the repository: set your own")
        if weak:
            problems.append(
                f"{_names(weak)} {'is' if len(weak) == 1 else 'are'} too short or too plain for a secret: set "
                f"{'it' if len(weak) == 1 else 'each'} to {sandbox_vendors.MIN_SECRET_LENGTH} or more random "
                "characters"
            )
        if problems:
            raise ValueError("; ".join(problems))
        return self

    @property
    def temporal_target(self) -> str:
        """The Temporal server's address: TEMPORAL_ADDRESS, or the embedded dev server's port here."""
        return self.temporal_address or f"127.0.0.1:{self.temporal_port}"

    @property
    def resolved_kyc_vendor_url(self) -> str:
        return (self.kyc_vendor_url or f"{self.public_app_url}/api/sandbox/kyc").rstrip("/")

    @property
    def resolved_cab_vendor_url(self) -> str:
        return (self.cab_vendor_url or f"{self.public_app_url}/api/sandbox/cab").rstrip("/")

    @property
    def resolved_beckn_registry_url(self) -> str:
        return (self.beckn_registry_url or f"{self.public_app_url}/api/sandbox/beckn/registry").rstrip("/")

    @property
    def beckn_subscriber_url(self) -> str:
        """Where the network calls Humsafar: POST {this}/{action}."""
        return f"{self.public_app_url.rstrip('/')}/beckn"

    @property
    def resolved_sms_gateway_url(self) -> str:
        return self.sms_gateway_url or f"{self.public_app_url}/api/sandbox/sms/gateway"

    @property
    def cab_webhook_url(self) -> str:
        """Where the aggregator posts a booking's news (sent with each booking)."""
        return f"{self.public_app_url}/api/trip/cab/webhook"

    def linkedin_endpoint(self, name: Literal["authorize", "token", "userinfo"]) -> str:
        configured = getattr(self, f"linkedin_{name}_url")
        return str(configured or f"{self.public_app_url}/api/sandbox/linkedin/{name}")

    @property
    def kyc_webhook_url(self) -> str:
        """Where the vendor posts its webhook (set in the vendor's dashboard; the sandbox vendor reads it here)."""
        return f"{self.public_app_url}/api/kyc/hyperverge/webhook"

    @property
    def media_dir(self) -> Path:
        return self.data_dir / "media"

    def resolved_secret_key(self) -> str:
        """The configured secret, or one generated once and kept under the data directory."""
        if self.secret_key:
            return self.secret_key
        key_file = self.data_dir / "secret_key"
        if not key_file.exists():
            self.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
            # Written whole under another name, readable by its owner alone whatever the umask, then linked in: no
            # process reads it half-written, and the first of several starting at once gives everyone its key.
            draft = self.data_dir / f".secret_key.{secrets.token_hex(8)}"
            with os.fdopen(os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as file:
                file.write(secrets.token_urlsafe(48))
            try:
                os.link(draft, key_file)
            except FileExistsError:
                pass
            finally:
                draft.unlink()
        return key_file.read_text().strip()


def is_loopback(host: str) -> bool:
    """Whether a bind address (API_HOST) is reachable from this machine only."""
    if host.strip("[]").lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _names(fields: list[str]) -> str:
    return ", ".join(name.upper() for name in fields)


@lru_cache
def get_settings() -> Settings:
    return Settings()


def refusal(error: ValidationError) -> str:
    """A settings error as one line, for a process that refuses to start."""
    reasons = []
    for detail in error.errors():
        cause = detail.get("ctx", {}).get("error")
        if detail["type"] == "value_error" and not detail["loc"] and cause is not None:
            reasons.append(str(cause))
        else:
            where = ".".join(str(part) for part in detail["loc"]).upper()
            reasons.append(f"{where}: {detail['msg']}" if where else detail["msg"])
    return "Humsafar refuses to start: " + "; ".join(reasons).replace("\n", " ")


def startup_settings() -> Settings:
    """The settings a process starts with; when they are not fit to run, exits (code 1) with one line saying why."""
    try:
        return get_settings()
    except ValidationError as error:
        raise SystemExit(refusal(error)) from None
