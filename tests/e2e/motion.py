"""Waiting for the page to stand still: dialogs, sheets and toasts end their entrance before they are measured."""

from playwright.sync_api import Page

# Two frames: what was just put on the page has its styles computed and its entrance under way.
TWO_FRAMES = "() => new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)))"
# Every animation and transition of the document that ends (a spinner's never does) has ended.
ENTRANCES_DONE = """() => document.getAnimations().every(
    animation => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity
)"""


def entrances_done(page: Page) -> None:
    page.evaluate(TWO_FRAMES)
    page.wait_for_function(ENTRANCES_DONE)
