"""Open trip sheets follow what they show: a member raises an SOS and the host's open sheet shows its banner (who,
since when, Call 112) without a reload, and drops it when they are safe; a stranger with the sheet open sees the
trip cancelled when its host deletes it. axe checks the sheet with the banner and the cancelled sheet."""

import re
import time

from playwright.sync_api import Browser, Page, expect

from domain.rules import limits
from tests.e2e.axe import Audit
from tests.e2e.test_join_journey import publish_trip
from tests.e2e.test_review_journey import call, depart, user_id
from tests.e2e.test_trip_journey import new_person

# Sooner than the sheet reads an SOS again by itself (TripSafety.tsx SOS_REFRESH_MS, 15 s): only a live change is.
LIVE_MS = 8_000


def following_the_sheet(page: Page) -> list[str]:
    """The frames the page's sockets receive from now on, to see when its socket follows the trip on screen."""
    frames: list[str] = []
    page.on("websocket", lambda socket: socket.on("framereceived", lambda payload: frames.append(str(payload))))
    return frames


def wait_for(page: Page, frames: list[str], wanted: str, timeout_seconds: float = 15) -> None:
    """Waits on the page, not the thread: Playwright hands the page's frames over only while it is called."""
    deadline = time.monotonic() + timeout_seconds
    while not any(wanted in frame for frame in frames):
        assert time.monotonic() < deadline, f"no {wanted!r} frame: {frames}"
        page.wait_for_timeout(100)


def test_a_member_s_sos_shows_on_the_host_s_open_sheet_and_goes_when_they_are_safe(
    browser: Browser, base_url: str, database_url: str, audit: Audit
) -> None:
    host_context, host, host_errors = new_person(browser, base_url, "Asha Rao", "Female")
    trip_path = publish_trip(host, base_url)
    trip_id = int(trip_path.rsplit("/", 1)[-1])
    rider_context, rider, rider_errors = new_person(browser, base_url, "Ravi Kumar", "Male")
    call(rider, "POST", "/api/trip/user", {"trip_id": trip_id})
    call(host, "PUT", f"/api/trip/user/host/{user_id(rider)}", {"action": "APPROVE", "trip_id": trip_id})
    depart(database_url, trip_id)

    frames = following_the_sheet(host)
    host.goto(trip_path)
    sheet = host.get_by_role("dialog", name="Trip")
    expect(sheet.get_by_test_id("trip-details")).to_be_visible()
    wait_for(host, frames, "following-trip")
    expect(sheet.get_by_test_id("standing-sos")).to_have_count(0)

    call(rider, "POST", f"/api/trip/sos/{trip_id}", {})
    banner = sheet.get_by_test_id("standing-sos")
    expect(banner).to_be_visible(timeout=LIVE_MS)
    expect(banner).to_contain_text("SOS on this trip")
    expect(banner.get_by_test_id("standing-sos-person")).to_have_text(
        re.compile(r"Ravi raised an SOS, since \d{1,2}:\d{2}\s(am|pm)")
    )
    expect(banner.get_by_role("link", name=f"Call {limits.EMERGENCY_NUMBER} for Ravi")).to_have_attribute(
        "href", f"tel:{limits.EMERGENCY_NUMBER}"
    )
    rider_number = call(rider, "GET", "/api/user/user")["data"]["mobile_number"]
    assert rider_number not in host.content()
    audit(host, "trip sheet, a member's SOS")

    # The rider's own sheet shows their own SOS in its safety block, not this banner.
    rider.goto(trip_path)
    rider_sheet = rider.get_by_role("dialog", name="Trip")
    expect(rider_sheet.get_by_test_id("sos-banner")).to_be_visible()
    expect(rider_sheet.get_by_test_id("standing-sos")).to_have_count(0)

    call(rider, "DELETE", f"/api/trip/sos/{trip_id}")
    expect(banner).to_have_count(0, timeout=LIVE_MS)

    assert host_errors == rider_errors == []
    for context in (host_context, rider_context):
        context.close()
    audit.assert_clean(expected_states=1)


def test_a_stranger_s_open_sheet_shows_the_trip_cancelled_when_its_host_deletes_it(
    browser: Browser, base_url: str, audit: Audit
) -> None:
    host_context, host, host_errors = new_person(browser, base_url, "Asha Rao", "Female")
    trip_path = publish_trip(host, base_url)
    trip_id = int(trip_path.rsplit("/", 1)[-1])
    stranger_context, stranger, stranger_errors = new_person(browser, base_url, "Passer By", "Male")

    frames = following_the_sheet(stranger)
    stranger.goto(trip_path)
    sheet = stranger.get_by_role("dialog", name="Trip")
    expect(sheet.get_by_test_id("trip-details")).to_be_visible()
    wait_for(stranger, frames, "following-trip")
    expect(sheet.get_by_text("Cancelled", exact=True)).to_have_count(0)

    call(host, "DELETE", f"/api/trip/trip/{trip_id}", {"reason": "Plans changed"})
    expect(sheet.get_by_text("Cancelled", exact=True)).to_be_visible(timeout=LIVE_MS)
    assert any(f'"id":"{trip_id}"' in frame and '"kind":"trip"' in frame for frame in frames), frames
    audit(stranger, "trip sheet, cancelled while open")

    assert host_errors == stranger_errors == []
    for context in (host_context, stranger_context):
        context.close()
    audit.assert_clean(expected_states=1)
