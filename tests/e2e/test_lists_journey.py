"""Lists journey in two browsers: cards name their host, a place typed in the location dialog moves home with it, and
a trip the host deletes leaves its member's Upcoming lists."""

import re

from playwright.sync_api import Browser, Page, expect

from tests.e2e.axe import Audit
from tests.e2e.test_join_journey import joined, publish_trip
from tests.e2e.test_trip_journey import card_of, new_person


def upcoming_on_trips(page: Page) -> None:
    page.goto("/trips")
    page.get_by_role("tab", name="Upcoming").click()
    expect(page.get_by_role("tab", name="Upcoming")).to_have_attribute("aria-selected", "true")


def test_cards_name_the_host_and_a_deleted_trip_leaves_upcoming(browser: Browser, base_url: str, audit: Audit) -> None:
    host_context, host, host_errors = new_person(browser, base_url, "Asha Rao", "Female")
    trip_path = publish_trip(host, base_url)

    # The rider, near Koramangala, finds the trip around them: its card names the host by first name, as new.
    rider_context, rider, rider_errors = new_person(browser, base_url, "Ravi Kumar", "Male")
    around_card = card_of(rider.get_by_test_id("trips-around"), trip_path)
    expect(around_card).to_have_count(1)
    expect(around_card.get_by_test_id("trip-card-host")).to_contain_text("Asha")
    expect(around_card.get_by_test_id("trip-card-host")).not_to_contain_text("Rao")
    expect(around_card.get_by_test_id("trip-card-rating")).to_have_text("New")
    audit(rider, "home, trips around with their hosts")

    # A place typed in the location dialog brings its own coordinates: the header names it and Trips Around You is
    # searched from there, where the Koramangala trip does not start but ends: it is listed as passing near.
    rider.get_by_test_id("current-location").click()
    location = rider.get_by_role("dialog", name="Enter Your Location")
    location.get_by_role("combobox", name="Location").fill("Whitefield")
    expect(location.get_by_role("option", name=re.compile("Whitefield")).first).to_be_visible()
    audit(rider, "home, location dialog with suggestions")
    location.get_by_role("option", name=re.compile("Whitefield")).first.click()
    location.get_by_role("button", name="Save").click()
    expect(location).to_be_hidden()
    expect(rider.get_by_test_id("current-location")).to_contain_text("Whitefield")
    expect(card_of(rider.get_by_test_id("trips-around"), trip_path)).to_contain_text("Along the way: passes near you")

    # The rider asks to join and the host accepts.
    joined(host, rider, trip_path)

    # The member's Upcoming lists it on home and on Trips, the host named on the card.
    rider.goto("/home")
    upcoming_card = card_of(rider.get_by_test_id("upcoming-trips"), trip_path)
    expect(upcoming_card.get_by_test_id("trip-card-host")).to_contain_text("Asha")
    audit(rider, "home, upcoming with its host")
    upcoming_on_trips(rider)
    expect(card_of(rider.locator("main"), trip_path).get_by_test_id("trip-card-rating")).to_have_text("New")
    audit(rider, "trips, upcoming with its host")

    # The host deletes the trip; the member's own status on it stays active, yet Upcoming no longer lists it.
    host.goto(trip_path)
    sheet = host.get_by_role("dialog", name="Trip")
    sheet.get_by_role("button", name="Trip options").click()
    sheet.get_by_role("menuitem", name="Delete Trip").click()
    host.get_by_role("dialog", name="Delete Trip").get_by_role("button", name="Delete Trip").click()
    expect(host).to_have_url(re.compile(r"/home$"))

    upcoming_on_trips(rider)
    rider.reload()
    expect(rider.get_by_text("No upcoming trips!")).to_be_visible()
    expect(card_of(rider.locator("main"), trip_path)).to_have_count(0)
    audit(rider, "trips, upcoming after the host deleted")
    rider.goto("/home")
    expect(rider.get_by_role("heading", name="Hi Ravi")).to_be_visible()
    expect(rider.get_by_text("Looking for trips…")).to_have_count(0)
    expect(card_of(rider.locator("main"), trip_path)).to_have_count(0)

    audit.assert_clean(expected_states=5)
    assert host_errors == []
    assert rider_errors == []
    host_context.close()
    rider_context.close()
