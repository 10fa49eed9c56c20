"""Accessibility of the identity screens: axe-core checks every KYC screen (start, progress, review, the three
endings, success with its confetti) and the LinkedIn callback (verifying and verified) against WCAG 2.1 A and AA,
the way test_accessibility.py checks the rest of the app."""

import re

from playwright.sync_api import Browser, Page, expect

from tests.e2e.axe import Audit
from tests.e2e.conftest import screen_status
from tests.e2e.test_trip_journey import new_person

# The LinkedIn callback posts as soon as it opens, so its 'verifying' state lasts one round trip. This holds that
# one call in the page (before any request is made, so the page can settle for axe) until the test releases it.
HOLD_LINKEDIN_CALLBACK = """
(() => {
  const send = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes("/api/user/linkedin/callback")) return send(input, init);
    return new Promise((resolve, reject) => {
      window.__releaseLinkedInCallback = () => send(input, init).then(resolve, reject);
    });
  };
})();
"""


def heading(page: Page, title: str) -> None:
    expect(page.get_by_role("heading", level=1)).to_have_text(title)


def test_kyc_screens_have_no_wcag_violations(browser: Browser, base_url: str, audit: Audit) -> None:
    context, page, errors = new_person(browser, base_url, "Meena Iyer", "Female")

    page.goto("/kyc")
    heading(page, "Verify Your Identity")
    expect(page.get_by_role("button", name="Start KYC")).to_be_enabled()
    audit(page, "kyc start")

    # No verification under way: progress waits (up to 20 s) with its spinner.
    page.goto("/kyc/processing")
    heading(page, "KYC Processing")
    expect(screen_status(page)).to_contain_text("Verifying your identity")
    audit(page, "kyc processing")

    page.goto("/kyc/review")
    heading(page, "KYC Under Review")
    expect(screen_status(page)).to_contain_text("you will be notified upon manual review within 24 hours")
    audit(page, "kyc review")

    for outcome, title, words in [
        ("rejected", "KYC Rejected", "KYC could not be completed, attempt again with correct details"),
        ("error", "KYC Error", "KYC could not be completed, attempt again with correct details"),
        ("cancelled", "KYC Cancelled", "Oh oh! You did not finish the KYC, please re-initiate the flow!"),
    ]:
        page.goto(f"/kyc/{outcome}")
        heading(page, title)
        expect(screen_status(page)).to_have_text(words)
        expect(page.get_by_role("button", name="Try Again")).to_be_visible()
        audit(page, f"kyc {outcome}")

    # Success needs a verified person: through the sandbox widget, then the screen with its confetti falling.
    page.goto("/kyc")
    page.get_by_role("button", name="Start KYC").click()
    expect(page).to_have_url(re.compile(r"/api/sandbox/kyc/widget\?transaction_id="))
    page.get_by_role("button", name="Approve").click()
    expect(page).to_have_url(re.compile(r"/kyc/processing$"), timeout=15_000)
    audit(page, "kyc processing, back from the widget")
    expect(page).to_have_url(re.compile(r"/kyc/success$"), timeout=30_000)
    expect(page.get_by_role("heading", name="Congratulations, Meena Iyer!")).to_be_visible()
    audit(page, "kyc success")

    assert errors == []
    context.close()
    audit.assert_clean(expected_states=8)


def release_linkedin_callback(page: Page) -> None:
    page.wait_for_function("typeof window.__releaseLinkedInCallback === 'function'")
    page.evaluate("window.__releaseLinkedInCallback()")


def test_linkedin_callback_has_no_wcag_violations(browser: Browser, base_url: str, audit: Audit) -> None:
    context, page, errors = new_person(browser, base_url, "Kabir Shah", "Male")
    page.add_init_script(HOLD_LINKEDIN_CALLBACK)

    # Verifying, held; released, the server refuses the made-up state and the profile says so.
    page.goto("/linkedin/callback?code=made-up&state=made-up")
    heading(page, "LinkedIn Verification")
    expect(screen_status(page)).to_have_text("Verifying your LinkedIn profile…")
    audit(page, "linkedin callback, verifying")
    release_linkedin_callback(page)
    expect(page).to_have_url(re.compile(r"/profile$"), timeout=15_000)
    expect(page.get_by_test_id("toast-error")).to_contain_text("has expired or was already used")

    # Verified: through the sandbox consent page, back to the callback, released.
    page.get_by_test_id("linkedin-row").click()
    expect(page).to_have_url(re.compile(r"/api/sandbox/linkedin/authorize\?"))
    page.get_by_role("button", name="Allow").click()
    expect(page).to_have_url(re.compile(r"/linkedin/callback\?"))
    expect(screen_status(page)).to_have_text("Verifying your LinkedIn profile…")
    release_linkedin_callback(page)
    expect(screen_status(page)).to_have_text("LinkedIn profile verified", timeout=15_000)
    audit(page, "linkedin callback, verified")

    assert errors == []
    context.close()
    audit.assert_clean(expected_states=2)
