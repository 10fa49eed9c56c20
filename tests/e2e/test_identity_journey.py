"""Identity journeys: KYC approved through the sandbox vendor's widget ends on the success screen and the verified
badge; LinkedIn consent links the profile. axe checks every KYC and LinkedIn screen on the way."""

import re

from playwright.sync_api import Browser, expect

from tests.e2e.axe import Audit
from tests.e2e.test_trip_journey import new_person


def test_kyc_approved_through_the_widget_verifies_the_person(browser: Browser, base_url: str, audit: Audit) -> None:
    context, page, errors = new_person(browser, base_url, "Asha Rao", "Female")
    for outcome, title in [
        ("review", "KYC Under Review"),
        ("rejected", "KYC Rejected"),
        ("error", "KYC Error"),
        ("cancelled", "KYC Cancelled"),
    ]:
        page.goto(f"/kyc/{outcome}")
        expect(page.get_by_role("heading", level=1)).to_have_text(title)
        audit(page, f"kyc {outcome}")

    page.goto("/profile")
    page.get_by_role("note", name="Profile not verified").get_by_role("link", name="Complete KYC").click()
    expect(page).to_have_url(re.compile(r"/kyc$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Verify Your Identity")
    audit(page, "kyc start")
    page.get_by_role("button", name="Start KYC").click()

    # The vendor's widget (the sandbox stand-in) on the same origin; the person approves.
    expect(page).to_have_url(re.compile(r"/api/sandbox/kyc/widget\?transaction_id="))
    page.get_by_role("button", name="Approve").click()

    # Back in the app: progress, then success with confetti, then home.
    expect(page).to_have_url(re.compile(r"/kyc/processing$"), timeout=15_000)
    audit(page, "kyc processing")
    expect(page).to_have_url(re.compile(r"/kyc/success$"), timeout=30_000)
    expect(page.get_by_role("heading", name="Congratulations, Asha Rao!")).to_be_visible()
    audit(page, "kyc success")
    expect(page).to_have_url(re.compile(r"/home$"), timeout=15_000)

    page.goto("/profile")
    expect(page.get_by_role("note", name="Profile not verified")).to_have_count(0)
    expect(page.get_by_test_id("profile-card").get_by_text("Verified profile")).to_be_attached()
    page.goto("/kyc")
    expect(page).to_have_url(re.compile(r"/home$"))

    assert errors == []
    context.close()
    audit.assert_clean(expected_states=7)


def test_linkedin_consent_links_the_profile(browser: Browser, base_url: str, audit: Audit) -> None:
    context, page, errors = new_person(browser, base_url, "Ravi Kumar", "Male")
    page.goto("/profile")
    page.get_by_test_id("linkedin-row").click()

    # The provider's consent page (the sandbox stand-in): Cancel first, then Allow.
    expect(page).to_have_url(re.compile(r"/api/sandbox/linkedin/authorize\?"))
    page.get_by_role("button", name="Cancel").click()
    expect(page).to_have_url(re.compile(r"/profile$"), timeout=15_000)
    expect(page.get_by_test_id("toast-error")).to_contain_text("The user cancelled LinkedIn login")
    expect(page.get_by_test_id("linkedin-row")).to_be_visible()

    page.get_by_test_id("linkedin-row").click()
    expect(page).to_have_url(re.compile(r"/api/sandbox/linkedin/authorize\?"))
    page.get_by_role("button", name="Allow").click()
    expect(page).to_have_url(re.compile(r"/linkedin/callback\?"))
    expect(page.get_by_role("status")).to_contain_text("LinkedIn profile verified", timeout=15_000)
    audit(page, "linkedin verified")
    expect(page).to_have_url(re.compile(r"/profile$"), timeout=15_000)
    expect(page.get_by_test_id("linkedin-row")).to_have_count(0)
    expect(page.get_by_test_id("profile-card").get_by_role("link", name="LinkedIn profile")).to_be_visible()

    assert errors == []
    context.close()
    audit.assert_clean(expected_states=1)
