"""Chat journey in two browsers: the host and an accepted member talk live, share files, survive a dropped socket
and see markup refused as text."""

import re
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, WebSocketRoute, expect

from tests.e2e.axe import Audit
from tests.e2e.conftest import screen_status
from tests.e2e.test_join_journey import actions, joined, publish_trip
from tests.e2e.test_signin_journey import write_png
from tests.e2e.test_trip_journey import new_person

MESSAGE_CHARACTERS = "Message contains characters that are not allowed: U+202E"


def write_pdf(path: Path) -> Path:
    """A one-page PDF with nothing on it, made here so the upload needs no fixture file."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
    ]
    body = b"%PDF-1.4\n"
    offsets = []
    for number, content in enumerate(objects, start=1):
        offsets.append(len(body))
        body += f"{number} 0 obj\n".encode() + content + b"\nendobj\n"
    xref = len(body)
    body += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    body += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    body += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    path.write_bytes(body)
    return path


def log_of(page: Page) -> Locator:
    return page.get_by_role("log", name="Messages")


def say(page: Page, text: str) -> None:
    box = page.get_by_role("textbox", name="Message")
    box.fill(text)
    box.press("Enter")


def attach(page: Page, kind: str, path: Path) -> None:
    page.get_by_role("button", name="Attach a file").click()
    with page.expect_file_chooser() as chooser:
        page.get_by_role("menuitem", name=kind).click()
    chooser.value.set_files(str(path))


class SocketCutter:
    """Stands between the page and the chat socket, so the test can cut the line and restore it."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.cut = False
        self.lines: list[tuple[WebSocketRoute, WebSocketRoute]] = []
        page.route_web_socket(re.compile(r"/api/chat/ws"), self._connect)

    def _connect(self, socket: WebSocketRoute) -> None:
        if self.cut:
            socket.close(code=1011, reason="line cut")
            return
        self.lines.append((socket, socket.connect_to_server()))

    def cut_line(self) -> None:
        self.cut = True
        for page_side, server_side in self.lines:
            server_side.close()
            page_side.close(code=1011, reason="line cut")
        self.lines.clear()

    def restore(self) -> None:
        self.cut = False
        # The device coming back online makes the app reconnect without waiting out its backoff.
        self.page.evaluate("window.dispatchEvent(new Event('online'))")


