"""Journeys in Hindi on a 390 px phone: signing in (Hindi picked on the sign-in screen, or the device's language),
a trip created, found by another person, requested and accepted, the notifications, and Settings switching to
Kannada without a reload; every screen checked with axe, for overflow and for English left on it. The words are the
catalogs' (web/src/i18n/catalogs/hi) and the API's (domain/i18n), never guessed."""

import re

import httpx
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.axe import Audit
from tests.e2e.conftest import phone_in
from tests.e2e.in_language import (
    Screens,
    api_words,
    complete_profile,
    inline_refusals,
    person_in,
    saved_on_profile,
    sign_in_in,
    speaks,
    watch_errors,
    words,
)
from tests.e2e.layout import Layout, overflowing
from tests.e2e.test_signin_journey import new_mobile_number
from tests.e2e.test_trip_journey import card_of, trip_day

en = words("en")
hi = words("hi")
kn = words("kn")


def toast(page: Page, words_said: str) -> Locator:
    return page.get_by_role("status").filter(has_text=words_said)


def actions(page: Page, language: str) -> Locator:
    return page.get_by_role("dialog", name=words(language)("trips.trip"), exact=True).get_by_test_id("trip-actions")


def pick_place(page: Page, screens: Screens, field: str, place: str) -> None:
    """A place from the field's suggestions; the gazetteer's names are the places' own (Latin letters)."""
    page.get_by_role("combobox", name=field).fill(place)
    option = page.get_by_role("option", name=re.compile(place)).first
    screens.allow(option.inner_text())
    option.click()
    expect(page.get_by_role("combobox", name=field)).to_have_value(re.compile(place))


def heading(page: Page) -> Locator:
    return page.get_by_role("heading", level=1)


def test_hindi_picked_on_the_sign_in_screen_stays_through_sign_in_and_onto_the_profile(
    browser: Browser, base_url: str, audit: Audit, layout: Layout
) -> None:
    context = phone_in(browser, base_url, "en")
    page = context.new_page()
    errors = watch_errors(page)
    screens = Screens("hi", audit, layout)
    # The people's names, and where the phone is (home names the place).
    screens.allow("Asha Rao", "Koramangala")

    page.goto("/login")
    expect(heading(page)).to_have_text(en("auth.loginTitle"))
    page.get_by_label(en("common.language")).select_option("hi")
    expect(heading(page)).to_have_text(hi("auth.loginTitle"))
    speaks(page, "hi")
    expect(page.get_by_label(hi("common.language"))).to_have_value("hi")
    page.get_by_role("button", name=hi("auth.continue")).click()
    expect(page.get_by_role("alert")).to_have_text(hi("auth.phoneRequired"))
    screens(page, "sign-in, no number")

    sign_in_in(page, base_url, "hi", new_mobile_number(), check=screens)
    complete_profile(page, "hi", "Asha Rao", "profileSetup.female", check=screens)
    screens(page, "home, new person")
    context.close()
    screens.assert_clean(expected_states=5)
    assert errors == [], "\n".join(errors)


def test_the_language_picked_before_signing_in_is_kept_on_the_new_profile(browser: Browser, base_url: str) -> None:
    context = phone_in(browser, base_url, "en")
    page = context.new_page()
    page.goto("/login")
    page.get_by_label(en("common.language")).select_option("hi")
    speaks(page, "hi")
    sign_in_in(page, base_url, "hi", new_mobile_number())
    complete_profile(page, "hi", "Asha Rao", "profileSetup.female")
    try:
        page.reload()
        expect(page.get_by_role("heading", name=hi("home.greeting", name="Asha"))).to_be_visible()
        speaks(page, "hi")
        saved_on_profile(page, "hi")
    finally:
        context.close()


