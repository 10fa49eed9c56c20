"""Writes the rules as TypeScript for the web app: `python -m domain.rules.export OUT.ts`."""

import json
import sys
from pathlib import Path
from types import ModuleType

from domain.rules import choices, limits, messages, notices, patterns


def _constants(module: ModuleType) -> dict[str, object]:
    return {name: value for name, value in vars(module).items() if name.isupper()}


def render() -> str:
    parts = ["// Generated from domain/rules by `make generate`. Do not edit.\n"]
    for export_name, module in (
        ("LIMITS", limits),
        ("PATTERNS", patterns),
        ("MESSAGES", messages),
        ("CHOICES", choices),
        ("NOTICES", notices),
    ):
        body = json.dumps(_constants(module), indent=2, ensure_ascii=False)
        parts.append(f"export const {export_name} = {body} as const;\n")
    return "\n".join(parts)


if __name__ == "__main__":
    Path(sys.argv[1]).write_text(render(), encoding="utf-8")
