"""Cab journey: a host requests a cab for an eligible trip (stops, a vendor, the confirmation), the sandbox vendor
confirms, the sheet shows the driver and vehicle, and the host cancels it. axe checks each step and dialog."""

import re
import time

from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.axe import Audit
from tests.e2e.test_join_journey import publish_trip, toast
from tests.e2e.test_trip_journey import new_person, set_time


def vendor_confirms(page: Page, trip_id: int, timeout_seconds: float = 20) -> None:
    """The sandbox vendor assigns a driver once the trip's booking has reached it."""
    token = next(cookie["value"] for cookie in page.context.cookies() if cookie["name"] == "csrf_token")
    deadline = time.monotonic() + timeout_seconds
    while True:
        answer = page.request.post(
            f"/api/sandbox/cab/bookings/{trip_id}", data={"event": "confirm"}, headers={"X-CSRF-Token": token}
        )
        if answer.ok:
            return
        assert time.monotonic() < deadline, answer.text()
        time.sleep(0.3)


def sheet_shows(page: Page, trip_path: str, wanted: Locator, timeout_seconds: float = 20) -> None:
    """Opens the trip's sheet until it shows what the cab's flow has meanwhile written."""
    deadline = time.monotonic() + timeout_seconds
    while True:
        page.goto(trip_path)
        expect(page.get_by_role("dialog", name="Trip").get_by_test_id("trip-cab")).to_be_visible()
        if wanted.count():
            return
        assert time.monotonic() < deadline, f"the sheet never showed {wanted}"
        time.sleep(0.5)


def test_a_host_books_a_cab_sees_the_driver_and_cancels(browser: Browser, base_url: str, audit: Audit) -> None:
    context, host, errors = new_person(browser, base_url, "Asha Rao", "Female")
    trip_path = publish_trip(host, base_url)
    trip_id = int(trip_path.rsplit("/", 1)[-1])
    sheet = host.get_by_role("dialog", name="Trip")
    cab = sheet.get_by_test_id("trip-cab")
    cab.get_by_role("button", name="Request Now").click()

    # Step one: the category and a stop.
    expect(host).to_have_url(re.compile(rf"/cab/booking\?trip={trip_id}$"))
    expect(host.get_by_role("listitem").filter(has_text="Add Stops")).to_have_attribute("aria-current", "step")
    host.get_by_label("Sedan").check()
    host.get_by_role("combobox", name="Add a stop").fill("HSR Layout")
    host.get_by_role("option", name=re.compile("HSR Layout")).first.click()
    expect(host.get_by_role("button", name=re.compile("Remove HSR Layout"))).to_be_visible()
    audit(host, "cab booking, stops")
    host.get_by_role("button", name="Next").click()

    # Step two: a vendor must be chosen.
    expect(host.get_by_role("radio").first).to_be_visible()
    audit(host, "cab booking, vendors")
    host.get_by_role("button", name="Request Vendor").click()
    expect(host.get_by_role("alert")).to_have_text("Please select a vendor")
    host.get_by_role("radio", name=re.compile("CityCab")).check()
    host.get_by_role("button", name="Request Vendor").click()

    # Step three: confirmation.
    expect(host.get_by_role("heading", name="Cab requested")).to_be_visible()
    audit(host, "cab booking, confirmation")
    host.get_by_role("button", name="Go To Home").click()
    expect(host).to_have_url(re.compile(r"/home$"))

    # The vendor confirms: the sheet shows the vendor, vehicle and driver.
    vendor_confirms(host, trip_id)
    sheet_shows(host, trip_path, cab.get_by_role("button", name="Driver details"))
    expect(cab.get_by_test_id("cab-details")).to_contain_text("CityCab")
    expect(cab.get_by_test_id("cab-details")).to_contain_text("Maruti Suzuki Dzire")
    expect(cab.get_by_test_id("cab-status")).to_have_text("Status: Booked")
    expect(cab.get_by_test_id("cab-details")).to_contain_text("Driver")
    audit(host, "trip sheet, cab booked")
    cab.get_by_role("button", name="Driver details").click()
    driver = host.get_by_role("dialog", name="Driver details")
    expect(driver.get_by_role("link", name="Call The Driver")).to_have_attribute(
        "href", re.compile(r"^tel:\+91\d{10}$")
    )
    audit(host, "driver details")
    driver.get_by_role("button", name="Close").click()
    cab.get_by_role("button", name="Stops").click()
    expect(host.get_by_role("dialog", name="Stops")).to_contain_text("HSR Layout")
    host.get_by_role("dialog", name="Stops").get_by_role("button", name="Close").click()

    # The host cancels: the vendor is told and the sheet offers a new request.
    cab.get_by_role("button", name="Cancel Cab").click()
    cancel = host.get_by_test_id("cancel-cab-dialog")
    audit(host, "cancel cab")
    cancel.get_by_role("button", name="Cancel Cab").click()
    expect(toast(host, "Cab cancelled")).to_be_visible()
    sheet_shows(host, trip_path, cab.get_by_role("button", name="Request Now"))
    expect(cab.get_by_test_id("cab-status")).to_have_text("Status: Cancelled")

    assert errors == []
    context.close()
    audit.assert_clean(expected_states=6)


