"""Journeys in another language: the catalogs' words, the person signing in and completing a profile in it, and each
screen checked with axe, for overflow on a 390 px phone and for English left on it."""

import json
import re
import time
from functools import partial

from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, expect

from domain.i18n import catalog as api_catalog
from tests.e2e.axe import Audit
from tests.e2e.catalogs import english_left, text
from tests.e2e.conftest import LANGUAGE_TAGS, phone_in, sandbox_code
from tests.e2e.layout import Layout
from tests.e2e.test_signin_journey import new_mobile_number

# Latin-letter words every language writes so (docs/glossary.md): the brand, units, 12-hour times (9:05 am), each
# language's own name in the picker, the map's credit. Words in capitals (OTP, KYC, SOS, CO₂, AM) are never English.
WORDS_KEPT_IN_LATIN = frozenset({"Humsafar", "kg", "km", "am", "pm", "English", "OpenStreetMap", "LinkedIn"})


def words(language: str) -> partial[str]:
    """The app's catalog of the language: words('hi')('auth.continue') is what the screen says."""
    return partial(text, language)


def api_words(language: str, message_id: str, **fields: str) -> str:
    """A sentence the API says in the language (domain/i18n), filled in."""
    template = api_catalog.text(message_id, language)  # type: ignore[arg-type]
    return template.format(**fields) if fields else template


def speaks(page: Page, language: str) -> None:
    """The page is drawn in the language: <html lang> names it."""
    expect(page.locator("html")).to_have_attribute("lang", LANGUAGE_TAGS[language])


class Screens:
    """Each screen of a journey checked as it is: axe (WCAG 2.1 A/AA), overflow on the phone, English left on it."""

    def __init__(self, language: str, audit: Audit, layout: Layout) -> None:
        self.language = language
        self.audit = audit
        self.layout = layout
        self.allowed = WORDS_KEPT_IN_LATIN
        # English a known defect leaves on the screens, held by an expected failure of its own.
        self.known_english: frozenset[str] = frozenset()
        self.english: dict[str, list[str]] = {}

    def allow(self, *latin_words: str) -> None:
        """Words the people brought: their names, the places they picked."""
        self.allowed |= {word for phrase in latin_words for word in re.findall(r"[A-Za-z]+", phrase)}

    def __call__(self, page: Page, state: str) -> None:
        speaks(page, self.language)
        self.audit(page, state)
        self.layout(page, state)
        left = english_left(page, self.allowed, self.known_english)
        if left:
            self.english[state] = left

    def assert_clean(self, expected_states: int) -> None:
        self.audit.assert_clean(expected_states)
        self.layout.assert_clean(expected_states)
        assert not self.english, "English on a screen in another language:\n" + json.dumps(
            self.english, indent=2, ensure_ascii=False
        )


# The Content-Security-Policy refusing the page's own inline script or style (index.html's first frame).
INLINE_REFUSED = re.compile(r"^(Executing inline script|Applying inline style) violates the following Content Security")


def watch_errors(page: Page) -> list[str]:
    """The app's own errors in the console (a refused request, logged by the browser itself, is not one), each with
    where it was logged."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    def logged(message: ConsoleMessage) -> None:
        if message.type != "error" or message.text.startswith("Failed to load resource"):
            return
        errors.append(f"{message.text} ({message.location.get('url')}:{message.location.get('lineNumber')})")

    page.on("console", logged)
    return errors


def inline_refusals(page: Page) -> list[str]:
    """The Content-Security-Policy's refusals of the page's own inline script and style, as they are logged."""
    refused: list[str] = []

    def logged(message: ConsoleMessage) -> None:
        if INLINE_REFUSED.match(message.text):
            refused.append(message.text)

    page.on("console", logged)
    return refused


def sign_in_in(page: Page, base_url: str, language: str, mobile_number: str, check: Screens | None = None) -> None:
    """Signs in from /login (the page as it is, when it is there), in the language: the number, then the code from the
    sandbox SMS outbox."""
    t = words(language)
    if not re.search(r"/login$", page.url):
        page.goto("/login")
    expect(page.get_by_role("heading", level=1)).to_have_text(t("auth.loginTitle"))
    if check:
        check(page, "sign-in")
    page.get_by_label(t("auth.mobileNumber")).fill(mobile_number)
    page.get_by_role("button", name=t("auth.continue")).click()
    expect(page).to_have_url(re.compile(r"/login/otp$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(t("auth.verifyTitle"))
    code = sandbox_code(base_url, mobile_number)
    first_box = page.get_by_role("textbox", name=t("auth.codeDigit", count=len(code), index=1))
    expect(first_box).to_be_focused()
    if check:
        check(page, "one-time code")
    # Typing the last digit submits the code.
    page.keyboard.type(code)


def complete_profile(page: Page, language: str, name: str, sex_key: str, check: Screens | None = None) -> None:
    """The new person's profile form, in the language: its errors first, then name, sex and date of birth."""
    t = words(language)
    expect(page).to_have_url(re.compile(r"/user-details$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(t("profileSetup.title"))
    if check:
        page.get_by_role("button", name=t("profileSetup.next")).click()
        expect(page.get_by_text(t("profileSetup.nameRequired"))).to_be_visible()
        expect(page.get_by_text(t("profileSetup.sexRequired"))).to_be_visible()
        expect(page.get_by_text(t("profileSetup.dobRequired"))).to_be_visible()
        check(page, "profile form, errors")
    page.get_by_role("textbox", name=t("profileSetup.name"), exact=True).fill(name)
    page.get_by_label(t(sex_key), exact=True).check()
    page.get_by_role("textbox", name=t("profileSetup.dob"), exact=True).fill("14-08-1994")
    page.get_by_role("button", name=t("profileSetup.next")).click()
    expect(page.get_by_role("status").filter(has_text=api_words(language, "PROFILE_CREATED"))).to_be_visible()
    expect(page).to_have_url(re.compile(r"/home$"))
    expect(page.get_by_role("heading", name=t("home.greeting", name=name.split()[0]))).to_be_visible()


def person_in(
    browser: Browser, base_url: str, language: str, name: str, sex_key: str, *, chosen: bool = False
) -> tuple[BrowserContext, Page, list[str]]:
    """A new person on a phone in the language (the device's, or also chosen in the app), signed in with a profile."""
    context = phone_in(browser, base_url, language, chosen=chosen)
    page = context.new_page()
    errors = watch_errors(page)
    sign_in_in(page, base_url, language, new_mobile_number())
    complete_profile(page, language, name, sex_key)
    keep_language_in_settings(page, language)
    return context, page, errors


def keep_language_in_settings(page: Page, language: str) -> None:
    """The person picks the language in Settings, which saves it on their (now complete) profile. A language chosen
    before the profile existed is not kept on it (test_hindi_journey's expected failure), so without this the next
    load of the app would be in English."""
    page.goto("/profile/settings")
    page.get_by_test_id("language-picker").get_by_role("combobox").select_option(language)
    speaks(page, language)
    expect(page.get_by_role("heading", level=1)).to_have_text(words(language)("settings.title"))
    saved_on_profile(page, language)


def saved_on_profile(page: Page, language: str, timeout_seconds: float = 10.0) -> None:
    """The signed-in person's profile comes to hold the language (the app saves it quietly)."""
    deadline = time.monotonic() + timeout_seconds
    while True:
        saved = page.request.get("/api/user/user").json()["data"]["language"]
        if saved == language:
            return
        assert time.monotonic() < deadline, f"the profile's language is {saved!r}, not {language!r}"
        time.sleep(0.2)
