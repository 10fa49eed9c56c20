"""Writes the rules as TypeScript for the web app: `python -m domain.rules.export OUT_DIR`.

Each rules module is a TypeScript module of its own (OUT_DIR/rules/<name>.ts), and OUT_DIR/rules.ts names them all,
so a screen's bundle carries only the rules it reads: the sign-in screen has no SOS words.

The Hindi and Kannada words of the shared sentences (domain/rules/translations) are a file per language,
OUT_DIR/rules/translations/<language>.ts, grouped like the English (MESSAGES, NOTICES, SAFETY_MESSAGES, LABELS)
under the same message ids, so the app loads only the language it speaks and reads `MESSAGES.OTP_INVALID` in either.
"""

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

from domain.rules import choices, labels, limits, live, messages, notices, patterns, safety_messages
from domain.rules.translations import BY_LANGUAGE, SHARED_SOURCES, sentences

HEADER = "// Generated from domain/rules by `make generate`. Do not edit.\n"
EXPORTS: tuple[tuple[str, str, ModuleType], ...] = (
    ("limits", "LIMITS", limits),
    ("patterns", "PATTERNS", patterns),
    ("messages", "MESSAGES", messages),
    ("choices", "CHOICES", choices),
    ("notices", "NOTICES", notices),
    ("safety-messages", "SAFETY_MESSAGES", safety_messages),
    ("labels", "LABELS", labels),
    ("live", "LIVE", live),
)


def _constants(module: ModuleType) -> dict[str, object]:
    return {name: value for name, value in vars(module).items() if name.isupper()}


def _translated(words: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """The language's words of each exported module's sentences, by export name and message id."""
    return {
        export_name: {name: words[name] for name in sentences(module)}
        for file_name, export_name, module in EXPORTS
        if file_name in SHARED_SOURCES
    }


def translation_files() -> dict[str, str]:
    """The shared sentences in each language but English, a file per language."""
    files = {}
    for language, words in BY_LANGUAGE.items():
        body = json.dumps(_translated(words), indent=2, ensure_ascii=False)
        files[f"rules/translations/{language}.ts"] = f"{HEADER}\nexport const TRANSLATION = {body} as const;\n"
    return files


def render() -> dict[str, str]:
    """Each file's path under OUT_DIR and its text."""
    files = {}
    for file_name, export_name, module in EXPORTS:
        body = json.dumps(_constants(module), indent=2, ensure_ascii=False)
        files[f"rules/{file_name}.ts"] = f"{HEADER}\nexport const {export_name} = {body} as const;\n"
    files |= translation_files()
    index = "".join(
        f"export {{ {export_name} }} from './rules/{file_name}';\n" for file_name, export_name, _ in EXPORTS
    )
    files["rules.ts"] = f"{HEADER}\n{index}"
    return files


def write(out_dir: Path) -> None:
    for relative, text in render().items():
        path = out_dir / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    write(Path(sys.argv[1]))
