"""Still coming? in two browsers: the host moves a joined trip by two hours; the member, on the trip's sheet, is asked
with the new time, keeps their seat and is asked no more. axe on the sheet, asked and answered."""

import re
from datetime import datetime, timedelta

from playwright.sync_api import Browser, expect

from domain.rules import messages
from tests.e2e.axe import Audit
from tests.e2e.test_cab_journey import api_call
from tests.e2e.test_join_journey import actions, joined, publish_trip, toast
from tests.e2e.test_trip_journey import new_person


def banner_words(scheduled_at: str) -> str:
    """The banner's words for a trip's "YYYY-MM-DD HH:MM" (India time), as the sheet writes them in English (en-IN,
    12-hour: "The host moved this trip to 9:05 pm on 14 May 2026."), as a pattern: the browser may put a narrow space
    before "pm" and write September "Sept"."""
    moment = datetime.strptime(scheduled_at, "%Y-%m-%d %H:%M")
    clock = moment.strftime("%I:%M").lstrip("0") + r"\s" + moment.strftime("%p").lower()
    month = "Sept?" if moment.month == 9 else moment.strftime("%b")
    return rf"The host moved this trip to {clock} on {moment.day} {month} {moment.year}\. Still coming\?"


def test_a_member_asked_still_coming_after_a_long_move_keeps_their_seat(
    browser: Browser, base_url: str, audit: Audit
) -> None:
    host_context, host, host_errors = new_person(browser, base_url, "Asha Rao", "Female")
    trip_path = publish_trip(host, base_url)
    trip_id = int(trip_path.rsplit("/", 1)[1])
    rider_context, rider, rider_errors = new_person(browser, base_url, "Ravi Kumar", "Male")
    joined(host, rider, trip_path)

    # The host moves the trip two hours later.
    before = api_call(host, "GET", f"/api/trip/trip/{trip_id}", {})["data"]["scheduled_at"]  # type: ignore[index]
    after = (datetime.strptime(before, "%Y-%m-%d %H:%M") + timedelta(hours=2)).strftime("%Y-%m-%d %H:%M")
    api_call(host, "PUT", f"/api/trip/trip/{trip_id}", {"time_of_trip": after})

    rider.goto(trip_path)
    sheet = rider.get_by_role("dialog", name="Trip")
    banner = sheet.get_by_role("alert").filter(has_text="Still coming?")
    expect(banner).to_have_text(re.compile(banner_words(after) + "Keep my seatLeave trip"))
    audit(rider, "trip sheet, asked Still coming?")

    # Leave trip opens the leave dialog, which warns of no late cancellation; Back keeps the member in.
    banner.get_by_role("button", name="Leave trip").click()
    leave = rider.get_by_role("dialog", name="Leave Trip")
    expect(leave).to_be_visible()
    expect(leave.get_by_test_id("late-cancel-warning")).to_have_count(0)
    leave.get_by_role("button", name="Back").click()
    expect(leave).to_be_hidden()

    banner.get_by_role("button", name="Keep my seat").click()
    expect(toast(rider, messages.STILL_COMING_KEPT)).to_be_visible()
    expect(sheet.get_by_role("alert").filter(has_text="Still coming?")).to_have_count(0)
    expect(actions(rider).get_by_role("button", name="Leave Trip")).to_be_visible()
    audit(rider, "trip sheet, seat kept")

    # The host is never asked.
    host.goto(trip_path)
    expect(host.get_by_role("dialog", name="Trip").get_by_text("Still coming?")).to_have_count(0)

    assert host_errors == [] and rider_errors == []
    audit.assert_clean(expected_states=2)
    host_context.close()
    rider_context.close()
