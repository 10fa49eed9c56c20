"""Cab journey: a host requests a cab for an eligible trip (stops, a vendor, the confirmation), the sandbox vendor
confirms, the sheet shows the driver and vehicle, and the host cancels it. axe checks each step and dialog."""

import re
import time

from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.axe import Audit
from tests.e2e.test_join_journey import publish_trip, toast
from tests.e2e.test_trip_journey import new_person


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
