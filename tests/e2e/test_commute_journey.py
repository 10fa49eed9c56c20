"""Commute journey: a host repeats a trip on weekdays from Create Trip, sees the series and its trips under Trips ›
Hosting, and stops it. axe checks the form with the chips and the hosting tab with the series."""

import re

import httpx
from playwright.sync_api import Browser, expect

from tests.e2e.axe import Audit
from tests.e2e.test_trip_journey import new_person, pick_suggestion, set_time


def test_a_host_repeats_a_trip_every_weekday_and_stops_it(browser: Browser, base_url: str, audit: Audit) -> None:
    context, host, errors = new_person(browser, base_url, "Asha Rao", "Female")
    host.get_by_role("link", name="Create Trip").click()
    if httpx.get(f"{base_url}/api/user/configuration", timeout=10).json()["data"]["enable_kyc"]:
        host.get_by_role("dialog", name="Verify your profile").get_by_role("button", name="Skip").click()
    pick_suggestion(host, "From", "Koramangala")
    pick_suggestion(host, "To", "Whitefield")
    set_time(host, "11", "45", "PM")
    repeat = host.get_by_role("group", name=re.compile("Repeat on"))
    for day in ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"):
        repeat.get_by_role("button", name=day, exact=True).click()
    expect(repeat.get_by_role("button", name="Fri", exact=True)).to_have_attribute("aria-pressed", "true")
    audit(host, "create trip, repeating")
    host.get_by_role("button", name="Create Trip").click()

    # The series under Trips › Hosting, its trips published a week ahead by its schedule.
    expect(host).to_have_url(re.compile(r"/trips$"))
    expect(host.get_by_role("tab", name="Hosting")).to_have_attribute("aria-selected", "true")
    series = host.get_by_test_id("commute")
    expect(series).to_have_count(1)
    expect(series).to_contain_text(re.compile(r"Mon, Tue, Wed, Thu, Fri, Sat, Sun at 11:45\spm"))
    for _ in range(20):
        host.wait_for_timeout(1000)
        if host.get_by_test_id("trip-card").count() >= 7:
            break
        host.reload()
        expect(series).to_be_visible()
    assert host.get_by_test_id("trip-card").count() >= 7, "a week of trips is published"
    audit(host, "trips hosting with a commute")

    series.get_by_role("button", name="Stop").click()
    confirm = host.get_by_role("dialog", name="Stop commute")
    audit(host, "stop commute")
    confirm.get_by_role("button", name="Stop").click()
    expect(host.get_by_role("status").filter(has_text="Commute stopped")).to_be_visible()
    expect(host.get_by_test_id("commute")).to_have_count(0)

    assert errors == []
    context.close()
    audit.assert_clean(expected_states=3)
