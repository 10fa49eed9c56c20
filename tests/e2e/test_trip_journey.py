"""Trip journey in two browsers: a host publishes a trip, a rider finds it, the host reschedules and deletes it."""

import re
from datetime import UTC, datetime, timedelta

import httpx
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from tests.e2e.test_signin_journey import new_mobile_number, sign_in

KORAMANGALA = {"latitude": 12.9352, "longitude": 77.6245}
INDIA = timedelta(hours=5, minutes=30)


def trip_day(base_url: str) -> tuple[str, str | None]:
    """The day to publish on and, when needed, a morning time, so the trip falls in home's Trips Around You window
    (today from now, or all of tomorrow once India's clock passes the configured time of day)."""
    config = httpx.get(f"{base_url}/api/user/configuration", timeout=10).json()["data"]
    now = datetime.now(UTC) + INDIA
    if now.strftime("%H:%M") >= config["time_of_day_to_fetch_next_day_trips_in_home"]:
        return (now + timedelta(days=1)).strftime("%Y-%m-%d"), "10:00"
    return (now + timedelta(hours=2)).strftime("%Y-%m-%d"), None


def new_person(browser: Browser, base_url: str, name: str, gender: str) -> tuple[BrowserContext, Page, list[str]]:
    context = browser.new_context(
        base_url=base_url,
        viewport={"width": 390, "height": 844},
        geolocation=KORAMANGALA,
        permissions=["geolocation"],
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console",
        lambda message: (
            message.type == "error"
            and not message.text.startswith("Failed to load resource")
            and errors.append(message.text)
        ),
    )
    sign_in(page, base_url, new_mobile_number())
    expect(page).to_have_url(re.compile(r"/user-details$"))
    page.get_by_role("textbox", name="Name").fill(name)
    page.get_by_label(gender, exact=True).check()
    page.get_by_role("textbox", name="Date of birth").fill("14-08-1994")
    page.get_by_role("button", name="Next").click()
    expect(page).to_have_url(re.compile(r"/home$"))
    return context, page, errors


def card_of(container: Locator, trip_path: str) -> Locator:
    """The card of one trip, whatever other trips the shared database holds."""
    return container.locator(f'[data-testid="trip-card"][href^="{trip_path}"]')


def pick_suggestion(page: Page, field: str, text: str) -> None:
    page.get_by_role("combobox", name=field).fill(text)
    page.get_by_role("option", name=re.compile(text)).first.click()
    expect(page.get_by_role("combobox", name=field)).to_have_value(re.compile(text))


def set_time(page: Page, hour: str, minute: str, half: str) -> None:
    page.get_by_test_id("trip-time").click()
    timing = page.get_by_role("dialog", name="Timing")
    timing.get_by_label("Hour").select_option(hour)
    timing.get_by_label("Minute").select_option(minute)
    timing.get_by_label("AM/PM").select_option(half)
    timing.get_by_role("button", name="Apply").click()
    expect(timing).to_be_hidden()


def search(page: Page, date: str) -> None:
    page.goto("/search-trip")
    expect(page.get_by_role("button", name="Search Trip")).to_be_disabled()
    pick_suggestion(page, "From", "Koramangala")
    pick_suggestion(page, "To", "Whitefield")
    page.get_by_label("Date").fill(date)
    page.get_by_role("button", name="Search Trip").click()
    expect(page).to_have_url(re.compile(r"/search-trip/result\?.*origin_latitude="))


