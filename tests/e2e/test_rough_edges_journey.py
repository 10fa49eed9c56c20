"""Rough edges of the walk, in the browser: Change Number while Resend still waits, 'MG Road' offering Bengaluru's
Mahatma Gandhi Road first, Invite Friends copying where there is no share sheet and saying so when copying is not
allowed, and turning notifications on where the browser refuses push. axe checks each changed
screen."""

import re

import httpx
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from domain.rules import messages
from tests.e2e.axe import Audit
from tests.e2e.conftest import sandbox_code
from tests.e2e.test_join_journey import toast
from tests.e2e.test_signin_journey import new_mobile_number
from tests.e2e.test_trip_journey import KORAMANGALA

INVITE_COPIED = "Invitation copied: paste it to your friends"
COPY_NOT_ALLOWED = "Copy not allowed: select the text and copy it"

NO_SHARE_SHEET = "Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true })"
# What a browser without clipboard permission and without a share sheet does: no navigator.share, and a refused
# writeText.
NO_SHARE_SHEET_NOR_CLIPBOARD = """
Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true })
Object.defineProperty(Navigator.prototype, 'clipboard', {
  configurable: true,
  get: () => ({ writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) }),
})
"""


# Whether the app's service worker controls the page, waiting up to 20 s (a function, as the page's CSP allows no
# evaluated strings).
WORKER_IN_CHARGE = """async () => {
  for (let waited = 0; waited < 20000 && !navigator.serviceWorker.controller; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return navigator.serviceWorker.controller !== null
}"""


def alert(page: Page, text: str) -> Locator:
    """An error toast (a success one is a status, tests/e2e/test_join_journey.py)."""
    return page.get_by_role("alert").filter(has_text=text)


def new_context(browser: Browser, base_url: str, permissions: list[str]) -> tuple[BrowserContext, Page]:
    context = browser.new_context(
        base_url=base_url,
        viewport={"width": 390, "height": 844},
        geolocation={"latitude": KORAMANGALA["latitude"], "longitude": KORAMANGALA["longitude"]},
        permissions=["geolocation", *permissions],
    )
    return context, context.new_page()


def sign_up_changing_number(page: Page, base_url: str, audit: Audit) -> None:
    """A number typed, then changed on the code screen while Resend still waits; the new number signs in."""
    mistyped, meant = new_mobile_number(), new_mobile_number()
    page.goto("/login")
    page.get_by_label("Mobile number").fill(mistyped)
    page.get_by_role("button", name="Continue").click()
    expect(page).to_have_url(re.compile(r"/login/otp$"))
    expect(page.get_by_test_id("otp-resend")).to_contain_text("Resend code in")
    audit(page, "code screen while Resend waits")

    # Back with the same number: the code on its way is the one to type, no refusal to resend.
    page.get_by_role("button", name="Change Number").click()
    expect(page).to_have_url(re.compile(r"/login$"))
    expect(page.get_by_label("Mobile number")).to_have_value(mistyped)
    page.get_by_role("button", name="Continue").click()
    expect(page).to_have_url(re.compile(r"/login/otp$"))
    expect(page.get_by_text(f"sent to +91 {mistyped}")).to_be_visible()
    expect(alert(page, "before requesting a new OTP")).to_have_count(0)

    # A new number gets its own code at once.
    page.get_by_role("button", name="Change Number").click()
    page.get_by_label("Mobile number").fill(meant)
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_text(f"sent to +91 {meant}")).to_be_visible()
    page.keyboard.type(sandbox_code(base_url, meant))
    expect(page).to_have_url(re.compile(r"/user-details$"))
    page.get_by_role("textbox", name="Name").fill("Meera Nair")
    page.get_by_label("Female", exact=True).check()
    page.get_by_role("textbox", name="Date of birth").fill("14-08-1994")
    page.get_by_role("button", name="Next").click()
    expect(page).to_have_url(re.compile(r"/home$"))


def test_the_rough_edges_of_the_walk_are_smoothed(browser: Browser, base_url: str, audit: Audit) -> None:
    context, page = new_context(browser, base_url, ["clipboard-read", "clipboard-write", "notifications"])
    sign_up_changing_number(page, base_url, audit)

    # 'MG Road' near Bengaluru offers Bengaluru's Mahatma Gandhi Road first; 'Marathahalli' offers Marathahalli.
    page.goto("/create-trip")
    if httpx.get(f"{base_url}/api/user/configuration", timeout=10).json()["data"]["enable_kyc"]:
        page.get_by_role("dialog", name="Verify your profile").get_by_role("button", name="Skip").click()
    page.get_by_role("combobox", name="From").fill("MG Road")
    expect(page.get_by_role("option", name=re.compile(", ")).first).to_contain_text(
        "Mahatma Gandhi Road, Bengaluru, Karnataka"
    )
    page.get_by_role("combobox", name="From").fill("Marathahalli")
    expect(page.get_by_role("option", name=re.compile(", ")).first).to_contain_text(
        "Marathahalli, Bengaluru, Karnataka"
    )

    # Invite Friends where the browser has no share sheet: the invitation is copied.
    page.add_init_script(NO_SHARE_SHEET)
    page.goto("/profile")
    page.get_by_role("button", name="Invite Friends").click()
    expect(toast(page, INVITE_COPIED)).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()").strip()
    audit(page, "profile after Invite Friends copied the invitation")

    # Turning notifications on where this browser refuses push (headless Chromium answers 'Registration failed -
    # permission denied', which the service worker once passed on as a 500) says permission was refused.
    page.goto("/profile/settings")
    assert page.evaluate(WORKER_IN_CHARGE), "the service worker never took charge of the page"
    switch = page.get_by_role("switch", name="App Notification")
    if switch.get_attribute("aria-checked") == "true":
        switch.click()
        # Off once the server said so and the person was read again.
        expect(page.get_by_test_id("toast-success")).to_be_visible()
        expect(switch).to_be_enabled()
        expect(switch).to_have_attribute("aria-checked", "false")
    switch.click()
    expect(alert(page, messages.NOTIFICATION_PERMISSION_DENIED)).to_be_visible(timeout=20_000)
    expect(alert(page, messages.NOTIFICATION_SUBSCRIBE_FAILED)).to_have_count(0)
    audit(page, "settings after notifications could not be turned on")
    context.close()

    # Without clipboard permission: copying says what happened.
    refused_context, refused = new_context(browser, base_url, [])
    sign_up_changing_number(refused, base_url, audit)
    refused.add_init_script(NO_SHARE_SHEET_NOR_CLIPBOARD)
    refused.goto("/profile")
    refused.get_by_role("button", name="Invite Friends").click()
    expect(alert(refused, COPY_NOT_ALLOWED)).to_be_visible()
    expect(alert(refused, messages.FALLBACK_ERROR)).to_have_count(0)
    refused.get_by_role("button", name="Copy referral code").click()
    expect(alert(refused, COPY_NOT_ALLOWED)).to_be_visible()
    audit(refused, "profile after a refused copy")
    refused_context.close()