def test_a_trip_in_hindi_is_created_found_requested_and_accepted_and_settings_switch_to_kannada(
    browser: Browser, base_url: str, audit: Audit, layout: Layout
) -> None:
    screens = Screens("hi", audit, layout)
    screens.allow("Asha Rao", "Ravi Kumar", "Koramangala")
    date, morning = trip_day(base_url)

    # The host's phone speaks Hindi: the app does from the first screen.
    host_context, host, host_errors = person_in(browser, base_url, "hi", "Asha Rao", "profileSetup.female")
    host.goto("/home")
    expect(host.get_by_role("heading", name=hi("home.greeting", name="Asha"))).to_be_visible()
    screens(host, "home")

    host.get_by_role("link", name=hi("home.createTrip")).click()
    expect(host).to_have_url(re.compile(r"/create-trip$"))
    if httpx.get(f"{base_url}/api/user/configuration", timeout=10).json()["data"]["enable_kyc"]:
        prompt = host.get_by_role("dialog", name=hi("kyc.promptTitle"))
        expect(prompt).to_contain_text(hi("kyc.promptText"))
        screens(host, "create trip, verification prompt")
        prompt.get_by_role("button", name=hi("kyc.skip")).click()
    expect(heading(host)).to_have_text(hi("trips.createTrip"))
    host.get_by_role("button", name=hi("trips.createTrip")).click()
    expect(host.get_by_text(hi("trips.fromRequired"))).to_be_visible()
    expect(host.get_by_text(hi("trips.toRequired"))).to_be_visible()
    screens(host, "create trip, errors")

    pick_place(host, screens, hi("trips.from"), "Koramangala")
    pick_place(host, screens, hi("trips.to"), "Whitefield")
    host.get_by_label(hi("trips.date")).fill(date)
    host.get_by_test_id("trip-time").click()
    timing = host.get_by_role("dialog", name=hi("trips.timing"))
    expect(timing.get_by_label(hi("trips.hour"))).to_be_visible()
    screens(host, "create trip, time dialog")
    if morning:
        timing.get_by_label(hi("trips.hour")).select_option("10")
        timing.get_by_label(hi("trips.minute")).select_option("00")
        # The first half of the clock, however a language writes it.
        timing.get_by_label(hi("trips.amPm")).select_option(index=0)
        timing.get_by_role("button", name=hi("trips.apply")).click()
    else:
        timing.get_by_role("button", name=hi("trips.cancel")).click()
    expect(timing).to_be_hidden()
    screens(host, "create trip, filled")
    host.get_by_role("button", name=hi("trips.createTrip")).click()

    expect(host).to_have_url(re.compile(r"/trip/\d+$"))
    trip_path = re.sub(r"^https?://[^/]+", "", host.url)
    host_sheet = host.get_by_role("dialog", name=hi("trips.trip"), exact=True)
    expect(host_sheet.get_by_test_id("trip-host")).to_have_text("Asha Rao")
    expect(host_sheet.get_by_test_id("trip-origin")).to_contain_text("Koramangala")
    expect(host_sheet).to_contain_text(hi("tripCard.badgeHosted"))
    expect(actions(host, "hi").get_by_role("button", name=hi("trips.requests", count=0))).to_be_visible()
    screens(host, "trip sheet, host")

    # Another person, who chose Hindi in the app on this phone, searches and finds the trip.
    rider_context, rider, rider_errors = person_in(
        browser, base_url, "hi", "Ravi Kumar", "profileSetup.male", chosen=True
    )
    rider.goto("/search-trip")
    expect(heading(rider)).to_have_text(hi("trips.searchTrip"))
    expect(rider.get_by_role("button", name=hi("trips.searchTrip"))).to_be_disabled()
    screens(rider, "search, empty")
    rider.get_by_role("button", name=re.compile(re.escape(hi("trips.advancedFilters")))).click()
    expect(rider.get_by_text(hi("trips.maximumPassengers"))).to_be_visible()
    screens(rider, "search, advanced filters")
    pick_place(rider, screens, hi("trips.from"), "Koramangala")
    pick_place(rider, screens, hi("trips.to"), "Whitefield")
    rider.get_by_label(hi("trips.date")).fill(date)
    rider.get_by_role("button", name=hi("trips.searchTrip")).click()
    expect(rider).to_have_url(re.compile(r"/search-trip/result\?.*origin_latitude="))
    results = rider.get_by_test_id("search-results")
    expect(card_of(results, trip_path)).to_have_count(1)
    expect(card_of(results, trip_path)).to_contain_text("Asha")
    screens(rider, "search results")

    card_of(results, trip_path).click()
    rider_sheet = rider.get_by_role("dialog", name=hi("trips.trip"), exact=True)
    expect(rider_sheet.get_by_test_id("trip-host")).to_have_text("Asha Rao")
    expect(actions(rider, "hi").get_by_role("button")).to_have_text([hi("trips.askQuery"), hi("trips.sendRequest")])
    screens(rider, "trip sheet, rider")

    # A question first: the sheet says it and when it was asked (the browser's words for the time) in Hindi.
    actions(rider, "hi").get_by_role("button", name=hi("trips.askQuery")).click()
    rider_sheet.get_by_role("textbox", name=hi("trips.askTheHost")).fill("क्या डिक्की में एक सूटकेस की जगह है?")
    rider_sheet.get_by_role("button", name=hi("trips.ask"), exact=True).click()
    expect(toast(rider, api_words("hi", "QUERY_ASKED"))).to_be_visible()
    feedback = rider.get_by_role("dialog", name=hi("trips.feedbackTitle"))
    expect(feedback).to_contain_text(hi("trips.feedbackLead"))
    screens(rider, "feedback prompt")
    feedback.get_by_role("button", name=hi("trips.notNow")).click()
    question = rider_sheet.get_by_test_id("trip-question")
    expect(question).to_contain_text("क्या डिक्की में एक सूटकेस की जगह है?")
    expect(question).to_contain_text(hi("trips.waitingForHost"))
    screens(rider, "trip sheet, a question asked")

    actions(rider, "hi").get_by_role("button", name=hi("trips.sendRequest")).click()
    request_dialog = rider.get_by_role("dialog", name=hi("trips.sendRequestTitle"))
    expect(request_dialog.get_by_label(hi("trips.noteForHost"))).to_be_visible()
    screens(rider, "send request dialog")
    request_dialog.get_by_role("button", name=hi("trips.sendRequest")).click()
    expect(toast(rider, api_words("hi", "JOIN_REQUEST_SENT"))).to_be_visible()
    expect(request_dialog).to_be_hidden()
    expect(actions(rider, "hi").get_by_role("button", name=hi("trips.cancelRequest"))).to_be_visible()
    expect(rider_sheet).to_contain_text(hi("tripCard.badgeRequested"))
    screens(rider, "trip sheet, requested")

    # The host hears of it on the notifications screen, in Hindi.
    host.goto("/notifications")
    expect(heading(host)).to_have_text(hi("notifications.title"))
    expect(host.get_by_role("tab", name=hi("notifications.tabAll"))).to_be_visible()
    expect(host.get_by_text(api_words("hi", "NEW_REQUEST_TITLE")).first).to_be_visible()
    expect(host.get_by_text(re.compile("Ravi Kumar")).first).to_be_visible()
    screens(host, "notifications, a request")
    host.get_by_role("tab", name=hi("notifications.tabRequest")).click()
    expect(host.get_by_text(re.compile("Ravi Kumar")).first).to_be_visible()
    screens(host, "notifications, requests tab")

    # ... and accepts it on the trip's sheet.
    host.goto(trip_path)
    actions(host, "hi").get_by_role("button", name=hi("trips.requests", count=1)).click()
    requests = host.get_by_role("dialog", name=hi("trips.requests", count=1))
    request = requests.get_by_test_id("join-request")
    expect(request).to_contain_text("Ravi Kumar")
    screens(host, "requests dialog")
    request.get_by_role("button", name=hi("trips.acceptName", name="Ravi Kumar")).click()
    expect(toast(host, api_words("hi", "JOIN_ACCEPTED"))).to_be_visible()
    expect(host.get_by_role("dialog", name=hi("trips.requests", count=0))).to_contain_text(
        hi("trips.noPendingRequests")
    )
    host.keyboard.press("Escape")
    expect(host.get_by_test_id("requests-dialog")).to_be_hidden()
    screens(host, "trip sheet, a member")

    # The rider is a member now, and hears so in Hindi.
    rider.reload()
    expect(actions(rider, "hi").get_by_role("button")).to_have_text([hi("trips.tripChat"), hi("trips.leaveTrip")])
    screens(rider, "trip sheet, member")
    rider.goto("/notifications")
    expect(rider.get_by_text(api_words("hi", "REQUEST_ACCEPTED_TITLE")).first).to_be_visible()
    screens(rider, "notifications, accepted")

    # The host's trips, and the trip's chat with its member: the list, the room, a message and its time in Hindi.
    host.goto("/trips")
    expect(heading(host)).to_have_text(hi("trips.trips"))
    host.get_by_role("tab", name=hi("trips.tabHosting")).click()
    expect(card_of(host.locator("main"), trip_path)).to_have_count(1)
    screens(host, "trips, hosting")
    host.goto("/chat")
    expect(heading(host)).to_have_text(hi("chat.title"))
    chat_item = host.get_by_role("link", name=re.compile("Koramangala|Whitefield")).first
    expect(chat_item).to_be_visible()
    screens(host, "chat list")
    chat_item.click()
    expect(host).to_have_url(re.compile(r"/chat-room/\d+$"))
    composer = host.get_by_role("textbox", name=hi("chat.message"), exact=True)
    composer.fill("गेट पर मिलते हैं, समय पर")
    host.get_by_role("button", name=hi("chat.send"), exact=True).click()
    expect(host.get_by_text("गेट पर मिलते हैं, समय पर")).to_be_visible()
    screens(host, "chat room, a message")

    # Settings: Hindi, then Kannada picked there, on the same page, with no reload.
    host.goto("/profile/settings")
    expect(heading(host)).to_have_text(hi("settings.title"))
    expect(host.get_by_label(hi("common.language"))).to_have_value("hi")
    screens(host, "settings")
    host.evaluate("window.sameDocument = true")
    host.get_by_label(hi("common.language")).select_option("kn")
    expect(heading(host)).to_have_text(kn("settings.title"))
    speaks(host, "kn")
    expect(host.get_by_label(kn("common.language"))).to_have_value("kn")
    expect(host.get_by_text(kn("settings.deleteAccount"))).to_be_visible()
    assert host.evaluate("window.sameDocument") is True, "the page reloaded"
    screens.language = "kn"
    screens(host, "settings, in Kannada")
    saved_on_profile(host, "kn")

    # The trip is taken down, in Kannada, so it does not turn up in other journeys' searches.
    host.goto(trip_path)
    kannada_sheet = host.get_by_role("dialog", name=kn("trips.trip"), exact=True)
    kannada_sheet.get_by_role("button", name=kn("trips.tripOptions")).click()
    kannada_sheet.get_by_role("menuitem", name=kn("trips.deleteTrip")).click()
    delete_dialog = host.get_by_role("dialog", name=kn("trips.deleteTrip"))
    expect(delete_dialog.get_by_label(kn("trips.reasonNoMatch"))).to_be_checked()
    screens(host, "delete trip dialog, in Kannada")
    delete_dialog.get_by_role("button", name=kn("trips.deleteTrip")).click()
    expect(host).to_have_url(re.compile(r"/home$"))

    host_context.close()
    rider_context.close()
    screens.assert_clean(expected_states=25)
    assert host_errors == [], "\n".join(host_errors)
    assert rider_errors == [], "\n".join(rider_errors)


