"""What a new person meets first, in the browser at 390 x 844: the late-cancellation warnings before leaving, removing
or deleting close to departure; a past trip's host menu without Edit or Delete; the offline banner and an action
refused offline; the estimated cost's range; search without results said once; the code screen after too many wrong
codes. axe checks each of these states."""

import re
from datetime import UTC, datetime, timedelta

import httpx
import psycopg
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.axe import Audit
from tests.e2e.test_accessibility import new_visitor
from tests.e2e.test_join_journey import actions, publish_trip
from tests.e2e.test_review_journey import call, depart, user_id
from tests.e2e.test_signin_journey import new_mobile_number, sandbox_code
from tests.e2e.test_trip_journey import INDIA, new_person, search

LATE_LEAVE = "Leaving within 2 hours of departure will count as a late cancellation on your record."
LATE_REMOVE = "Removing a member within 2 hours of departure will count as a late cancellation on your record."
LATE_DELETE = (
    "Deleting a trip with members within 2 hours of departure will count as a late cancellation on your record."
)
OFFLINE_BANNER = "You are offline. Nothing you do is sent until you are back online."
OFFLINE_REFUSED = "You are offline, so this was not sent. Try again once you are back online."


def departs_in(database_url: str, trip_id: int, interval: str) -> None:
    """The trip now leaves this long from now ('30 minutes': inside the late-cancel window)."""
    url = database_url.replace("postgresql+psycopg://", "postgresql://", 1)
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute("UPDATE trips SET scheduled_at = now() + %s::interval WHERE id = %s", (interval, trip_id))


def sheet(page: Page) -> Locator:
    return page.get_by_role("dialog", name="Trip")


def test_late_cancellations_are_warned_of_and_a_past_trip_offers_no_edit_or_delete(
    browser: Browser, base_url: str, database_url: str, audit: Audit
) -> None:
    host_context, host, host_errors = new_person(browser, base_url, "Asha Rao", "Female")
    trip_path = publish_trip(host, base_url)
    trip_id = int(trip_path.rsplit("/", 1)[-1])
    rider_context, rider, rider_errors = new_person(browser, base_url, "Ravi Kumar", "Male")
    call(rider, "POST", "/api/trip/user", {"trip_id": trip_id})
    call(host, "PUT", f"/api/trip/user/host/{user_id(rider)}", {"action": "APPROVE", "trip_id": trip_id})

    # Far from departure, leaving says nothing about the record.
    departs_in(database_url, trip_id, "1 day")
    rider.goto(trip_path)
    actions(rider).get_by_role("button", name="Leave Trip").click()
    leave = rider.get_by_role("dialog", name="Leave Trip")
    expect(leave.get_by_role("radio").first).to_be_checked()
    expect(leave.get_by_test_id("late-cancel-warning")).to_have_count(0)
    leave.get_by_role("button", name="Back").click()

    # Half an hour before departure: the rider is told before leaving, and may still step back.
    departs_in(database_url, trip_id, "30 minutes")
    rider.reload()
    actions(rider).get_by_role("button", name="Leave Trip").click()
    expect(leave.get_by_test_id("late-cancel-warning")).to_have_text(LATE_LEAVE)
    audit(rider, "leave trip, late cancellation warning")
    leave.get_by_role("button", name="Back").click()
    expect(leave).to_be_hidden()

    # The host is told before removing the member and before deleting the trip with them in it.
    host.goto(trip_path)
    sheet(host).get_by_role("button", name="Trip options").click()
    sheet(host).get_by_role("menuitem", name="Members").click()
    host.get_by_role("dialog", name="Members").get_by_role("button", name="Remove from Trip").click()
    removal = host.get_by_role("dialog", name="Remove from Trip")
    expect(removal.get_by_test_id("late-cancel-warning")).to_have_text(LATE_REMOVE)
    audit(host, "remove member, late cancellation warning")
    removal.get_by_role("button", name="Cancel").click()
    host.keyboard.press("Escape")
    expect(host.get_by_role("dialog", name="Members")).to_be_hidden()
    sheet(host).get_by_role("button", name="Trip options").click()
    sheet(host).get_by_role("menuitem", name="Delete Trip").click()
    deletion = host.get_by_role("dialog", name="Delete Trip")
    expect(deletion.get_by_test_id("late-cancel-warning")).to_have_text(LATE_DELETE)
    audit(host, "delete trip, late cancellation warning")
    deletion.get_by_role("button", name="Cancel").click()
    expect(deletion).to_be_hidden()

    # Once the trip has left, its host menu has no Edit Trip or Delete Trip to fail with a toast.
    depart(database_url, trip_id)
    host.reload()
    sheet(host).get_by_role("button", name="Trip options").click()
    expect(sheet(host).get_by_role("menuitem")).to_have_text(
        ["Share Trip", "Members", "Review Trip", "Trip Details", "Share Number"]
    )
    audit(host, "past trip, host menu")
    host.keyboard.press("Escape")

    assert host_errors == []
    assert rider_errors == []
    host_context.close()
    rider_context.close()
    audit.assert_clean(expected_states=4)


