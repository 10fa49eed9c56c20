"""Deep links in a real browser: a signed-out person who opens a trip or a chat link signs in and lands there, a new
person after creating a profile too; the requests link of a trip with nothing pending says so."""

import re

from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e.axe import Audit
from tests.e2e.test_accessibility import new_visitor
from tests.e2e.test_join_journey import actions, publish_trip, toast
from tests.e2e.test_signin_journey import new_mobile_number, sandbox_code
from tests.e2e.test_trip_journey import new_person


def enter_number_and_code(page: Page, base_url: str, mobile_number: str, audit: Audit | None = None) -> None:
    """Signs in from the login screen the app has sent the person to; the code screen is reloaded on the way."""
    expect(page).to_have_url(re.compile(r"/login$"))
    page.get_by_label("Mobile number").fill(mobile_number)
    if audit:
        audit(page, "login after a deep link")
    page.get_by_role("button", name="Continue").click()
    wait_for_a_new_code_if_asked(page)
    expect(page).to_have_url(re.compile(r"/login/otp$"))
    # A reload of the code screen keeps where the person is going.
    page.reload()
    expect(page.get_by_role("textbox", name=re.compile(r"^Digit 1 of"))).to_be_focused()
    if audit:
        audit(page, "code after a deep link")
    page.keyboard.type(sandbox_code(base_url, mobile_number))


def wait_for_a_new_code_if_asked(page: Page) -> None:
    """A number signed in moments ago waits for the resend interval before it gets another code."""
    waiting = page.get_by_role("alert").filter(has_text=re.compile(r"Please wait \d+ seconds"))
    try:
        waiting.wait_for(timeout=1500)
    except PlaywrightTimeoutError:
        return
    seconds = int(re.search(r"(\d+) seconds", waiting.inner_text()).group(1))  # type: ignore[union-attr]
    page.wait_for_timeout((seconds + 1) * 1000)
    page.get_by_role("button", name="Continue").click()


def fill_profile(page: Page, name: str, gender: str) -> None:
    page.get_by_role("textbox", name="Name").fill(name)
    page.get_by_label(gender, exact=True).check()
    page.get_by_role("textbox", name="Date of birth").fill("14-08-1994")
    page.get_by_role("button", name="Next").click()


def test_a_signed_out_person_lands_on_the_trip_or_chat_link_after_signing_in(
    browser: Browser, base_url: str, audit: Audit
) -> None:
    host_context, host, host_errors = new_person(browser, base_url, "Asha Rao", "Female")
    trip_path = publish_trip(host, base_url)

    # The requests link with nothing pending says so.
    host.goto(f"{trip_path}?viewRequest=true")
    requests = host.get_by_role("dialog", name="Requests(0)")
    expect(requests).to_contain_text("No pending requests")
    audit(host, "requests link with nothing pending")
    requests.get_by_role("button", name="Close").click()
    expect(host).to_have_url(re.compile(re.escape(trip_path) + "$"))

    # A brand-new person opens the trip link signed out, signs in, creates a profile and lands on the trip.
    rider_number = new_mobile_number()
    rider_context, rider = new_visitor(browser, base_url)
    rider.goto(trip_path)
    enter_number_and_code(rider, base_url, rider_number, audit)
    expect(rider).to_have_url(re.compile(r"/user-details$"))
    audit(rider, "profile setup after a deep link")
    # A reload of the profile screen keeps where the person is going, too.
    rider.reload()
    expect(rider.get_by_role("heading", level=1)).to_have_text("Tell us about yourself")
    fill_profile(rider, "Ravi Kumar", "Male")
    expect(rider).to_have_url(re.compile(re.escape(trip_path) + "$"))
    expect(actions(rider).get_by_role("button", name="Send Request")).to_be_visible()
    audit(rider, "trip sheet after sign-in and profile setup")

    # They join; the host accepts and opens the trip's chat.
    actions(rider).get_by_role("button", name="Send Request").click()
    rider.get_by_role("dialog", name="Send Request & Join Trip").get_by_role("button", name="Send Request").click()
    expect(toast(rider, "Request sent successfully")).to_be_visible()
    host.goto(f"{trip_path}?viewRequest=true")
    host.get_by_role("dialog", name="Requests(1)").get_by_role("button", name="Accept").click()
    expect(toast(host, "Request accepted")).to_be_visible()
    host.keyboard.press("Escape")
    actions(host).get_by_role("button", name="Trip Chat").click()
    expect(host).to_have_url(re.compile(r"/chat-room/\d+$"))
    chat_path = re.sub(r"^https?://[^/]+", "", host.url)
    rider_context.close()

    # The same person, signed out on another device, opens the chat link and lands in the room: the way back for
    # someone whose profile is complete, straight after the code.
    chat_context, chat_visitor = new_visitor(browser, base_url)
    chat_visitor.goto(chat_path)
    enter_number_and_code(chat_visitor, base_url, rider_number)
    expect(chat_visitor).to_have_url(re.compile(re.escape(chat_path) + "$"))
    expect(chat_visitor.get_by_role("heading", name="Trip", exact=True, level=1)).to_be_visible()
    chat_context.close()

    host_context.close()
    assert host_errors == []
    audit.assert_clean(expected_states=5)
