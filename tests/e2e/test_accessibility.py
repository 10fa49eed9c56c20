"""Accessibility: axe-core checks every screen of the app, empty, filled and with its dialogs open, against WCAG 2.1
A and AA. One browser; each person signs in once and walks through the screens."""

import re
from pathlib import Path

import httpx
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.axe import Audit
from tests.e2e.test_join_journey import actions, toast
from tests.e2e.test_signin_journey import new_mobile_number, sign_in
from tests.e2e.test_trip_journey import KORAMANGALA, new_person, pick_suggestion, set_time, trip_day


def new_visitor(browser: Browser, base_url: str) -> tuple[BrowserContext, Page]:
    context = browser.new_context(
        base_url=base_url,
        viewport={"width": 390, "height": 844},
        geolocation=KORAMANGALA,
        permissions=["geolocation"],
        reduced_motion="reduce",
    )
    return context, context.new_page()


def test_signed_out_screens_have_no_wcag_violations(browser: Browser, base_url: str, audit: Audit) -> None:
    context, page = new_visitor(browser, base_url)
    page.goto("/login")
    expect(page.get_by_label("Mobile number")).to_be_visible()
    audit(page, "login, empty")
    page.get_by_label("Mobile number").fill("12")
    page.get_by_role("button", name="Continue").click()
    audit(page, "login, invalid number")

    mobile_number = new_mobile_number()
    page.get_by_label("Mobile number").fill(mobile_number)
    page.get_by_role("button", name="Continue").click()
    expect(page).to_have_url(re.compile(r"/login/otp$"))
    expect(page.get_by_role("textbox", name=re.compile(r"^Digit 1 of"))).to_be_focused()
    audit(page, "code, empty")
    page.keyboard.type("000000")
    audit(page, "code, wrong code")

    page.goto("/no-such-page")
    audit(page, "not found")
    context.close()
    audit.assert_clean(expected_states=5)


