"""Identity verification with a HyperVerge-style vendor, over its own HTTP protocol.

- `POST {vendor}/login` `{appId, appKey, expiry}` → `result.token`: the access token the vendor's widget runs with.
- `POST {vendor}/v1/link-kyc/start` (headers appId, appKey) `{workflowId, transactionId, redirectUrl}` →
  `result.startKycUrl`: the widget's page for this transaction; it returns to `redirectUrl` with `transactionId` and
  `status` when the person is done.
- `POST {vendor}/v1/link-kyc/results` (same headers) `{transactionId}` → `result.applicationStatus`; 404 while the
  person has not opened the widget.
- The vendor's webhook posts `{transactionId, applicationStatus, eventType, eventTime}` to us in the webhook envelope
  (domain/webhooks.py, docs/webhooks.md): `X-Webhook-Timestamp`, `X-Webhook-Id`, and `X-HV-Signature`, the hex
  HMAC-SHA256 with the shared webhook secret of `{timestamp}.{delivery id}.` and the raw body.

The sandbox vendor (sandbox/kyc.py) answers the same calls; settings choose which one this talks to.
"""

import logging
from collections.abc import Mapping
from dataclasses import dataclass

import httpx

from domain.rules.kyc import VendorStatus
from domain.settings import Settings
from domain.webhooks import signed_headers

logger = logging.getLogger("humsafar.kyc")

SIGNATURE_HEADER = "X-HV-Signature"
TOKEN_LIFETIME_SECONDS = 3600


class KycVendorError(Exception):
    """The vendor could not be reached or refused the call; worth trying again later."""


@dataclass(frozen=True)
class KycVendorSettings:
    url: str
    app_id: str
    app_key: str
    workflow_id: str
    timeout_seconds: float


def webhook_headers(
    secret: str, body: bytes, *, timestamp: int | None = None, delivery_id: str | None = None
) -> dict[str, str]:
    """The envelope the vendor's webhook carries: signed now, with a new delivery id, unless told otherwise."""
    return signed_headers(secret, SIGNATURE_HEADER, body, timestamp=timestamp, delivery_id=delivery_id)


class HyperVergeClient:
    def __init__(self, http: httpx.AsyncClient, settings: KycVendorSettings) -> None:
        self._http = http
        self._settings = settings

    @property
    def _keys(self) -> dict[str, str]:
        return {"appId": self._settings.app_id, "appKey": self._settings.app_key}

    async def _call(
        self, path: str, body: Mapping[str, object], headers: dict[str, str] | None = None
    ) -> httpx.Response:
        try:
            return await self._http.post(
                f"{self._settings.url}{path}", json=body, headers=headers, timeout=self._settings.timeout_seconds
            )
        except httpx.HTTPError as error:
            logger.warning("KYC vendor unreachable at %s: %s", path, error)
            raise KycVendorError(str(error)) from error

    @staticmethod
    def _result(answer: httpx.Response) -> dict[str, object]:
        if answer.status_code != 200:
            raise KycVendorError(f"vendor answered {answer.status_code}: {answer.text[:200]}")
        try:
            result = answer.json()["result"]
        except (ValueError, KeyError, TypeError) as error:
            raise KycVendorError("vendor answered without a result") from error
        if not isinstance(result, dict):
            raise KycVendorError("vendor answered without a result")
        return result

    async def access_token(self) -> str:
        answer = await self._call("/login", {**self._keys, "expiry": TOKEN_LIFETIME_SECONDS})
        return str(self._result(answer)["token"])

    async def start(self, transaction_id: str, redirect_url: str) -> str:
        """The widget's address for a new transaction (the same again for a transaction already started)."""
        body = {
            "workflowId": self._settings.workflow_id,
            "transactionId": transaction_id,
            "redirectUrl": redirect_url,
        }
        answer = await self._call("/v1/link-kyc/start", body, headers=self._keys)
        return str(self._result(answer)["startKycUrl"])

    async def application_status(self, transaction_id: str) -> str:
        """The vendor's word on a transaction; `started` while the person has not finished the widget."""
        answer = await self._call("/v1/link-kyc/results", {"transactionId": transaction_id}, headers=self._keys)
        if answer.status_code == 404:
            return VendorStatus.STARTED
        return str(self._result(answer)["applicationStatus"])


def kyc_vendor(http: httpx.AsyncClient, settings: Settings) -> HyperVergeClient:
    return HyperVergeClient(
        http,
        KycVendorSettings(
            url=settings.resolved_kyc_vendor_url,
            app_id=settings.kyc_app_id,
            app_key=settings.kyc_app_key,
            workflow_id=settings.kyc_vendor_workflow_id,
            timeout_seconds=settings.kyc_vendor_timeout_seconds,
        ),
    )
