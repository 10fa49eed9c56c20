"""Identity verification's lifecycle (SPEC §3 User kyc fields, §4 KYC outcomes, §8 KYC messages), kept once.

A verification is one KycWorkflow (`kyc:{user_id}:{n}`) around one vendor transaction. It starts `initiated`; the
vendor's word (its results API, asked when the app reports the widget closed, or its signed webhook) moves it to
`approved`, `rejected`, `cancelled` or `error`, or to `needs_review`, which waits for the vendor's manual review or a
support decision. The client's report is never taken as the outcome. The API, the workflow and its activities
decide by this module.
"""

from enum import StrEnum

from domain.rules import messages, notices
from domain.rules.refusal import Refusal, not_now


class KycStatus(StrEnum):
    """users.kyc_status and kyc_verifications.status; also the KycWorkflow's FlowStatus."""

    INITIATED = "initiated"
    NEEDS_REVIEW = "needs_review"
    APPROVED = "approved"
    REJECTED = "rejected"
    CANCELLED = "cancelled"
    ERROR = "error"


# A verification in one of these has a running flow; initiate answers its transaction again.
RUNNING = frozenset({KycStatus.INITIATED, KycStatus.NEEDS_REVIEW})
FINAL = frozenset({KycStatus.APPROVED, KycStatus.REJECTED, KycStatus.CANCELLED, KycStatus.ERROR})


class VendorStatus(StrEnum):
    """A transaction's applicationStatus in the vendor's results API and webhook (HyperVerge's words)."""

    STARTED = "started"
    AUTO_APPROVED = "auto_approved"
    AUTO_DECLINED = "auto_declined"
    NEEDS_REVIEW = "needs_review"
    MANUALLY_APPROVED = "manually_approved"
    MANUALLY_DECLINED = "manually_declined"
    USER_CANCELLED = "user_cancelled"
    ERROR = "error"


class WidgetOutcome(StrEnum):
    """What the vendor's widget tells the app when it closes (SPEC §4 KYC outcomes)."""

    AUTO_APPROVED = "auto_approved"
    AUTO_DECLINED = "auto_declined"
    NEEDS_REVIEW = "needs_review"
    USER_CANCELLED = "user_cancelled"
    ERROR = "error"


class ReviewDecision(StrEnum):
    """A manual review's answer: the vendor's reviewer, or support staff through the `review_decision` signal."""

    APPROVED = "approved"
    REJECTED = "rejected"


_FROM_VENDOR = {
    VendorStatus.STARTED: None,
    VendorStatus.AUTO_APPROVED: KycStatus.APPROVED,
    VendorStatus.MANUALLY_APPROVED: KycStatus.APPROVED,
    VendorStatus.AUTO_DECLINED: KycStatus.REJECTED,
    VendorStatus.MANUALLY_DECLINED: KycStatus.REJECTED,
    VendorStatus.NEEDS_REVIEW: KycStatus.NEEDS_REVIEW,
    VendorStatus.USER_CANCELLED: KycStatus.CANCELLED,
    VendorStatus.ERROR: KycStatus.ERROR,
}

MESSAGES = {
    KycStatus.INITIATED: None,
    KycStatus.NEEDS_REVIEW: messages.KYC_UNDER_REVIEW,
    KycStatus.APPROVED: messages.KYC_APPROVED,
    KycStatus.REJECTED: messages.KYC_FAILED,
    KycStatus.CANCELLED: messages.KYC_NOT_FINISHED,
    KycStatus.ERROR: messages.KYC_FAILED,
}

NOTICE_TITLES = {
    KycStatus.APPROVED: notices.KYC_VERIFIED_TITLE,
    KycStatus.REJECTED: notices.KYC_REJECTED_TITLE,
    KycStatus.CANCELLED: notices.KYC_NOT_FINISHED_TITLE,
    KycStatus.ERROR: notices.KYC_ERROR_TITLE,
}


def status_from_vendor(vendor_status: str) -> KycStatus | None:
    """Where the vendor's word moves a verification; None while the person is still in the widget (or the word is
    not one the vendor uses)."""
    try:
        return _FROM_VENDOR[VendorStatus(vendor_status)]
    except ValueError:
        return None


def status_from_decision(decision: str) -> KycStatus:
    return KycStatus.APPROVED if decision == ReviewDecision.APPROVED else KycStatus.REJECTED


def next_status(current: KycStatus, proposed: KycStatus | None) -> KycStatus | None:
    """The status a verification moves to, or None when the word changes nothing: a final status stands, and
    a running one only moves forward (a late `needs_review` does not reopen a decided review)."""
    if proposed is None or current in FINAL or proposed == current:
        return None
    if current == KycStatus.NEEDS_REVIEW and proposed == KycStatus.INITIATED:
        return None
    return proposed


def initiate_refusal(*, enabled: bool, verified: bool) -> Refusal | None:
    if not enabled:
        return not_now(messages.KYC_DISABLED)
    if verified:
        return not_now(messages.KYC_ALREADY_VERIFIED)
    return None