def test_offline_shows_a_banner_at_once_and_refuses_an_action_whole(
    browser: Browser, base_url: str, audit: Audit
) -> None:
    context, page, errors = new_person(browser, base_url, "Meera Iyer", "Female")
    trip_path = publish_trip(page, base_url)
    expect(sheet(page).get_by_role("button", name="Trip options")).to_be_visible()
    banner = page.get_by_test_id("offline-banner")
    expect(banner).to_be_empty()

    # The connection goes: the open screen says so at once, with no reload.
    context.set_offline(True)
    expect(banner).to_have_text(OFFLINE_BANNER)
    expect(banner).to_be_in_viewport()
    audit(page, "trip sheet, offline banner")

    # Deleting the trip offline is refused whole, with the reason; the dialog stays for another try.
    sheet(page).get_by_role("button", name="Trip options").click()
    sheet(page).get_by_role("menuitem", name="Delete Trip").click()
    deletion = page.get_by_role("dialog", name="Delete Trip")
    deletion.get_by_role("button", name="Delete Trip").click()
    expect(page.get_by_role("alert").filter(has_text=OFFLINE_REFUSED)).to_be_visible()
    expect(deletion.get_by_role("button", name="Delete Trip")).to_be_enabled()
    audit(page, "delete trip, refused offline")
    deletion.get_by_role("button", name="Cancel").click()

    # Back online: the banner goes and nothing was sent meanwhile, then or later.
    context.set_offline(False)
    expect(banner).to_be_empty()
    page.wait_for_timeout(1000)
    page.goto(trip_path)
    expect(sheet(page).get_by_role("button", name="Trip options")).to_be_visible()
    assert call(page, "GET", f"/api/trip/trip/{trip_path.rsplit('/', 1)[-1]}")["data"]["status"] == "ACTIVE"

    # The home screen shows the banner too, above its top bar.
    page.goto("/home")
    context.set_offline(True)
    expect(banner).to_have_text(OFFLINE_BANNER)
    audit(page, "home, offline banner")
    context.set_offline(False)
    expect(banner).to_be_empty()

    # Clean up: the trip is taken down so other journeys' searches do not find it.
    page.goto(trip_path)
    sheet(page).get_by_role("button", name="Trip options").click()
    sheet(page).get_by_role("menuitem", name="Delete Trip").click()
    page.get_by_role("dialog", name="Delete Trip").get_by_role("button", name="Delete Trip").click()
    expect(page).to_have_url(re.compile(r"/home$"))

    # The browser reports what could not reach the network while offline (the live socket's retries); nothing else.
    assert [error for error in errors if "ERR_INTERNET_DISCONNECTED" not in error] == []
    context.close()
    audit.assert_clean(expected_states=3)


def test_cost_range_search_without_results_and_a_spent_code_say_what_to_do(
    browser: Browser, base_url: str, audit: Audit
) -> None:
    context, page, errors = new_person(browser, base_url, "Kabir Shah", "Male")

    # An estimated cost out of range says the range, as the API would.
    page.goto("/create-trip")
    if httpx.get(f"{base_url}/api/user/configuration", timeout=10).json()["data"]["enable_kyc"]:
        page.get_by_role("dialog", name="Verify your profile").get_by_role("button", name="Skip").click()
    page.get_by_role("radio", name="Yes").check()
    page.get_by_label("Estimated cost (₹)").fill("150000")
    page.get_by_role("button", name="Create Trip").click()
    expect(page.get_by_text("Estimated cost should be between 1 and 100000")).to_be_visible()
    expect(page.get_by_text("Please add estimated cost")).to_have_count(0)
    audit(page, "create trip, cost out of range")

    # No results: the dialog alone says so; after Cancel, the screen does.
    far = (datetime.now(UTC) + INDIA + timedelta(days=4 * 365)).strftime("%Y-%m-%d")
    search(page, far)
    expect(page).to_have_url(re.compile(rf"date={far}"))
    no_trips = page.get_by_role("dialog", name="No trips around?")
    expect(no_trips).to_be_visible()
    expect(page.get_by_text("No trips found")).to_have_count(0)
    audit(page, "search results, none: dialog")
    no_trips.get_by_role("button", name="Cancel").click()
    expect(no_trips).to_be_hidden()
    expect(page.get_by_role("heading", name="No trips found")).to_be_visible()
    audit(page, "search results, none: after the dialog")
    assert errors == []
    context.close()

    # Five wrong codes spend the code: the screen keeps saying so and when a new one can be asked for.
    visitor, code_page = new_visitor(browser, base_url)
    mobile_number = new_mobile_number()
    code_page.goto("/login")
    code_page.get_by_label("Mobile number").fill(mobile_number)
    code_page.get_by_role("button", name="Continue").click()
    expect(code_page).to_have_url(re.compile(r"/login/otp$"))
    code = sandbox_code(base_url, mobile_number)
    wrong = str((int(code) + 1) % 10 ** len(code)).zfill(len(code))
    first_box = code_page.get_by_role("textbox", name=re.compile(r"^Digit 1 of"))
    for _ in range(4):
        expect(first_box).to_be_enabled()
        expect(first_box).to_have_value("")
        first_box.focus()
        code_page.keyboard.type(wrong)
        expect(code_page.get_by_test_id("otp-error")).to_have_text("Invalid OTP. Please try again.")
    first_box.focus()
    code_page.keyboard.type(wrong)
    expect(code_page.get_by_test_id("otp-error")).to_have_text("Too many wrong attempts. Please request a new OTP.")
    expect(first_box).to_be_disabled()
    expect(code_page.get_by_role("button", name="Verify Code")).to_be_disabled()
    expect(code_page.get_by_test_id("otp-resend")).to_contain_text(
        re.compile(r"You can ask for a new code in \d\d:\d\d|Ask for a new code:")
    )
    audit(code_page, "code, too many wrong codes")
    # It still says so after the usual 5 s in which a wrong code's message clears.
    code_page.wait_for_timeout(6000)
    expect(code_page.get_by_test_id("otp-error")).to_have_text("Too many wrong attempts. Please request a new OTP.")
    visitor.close()
    audit.assert_clean(expected_states=4)