def test_a_trip_is_published_found_rescheduled_and_deleted(browser: Browser, base_url: str) -> None:
    date, morning = trip_day(base_url)

    # The host publishes a trip: From by autocomplete, To on the map.
    host_context, host, host_errors = new_person(browser, base_url, "Asha Rao", "Female")
    host.get_by_role("link", name="Create Trip").click()
    expect(host).to_have_url(re.compile(r"/create-trip$"))
    if httpx.get(f"{base_url}/api/user/configuration", timeout=10).json()["data"]["enable_kyc"]:
        # An unverified host is invited to verify first; skipping is remembered.
        host.get_by_role("dialog", name="Verify your profile").get_by_role("button", name="Skip").click()
    host.get_by_role("button", name="Create Trip").click()
    expect(host.get_by_text("Please add From location")).to_be_visible()
    expect(host.get_by_text("Please add To location")).to_be_visible()

    pick_suggestion(host, "From", "Koramangala")
    host.get_by_role("combobox", name="To").click()
    host.get_by_role("option", name="Select location on Map").click()
    map_dialog = host.get_by_role("dialog", name="Select location on Map")
    map_dialog.get_by_role("button", name="Select Location").click()
    expect(map_dialog.get_by_text("Please select a location on the map")).to_be_visible()
    map_dialog.get_by_label("Search on map").fill("Whitefield")
    map_dialog.get_by_role("button", name=re.compile("Whitefield")).first.click()
    expect(map_dialog.get_by_test_id("map-picked")).to_contain_text("Whitefield")
    # A tap in the middle of the map drops the pin where the search centred it.
    box = map_dialog.get_by_test_id("map").bounding_box()
    assert box is not None
    host.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(map_dialog.get_by_test_id("map-picked")).not_to_have_text(re.compile("Finding|Tap"))
    map_dialog.get_by_role("button", name="Select Location").click()
    expect(map_dialog).to_be_hidden()

    host.get_by_label("Date").fill(date)
    if morning:
        set_time(host, "10", "00", "AM")
    host.get_by_label("Yes").check()
    host.get_by_role("button", name="Create Trip").click()
    expect(host.get_by_text("Please add estimated cost")).to_be_visible()
    host.get_by_label("Estimated cost (₹)").fill("1200")
    host.get_by_label("Additional note").fill("Pick-up at the Forum mall gate")
    host.get_by_role("button", name="Create Trip").click()

    expect(host).to_have_url(re.compile(r"/trip/\d+$"))
    trip_path = re.sub(r"^https?://[^/]+", "", host.url)
    sheet = host.get_by_role("dialog", name="Trip")
    expect(sheet.get_by_test_id("trip-host")).to_have_text("Asha Rao")
    expect(sheet.get_by_test_id("trip-origin")).to_contain_text("Koramangala")
    expect(sheet.get_by_test_id("trip-cost")).to_have_text("₹600")
    expect(sheet).to_contain_text("Hosted")
    expect(sheet).to_contain_text("Pick-up at the Forum mall gate")

    # A rider finds it by search and opens its sheet, with the walking distances of their search.
    rider_context, rider, rider_errors = new_person(browser, base_url, "Ravi Kumar", "Male")
    search(rider, date)
    results = rider.get_by_test_id("search-results")
    expect(card_of(results, trip_path)).to_have_count(1)
    card_of(results, trip_path).click()
    rider_sheet = rider.get_by_role("dialog", name="Trip")
    expect(rider_sheet.get_by_test_id("trip-host")).to_have_text("Asha Rao")
    expect(rider_sheet).to_contain_text("from your origin")
    expect(rider_sheet.get_by_test_id("trip-co2")).to_contain_text("Save ")
    rider_sheet.get_by_role("button", name="Trip options").click()
    expect(rider_sheet.get_by_role("menuitem")).to_have_text(["Share Trip", "Trip Details", "Report & Block User"])
    rider.keyboard.press("Escape")
    rider_sheet.get_by_role("button", name="Close").click()
    expect(rider).to_have_url(re.compile(r"/home$"))

    # ... and in Trips Around You on home.
    around = rider.get_by_test_id("trips-around")
    expect(card_of(around, trip_path)).to_have_count(1)
    expect(card_of(around, trip_path)).to_contain_text("Koramangala")
    expect(rider.get_by_role("link", name="Create Trip")).to_be_visible()

    # The host moves the trip by half an hour or so.
    host.get_by_role("button", name="Trip options").click()
    host.get_by_role("menuitem", name="Edit Trip").click()
    expect(host).to_have_url(re.compile(r"/edit-trip$"))
    expect(host.get_by_role("textbox", name="From")).to_be_disabled()
    host.get_by_role("button", name="Edit Trip").click()
    expect(host.get_by_role("alert").filter(has_text="Nothing has been updated")).to_be_visible()
    shown = host.get_by_test_id("trip-time").inner_text()
    hour, minute, half = re.match(r"(\d+):(\d+)\s(am|pm)", shown, re.IGNORECASE).groups()  # type: ignore[union-attr]
    new_minute = "30" if minute != "30" else "45"
    set_time(host, hour, new_minute, half.upper())
    host.get_by_role("button", name="Edit Trip").click()
    expect(host).to_have_url(re.compile(re.escape(trip_path) + "$"))
    expect(host.get_by_role("dialog", name="Trip").get_by_test_id("trip-when")).to_contain_text(
        re.compile(rf"{hour}:{new_minute}\s{half}", re.IGNORECASE)
    )

    # The host deletes it with a reason; it leaves the rider's search.
    host.get_by_role("button", name="Trip options").click()
    host.get_by_role("menuitem", name="Delete Trip").click()
    delete_dialog = host.get_by_role("dialog", name="Delete Trip")
    expect(delete_dialog.get_by_label("Did not find a match")).to_be_checked()
    delete_dialog.get_by_label("Other reason").check()
    delete_dialog.get_by_role("button", name="Delete Trip").click()
    expect(delete_dialog.get_by_text("Please select an option or write your reason")).to_be_visible()
    delete_dialog.get_by_label("Your reason").fill("Plans changed, going by train")
    delete_dialog.get_by_role("button", name="Delete Trip").click()
    expect(host).to_have_url(re.compile(r"/home$"))
    # Upcoming lists trips still going ahead (SPEC §4): the deleted one leaves it.
    expect(host.get_by_text("Looking for trips…")).to_have_count(0)
    expect(card_of(host.locator("main"), trip_path)).to_have_count(0)

    search(rider, date)
    expect(
        rider.get_by_test_id("search-results").or_(rider.get_by_role("dialog", name="No trips around?"))
    ).to_be_visible()
    expect(card_of(rider.get_by_test_id("search-results"), trip_path)).to_have_count(0)

    assert host_errors == []
    assert rider_errors == []
    host_context.close()
    rider_context.close()
