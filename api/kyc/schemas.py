"""Identity verification (SPEC §3 KYC token data, §7 KYC calls) and the vendor's webhook."""

from typing import Literal

from pydantic import BaseModel, Field

from domain.rules.kyc import KycStatus, WidgetOutcome

KycStatusName = Literal["initiated", "needs_review", "approved", "rejected", "cancelled", "error"]
WidgetOutcomeName = Literal["auto_approved", "auto_declined", "needs_review", "user_cancelled", "error"]

assert set(KycStatusName.__args__) == set(KycStatus)  # type: ignore[attr-defined]
assert set(WidgetOutcomeName.__args__) == set(WidgetOutcome)  # type: ignore[attr-defined]


class KycToken(BaseModel):
    access_token: str = Field(description="the vendor's access token for its widget")
    workflow_id: str = Field(description="the vendor's workflow the widget runs")
    transaction_id: str
    widget_url: str = Field(description="the vendor's widget page; it returns to /kyc with transactionId and status")


class KycResult(BaseModel):
    """What the widget told the app when it closed; only a cue for the server to ask the vendor."""

    transaction_id: str = Field(min_length=1, max_length=80)
    status: WidgetOutcomeName


class KycState(BaseModel):
    kyc_status: KycStatusName


class VendorWebhook(BaseModel):
    """The vendor's webhook body (HyperVerge's field names), signed in the X-HV-Signature header."""

    transactionId: str = Field(min_length=1, max_length=80)
    applicationStatus: str = Field(min_length=1, max_length=40)
    eventType: str | None = Field(default=None, max_length=80)
    eventTime: str | None = Field(default=None, max_length=40)
