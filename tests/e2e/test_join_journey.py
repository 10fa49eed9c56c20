"""Join journey in two browsers: a rider asks and requests, the host answers and accepts, then removes them."""

import re

import httpx
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.test_trip_journey import new_person, pick_suggestion, set_time, trip_day


def publish_trip(host: Page, base_url: str, origin: str = "Koramangala", destination: str = "Whitefield") -> str:
    """A trip (Koramangala to Whitefield unless named) on the journey's day; answers the path of its sheet."""
    date, morning = trip_day(base_url)
    host.get_by_role("link", name="Create Trip").click()
    if httpx.get(f"{base_url}/api/user/configuration", timeout=10).json()["data"]["enable_kyc"]:
        host.get_by_role("dialog", name="Verify your profile").get_by_role("button", name="Skip").click()
    pick_suggestion(host, "From", origin)
    pick_suggestion(host, "To", destination)
    host.get_by_label("Date").fill(date)
    if morning:
        set_time(host, "10", "00", "AM")
    host.get_by_role("button", name="Create Trip").click()
    expect(host).to_have_url(re.compile(r"/trip/\d+$"))
    return re.sub(r"^https?://[^/]+", "", host.url)


def toast(page: Page, text: str) -> Locator:
    return page.get_by_role("status").filter(has_text=text)


def actions(page: Page) -> Locator:
    return page.get_by_role("dialog", name="Trip").get_by_test_id("trip-actions")


def joined(host: Page, rider: Page, trip_path: str) -> None:
    """The rider asks to join from the trip's sheet and the host, on the sheet, accepts."""
    rider.goto(trip_path)
    actions(rider).get_by_role("button", name="Send Request").click()
    rider.get_by_role("dialog", name="Send Request & Join Trip").get_by_role("button", name="Send Request").click()
    expect(toast(rider, "Request sent successfully")).to_be_visible()
    host.reload()
    actions(host).get_by_role("button", name="Requests(1)").click()
    host.get_by_role("dialog", name="Requests(1)").get_by_role("button", name="Accept").click()
    expect(toast(host, "Request accepted")).to_be_visible()
    host.keyboard.press("Escape")


