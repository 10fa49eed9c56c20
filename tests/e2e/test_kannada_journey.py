"""A pass in Kannada on a 390 px phone whose device speaks it: signing in, the profile form, home, the trip form with
its dialogs, search and the lists; every screen checked with axe, for overflow and for English left on it. The
words are the catalogs' (web/src/i18n/catalogs/kn) and the API's (domain/i18n), never guessed."""

import re

import httpx
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.axe import Audit
from tests.e2e.catalogs import english_left
from tests.e2e.conftest import phone_in
from tests.e2e.in_language import (
    WORDS_KEPT_IN_LATIN,
    Screens,
    complete_profile,
    keep_language_in_settings,
    person_in,
    sign_in_in,
    watch_errors,
    words,
)
from tests.e2e.layout import Layout
from tests.e2e.test_signin_journey import new_mobile_number

kn = words("kn")

# Leaflet's zoom buttons (aria-label and title), its credit link and the tile layer's attribution, as the map dialog
# (web/src/features/trips/components/MapDialog.tsx) leaves them.
MAP_DIALOG_ENGLISH = frozenset(
    {"Zoom in", "Zoom out", "Leaflet", "A JavaScript library for interactive maps", "© OpenStreetMap contributors"}
)


def heading(page: Page) -> Locator:
    return page.get_by_role("heading", level=1)


def test_kannada_sign_in_home_trip_form_and_lists(
    browser: Browser, base_url: str, audit: Audit, layout: Layout
) -> None:
    context = phone_in(browser, base_url, "kn")
    page = context.new_page()
    errors = watch_errors(page)
    screens = Screens("kn", audit, layout)
    # The person's name, and where the phone is (home names the place).
    screens.allow("Lakshmi Gowda", "Koramangala")
    # The map dialog's own controls are still English: their own expected failure below.
    screens.known_english = MAP_DIALOG_ENGLISH

    page.goto("/login")
    expect(heading(page)).to_have_text(kn("auth.loginTitle"))
    expect(page.get_by_label(kn("common.language"))).to_have_value("kn")
    page.get_by_label(kn("auth.mobileNumber")).fill("12")
    page.get_by_role("button", name=kn("auth.continue")).click()
    expect(page.get_by_role("alert")).to_have_text(kn("auth.phoneInvalid"))
    screens(page, "sign-in, a wrong number")

    sign_in_in(page, base_url, "kn", new_mobile_number(), check=screens)
    complete_profile(page, "kn", "Lakshmi Gowda", "profileSetup.female", check=screens)
    # Home greets the new person (its cards to create or search show when no trip is around, which other journeys'
    # trips near Koramangala may change).
    expect(page.get_by_role("heading", name=kn("home.greeting", name="Lakshmi"))).to_be_visible()
    screens(page, "home, new person")
    keep_language_in_settings(page, "kn")
    screens(page, "settings")

    # The trip form: the verification prompt, its errors, the time and map dialogs.
    page.goto("/create-trip")
    if httpx.get(f"{base_url}/api/user/configuration", timeout=10).json()["data"]["enable_kyc"]:
        prompt = page.get_by_role("dialog", name=kn("kyc.promptTitle"))
        expect(prompt).to_contain_text(kn("kyc.promptText"))
        screens(page, "create trip, verification prompt")
        prompt.get_by_role("button", name=kn("kyc.skip")).click()
    expect(heading(page)).to_have_text(kn("trips.createTrip"))
    screens(page, "create trip, empty")
    page.get_by_role("button", name=kn("trips.createTrip")).click()
    expect(page.get_by_text(kn("trips.fromRequired"))).to_be_visible()
    expect(page.get_by_text(kn("trips.toRequired"))).to_be_visible()
    screens(page, "create trip, errors")
    page.get_by_test_id("trip-time").click()
    timing = page.get_by_role("dialog", name=kn("trips.timing"))
    expect(timing.get_by_label(kn("trips.hour"))).to_be_visible()
    screens(page, "create trip, time dialog")
    timing.get_by_role("button", name=kn("trips.cancel")).click()
    expect(timing).to_be_hidden()
    page.get_by_role("combobox", name=kn("trips.to")).click()
    page.get_by_role("option", name=kn("trips.selectOnMap")).click()
    map_dialog = page.get_by_role("dialog", name=kn("trips.selectOnMap"))
    map_dialog.get_by_role("button", name=kn("trips.selectLocation")).click()
    expect(map_dialog.get_by_text(kn("trips.selectPointOnMap"))).to_be_visible()
    screens(page, "create trip, map dialog")
    page.keyboard.press("Escape")
    expect(map_dialog).to_be_hidden()

    # Search, and the lists a new person sees empty.
    page.goto("/search-trip")
    expect(heading(page)).to_have_text(kn("trips.searchTrip"))
    page.get_by_role("button", name=re.compile(re.escape(kn("trips.advancedFilters")))).click()
    expect(page.get_by_text(kn("trips.maximumPassengers"))).to_be_visible()
    screens(page, "search, advanced filters")
    page.goto("/trips")
    expect(heading(page)).to_have_text(kn("trips.trips"))
    expect(page.get_by_text(kn("trips.emptyUpcoming"))).to_be_visible()
    screens(page, "trips, empty")
    page.goto("/notifications")
    expect(heading(page)).to_have_text(kn("notifications.title"))
    screens(page, "notifications, empty")
    page.goto("/profile")
    expect(page.get_by_role("link", name=kn("profile.settings"))).to_be_visible()
    screens(page, "profile hub")

    context.close()
    screens.assert_clean(expected_states=15)
    assert errors == [], "\n".join(errors)


def test_the_map_dialog_speaks_kannada(browser: Browser, base_url: str) -> None:
    context, page, _ = person_in(browser, base_url, "kn", "Lakshmi Gowda", "profileSetup.female")
    try:
        page.goto("/search-trip")
        page.get_by_role("combobox", name=kn("trips.to")).click()
        page.get_by_role("option", name=kn("trips.selectOnMap")).click()
        map_dialog = page.get_by_role("dialog", name=kn("trips.selectOnMap"))
        expect(map_dialog.get_by_role("button", name=kn("trips.selectLocation"))).to_be_visible()
        expect(map_dialog.get_by_test_id("map")).to_be_visible()
        assert english_left(page, WORDS_KEPT_IN_LATIN | {"Lakshmi", "Gowda", "Koramangala"}) == []
    finally:
        context.close()
