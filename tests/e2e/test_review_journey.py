"""Review journey in two browsers: a trip passes, a member rates the host (and flags nobody), and the host's profile
shows the new average; axe checks the review screens empty, filled and with a flag open."""

import re

import psycopg
from playwright.sync_api import Browser, Page, expect

from tests.e2e.axe import Audit
from tests.e2e.test_join_journey import actions, publish_trip, toast
from tests.e2e.test_trip_journey import new_person


def call(page: Page, method: str, path: str, body: dict[str, object] | None = None) -> dict:
    """An API call as the page's signed-in person, with the CSRF header the app sends."""
    token = next(cookie["value"] for cookie in page.context.cookies() if cookie["name"] == "csrf_token")
    answer = page.request.fetch(path, method=method, data=body, headers={"X-CSRF-Token": token})
    assert answer.ok, answer.text()
    return dict(answer.json())


def user_id(page: Page) -> int:
    return int(call(page, "GET", "/api/user/user")["data"]["id"])


def depart(database_url: str, trip_id: int) -> None:
    """The trip's time passes."""
    url = database_url.replace("postgresql+psycopg://", "postgresql://", 1)
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute("UPDATE trips SET scheduled_at = now() - interval '5 minutes' WHERE id = %s", (trip_id,))


def test_a_member_rates_the_host_and_the_hosts_profile_shows_it(
    browser: Browser, base_url: str, database_url: str, audit: Audit
) -> None:
    host_context, host, host_errors = new_person(browser, base_url, "Asha Rao", "Female")
    host.goto("/profile/my-review")
    expect(host.get_by_role("heading", name="No reviews yet")).to_be_visible()
    audit(host, "my reviews, empty")

    host.goto("/home")
    trip_path = publish_trip(host, base_url)
    trip_id = int(trip_path.rsplit("/", 1)[-1])
    rider_context, rider, rider_errors = new_person(browser, base_url, "Ravi Kumar", "Male")
    call(rider, "POST", "/api/trip/user", {"trip_id": trip_id})
    call(host, "PUT", f"/api/trip/user/host/{user_id(rider)}", {"action": "APPROVE", "trip_id": trip_id})
    depart(database_url, trip_id)

    # After the trip the member is offered Review Trip on the sheet.
    rider.goto(trip_path)
    actions(rider).get_by_role("button", name="Review Trip").click()
    expect(rider).to_have_url(re.compile(rf"/rating/{trip_id}$"))
    card = rider.get_by_test_id("review-card").filter(has_text="Asha Rao")
    expect(card).to_be_visible()
    audit(rider, "review trip, filled")

    # Nothing said yet: the spec's refusal. A flag opens its reason and disables the stars; then it is taken back.
    rider.get_by_role("button", name="Submit Review").click()
    expect(rider.get_by_role("alert")).to_have_text("Please review atleast one Humsafar")
    card.get_by_label("Flag Asha Rao").check()
    expect(card.get_by_role("button", name="4 stars")).to_be_disabled()
    expect(card.get_by_role("textbox", name="Why are you flagging Asha Rao?")).to_be_visible()
    audit(rider, "review trip, flag open")
    rider.get_by_role("button", name="Submit Review").click()
    expect(card.get_by_text("Flagging reason is required")).to_be_visible()
    # Said once, under the reason, which takes focus.
    expect(rider.get_by_text("Flagging reason is required")).to_have_count(1)
    expect(card.get_by_role("textbox", name="Why are you flagging Asha Rao?")).to_be_focused()
    audit(rider, "review trip, flag without its reason")
    card.get_by_label("Flag Asha Rao").uncheck()

    card.get_by_role("button", name="4 stars").click()
    card.get_by_role("button", name="Punctual: thumbs up").click()
    expect(card.get_by_role("button", name="4 stars")).to_have_attribute("aria-pressed", "true")
    rider.get_by_role("button", name="Submit Review").click()
    expect(toast(rider, "Thank you for your review!")).to_be_visible()
    expect(rider).to_have_url(re.compile(r"/home$"))

    # The rider sees the host's new average on their card and in their reviews.
    host_id = user_id(host)
    rider.goto(f"/profile/{host_id}")
    profile = rider.get_by_role("dialog", name="Asha Rao")
    expect(profile.get_by_test_id("profile-card")).to_contain_text("4.0")
    profile.get_by_role("link", name="See Reviews").click()
    expect(rider).to_have_url(re.compile(rf"/user-review/{host_id}$"))
    expect(rider.get_by_test_id("average-rating")).to_have_text("4.0")
    audit(rider, "user reviews")

    # The host's own profile and reviews show it too, without saying who wrote it.
    host.goto("/profile")
    expect(host.get_by_test_id("profile-card")).to_contain_text("4.0")
    host.goto("/profile/my-review")
    review = host.get_by_test_id("received-review")
    expect(review).to_have_count(1)
    expect(review).to_contain_text("Koramangala")
    expect(review).to_contain_text("Whitefield")
    expect(review).not_to_contain_text("Ravi")
    expect(review.get_by_role("img", name="4 of 5 stars")).to_be_visible()
    audit(host, "my reviews, filled")

    assert host_errors == [] and rider_errors == []
    host_context.close()
    rider_context.close()
    audit.assert_clean(expected_states=5)
