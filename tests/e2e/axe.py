"""axe-core in the page: every violation of WCAG 2.1 A and AA, kept under the name of the state it was seen in."""

import json

from playwright.sync_api import Page

from domain.settings import PROJECT_ROOT
from tests.e2e.motion import entrances_done

AXE = PROJECT_ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


class Audit:
    """Runs axe on the page as it is and keeps every violation under the state's name."""

    def __init__(self) -> None:
        self.script = AXE.read_text()
        self.states: list[str] = []
        self.violations: dict[str, list[str]] = {}

    def __call__(self, page: Page, state: str) -> None:
        page.wait_for_load_state("networkidle")
        # Let dialogs and sheets finish their entrance, so colours are read as they end up.
        entrances_done(page)
        if not page.evaluate("typeof window.axe !== 'undefined'"):
            # Evaluated through the browser's devtools protocol, which the page's Content-Security-Policy does not
            # govern: an injected <script> tag would be refused, as it should be.
            page.evaluate("() => {" + self.script + "\n}")
        result = page.evaluate(
            "tags => axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })",
            WCAG_21_AA,
        )
        self.states.append(state)
        found = [
            f"{violation['id']} ({violation['impact']}): {violation['help']} -> "
            + "; ".join(
                f"{' '.join(map(str, node['target']))} [{node.get('failureSummary', '').splitlines()[-1].strip()}]"
                for node in violation["nodes"][:6]
            )
            for violation in result["violations"]
        ]
        if found:
            self.violations[state] = found

    def assert_clean(self, expected_states: int) -> None:
        assert len(self.states) >= expected_states, self.states
        assert not self.violations, "WCAG 2.1 A/AA violations:\n" + json.dumps(self.violations, indent=2)
