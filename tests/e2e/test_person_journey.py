"""Trust where decisions are made, in two browsers: the host opens a requester's profile from Requests and accepts
there, the rider opens the host's profile from the trip sheet and the cost and CO2 explanations; after the trip
home offers 'Leave a rating' and /co2-saved shows the kg and trees. axe checks every new state."""

import re

import psycopg
from playwright.sync_api import Browser, expect

from tests.e2e.axe import Audit
from tests.e2e.test_join_journey import actions, publish_trip, toast
from tests.e2e.test_review_journey import call, user_id
from tests.e2e.test_trip_journey import new_person


def complete(database_url: str, trip_id: int, user_ids: list[int], kg_each: float) -> None:
    """The trip's time passes and its flow completes it: the completion mark and each traveller's credit."""
    url = database_url.replace("postgresql+psycopg://", "postgresql://", 1)
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute("UPDATE trips SET scheduled_at = now() - interval '7 hours' WHERE id = %s", (trip_id,))
        connection.execute("INSERT INTO trip_completions (trip_id) VALUES (%s)", (trip_id,))
        for person in user_ids:
            connection.execute(
                "INSERT INTO user_trips_insights (user_id, total_co2_saved) VALUES (%s, %s) "
                "ON CONFLICT (user_id) DO UPDATE SET total_co2_saved = user_trips_insights.total_co2_saved + %s",
                (person, kg_each, kg_each),
            )


def test_people_are_weighed_where_decisions_are_made(
    browser: Browser, base_url: str, database_url: str, audit: Audit
) -> None:
    host_context, host, host_errors = new_person(browser, base_url, "Asha Rao", "Female")
    trip_path = publish_trip(host, base_url)
    trip_id = int(trip_path.rsplit("/", 1)[-1])
    rider_context, rider, rider_errors = new_person(browser, base_url, "Ravi Kumar", "Male")
    call(rider, "POST", "/api/trip/user", {"trip_id": trip_id})

    # The host weighs the request from the requester's profile, and accepts right there.
    host.goto(trip_path)
    actions(host).get_by_role("button", name="Requests(1)").click()
    requests = host.get_by_role("dialog", name="Requests(1)")
    requests.get_by_role("button", name="Ravi Kumar's profile").click()
    profile = host.get_by_role("dialog", name="Ravi Kumar's profile")
    expect(profile.get_by_test_id("rating")).to_have_text("New · no ratings yet")
    expect(profile.get_by_test_id("reliability")).to_contain_text("Trips completed")
    expect(profile.get_by_test_id("reliability")).to_contain_text("No-shows")
    expect(profile.get_by_role("link", name="See Reviews")).to_have_attribute("href", f"/user-review/{user_id(rider)}")
    audit(host, "requester's profile sheet with Accept")
    profile.get_by_role("button", name="Accept Ravi Kumar").click()
    expect(toast(host, "Request accepted")).to_be_visible()
    expect(profile).to_be_hidden()
    # The screen behind kept its state: the requests dialog is still open, now empty.
    expect(host.get_by_role("dialog", name="Requests(0)").get_by_text("No pending requests")).to_be_visible()

    # The rider weighs the host from the trip sheet; Back returns to the sheet.
    rider.goto(trip_path)
    sheet = rider.get_by_role("dialog", name="Trip")
    expect(sheet.get_by_test_id("host-rating")).to_have_text("New · no ratings yet")
    sheet.get_by_role("button", name="Asha Rao's profile").first.click()
    host_profile = rider.get_by_role("dialog", name="Asha Rao's profile")
    expect(host_profile.get_by_test_id("profile-card")).to_contain_text("Asha Rao")
    expect(host_profile.get_by_test_id("reliability")).to_contain_text("Late cancels")
    audit(rider, "host's profile sheet")
    host_profile.get_by_role("button", name="Back").click()
    expect(host_profile).to_be_hidden()
    expect(sheet).to_be_visible()

    # What the figures mean.
    sheet.get_by_role("button", name="Estimated cost").click()
    cost = rider.get_by_role("dialog", name="Estimated cost")
    expect(cost).to_contain_text("half the total")
    audit(rider, "estimated cost explanation")
    cost.get_by_role("button", name="Got it").click()
    sheet.get_by_role("button", name="CO2 saved").click()
    co2 = rider.get_by_role("dialog", name="CO2 saved")
    expect(co2).to_contain_text("One tree is planted for every 50 kg")
    audit(rider, "CO2 explanation")
    co2.get_by_role("button", name="Got it").click()
    expect(co2).to_be_hidden()

    # After the trip: home offers the rating once, and the CO2 screen counts the kg and the trees.
    complete(database_url, trip_id, [user_id(host), user_id(rider)], 120.5)
    rider.goto("/home")
    prompt = rider.get_by_test_id("rating-prompt")
    expect(prompt).to_contain_text("Koramangala")
    audit(rider, "home with Leave a rating")
    prompt.get_by_role("link", name="Leave a rating").click()
    expect(rider).to_have_url(re.compile(rf"/rating/{trip_id}$"))
    expect(rider.get_by_test_id("review-card").filter(has_text="Asha Rao")).to_be_visible()
    rider.goto("/home")
    expect(rider.get_by_role("heading", name="Hi Ravi")).to_be_visible()
    expect(rider.get_by_test_id("rating-prompt")).to_have_count(0)

    rider.goto("/co2-saved")
    expect(rider.get_by_test_id("co2-total")).to_have_text("120.5 kg")
    expect(rider.get_by_test_id("co2-trees")).to_have_text("2 trees")
    expect(rider.get_by_role("progressbar", name="Towards your next tree")).to_have_attribute("aria-valuenow", "20.5")
    audit(rider, "CO2 saved")

    assert host_errors == [] and rider_errors == []
    host_context.close()
    rider_context.close()
    audit.assert_clean(expected_states=6)
