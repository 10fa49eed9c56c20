"""Script and markup payloads that people type into free text: a trip's note and a question hold them as text, and
the trip sheet shows them as the text typed, where nothing runs and no element is made from them. An invisible
bidirectional override is refused, named."""

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
    assert asked.ok, asked.text()
    spoofed = rider_context.request.post(
        f"{base_url}/api/trip/query",
        data={"trip_id": trip_id, "question": "Gate 4 \u202egnp.exe"},
        headers=csrf_headers(rider_context),
    )
    assert spoofed.status == 400
    assert spoofed.json()["message"] == messages.MESSAGE_CHARACTERS.format(characters="U+202E")

    dialogs: list[str] = []
    for page in (host, rider):
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        page.goto(trip_path)
        expect(page.get_by_text(NOTE, exact=True)).to_be_visible()
        expect(page.get_by_text(QUESTION, exact=True)).to_be_visible()
        assert page.evaluate("window.__pwned") is None
        assert page.locator("img[src='x'], script:has-text('__pwned'), b:has-text('big')").count() == 0
        assert page.locator("a[href^='javascript']").count() == 0

    assert dialogs == []
    assert host_errors == [] and rider_errors == []
    host_context.close()
    rider_context.close()