def api_call(page: Page, method: str, path: str, data: dict[str, object]) -> dict[str, object]:
    """A call this person's browser makes, for the steps other journeys walk through on screen."""
    token = next(cookie["value"] for cookie in page.context.cookies() if cookie["name"] == "csrf_token")
    answer = page.request.fetch(path, method=method, data=data or None, headers={"X-CSRF-Token": token})
    assert answer.ok, answer.text()
    return answer.json()


def test_a_time_change_warns_the_host_and_tells_the_member_why_the_cab_is_cancelled(
    browser: Browser, base_url: str, audit: Audit
) -> None:
    context, host, errors = new_person(browser, base_url, "Asha Rao", "Female")
    trip_path = publish_trip(host, base_url)
    trip_id = int(trip_path.rsplit("/", 1)[-1])
    member_context, member, member_errors = new_person(browser, base_url, "Ravi Kumar", "Male")
    member_id = api_call(member, "GET", "/api/user/user", {})["data"]["id"]  # type: ignore[index]
    api_call(member, "POST", "/api/trip/user", {"trip_id": trip_id})
    api_call(host, "PUT", f"/api/trip/user/host/{member_id}", {"action": "APPROVE", "trip_id": trip_id})
    api_call(host, "PUT", f"/api/trip/cab/interest/{trip_id}", {"category": "sedan", "stops": []})
    api_call(host, "POST", f"/api/trip/cab/request/{trip_id}", {"vendor": "citycab"})
    vendor_confirms(host, trip_id)
    cab = host.get_by_role("dialog", name="Trip").get_by_test_id("trip-cab")
    sheet_shows(host, trip_path, cab.get_by_role("button", name="Driver details"))

    # The host moves the trip: before it is saved, the form says the booked cab is cancelled.
    host.get_by_role("button", name="Trip options").click()
    host.get_by_role("menuitem", name="Edit Trip").click()
    expect(host).to_have_url(re.compile(r"/edit-trip$"))
    shown = host.get_by_test_id("trip-time").inner_text()
    hour, minute, half = re.match(r"(\d+):(\d+)\s(am|pm)", shown, re.IGNORECASE).groups()  # type: ignore[union-attr]
    set_time(host, hour, "30" if minute != "30" else "45", half.upper())
    host.get_by_role("button", name="Edit Trip").click()
    warning = host.get_by_role("dialog", name="Changing the time cancels the booked cab")
    expect(warning).to_be_visible()
    audit(host, "edit trip, a new time cancels the booked cab")
    warning.get_by_role("button", name="Change Time and Cancel Cab").click()
    expect(host).to_have_url(re.compile(re.escape(trip_path) + "$"))

    # The cab block says why, and the member is told.
    sheet_shows(host, trip_path, cab.get_by_test_id("cab-cancelled-because"))
    expect(cab.get_by_test_id("cab-cancelled-because")).to_have_text("Cancelled because the trip's time changed")
    audit(host, "trip sheet, cab cancelled because the time changed")
    told = member.get_by_text("Cab cancelled because the trip's time changed")
    deadline = time.monotonic() + 20
    while True:
        member.goto("/notifications")
        member.wait_for_load_state("networkidle")
        if told.count():
            break
        assert time.monotonic() < deadline, "the member was never told the cab was cancelled"
        time.sleep(0.5)
    expect(told.first).to_be_visible()
    member_cab = member.get_by_role("dialog", name="Trip").get_by_test_id("trip-cab")
    sheet_shows(member, trip_path, member_cab.get_by_test_id("cab-cancelled-because"))

    assert errors == []
    assert member_errors == []
    context.close()
    member_context.close()
    audit.assert_clean(expected_states=2)
