"""Identity journeys: KYC approved through the sandbox vendor's widget ends on the success screen and the verified
badge; LinkedIn consent links the profile. Their screens are checked by axe in test_identity_accessibility.py."""

import re

from playwright.sync_api import Browser, expect

from tests.e2e.conftest import screen_status
from tests.e2e.test_trip_journey import new_person


def test_kyc_approved_through_the_widget_verifies_the_person(browser: Browser, base_url: str) -> None:
    context, page, errors = new_person(browser, base_url, "Asha Rao", "Female")
    page.goto("/profile")
    page.get_by_role("note", name="Profile not verified").get_by_role("link", name="Complete KYC").click()
    expect(page).to_have_url(re.compile(r"/kyc$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Verify Your Identity")
    page.get_by_role("button", name="Start KYC").click()

    # The vendor's widget (the sandbox stand-in) on the same origin; the person approves.
    expect(page).to_have_url(re.compile(r"/api/sandbox/kyc/widget\?transaction_id="))
    page.get_by_role("button", name="Approve").click()

    # Back in the app: the widget's return is reported, then progress, success with confetti, and home.
    expect(page).to_have_url(re.compile(r"/kyc/processing$"), timeout=15_000)
    expect(page.get_by_role("heading", level=1)).to_have_text("KYC Processing")
    expect(page).to_have_url(re.compile(r"/kyc/success$"), timeout=30_000)
    expect(page.get_by_role("heading", name="Congratulations, Asha Rao!")).to_be_visible()
    expect(page.get_by_role("button", name="Go To Home")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/home$"), timeout=15_000)

    page.goto("/profile")
    expect(page.get_by_test_id("profile-card").get_by_text("Verified profile")).to_be_attached()
    expect(page.get_by_role("note", name="Profile not verified")).to_have_count(0)
    # Verified: /kyc goes home, and so does the start of another verification.
    page.goto("/kyc")
    expect(page).to_have_url(re.compile(r"/home$"))

    assert errors == []
    context.close()


def test_linkedin_consent_links_the_profile(browser: Browser, base_url: str) -> None:
    context, page, errors = new_person(browser, base_url, "Ravi Kumar", "Male")
    page.goto("/profile")
    page.get_by_test_id("linkedin-row").click()

    # The provider's consent page (the sandbox stand-in): Cancel first, which comes back with the provider's words.
    expect(page).to_have_url(re.compile(r"/api/sandbox/linkedin/authorize\?"))
    page.get_by_role("button", name="Cancel").click()
    expect(page).to_have_url(re.compile(r"/profile$"), timeout=15_000)
    expect(page.get_by_test_id("toast-error")).to_contain_text("The user cancelled LinkedIn login")
    expect(page.get_by_test_id("linkedin-row")).to_be_visible()

    # Then Allow: verifying, verified, and the profile with the link instead of the row.
    page.get_by_test_id("linkedin-row").click()
    expect(page).to_have_url(re.compile(r"/api/sandbox/linkedin/authorize\?"))
    page.get_by_role("button", name="Allow").click()
    expect(page).to_have_url(re.compile(r"/linkedin/callback\?"))
    provider_return = page.url
    expect(screen_status(page)).to_contain_text("LinkedIn profile verified", timeout=15_000)
    expect(page).to_have_url(re.compile(r"/profile$"), timeout=15_000)
    expect(page.get_by_test_id("linkedin-row")).to_have_count(0)
    expect(page.get_by_test_id("profile-card").get_by_role("link", name="LinkedIn profile")).to_be_visible()

    # The provider's code and state are single-use: the same return again is refused with the server's words.
    page.goto(provider_return)
    expect(page).to_have_url(re.compile(r"/profile$"), timeout=15_000)
    expect(page.get_by_test_id("toast-error")).to_contain_text("expired or was already used")

    assert errors == []
    context.close()