def test_two_members_chat_live_share_files_and_survive_a_dropped_socket(
    browser: Browser, base_url: str, tmp_path: Path
) -> None:
    host_context, host, host_errors = new_person(browser, base_url, "Asha Rao", "Female")
    trip_path = publish_trip(host, base_url)

    rider_context, rider, rider_errors = new_person(browser, base_url, "Ravi Kumar", "Male")
    alerts: list[str] = []
    for page in (host, rider):
        page.on("dialog", lambda dialog: (alerts.append(dialog.message), dialog.dismiss()))
    cutter = SocketCutter(rider)
    joined(host, rider, trip_path)

    # Both open the trip's chat from the sheet.
    actions(host).get_by_role("button", name="Trip Chat").click()
    expect(host).to_have_url(re.compile(r"/chat-room/\d+$"))
    chat_path = re.sub(r"^https?://[^/]+", "", host.url)
    rider.reload()
    actions(rider).get_by_role("button", name="Trip Chat").click()
    expect(rider).to_have_url(re.compile(re.escape(chat_path) + "$"))
    for page in (host, rider):
        # The room's own header (the lazily loaded screen may follow the URL by a moment).
        expect(page.get_by_role("heading", name="Trip", exact=True, level=1)).to_be_visible()
        expect(page.get_by_test_id("chat-trip-card")).to_contain_text("Koramangala")
        expect(page.get_by_role("status").filter(has_text="Reconnecting")).to_be_hidden()

    # Live both ways, without a reload.
    say(host, "Meet at gate 2, 7.30 am please!")
    expect(log_of(rider).get_by_text("Meet at gate 2, 7.30 am please!")).to_be_visible()
    say(rider, "Sure, I will be there _on time_")
    expect(log_of(host).get_by_text("Sure, I will be there")).to_be_visible()
    expect(log_of(host).locator("em")).to_have_text("on time")
    mine = log_of(rider).get_by_test_id("chat-message").filter(has_text="Sure, I will be there")
    expect(mine.get_by_test_id("message-status")).to_contain_text("Sent")

    # The rules the server keeps are shown before anything is sent; markup stays text and never runs.
    say(rider, "Gate 4 \u202egnp.exe")
    expect(rider.get_by_role("alert").filter(has_text=MESSAGE_CHARACTERS)).to_be_visible()
    expect(rider.get_by_role("textbox", name="Message")).to_have_value("Gate 4 \u202egnp.exe")
    rider.get_by_role("textbox", name="Message").fill("")
    say(rider, "ok")
    expect(log_of(host).get_by_text("ok", exact=True)).to_be_visible()
    say(rider, "<img src=x onerror=alert(1)> मैं आ रहा हूँ 🚕")
    expect(log_of(host).get_by_text("<img src=x onerror=alert(1)> मैं आ रहा हूँ 🚕")).to_be_visible()
    expect(log_of(rider).locator("img")).to_have_count(0)

    # An image and a PDF reach the other side once checked against the guidelines.
    attach(rider, "Image", write_png(tmp_path / "pickup-point.png"))
    expect(log_of(host).get_by_role("img", name="pickup-point.png")).to_be_visible(timeout=30_000)
    expect(log_of(rider).get_by_role("img", name="pickup-point.png")).to_be_visible(timeout=30_000)
    attach(host, "PDF", write_pdf(tmp_path / "fare-receipt.pdf"))
    expect(log_of(rider).get_by_role("link", name="fare-receipt.pdf")).to_be_visible(timeout=30_000)
    text_file = tmp_path / "notes.txt"
    text_file.write_text("not a picture")
    attach(host, "Image", text_file)
    expect(host.get_by_role("alert").filter(has_text="Invalid file format")).to_be_visible()

    # The rider's line drops: a message typed meanwhile waits, and arrives once, after the line is back, along with
    # what the host said in between.
    cutter.cut_line()
    expect(rider.get_by_role("status").filter(has_text="Reconnecting")).to_be_visible()
    say(rider, "Running five minutes late, sorry")
    expect(rider.get_by_role("alert").filter(has_text="Unable to send message")).to_be_visible()
    waiting = log_of(rider).get_by_test_id("chat-message").filter(has_text="Running five minutes late")
    expect(waiting).to_have_attribute("data-status", "waiting")
    say(host, "No problem, I am at the gate")
    expect(log_of(host).get_by_text("No problem, I am at the gate")).to_be_visible()
    expect(log_of(host).get_by_text("Running five minutes late")).to_have_count(0)
    cutter.restore()
    expect(rider.get_by_role("status").filter(has_text="Reconnecting")).to_be_hidden(timeout=20_000)
    expect(waiting).to_have_attribute("data-status", "successful")
    expect(log_of(rider).get_by_text("No problem, I am at the gate")).to_have_count(1)
    expect(log_of(host).get_by_text("Running five minutes late, sorry")).to_have_count(1)
    # A later message reaches the host after anything the rider's page sent before it: a second copy of the resent
    # one would be on the host's screen by then.
    say(rider, "Leaving now")
    expect(log_of(host).get_by_text("Leaving now")).to_have_count(1)
    expect(log_of(host).get_by_text("Running five minutes late, sorry")).to_have_count(1)
    host.reload()
    expect(log_of(host).get_by_text("Running five minutes late, sorry")).to_have_count(1)

    # The chat list shows the trip with its newest message.
    host.goto("/chat")
    expect(host.get_by_role("tab", name="Current Trips")).to_have_attribute("aria-selected", "true")
    row = host.get_by_test_id("chat-row").filter(has=host.get_by_text("Leaving now"))
    expect(row).to_be_visible()
    host.get_by_role("tab", name="Previous Trips").click()
    expect(host.get_by_role("tab", name="Previous Trips")).to_have_attribute("aria-selected", "true")
    host.get_by_role("tab", name="Current Trips").click()
    row.click()
    expect(host).to_have_url(re.compile(re.escape(chat_path) + "$"))

    assert alerts == []
    assert host_errors == []
    assert rider_errors == []

    # The trip is taken down, so it does not turn up in other journeys' searches.
    host.goto(trip_path)
    sheet = host.get_by_role("dialog", name="Trip")
    sheet.get_by_role("button", name="Trip options").click()
    sheet.get_by_role("menuitem", name="Delete Trip").click()
    host.get_by_role("dialog", name="Delete Trip").get_by_role("button", name="Delete Trip").click()
    expect(host).to_have_url(re.compile(r"/home$"))
    host_context.close()
    rider_context.close()


def scroll_messages_to_top(page: Page) -> None:
    """Scrolls the room's message list (the only scrolling area) to its top, as a finger would."""
    page.get_by_test_id("chat-messages").evaluate("list => list.scrollTo({ top: 0 })")


