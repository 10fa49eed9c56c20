"""Live state in two browsers: what one person (or the cab vendor) does shows on the other's open trip sheet within a
second, without a reload (docs/architecture.md, "Live state"). axe checks each changed state."""

import re

from playwright.sync_api import Browser, Page, expect

from tests.e2e.axe import Audit
from tests.e2e.test_cab_journey import vendor_confirms
from tests.e2e.test_join_journey import actions, publish_trip, toast
from tests.e2e.test_trip_journey import new_person

WITHIN_A_SECOND_MS = 1000
# A stop the gazetteer knows: HSR Layout, Bengaluru.
HSR_LAYOUT = "in-560102-f8603901"


def call(page: Page, method: str, path: str, body: dict[str, object]) -> dict[str, object]:
    """An API call as the page's signed-in person makes it (session cookie and CSRF header)."""
    token = next(cookie["value"] for cookie in page.context.cookies() if cookie["name"] == "csrf_token")
    answer = page.request.fetch(path, method=method, data=body, headers={"X-CSRF-Token": token})
    assert answer.ok, answer.text()
    data: dict[str, object] = answer.json()
    return data


def trip_id_of(trip_path: str) -> int:
    return int(trip_path.rsplit("/", 1)[-1])


def test_the_rider_s_open_sheet_follows_the_request_and_the_host_s_answer(
    browser: Browser, base_url: str, audit: Audit
) -> None:
    _, host, host_errors = new_person(browser, base_url, "Asha Rao", "Female")
    trip_path = publish_trip(host, base_url)
    expect(actions(host).get_by_role("button", name="Requests(0)")).to_be_visible()

    _, rider, rider_errors = new_person(browser, base_url, "Ravi Kumar", "Male")
    rider.goto(trip_path)
    rider_sheet = rider.get_by_role("dialog", name="Trip")
    expect(actions(rider).get_by_role("button")).to_have_text(["Ask Query", "Send Request"])

    # The rider's request (from another device of theirs): both open sheets follow it.
    call(rider, "POST", "/api/trip/user", {"trip_id": trip_id_of(trip_path)})
    expect(actions(host).get_by_role("button", name="Requests(1)")).to_be_visible(timeout=5000)
    expect(rider_sheet).to_contain_text("Requested", timeout=5000)
    expect(actions(rider).get_by_role("button", name="Cancel Request")).to_be_visible()

    # The host accepts; the rider's open sheet turns into a member's within a second.
    actions(host).get_by_role("button", name="Requests(1)").click()
    expect(host).to_have_url(re.compile(r"viewRequest=true"))
    host.get_by_role("dialog", name="Requests(1)").get_by_test_id("join-request").get_by_role(
        "button", name="Accept"
    ).click()
    expect(toast(host, "Request accepted")).to_be_visible()
    expect(actions(rider).get_by_role("button")).to_have_text(["Trip Chat", "Leave Trip"], timeout=WITHIN_A_SECOND_MS)
    expect(rider_sheet).to_contain_text("People joined (2/", timeout=WITHIN_A_SECOND_MS)
    audit(rider, "trip sheet, accepted while open")
    assert rider.url.endswith(trip_path)
    assert host_errors == [] and rider_errors == [], (host_errors, rider_errors)
    audit.assert_clean(expected_states=1)


def test_the_host_s_open_sheet_reads_booked_when_the_vendor_confirms(
    browser: Browser, base_url: str, audit: Audit
) -> None:
    _, host, host_errors = new_person(browser, base_url, "Asha Rao", "Female")
    trip_path = publish_trip(host, base_url)
    trip_id = trip_id_of(trip_path)
    call(host, "PUT", f"/api/trip/cab/interest/{trip_id}", {"category": "sedan", "stops": [HSR_LAYOUT]})
    call(host, "POST", f"/api/trip/cab/request/{trip_id}", {"vendor": "citycab"})
    host.goto(trip_path)
    status = host.get_by_role("dialog", name="Trip").get_by_test_id("trip-cab").get_by_test_id("cab-status")
    expect(status).to_be_visible()
    expect(status).not_to_contain_text("Booked")

    # The vendor's control is used from another browser; the host's sheet stays open.
    _, vendor, _ = new_person(browser, base_url, "Meera Iyer", "Female")
    vendor_confirms(vendor, trip_id)
    expect(status).to_contain_text("Booked", timeout=WITHIN_A_SECOND_MS)
    audit(host, "trip sheet, cab booked while open")
    assert host.url.endswith(trip_path)
    assert host_errors == [], host_errors
    audit.assert_clean(expected_states=1)