def test_the_layout_check_finds_what_is_wider_than_the_phone_or_cut_off(browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.set_content(
        """<!doctype html><html lang="hi-IN"><body style="margin:0">
        <div data-testid="too-wide" style="width:480px">चौड़ा</div>
        <button data-testid="cut" style="width:60px;overflow:hidden;white-space:nowrap">रिक्वेस्ट भेजें और जुड़ें</button>
        <p data-testid="ellipsis" style="width:60px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">
          रिक्वेस्ट भेजें और जुड़ें</p>
        <div style="overflow-x:auto;width:390px"><div style="width:900px">सरकने वाली पंक्ति</div></div>
        <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap">
          सिर्फ़ स्क्रीन रीडर के लिए एक लंबा वाक्य</span>
        </body></html>"""
    )
    found = {(item["problem"], item["selector"].split(" > ")[-1]) for item in overflowing(page)}
    page.close()
    assert found == {
        ("the page scrolls sideways", "html"),
        ("sticks out of the screen", 'div[data-testid="too-wide"]'),
        ("text is cut off", 'button[data-testid="cut"]'),
    }


def test_the_first_frame_before_the_app_s_code_is_in_hindi(browser: Browser, base_url: str) -> None:
    context = phone_in(browser, base_url, "hi")
    page = context.new_page()
    refused = inline_refusals(page)
    # The app's code never arrives: index.html's own first frame stays on the screen.
    page.route(re.compile(r"/assets/.+\.js$"), lambda route: route.abort())
    try:
        page.goto("/login")
        speaks(page, "hi")
        login_frame = page.locator("#app-shell .sh-login")
        expect(login_frame.locator("h1").filter(visible=True)).to_have_text(hi("auth.loginTitle"))
        expect(login_frame.locator(".sh-tagline").filter(visible=True)).to_have_text(hi("auth.tagline"))
        expect(login_frame.get_by_text(en("auth.loginTitle"))).to_be_hidden()
        assert overflowing(page) == []
        assert refused == []
    finally:
        context.close()
