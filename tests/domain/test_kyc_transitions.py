"""Every transition of an identity verification (SPEC §4 KYC outcomes; domain/rules/kyc.py), one named row each.

The KycWorkflow turns each event into a proposed status (the vendor's word by `status_from_vendor`, support's
decision by `status_from_decision`, its own timeouts: the widget's as cancelled when the vendor has no word, the
review's as error) and `next_status` decides whether the verification moves. Starting one is `initiate_refusal`.
"""

import pytest

from domain.rules import messages
from domain.rules.kyc import (
    FINAL,
    RUNNING,
    KycStatus,
    ReviewDecision,
    VendorStatus,
    initiate_refusal,
    next_status,
    status_from_decision,
    status_from_vendor,
)
from domain.rules.refusal import not_now

INITIATED, NEEDS_REVIEW = KycStatus.INITIATED, KycStatus.NEEDS_REVIEW
APPROVED, REJECTED, CANCELLED, ERROR = KycStatus.APPROVED, KycStatus.REJECTED, KycStatus.CANCELLED, KycStatus.ERROR

# What the flow proposes for each event it takes (workflows/kyc/workflow.py).
EVENTS = {
    **{f"vendor-{word}": status_from_vendor(word) for word in VendorStatus},
    "vendor-unknown-word": status_from_vendor("under_the_weather"),
    **{f"support-{decision}": status_from_decision(decision) for decision in ReviewDecision},
    "widget-times-out": CANCELLED,
    "review-times-out": ERROR,
}

MOVES = [
    (INITIATED, "vendor-auto_approved", APPROVED),
    (INITIATED, "vendor-manually_approved", APPROVED),
    (INITIATED, "vendor-auto_declined", REJECTED),
    (INITIATED, "vendor-manually_declined", REJECTED),
    (INITIATED, "vendor-needs_review", NEEDS_REVIEW),
    (INITIATED, "vendor-user_cancelled", CANCELLED),
    (INITIATED, "vendor-error", ERROR),
    (INITIATED, "widget-times-out", CANCELLED),
    (NEEDS_REVIEW, "vendor-auto_approved", APPROVED),
    (NEEDS_REVIEW, "vendor-manually_approved", APPROVED),
    (NEEDS_REVIEW, "vendor-auto_declined", REJECTED),
    (NEEDS_REVIEW, "vendor-manually_declined", REJECTED),
    (NEEDS_REVIEW, "vendor-user_cancelled", CANCELLED),
    (NEEDS_REVIEW, "vendor-error", ERROR),
    (NEEDS_REVIEW, "support-approved", APPROVED),
    (NEEDS_REVIEW, "support-rejected", REJECTED),
    (NEEDS_REVIEW, "review-times-out", ERROR),
]
MOVED = {(source, event) for source, event, _ in MOVES}
# The events the flow takes in each status: support decides and the review times out only under review, the widget
# times out only before it; a final status ends the flow, and the rule keeps it whatever comes.
TAKEN = {
    INITIATED: [event for event in EVENTS if not event.startswith(("support-", "review-"))],
    NEEDS_REVIEW: [event for event in EVENTS if event != "widget-times-out"],
    **{status: list(EVENTS) for status in FINAL},
}
# Still in the widget, a repeated or unknown word, and every event after a final status: no move.
STAYS = [(source, event) for source in KycStatus for event in TAKEN[source] if (source, event) not in MOVED]


def test_every_vendor_word_is_an_event():
    assert {f"vendor-{word}" for word in VendorStatus} <= set(EVENTS)


def test_every_move_is_an_event_the_flow_takes_in_its_status():
    assert all(event in TAKEN[source] for source, event, _ in MOVES)


@pytest.mark.parametrize(("source", "event", "target"), MOVES, ids=[f"{s}-{e}->{t}" for s, e, t in MOVES])
def test_a_verification_moves(source, event, target):
    assert next_status(source, EVENTS[event]) == target


@pytest.mark.parametrize(("source", "event"), STAYS, ids=[f"{s}-{e}->stays" for s, e in STAYS])
def test_a_verification_stays(source, event):
    assert next_status(source, EVENTS[event]) is None


def test_a_running_verification_is_initiated_or_under_review_and_every_other_is_final():
    assert {INITIATED, NEEDS_REVIEW} == RUNNING
    assert set(KycStatus) - RUNNING == FINAL
    assert {source for source, _, _ in MOVES} == RUNNING


STARTS = [
    ("not-verified", True, False, None),
    ("verified", True, True, not_now(messages.KYC_ALREADY_VERIFIED)),
    ("disabled", False, False, not_now(messages.KYC_DISABLED)),
]


@pytest.mark.parametrize(
    ("who", "enabled", "verified", "refusal"),
    STARTS,
    ids=[f"{who}-initiate->{'refused' if refusal else INITIATED}" for who, _, _, refusal in STARTS],
)
def test_a_person_starts_a_verification(who, enabled, verified, refusal):
    assert initiate_refusal(enabled=enabled, verified=verified) == refusal
