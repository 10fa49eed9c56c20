"""Safety journey: a rider sets an emergency contact (refused first for their own number), the trip gets under way,
the rider holds SOS (a short press raises nothing), the sandbox SMS outbox shows the contact's text with the live
link, the link opens without signing in and shows the SOS, and "I am safe" ends it. The host shares a live link and
turns it off. axe checks the contacts screen, the trip sheet with SOS and its banner, and the live trip page."""

import re
import time

import httpx
from playwright.sync_api import Browser, BrowserContext, Page, expect

from domain.rules import limits, safety_messages
from tests.e2e.axe import Audit
from tests.e2e.test_join_journey import publish_trip, toast
from tests.e2e.test_review_journey import call, depart, user_id
from tests.e2e.test_signin_journey import new_mobile_number
from tests.e2e.test_trip_journey import new_person

LIVE_LINK = re.compile(r"https?://\S+/t/[A-Za-z0-9_-]{32,}")


def texts_to(base_url: str, mobile_number: str, wanted: str, timeout_seconds: float = 20) -> str:
    """The newest text the sandbox SMS outbox holds for a number that contains `wanted`, waiting for it."""
    deadline = time.monotonic() + timeout_seconds
    while True:
        answer = httpx.get(f"{base_url}/api/sandbox/sms", params={"mobile_number": mobile_number}, timeout=10)
        found = [sms["message"] for sms in answer.json()["data"] if wanted in sms["message"]]
        if found:
            return str(found[0])
        assert time.monotonic() < deadline, f"no text with {wanted!r} reached {mobile_number}: {answer.text}"
        time.sleep(0.3)


def signed_out_visitor(browser: Browser, base_url: str) -> tuple[BrowserContext, Page, list[str]]:
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console",
        lambda message: (
            message.type == "error"
            and not message.text.startswith("Failed to load resource")
            and errors.append(message.text)
        ),
    )
    return context, page, errors


def hold(page: Page, milliseconds: int) -> None:
    """Presses the SOS control with the pointer and lets go after this long."""
    page.get_by_test_id("sos-button").hover()
    page.mouse.down()
    page.wait_for_timeout(milliseconds)
    page.mouse.up()


