"""The sandbox vendors' credentials, in one place: the sandbox vendors (sandbox/) check and sign with them, and
with SANDBOX=true the settings fall back to them. Every one is published in this repository, so none may serve as a
production secret; neither may an example printed in the README, the docs or the compose file (PUBLISHED_VALUES,
kept complete by tests/test_startup.py)."""

import logging
from typing import Final

KYC_APP_ID: Final = "humsafar-sandbox"
KYC_APP_KEY: Final = "sandbox-app-key"
KYC_WEBHOOK_SECRET: Final = "sandbox-webhook-secret"  # noqa: S105 (published on purpose: the sandbox's)
LINKEDIN_CLIENT_ID: Final = "humsafar-sandbox"
LINKEDIN_CLIENT_SECRET: Final = "sandbox-client-secret"  # noqa: S105 (published on purpose: the sandbox's)
CAB_API_KEY: Final = "sandbox-cab-key"
CAB_WEBHOOK_SECRET: Final = "sandbox-cab-webhook-secret"  # noqa: S105 (published on purpose: the sandbox's)
SMS_GATEWAY_API_KEY: Final = "sandbox-sms-key"

# The vendor secrets a deploy with SANDBOX=false must set itself, each to a value of its own.
VENDOR_SECRETS: Final = (
    "kyc_webhook_secret",
    "cab_webhook_secret",
    "linkedin_client_secret",
    "kyc_app_key",
    "cab_api_key",
    "sms_gateway_api_key",
)

# Values anyone can read in this repository: the sandbox's, and the examples in README.md, docs/ and
# docker-compose.yml. Compared without regard to case or surrounding spaces.
PUBLISHED_VALUES: Final = frozenset(
    {
        KYC_APP_KEY,
        KYC_WEBHOOK_SECRET,
        LINKEDIN_CLIENT_SECRET,
        CAB_API_KEY,
        CAB_WEBHOOK_SECRET,
        SMS_GATEWAY_API_KEY,
        KYC_APP_ID,
        "change-me",
        "changeme",
        "secret",
        "test-secret-key",
    }
)


def is_published(value: str) -> bool:
    return value.strip().lower() in PUBLISHED_VALUES


# A production secret (SECRET_KEY and each of VENDOR_SECRETS) is at least this long, has at least this many different
# characters, and is not one shorter string repeated: `python -c "import secrets; print(secrets.token_urlsafe(32))"`
# gives one. A guessable secret would let anyone forge the sessions' CSRF tokens or a vendor's webhooks.
MIN_SECRET_LENGTH: Final = 32
MIN_SECRET_VARIETY: Final = 10


def is_weak(value: str) -> bool:
    """Whether the value is too short or too plain to be a secret."""
    value = value.strip()
    if len(value) < MIN_SECRET_LENGTH or len(set(value)) < MIN_SECRET_VARIETY:
        return True
    repeats = len(value) // 2 + 1
    return any((value[:period] * repeats)[: len(value)] == value for period in range(1, len(value) // 2 + 1))


# Logged as a WARNING each time the API or the worker starts with SANDBOX=true.
WARNING: Final = (
    "SANDBOX=true: the sandbox vendors answer under /api/sandbox (sign-in codes anyone can read, identity checks and "
    "cabs anyone can decide) and vendor secrets default to values published in the repository; never for real people"
)


def warn_if_sandbox(sandbox: bool, logger: logging.Logger) -> None:
    if sandbox:
        logger.warning(WARNING)
