"""Script and markup payloads that people type into free text: a trip's note, which may hold such characters, is
shown on the trip sheet as the text typed, where nothing runs and no element is made from it; a question, which may
not, is refused with the spec's message and never reaches the sheet."""

from playwright.sync_api import Browser, expect

from domain.rules import messages
from tests.e2e.test_join_journey import publish_trip
from tests.e2e.test_notifications import csrf_headers
from tests.e2e.test_trip_journey import new_person

NOTE = '<img src=x onerror="window.__pwned=1"> Leaving from gate 2'
QUESTION = "<script>window.__pwned=2</script> Is there room for a <b>big</b> bag? javascript:window.__pwned=3"


def test_script_payloads_in_a_note_and_a_question_render_as_text(browser: Browser, base_url: str) -> None:
    host_context, host, host_errors = new_person(browser, base_url, "Asha Rao", "Female")
    trip_path = publish_trip(host, base_url)
    trip_id = int(trip_path.rsplit("/", 1)[1])
    edited = host_context.request.put(
        f"{base_url}/api/trip/trip/{trip_id}", data={"additional_note": NOTE}, headers=csrf_headers(host_context)
    )
    assert edited.ok, edited.text()

    rider_context, rider, rider_errors = new_person(browser, base_url, "Ravi Kumar", "Male")
    asked = rider_context.request.post(
        f"{base_url}/api/trip/query",
        data={"trip_id": trip_id, "question": QUESTION},
        headers=csrf_headers(rider_context),
    )
    assert asked.status == 400
    assert asked.json()["message"] == messages.MESSAGE_CHARACTERS

    dialogs: list[str] = []
    for page in (host, rider):
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        page.goto(trip_path)
        expect(page.get_by_text(NOTE, exact=True)).to_be_visible()
        expect(page.get_by_text("window.__pwned=2")).to_have_count(0)
        assert page.evaluate("window.__pwned") is None
        assert page.locator("img[src='x'], script:has-text('__pwned'), b:has-text('big')").count() == 0

    assert dialogs == []
    assert host_errors == [] and rider_errors == []
    host_context.close()
    rider_context.close()