def test_signed_in_screens_have_no_wcag_violations(
    browser: Browser, base_url: str, audit: Audit, tmp_path: Path
) -> None:
    # A new person's profile form, empty and with its errors.
    context, page = new_visitor(browser, base_url)
    sign_in(page, base_url, new_mobile_number())
    expect(page).to_have_url(re.compile(r"/user-details$"))
    expect(page.get_by_role("textbox", name="Name")).to_be_visible()
    audit(page, "profile creation, empty")
    page.get_by_role("button", name="Next").click()
    audit(page, "profile creation, errors")
    context.close()

    host_context, host, _ = new_person(browser, base_url, "Asha Rao", "Female")
    audit(host, "home, new person")
    host.get_by_test_id("current-location").click()
    expect(host.get_by_role("dialog")).to_be_visible()
    audit(host, "home, location dialog")
    host.keyboard.press("Escape")
    for path, state in [
        ("/trips", "trips, empty"),
        ("/chat", "chat list, empty"),
        ("/notifications", "notifications, empty"),
        ("/profile", "profile hub"),
        ("/profile/settings", "settings"),
        ("/profile/help-and-feedback", "help and feedback"),
        ("/profile/contact-us", "contact us"),
        ("/profile/my-review", "my reviews"),
        ("/user-details-edit", "edit profile"),
        ("/co2-saved", "CO2 saved"),
        ("/search-trip", "search trip, empty"),
    ]:
        host.goto(path)
        expect(host.locator("h1").first).to_be_visible()
        audit(host, state)

    host.get_by_role("button", name=re.compile("Advanced Filters")).click()
    audit(host, "search trip, advanced filters")

    # Create Trip: empty, with errors, the time dialog, the map dialog.
    host.goto("/create-trip")
    if httpx.get(f"{base_url}/api/user/configuration", timeout=10).json()["data"]["enable_kyc"]:
        kyc = host.get_by_role("dialog", name="Verify your profile")
        expect(kyc).to_be_visible()
        audit(host, "create trip, verification prompt")
        kyc.get_by_role("button", name="Skip").click()
    host.get_by_role("button", name="Create Trip").click()
    expect(host.get_by_text("Please add From location")).to_be_visible()
    audit(host, "create trip, errors")
    host.get_by_test_id("trip-time").click()
    expect(host.get_by_role("dialog", name="Timing")).to_be_visible()
    audit(host, "create trip, timing dialog")
    host.keyboard.press("Escape")
    host.get_by_role("combobox", name="To").click()
    host.get_by_role("option", name="Select location on Map").click()
    expect(host.get_by_role("dialog", name="Select location on Map")).to_be_visible()
    audit(host, "create trip, map dialog")

    host.keyboard.press("Escape")

    # A published trip: the host's sheet, its menu and dialogs, the lists that now hold it.
    date, morning = trip_day(base_url)
    pick_suggestion(host, "From", "Koramangala")
    pick_suggestion(host, "To", "Whitefield")
    host.get_by_label("Date").fill(date)
    if morning:
        set_time(host, "10", "00", "AM")
    audit(host, "create trip, filled")
    host.get_by_role("button", name="Create Trip").click()
    expect(host).to_have_url(re.compile(r"/trip/\d+$"))
    trip_path = re.sub(r"^https?://[^/]+", "", host.url)
    sheet = host.get_by_role("dialog", name="Trip")
    expect(sheet.get_by_test_id("trip-host")).to_be_visible()
    expect(sheet.get_by_role("img", name="Map of the route from Koramangala to Whitefield")).to_be_visible()
    audit(host, "trip sheet, host")
    sheet.get_by_role("button", name="Trip options").click()
    audit(host, "trip sheet, host menu open")
    sheet.get_by_role("menuitem", name="Delete Trip").click()
    audit(host, "trip sheet, delete dialog")
    host.keyboard.press("Escape")
    host.goto("/home")
    audit(host, "home, with a trip")
    host.goto("/trips")
    host.get_by_role("tab", name="Hosting").click()
    audit(host, "trips, hosting")
    host.goto(trip_path)
    host.get_by_role("dialog", name="Trip").get_by_role("button", name="Trip options").click()
    host.get_by_role("menuitem", name="Edit Trip").click()
    expect(host).to_have_url(re.compile(r"/edit-trip"))
    audit(host, "edit trip")

    # A rider finds it, asks and requests: the rider's sheet and its dialogs.
    rider_context, rider, _ = new_person(browser, base_url, "Ravi Kumar", "Male")
    rider.goto(trip_path)
    rider_sheet = rider.get_by_role("dialog", name="Trip")
    expect(actions(rider).get_by_role("button", name="Send Request")).to_be_visible()
    audit(rider, "trip sheet, rider")
    actions(rider).get_by_role("button", name="Ask Query").click()
    rider_sheet.get_by_role("textbox", name="Ask the host a question").fill("Is there room for a folding cycle?")
    audit(rider, "trip sheet, asking")
    rider_sheet.get_by_role("button", name="Ask", exact=True).click()
    expect(toast(rider, "Question sent to the host")).to_be_visible()
    feedback = rider.get_by_role("dialog", name="We would love to hear from you!")
    expect(feedback).to_be_visible()
    audit(rider, "feedback prompt")
    feedback.get_by_role("button", name="Not now").click()
    actions(rider).get_by_role("button", name="Send Request").click()
    request_dialog = rider.get_by_role("dialog", name="Send Request & Join Trip")
    expect(request_dialog).to_be_visible()
    audit(rider, "send request dialog")
    request_dialog.get_by_role("button", name="Send Request").click()
    expect(toast(rider, "Request sent successfully")).to_be_visible()

    # The host: the bell's list with the request, the requests dialog, then chat with a member.
    host.goto("/notifications")
    expect(host.get_by_text(re.compile("Ravi Kumar")).first).to_be_visible()
    audit(host, "notifications, filled")
    host.goto(trip_path + "?viewRequest=true")
    requests = host.get_by_role("dialog", name="Requests(1)")
    expect(requests.get_by_test_id("join-request")).to_be_visible()
    audit(host, "requests dialog")
    requests.get_by_test_id("join-request").get_by_role("button", name="Accept").click()
    expect(toast(host, "Request accepted")).to_be_visible()
    host.keyboard.press("Escape")
    host.get_by_role("dialog", name="Trip").get_by_role("button", name="Trip options").click()
    host.get_by_role("menuitem", name="Members").click()
    audit(host, "members dialog")
    host.keyboard.press("Escape")

    host.goto("/chat")
    chat_item = host.get_by_role("link", name=re.compile("Koramangala|Whitefield")).first
    expect(chat_item).to_be_visible()
    audit(host, "chat list, filled")
    chat_item.click()
    expect(host).to_have_url(re.compile(r"/chat-room/\d+$"))
    composer = host.get_by_role("textbox").first
    composer.fill("See you at the gate, _on time_ https://example.com")
    composer.press("Enter")
    expect(host.get_by_text("See you at the gate")).to_be_visible()
    audit(host, "chat room, a message")

    rider.goto("/profile/" + str(host_user_id(host)))
    audit(rider, "another person's profile")
    rider.goto("/trips")
    audit(rider, "trips, upcoming as a member")

    host.goto("/profile")
    host.get_by_test_id("logout").click()
    expect(host.get_by_role("dialog", name="Log Out")).to_be_visible()
    audit(host, "logout dialog")

    host_context.close()
    rider_context.close()
    audit.assert_clean(expected_states=35)


def host_user_id(page: Page) -> int:
    answer = page.request.get("/api/user/user")
    return int(answer.json()["data"]["id"])
