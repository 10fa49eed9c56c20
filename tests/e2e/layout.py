"""Layout on a phone: nothing on the screen is wider than the screen, and no text is cut off, except where the design
truncates on purpose (text-overflow: ellipsis). Kept under the name of the state it was seen in, like axe's audit."""

import json

from playwright.sync_api import Page

from tests.e2e.motion import entrances_done

PHONE_WIDTH = 390

# Runs in the page. A box or a line of text past the screen's right (or left) edge counts unless a scrolling box
# holds it (a carousel, a row of chips: the person scrolls to it); text cut off by a box that clips (overflow hidden,
# its scrollWidth beyond its clientWidth) counts unless the box ends it with an ellipsis. Visually hidden text (1 px,
# clipped: for screen readers) and invisible boxes are skipped; a map's tiles are not text.
_FIND_OVERFLOW = """
(width) => {
  const found = [];
  const seen = new Set();
  const root = document.documentElement;
  const describe = (element) => {
    const parts = [];
    for (let node = element; node && node !== document.body && parts.length < 4; node = node.parentElement) {
      let part = node.tagName.toLowerCase();
      const testId = node.getAttribute('data-testid');
      if (node.id && !/^[:«]/.test(node.id)) part += '#' + node.id;
      if (testId) part += `[data-testid="${testId}"]`;
      const role = node.getAttribute('role');
      if (role) part += `[role="${role}"]`;
      const classes = [...node.classList].slice(0, 2);
      if (classes.length) part += '.' + classes.join('.');
      parts.unshift(part);
    }
    return parts.join(' > ');
  };
  const text = (element) =>
    (element.innerText || element.getAttribute('aria-label') || '').trim().replace(/\\s+/g, ' ').slice(0, 80);
  const report = (element, problem, detail) => {
    const key = problem + '|' + describe(element);
    if (seen.has(key)) return;
    seen.add(key);
    found.push({ problem, selector: describe(element), text: text(element), detail });
  };
  const invisible = (element) => {
    for (let node = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) return true;
      if (node.getAttribute('aria-hidden') === 'true' && node.closest('[inert], dialog:not([open])')) return true;
    }
    return false;
  };
  const visuallyHidden = (element) => {
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    const clipped = style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)';
    return (rect.width <= 1 && rect.height <= 1) || clipped;
  };
  // An ancestor below <body> that scrolls sideways holds what sticks out of it within its own reach.
  const scrolledWithin = (element) => {
    for (let node = element.parentElement; node && node !== document.body && node !== root; node = node.parentElement) {
      const overflowX = getComputedStyle(node).overflowX;
      if (overflowX === 'auto' || overflowX === 'scroll') return true;
    }
    return false;
  };
  // An ancestor below <body> that clips sideways: what sticks out of it is cut, not beyond the screen.
  const clippedWithin = (element) => {
    for (let node = element.parentElement; node && node !== document.body && node !== root; node = node.parentElement) {
      const overflowX = getComputedStyle(node).overflowX;
      if (overflowX === 'hidden' || overflowX === 'clip') return node;
    }
    return null;
  };

  if (root.scrollWidth > width) {
    const detail = `scrollWidth ${root.scrollWidth} > ${width}`;
    found.push({ problem: 'the page scrolls sideways', selector: 'html', text: '', detail });
  }
  for (const element of document.body.querySelectorAll('*')) {
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'svg', 'path', 'OPTION'].includes(element.tagName)) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || visuallyHidden(element) || invisible(element)) continue;
    const style = getComputedStyle(element);
    if ((rect.right > width + 1 || rect.left < -1) && !scrolledWithin(element) && !clippedWithin(element)) {
      // Off-screen by design: a sheet or drawer moved out of view by a transform while it is closed.
      if (rect.left >= width || rect.right <= 0) continue;
      const detail = `left ${Math.round(rect.left)}, right ${Math.round(rect.right)}, screen ${width}`;
      report(element, 'sticks out of the screen', detail);
    }
    for (const child of element.childNodes) {
      if (child.nodeType !== Node.TEXT_NODE || !child.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(child);
      const box = range.getBoundingClientRect();
      // Text cut off by a box that clips it (its scrollWidth beyond its clientWidth), unless that box ends it with an
      // ellipsis on purpose.
      const clipper = clippedWithin(child);
      if (clipper && !visuallyHidden(clipper) && clipper.scrollWidth > clipper.clientWidth + 1) {
        const edge = clipper.getBoundingClientRect();
        const cut = box.right > edge.right + 1 || box.left < edge.left - 1;
        if (cut && getComputedStyle(clipper).textOverflow !== 'ellipsis') {
          const detail = `text from ${Math.round(box.left)} to ${Math.round(box.right)}, its box `
            + `${Math.round(edge.left)} to ${Math.round(edge.right)} (scrollWidth ${clipper.scrollWidth} > `
            + `clientWidth ${clipper.clientWidth})`;
          report(element, 'text is cut off', detail);
        }
      }
      // Text running past the screen's edge (a word too long for its button, a row that does not wrap).
      if ((box.right > width + 1 || box.left < -1) && !scrolledWithin(child) && !clipper) {
        const detail = `text from ${Math.round(box.left)} to ${Math.round(box.right)}, screen ${width}`;
        report(element, 'text runs off the screen', detail);
      }
    }
  }
  return found;
}
"""


def overflowing(page: Page, width: int = PHONE_WIDTH) -> list[dict[str, str]]:
    """What on the page as it is goes past a screen of the width, or is cut off: each with its selector and text."""
    found: list[dict[str, str]] = page.evaluate(_FIND_OVERFLOW, width)
    return found


class Layout:
    """Checks the page as it is for anything wider than the phone's screen or cut off, under the state's name."""

    def __init__(self, width: int = PHONE_WIDTH) -> None:
        self.width = width
        self.states: list[str] = []
        self.overflows: dict[str, list[str]] = {}

    def __call__(self, page: Page, state: str) -> None:
        page.wait_for_load_state("networkidle")
        # Let dialogs and sheets finish their entrance, so boxes are measured where they end up.
        entrances_done(page)
        viewport = page.viewport_size
        assert viewport is not None and viewport["width"] == self.width, f"the page is not {self.width} px wide"
        self.states.append(state)
        found = [
            f"{item['problem']}: {item['selector']} {json.dumps(item['text'], ensure_ascii=False)} ({item['detail']})"
            for item in overflowing(page, self.width)
        ]
        if found:
            self.overflows[state] = found

    def assert_clean(self, expected_states: int) -> None:
        assert len(self.states) >= expected_states, self.states
        assert not self.overflows, f"wider than {self.width} px or cut off:\n" + json.dumps(
            self.overflows, indent=2, ensure_ascii=False
        )
