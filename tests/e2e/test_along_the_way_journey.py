"""Riders along the way in two browsers: a host drives Electronic City to Hebbal, going up to 10 minutes out of their
way; a rider from HSR Layout to Shivajinagar finds the trip along the way, asks to join with their own pick-up and
drop; the host sees where the rider joins and leaves, and accepts. axe on each changed screen."""

import re

from playwright.sync_api import Browser, expect

from tests.e2e.axe import Audit
from tests.e2e.test_join_journey import actions, publish_trip, toast
from tests.e2e.test_trip_journey import new_person, pick_suggestion, trip_day

RIDER_STOPS = re.compile(r"Joins at HSR Layout · leaves at Shivajinagar( · \+\d+ min)?")


def test_a_rider_along_the_way_finds_requests_with_a_pick_up_and_is_accepted(
    browser: Browser, base_url: str, audit: Audit
) -> None:
    # The host publishes the trip, going up to 10 minutes out of their way (the form's default), as Edit Trip shows.
    host_context, host, host_errors = new_person(browser, base_url, "Asha Rao", "Female")
    trip_path = publish_trip(host, base_url, "Electronic City", "Hebbal")
    date, _ = trip_day(base_url)
    host_sheet = host.get_by_role("dialog", name="Trip")
    host_sheet.get_by_role("button", name="Trip options").click()
    host_sheet.get_by_role("menuitem", name="Edit Trip").click()
    detour = host.get_by_role("combobox", name="How far will you go out of your way?")
    expect(detour).to_have_value("10")
    expect(detour.get_by_role("option", name="Only riders at my start and end")).to_have_attribute("value", "0")
    audit(host, "edit trip form, with the detour")
    host.goto(trip_path)

    # The rider searches HSR Layout to Shivajinagar and finds the trip along the way.
    rider_context, rider, rider_errors = new_person(browser, base_url, "Ravi Kumar", "Male")
    rider.goto("/search-trip")
    pick_suggestion(rider, "From", "HSR Layout")
    pick_suggestion(rider, "To", "Shivajinagar")
    rider.get_by_label("Date").fill(date)
    rider.get_by_role("button", name="Search Trip").click()
    expect(rider).to_have_url(re.compile(r"/search-trip/result\?.*origin_latitude="))
    card = rider.get_by_test_id("trip-card").filter(has_text="Along the way")
    expect(card).to_have_count(1)
    expect(card.get_by_test_id("trip-card-along")).to_have_text(
        re.compile(r"^Along the way: pick-up near HSR Layout · host's detour about \d+ min$")
    )
    audit(rider, "search results, along the way")

    # Send Request confirms the pick-up and drop of the match.
    card.click()
    expect(rider).to_have_url(re.compile(trip_path))
    actions(rider).get_by_role("button", name="Send Request").click()
    request_dialog = rider.get_by_role("dialog", name="Send Request & Join Trip")
    stops = request_dialog.get_by_role("group", name="Your pick-up and drop")
    expect(stops.get_by_role("combobox", name="Pick-up")).to_have_value(re.compile(r"^HSR Layout"))
    expect(stops.get_by_role("combobox", name="Drop")).to_have_value(re.compile(r"^Shivajinagar"))
    audit(rider, "send request, pick-up and drop")
    request_dialog.get_by_role("button", name="Send Request").click()
    expect(toast(rider, "Request sent successfully")).to_be_visible()
    expect(request_dialog).to_be_hidden()

    # The host sees where the rider joins and leaves, and accepts.
    host.reload()
    actions(host).get_by_role("button", name="Requests(1)").click()
    requests = host.get_by_role("dialog", name="Requests(1)")
    request = requests.get_by_test_id("join-request")
    expect(request).to_contain_text("Ravi Kumar")
    expect(request.get_by_test_id("rider-stops")).to_have_text(RIDER_STOPS)
    audit(host, "requests, where the rider joins")
    request.get_by_role("button", name="Accept").click()
    expect(toast(host, "Request accepted")).to_be_visible()
    host.keyboard.press("Escape")
    expect(host.get_by_test_id("requests-dialog")).to_be_hidden()

    # The sheet lists the rider's stops and its map draws them between the ends.
    riders = host_sheet.get_by_role("list", name="Where riders join and leave")
    expect(riders).to_contain_text(RIDER_STOPS)
    route_map = host_sheet.get_by_test_id("trip-route-map")
    expect(route_map).to_have_attribute("data-rider-stops", "2")
    expect(route_map).to_have_attribute("aria-label", re.compile(r"Ravi Kumar joins at HSR Layout"))
    audit(host, "trip sheet, the rider's stops")

    # The members' list says it too.
    host_sheet.get_by_role("button", name="Trip options").click()
    host_sheet.get_by_role("menuitem", name="Members").click()
    member = host.get_by_role("dialog", name="Members").get_by_test_id("trip-member")
    expect(member.get_by_test_id("rider-stops")).to_have_text(RIDER_STOPS)
    audit(host, "members, where the rider joins")
    host.keyboard.press("Escape")
    expect(host.get_by_role("dialog", name="Members")).to_be_hidden()

    # The trip is taken down, so it does not turn up in other journeys' searches.
    host_sheet.get_by_role("button", name="Trip options").click()
    host_sheet.get_by_role("menuitem", name="Delete Trip").click()
    host.get_by_role("dialog", name="Delete Trip").get_by_role("button", name="Delete Trip").click()
    expect(host).to_have_url(re.compile(r"/home$"))

    audit.assert_clean(expected_states=6)
    assert host_errors == []
    assert rider_errors == []
    host_context.close()
    rider_context.close()