def test_a_phone_sized_room_opens_at_the_newest_follows_new_messages_and_keeps_them_offline(
    browser: Browser, base_url: str, audit: Audit
) -> None:
    host_context, host, host_errors = new_person(browser, base_url, "Meera Nair", "Female")
    trip_path = publish_trip(host, base_url)
    rider_context, rider, rider_errors = new_person(browser, base_url, "Kiran Shetty", "Male")
    joined(host, rider, trip_path)

    # The host fills the room with more than a phone's screen (and more than a page) of messages.
    actions(host).get_by_role("button", name="Trip Chat").click()
    expect(host).to_have_url(re.compile(r"/chat-room/\d+$"))
    chat_path = re.sub(r"^https?://[^/]+", "", host.url)
    for number in range(1, 36):
        say(host, f"Plan line {number}")
    expect(log_of(host).get_by_text("Plan line 35", exact=True)).to_be_visible()
    expect(log_of(host).get_by_test_id("chat-message").last).to_have_attribute("data-status", "successful")

    # On a 390x844 screen the rider's room opens at the newest message, with the text box on screen.
    rider.reload()
    actions(rider).get_by_role("button", name="Trip Chat").click()
    expect(rider).to_have_url(re.compile(re.escape(chat_path) + "$"))
    expect(log_of(rider).get_by_text("Plan line 35", exact=True)).to_be_in_viewport()
    expect(rider.get_by_role("textbox", name="Message")).to_be_in_viewport()
    expect(rider.get_by_role("button", name="Send")).to_be_in_viewport()
    expect(log_of(rider).get_by_text("Plan line 20", exact=True)).not_to_be_in_viewport()
    expect(screen_status(rider).filter(has_text="Reconnecting")).to_be_hidden()
    audit(rider, "chat room on a phone")

    # At the bottom, a new message is followed; the rider's own one too.
    say(host, "Leaving in ten minutes")
    expect(log_of(rider).get_by_text("Leaving in ten minutes")).to_be_in_viewport()
    expect(rider.get_by_role("button", name="New messages")).to_be_hidden()

    # Scrolled up to read, a new message does not pull the list down: a button says it came and leads to it.
    scroll_messages_to_top(rider)
    expect(log_of(rider).get_by_text("Plan line 35", exact=True)).not_to_be_in_viewport()
    say(host, "Cab is at gate 2")
    new_messages = rider.get_by_role("button", name="New messages")
    expect(new_messages).to_be_visible()
    expect(log_of(rider).get_by_text("Cab is at gate 2")).not_to_be_in_viewport()
    audit(rider, "chat room scrolled up with a new message")
    new_messages.click()
    expect(log_of(rider).get_by_text("Cab is at gate 2")).to_be_in_viewport()
    expect(new_messages).to_be_hidden()

    # The on-screen keyboard takes the lower part of the screen: the text box and the newest message stay above it.
    rider.get_by_role("textbox", name="Message").focus()
    rider.set_viewport_size({"width": 390, "height": 480})
    expect(rider.get_by_role("textbox", name="Message")).to_be_in_viewport()
    expect(log_of(rider).get_by_text("Cab is at gate 2")).to_be_in_viewport()
    say(rider, "Coming down now")
    expect(log_of(rider).get_by_text("Coming down now")).to_be_in_viewport()
    expect(log_of(host).get_by_text("Coming down now")).to_be_visible()
    rider.set_viewport_size({"width": 390, "height": 844})

    # Offline, the room opened again shows the messages already seen, marked as offline, instead of a spinner.
    rider.get_by_role("button", name="Back").click()
    expect(rider).to_have_url(re.compile(r"/chat$"))
    row = rider.get_by_test_id("chat-row").filter(has=rider.get_by_text("Coming down now"))
    expect(row).to_be_visible()
    rider_context.set_offline(True)
    row.click()
    expect(rider).to_have_url(re.compile(re.escape(chat_path) + "$"))
    expect(log_of(rider).get_by_text("Coming down now")).to_be_in_viewport()
    expect(log_of(rider).get_by_text("Cab is at gate 2")).to_be_visible()
    offline_mark = screen_status(rider).filter(has_text="You are offline: these are the messages seen before")
    expect(offline_mark).to_be_visible()
    expect(rider.get_by_role("status").filter(has_text="Loading")).to_have_count(0)
    audit(rider, "chat room offline")

    # Back online, the room catches up with what was said meanwhile, and the mark goes.
    say(host, "Where are you?")
    rider_context.set_offline(False)
    rider.evaluate("window.dispatchEvent(new Event('online'))")
    expect(offline_mark).to_be_hidden()
    expect(log_of(rider).get_by_text("Where are you?")).to_be_in_viewport(timeout=20_000)

    audit.assert_clean(3)
    assert host_errors == []
    assert rider_errors == []

    host.goto(trip_path)
    sheet = host.get_by_role("dialog", name="Trip")
    sheet.get_by_role("button", name="Trip options").click()
    sheet.get_by_role("menuitem", name="Delete Trip").click()
    host.get_by_role("dialog", name="Delete Trip").get_by_role("button", name="Delete Trip").click()
    expect(host).to_have_url(re.compile(r"/home$"))
    host_context.close()
    rider_context.close()
