"""Sign-in journey in a real browser: code from the sandbox SMS outbox, profile creation, session, logout."""

import random
import re
import struct
import zlib
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.conftest import sandbox_code


def new_mobile_number() -> str:
    return str(random.choice("6789")) + "".join(random.choices("0123456789", k=9))


def write_png(path: Path, side: int = 96) -> Path:
    """A small two-colour PNG, made here so the upload needs no fixture file."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(
        b"\x00" + b"".join(bytes((14, 107, 92) if (x // 12 + y // 12) % 2 else (255, 183, 3)) for x in range(side))
        for y in range(side)
    )
    header = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
    )
    return path


def sign_in(page: Page, base_url: str, mobile_number: str) -> None:
    page.goto("/login")
    page.get_by_label("Mobile number").fill(mobile_number)
    page.get_by_role("button", name="Continue").click()
    expect(page).to_have_url(re.compile(r"/login/otp$"))
    expect(page.get_by_role("textbox", name=re.compile(r"^Digit 1 of"))).to_be_focused()
    # Typing the last digit submits the code.
    page.keyboard.type(sandbox_code(base_url, mobile_number))


def test_new_user_signs_in_creates_a_profile_and_logs_out(page: Page, base_url: str, tmp_path: Path) -> None:
    # Refused requests (a 401 once signed out) are logged by the browser itself; anything else is the app's fault.
    app_errors: list[str] = []
    page.on("pageerror", lambda error: app_errors.append(str(error)))
    page.on(
        "console",
        lambda message: (
            message.type == "error"
            and not message.text.startswith("Failed to load resource")
            and app_errors.append(message.text)
        ),
    )
    sign_in(page, base_url, new_mobile_number())
    expect(page).to_have_url(re.compile(r"/user-details$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Tell us about yourself")

    page.get_by_test_id("avatar-file").set_input_files(write_png(tmp_path / "me.png"))
    crop = page.get_by_role("dialog", name="Crop your photo")
    crop.get_by_role("button", name="Rotate").click()
    crop.get_by_role("button", name="Use Photo").click()
    expect(page.get_by_role("img", name="Your photo")).to_be_visible()

    page.get_by_role("textbox", name="Name").fill("Asha Rao")
    page.get_by_label("Female").check()
    page.get_by_role("textbox", name="Date of birth").fill("14-08-1994")
    page.get_by_role("button", name="Next").click()

    expect(page.get_by_role("status").filter(has_text="Profile Created Successfully")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/home$"))
    expect(page.get_by_role("heading", name="Hi Asha")).to_be_visible()
    expect(page.get_by_role("heading", name="Let others join you")).to_be_visible()
    expect(page.get_by_role("heading", name="Find a Humsafar")).to_be_visible()

    page.reload()
    expect(page).to_have_url(re.compile(r"/home$"))
    expect(page.get_by_role("heading", name="Hi Asha")).to_be_visible()

    page.get_by_role("link", name="Profile").click()
    expect(page).to_have_url(re.compile(r"/profile$"))
    card = page.get_by_test_id("profile-card")
    expect(card).to_contain_text("Asha Rao")
    expect(card).to_contain_text("Female")
    expect(card.get_by_role("img", name="Asha Rao")).to_have_attribute("src", re.compile(r".+"))

    page.get_by_role("button", name="Log Out").click()
    page.get_by_role("dialog", name="Log Out").get_by_role("button", name="Yes, I'm Sure").click()
    expect(page).to_have_url(re.compile(r"/login$"))

    page.goto("/home")
    expect(page).to_have_url(re.compile(r"/login$"))
    assert app_errors == []


def test_user_with_an_incomplete_profile_is_sent_to_profile_creation(page: Page, base_url: str) -> None:
    sign_in(page, base_url, new_mobile_number())
    expect(page).to_have_url(re.compile(r"/user-details$"))

    for wanted in ("/home", "/profile", "/user-details-edit"):
        page.goto(wanted)
        expect(page).to_have_url(re.compile(r"/user-details$"))

    page.get_by_role("button", name="Next").click()
    expect(page.get_by_text("Name is required")).to_be_visible()
    expect(page.get_by_text("Sex is required")).to_be_visible()
    expect(page.get_by_text("Date of birth is required")).to_be_visible()


def test_a_wrong_code_is_shown_under_the_boxes_and_cleared(page: Page, base_url: str) -> None:
    mobile_number = new_mobile_number()
    page.goto("/login")
    page.get_by_label("Mobile number").fill(mobile_number)
    page.get_by_role("button", name="Continue").click()
    expect(page).to_have_url(re.compile(r"/login/otp$"))
    code = sandbox_code(base_url, mobile_number)
    wrong = str((int(code) + 1) % 10 ** len(code)).zfill(len(code))
    page.keyboard.type(wrong)

    expect(page.get_by_test_id("otp-error")).not_to_be_empty()
    for index in range(len(code)):
        expect(page.get_by_test_id(f"otp-box-{index}")).to_have_value("")
    expect(page.get_by_test_id("otp-error")).to_be_empty(timeout=8000)


def test_a_signed_out_visitor_returns_to_the_wanted_page_after_login(page: Page, base_url: str) -> None:
    page.goto("/profile/settings")
    expect(page).to_have_url(re.compile(r"/login$"))
    sign_in(page, base_url, new_mobile_number())
    # A new user completes the profile first; the guard sends them there from the remembered page.
    expect(page).to_have_url(re.compile(r"/user-details$"))