def test_a_rider_asks_requests_is_accepted_and_removed(browser: Browser, base_url: str) -> None:
    host_context, host, host_errors = new_person(browser, base_url, "Asha Rao", "Female")
    trip_path = publish_trip(host, base_url)
    expect(actions(host).get_by_role("button", name="Requests(0)")).to_be_visible()
    host.get_by_role("button", name="Trip Chat").click()
    chat_alert = host.get_by_role("dialog", name="Alert")
    expect(chat_alert).to_contain_text("Chat is only available if someone has joined your trip.")
    chat_alert.get_by_role("button", name="OK").click()
    expect(chat_alert).to_be_hidden()

    # The rider opens the shared trip: they may ask or send a request.
    rider_context, rider, rider_errors = new_person(browser, base_url, "Ravi Kumar", "Male")
    rider.goto(trip_path)
    rider_sheet = rider.get_by_role("dialog", name="Trip")
    expect(actions(rider).get_by_role("button")).to_have_text(["Ask Query", "Send Request"])

    # A question first: only spaces, then one the host can answer.
    actions(rider).get_by_role("button", name="Ask Query").click()
    question_box = rider_sheet.get_by_role("textbox", name="Ask the host a question")
    expect(question_box).to_be_focused()
    expect(question_box).to_have_attribute("rows", "2")
    question_box.fill("    ")
    rider_sheet.get_by_role("button", name="Ask", exact=True).click()
    expect(rider_sheet.get_by_text("Message should be of length 1 to 500")).to_be_visible()
    question_box.fill("Is there room for a folding cycle?")
    rider_sheet.get_by_role("button", name="Ask", exact=True).click()
    expect(toast(rider, "Question sent to the host")).to_be_visible()
    feedback = rider.get_by_role("dialog", name="We would love to hear from you!")
    expect(feedback.get_by_role("button", name="Leave a feedback")).to_be_visible()
    feedback.get_by_role("button", name="Not now").click()
    expect(rider_sheet.get_by_test_id("trip-question")).to_contain_text("Is there room for a folding cycle?")
    expect(rider_sheet.get_by_test_id("trip-question")).to_contain_text("Waiting for the host's answer")

    # The request, with luggage and a note.
    actions(rider).get_by_role("button", name="Send Request").click()
    request_dialog = rider.get_by_role("dialog", name="Send Request & Join Trip")
    for _ in range(2):
        request_dialog.get_by_role("button", name="More luggage").click()
    request_dialog.get_by_role("button", name="More handheld").click()
    request_dialog.get_by_label("Note for the host").fill("One suitcase \u202eetag llam")
    request_dialog.get_by_role("button", name="Send Request").click()
    expect(request_dialog.get_by_role("alert")).to_contain_text("Note contains characters that are not allowed: U+202E")
    request_dialog.get_by_label("Note for the host").fill("  One suitcase, I'll be at the mall gate 🙂  ")
    request_dialog.get_by_role("button", name="Send Request").click()
    expect(toast(rider, "Request sent successfully")).to_be_visible()
    expect(request_dialog).to_be_hidden()
    expect(actions(rider).get_by_role("button", name="Cancel Request")).to_be_visible()
    expect(rider_sheet).to_contain_text("Requested")

    # The host sees the request and the question.
    host.reload()
    host_sheet = host.get_by_role("dialog", name="Trip")
    actions(host).get_by_role("button", name="Requests(1)").click()
    expect(host).to_have_url(re.compile(r"viewRequest=true"))
    requests = host.get_by_role("dialog", name="Requests(1)")
    request = requests.get_by_test_id("join-request")
    expect(request).to_contain_text("Ravi Kumar")
    expect(request).to_contain_text("Luggage 2 · Handheld 1")
    expect(request).to_contain_text("One suitcase, I'll be at the mall gate 🙂")
    request.get_by_role("button", name="Accept").click()
    expect(toast(host, "Request accepted")).to_be_visible()
    expect(host.get_by_role("dialog", name="Requests(0)")).to_contain_text("No pending requests")
    host.keyboard.press("Escape")
    expect(host.get_by_test_id("requests-dialog")).to_be_hidden()
    expect(host).not_to_have_url(re.compile(r"viewRequest"))
    expect(host_sheet).to_contain_text("People joined (2/2)")

    question = host_sheet.get_by_test_id("trip-question")
    question.get_by_role("button", name="Reply").click()
    answer_box = question.get_by_role("textbox", name="Reply to Ravi Kumar")
    expect(answer_box).to_be_focused()
    answer_box.fill("Yes, the boot is empty")
    question.get_by_role("button", name="Send Reply").click()
    expect(toast(host, "Answer sent")).to_be_visible()
    expect(question.get_by_test_id("trip-answer")).to_contain_text("Yes, the boot is empty")

    # The rider is now a member: Trip Chat and Leave Trip, and the answer.
    rider.reload()
    expect(actions(rider).get_by_role("button")).to_have_text(["Trip Chat", "Leave Trip"])
    expect(actions(rider).get_by_role("button", name="Trip Chat")).to_be_enabled()
    expect(rider_sheet.get_by_test_id("trip-answer")).to_contain_text("Yes, the boot is empty")

    # The host removes them with a reason of their own.
    host_sheet.get_by_role("button", name="Trip options").click()
    expect(host_sheet.get_by_role("menuitem")).to_have_text(
        ["Edit Trip", "Share Trip", "Members", "Delete Trip", "Trip Details", "Share Number"]
    )
    host_sheet.get_by_role("menuitem", name="Members").click()
    member = host.get_by_role("dialog", name="Members").get_by_test_id("trip-member")
    expect(member).to_contain_text("Ravi Kumar")
    member.get_by_role("button", name="Remove from Trip").click()
    removal = host.get_by_role("dialog", name="Remove from Trip")
    expect(removal.get_by_label("Being abusive")).to_be_checked()
    removal.get_by_label("Custom reason").check()
    removal.get_by_role("button", name="Remove").click()
    expect(removal.get_by_text("Please select an option or write your reason")).to_be_visible()
    removal.get_by_label("Your reason").fill("Plans changed, the seat is taken")
    removal.get_by_role("button", name="Remove").click()
    expect(toast(host, "Removed Successfully")).to_be_visible()
    expect(removal).to_be_hidden()
    expect(host.get_by_role("dialog", name="Members")).to_contain_text("Nobody has joined your trip yet.")

    rider.reload()
    expect(actions(rider).get_by_test_id("trip-member-status")).to_have_text("Removed")
    expect(actions(rider).get_by_role("button", name="Send Request")).to_have_count(0)

    # The trip is taken down, so it does not turn up in other journeys' searches.
    host.keyboard.press("Escape")
    expect(host.get_by_role("dialog", name="Members")).to_be_hidden()
    host_sheet.get_by_role("button", name="Trip options").click()
    host_sheet.get_by_role("menuitem", name="Delete Trip").click()
    host.get_by_role("dialog", name="Delete Trip").get_by_role("button", name="Delete Trip").click()
    expect(host).to_have_url(re.compile(r"/home$"))

    assert host_errors == []
    assert rider_errors == []
    host_context.close()
    rider_context.close()
