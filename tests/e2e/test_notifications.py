"""Notifications journey: a request by one person lights the host's bell and reaches the host's device as a real
web push; the service worker shows it and a tap opens the trip with its requests, as the list's item does."""

import json
import re
import time

import httpx
from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, expect

from tests.e2e.test_join_journey import actions, publish_trip
from tests.e2e.test_trip_journey import new_person
from tests.push_service import LocalPushService


def csrf_headers(context: BrowserContext) -> dict[str, str]:
    token = next(cookie["value"] for cookie in context.cookies() if cookie["name"] == "csrf_token")
    return {"X-CSRF-Token": token}


def service_worker_registration(context: BrowserContext, page: Page) -> tuple[CDPSession, str]:
    """A DevTools session with the ServiceWorker domain on, and the id it gives the app's service worker
    registration, once the worker controls the page."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=20_000)
    cdp = context.new_cdp_session(page)
    found: list[str] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: found.extend(each["registrationId"] for each in event["registrations"] if not each["isDeleted"]),
    )
    cdp.send("ServiceWorker.enable")
    deadline = time.monotonic() + 10
    while not found and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert found, "the service worker registration was not reported"
    return cdp, found[0]


def test_a_request_lights_the_bell_and_its_push_opens_the_requests(
    browser: Browser, base_url: str, push_stand_in_port: int
) -> None:
    vapid = httpx.get(f"{base_url}/api/user/configuration", timeout=10).json()["data"]["web_push_vapid_public_key"]
    with LocalPushService(vapid, push_stand_in_port) as push_service:
        host_context, host, host_errors = new_person(browser, base_url, "Asha Rao", "Female")
        host_context.grant_permissions(["notifications"], origin=base_url)
        trip_path = publish_trip(host, base_url)
        trip_id = trip_path.rsplit("/", 1)[1]

        # The host's device is reached through the stand-in push service.
        device = push_service.subscribe()
        subscribed = host_context.request.post(
            f"{base_url}/api/notification/subscription", data=device.to_json(), headers=csrf_headers(host_context)
        )
        assert subscribed.ok, subscribed.text()

        host.goto("/home")
        expect(host.get_by_role("link", name="Notifications", exact=True)).to_be_visible()
        expect(host.get_by_test_id("unread-dot")).to_have_count(0)
        # The service worker answers /login for the app; the page is controlled by it once it has taken over.
        host.wait_for_function("navigator.serviceWorker.controller !== null", timeout=20_000)
        worker_status = host.evaluate("fetch('/login').then(answer => answer.json())")
        assert worker_status["data"] == {"is_logged_in": True}

        # Someone asks to join.
        rider_context, rider, rider_errors = new_person(browser, base_url, "Ravi Kumar", "Male")
        asked = rider_context.request.post(
            f"{base_url}/api/trip/user", data={"trip_id": int(trip_id)}, headers=csrf_headers(rider_context)
        )
        assert asked.ok, asked.text()

        # The push arrives signed and encrypted, and is what the list holds.
        [received] = push_service.wait_for(device)
        assert push_service.refusals == []
        assert received.payload["title"] == "New request"
        assert received.payload["message"].startswith("Ravi Kumar wants to join your trip")
        assert (received.payload["entity_type"], received.payload["entity_id"]) == ("request", trip_id)

        # The browser's push service hands it to the service worker, which shows it.
        cdp, registration_id = service_worker_registration(host_context, host)
        [worker] = host_context.service_workers
        cdp.send(
            "ServiceWorker.deliverPushMessage",
            {"origin": base_url, "registrationId": registration_id, "data": json.dumps(received.payload)},
        )
        shown_script = (
            "self.registration.getNotifications()"
            ".then(list => list.map(n => ({title: n.title, body: n.body, path: n.data && n.data.path})))"
        )
        deadline = time.monotonic() + 10
        shown = worker.evaluate(shown_script)
        while not shown and time.monotonic() < deadline:
            host.wait_for_timeout(200)
            shown = worker.evaluate(shown_script)
        assert shown == [
            {
                "title": "New request",
                "body": received.payload["message"],
                "path": f"/trip/{trip_id}?viewRequest=true",
            }
        ]
        # The open app lights its bell at once.
        expect(host.get_by_test_id("unread-dot")).to_be_visible()
        expect(host.get_by_role("link", name="Notifications, unread")).to_be_visible()

        # A tap on the system notification moves the app to the trip with its requests.
        worker.evaluate(
            "self.registration.getNotifications().then(([notification]) =>"
            " self.dispatchEvent(new NotificationEvent('notificationclick', { notification })))"
        )
        expect(host).to_have_url(re.compile(rf"/trip/{trip_id}\?viewRequest=true$"))
        requests = host.get_by_role("dialog", name="Requests(1)")
        expect(requests.get_by_test_id("join-request")).to_contain_text("Ravi Kumar")
        host.keyboard.press("Escape")
        expect(actions(host).get_by_role("button", name="Requests(1)")).to_be_visible()

        # The bell's list: the item, its age, and the same destination.
        host.goto("/home")
        host.get_by_role("link", name="Notifications, unread").click()
        expect(host).to_have_url(re.compile(r"/notifications$"))
        expect(host.get_by_role("tab", name="All")).to_have_attribute("aria-selected", "true")
        item = host.get_by_test_id("notification").filter(has_text="New request")
        expect(item).to_contain_text("Ravi Kumar wants to join your trip")
        expect(item).to_contain_text(re.compile(r"just now|\dm ago"))
        host.get_by_role("tab", name="Request").click()
        expect(host.get_by_test_id("notification")).to_have_count(1)
        host.get_by_test_id("notification").click()
        expect(host).to_have_url(re.compile(rf"/trip/{trip_id}\?viewRequest=true$"))
        expect(host.get_by_role("dialog", name="Requests(1)")).to_be_visible()

        # Seen: the bell is dark again.
        host.goto("/home")
        expect(host.get_by_role("link", name="Notifications", exact=True)).to_be_visible()
        expect(host.get_by_test_id("unread-dot")).to_have_count(0)

        # The rider has none yet. Their browser already refused notifications, so no dialog asks again.
        rider.goto("/notifications")
        expect(rider.get_by_role("heading", name="No notifications yet")).to_be_visible()
        expect(rider.get_by_text(re.compile("in last"))).to_have_count(0)
        assert rider.evaluate("Notification.permission") == "denied"
        expect(rider.get_by_role("dialog")).to_have_count(0)

        assert host_errors == []
        assert rider_errors == []
        host_context.close()
        rider_context.close()