def test_a_rider_raises_sos_their_contact_is_texted_the_live_link_and_they_say_they_are_safe(
    browser: Browser, base_url: str, database_url: str, audit: Audit
) -> None:
    host_context, host, host_errors = new_person(browser, base_url, "Asha Rao", "Female")
    trip_path = publish_trip(host, base_url)
    trip_id = int(trip_path.rsplit("/", 1)[-1])
    rider_context, rider, rider_errors = new_person(browser, base_url, "Ravi Kumar", "Male")
    call(rider, "POST", "/api/trip/user", {"trip_id": trip_id})
    call(host, "PUT", f"/api/trip/user/host/{user_id(rider)}", {"action": "APPROVE", "trip_id": trip_id})
    own_number = call(rider, "GET", "/api/user/user")["data"]["mobile_number"]
    contact_number = new_mobile_number()

    # A member without emergency contacts is nudged from the trip sheet to add some.
    rider.goto(trip_path)
    safety = rider.get_by_role("dialog", name="Trip").get_by_test_id("trip-safety")
    expect(safety.get_by_test_id("contacts-nudge")).to_be_visible()
    audit(rider, "trip sheet, emergency contacts nudge")
    safety.get_by_role("link", name="Add emergency contacts").click()
    expect(rider).to_have_url(re.compile(r"/emergency-contacts$"))
    expect(rider.get_by_role("heading", name="No emergency contacts yet")).to_be_visible()
    audit(rider, "emergency contacts, empty")

    # Their own number is refused beside the field; nothing typed is lost.
    rider.get_by_role("button", name="Add contact").click()
    rider.get_by_role("textbox", name="Name").fill("Meera Kumar")
    number = rider.get_by_role("textbox", name="Mobile number")
    number.fill(own_number)
    rider.get_by_role("button", name="Save").click()
    expect(rider.get_by_text(safety_messages.EMERGENCY_CONTACT_OWN_NUMBER)).to_be_visible()
    expect(number).to_be_focused()
    expect(rider.get_by_role("textbox", name="Name")).to_have_value("Meera Kumar")
    audit(rider, "emergency contacts, refused")
    number.fill(contact_number)
    rider.get_by_role("button", name="Save").click()
    expect(toast(rider, safety_messages.EMERGENCY_CONTACTS_SAVED)).to_be_visible()
    rider.reload()
    expect(rider.get_by_role("textbox", name="Name")).to_have_value("Meera Kumar")
    expect(rider.get_by_role("textbox", name="Mobile number")).to_have_value(contact_number)
    audit(rider, "emergency contacts, saved")

    # The trip gets under way: the sheet offers SOS, and a short press raises nothing.
    depart(database_url, trip_id)
    rider.goto(trip_path)
    expect(safety.get_by_test_id("contacts-nudge")).to_have_count(0)
    sos = safety.get_by_role("button", name="SOS")
    expect(sos).to_be_visible()
    expect(sos).to_have_accessible_description(re.compile("Press and hold"))
    expect(safety.get_by_role("link", name=f"Call {limits.EMERGENCY_NUMBER}")).to_have_attribute(
        "href", f"tel:{limits.EMERGENCY_NUMBER}"
    )
    audit(rider, "trip sheet, SOS")
    hold(rider, 300)
    # Time is what is tested: a short press, let go, raises nothing however long after.
    rider.wait_for_timeout(limits.SOS_HOLD_MS)
    expect(safety.get_by_test_id("sos-banner")).to_have_count(0)

    # The full hold raises it: the banner, "I am safe" and 112.
    hold(rider, limits.SOS_HOLD_MS + 300)
    banner = safety.get_by_test_id("sos-banner")
    expect(banner).to_contain_text("SOS raised")
    expect(toast(rider, safety_messages.SOS_RAISED)).to_be_visible()
    expect(banner.get_by_role("link", name=f"Call {limits.EMERGENCY_NUMBER}")).to_be_visible()
    audit(rider, "trip sheet, SOS raised")

    # The contact is texted the live link, which opens without signing in and shows the SOS.
    alert = texts_to(base_url, contact_number, "SOS")
    assert "Ravi" in alert, alert
    link = LIVE_LINK.search(alert)
    assert link, alert
    visitor_context, visitor, visitor_errors = signed_out_visitor(browser, base_url)
    visitor.goto(link.group(0))
    expect(visitor.get_by_test_id("shared-trip-sos")).to_contain_text("SOS raised")
    expect(visitor).to_have_url(link.group(0))
    expect(visitor.get_by_test_id("shared-trip-stage")).to_have_text("Under way")
    expect(visitor.get_by_test_id("shared-trip-host")).to_contain_text("Asha")
    expect(visitor.locator('meta[name="robots"]')).to_have_attribute("content", "noindex")
    audit(visitor, "live trip page, SOS")

    # "I am safe": the banner goes, the contact is told, the live page no longer shows an SOS.
    banner.get_by_role("button", name="I am safe").click()
    expect(toast(rider, safety_messages.SOS_RESOLVED)).to_be_visible()
    expect(banner).to_have_count(0)
    texts_to(base_url, contact_number, "safe now")
    visitor.reload()
    expect(visitor.get_by_test_id("shared-trip-stage")).to_have_text("Under way")
    expect(visitor.get_by_test_id("shared-trip-sos")).to_have_count(0)

    # The host shares a live link of their own (copied where the browser cannot share) and turns it off.
    host_context.grant_permissions(["clipboard-read", "clipboard-write"])
    host.goto(trip_path)
    host_safety = host.get_by_role("dialog", name="Trip").get_by_test_id("trip-safety")
    host_safety.get_by_role("button", name="Share live trip").click()
    shared = host_safety.get_by_test_id("live-link")
    expect(shared).to_have_attribute("href", LIVE_LINK)
    host_link = shared.get_attribute("href") or ""
    host_safety.get_by_role("button", name="Stop sharing").click()
    expect(toast(host, safety_messages.TRIP_SHARE_REVOKED)).to_be_visible()
    visitor.goto(host_link)
    expect(visitor.get_by_test_id("shared-trip-problem")).to_have_text(safety_messages.SHARED_TRIP_NOT_FOUND)
    audit(visitor, "live trip page, turned off")

    assert host_errors == rider_errors == visitor_errors == []
    for context in (host_context, rider_context, visitor_context):
        context.close()
    audit.assert_clean(expected_states=8)
