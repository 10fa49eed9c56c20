"""The web app's catalogs (web/src/i18n/catalogs/<language>/<area>.ts) read from their source, so a journey in Hindi or
Kannada asserts on the words a translator wrote, not on words guessed in a test."""

import re
from functools import cache
from pathlib import Path

from playwright.sync_api import Page

from domain.settings import PROJECT_ROOT

CATALOGS = PROJECT_ROOT / "web" / "src" / "i18n" / "catalogs"
Message = str | dict[str, str]

_TOKEN = re.compile(
    r"""(?:\s|//[^\n]*|/\*.*?\*/)*(?:
        (?P<string>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")
      | (?P<name>[A-Za-z_$][\w$]*)
      | (?P<punct>[{}:,])
    )""",
    re.VERBOSE | re.DOTALL,
)
_ESCAPE = re.compile(r"\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|.)")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_TAG = re.compile(r"</?\w+>")


def _unescape(literal: str) -> str:
    def one(match: re.Match[str]) -> str:
        escaped = match.group(1)
        if escaped.startswith("u"):
            return chr(int(escaped[1:].strip("{}"), 16))
        return {"n": "\n", "t": "\t"}.get(escaped, escaped)

    return _ESCAPE.sub(one, literal[1:-1])


def _object_literal(source: str, path: Path) -> dict[str, Message]:
    """The object literal an area file exports: keys to strings, or to plural forms (one level deep)."""
    start = re.search(r"(?:export default|addEnglish\('\w+',)\s*\{", source)
    if start is None:
        raise ValueError(f"{path}: no exported object literal")
    position = start.end()
    area: dict[str, Message] = {}
    stack: list[dict[str, str]] = []
    key: str | None = None
    while True:
        token = _TOKEN.match(source, position)
        if token is None:
            raise ValueError(f"{path}: cannot read the catalog at {source[position : position + 40]!r}")
        position = token.end()
        if token["name"] and key is None:
            key = token["name"]
        elif token["string"] and key is None:
            key = _unescape(token["string"])
        elif token["punct"] == ":" or token["punct"] == ",":
            continue
        elif token["string"]:
            assert key is not None
            if stack:
                stack[-1][key] = _unescape(token["string"])
            else:
                area[key] = _unescape(token["string"])
            key = None
        elif token["punct"] == "{":
            assert key is not None and not stack, f"{path}: nesting deeper than plural forms"
            forms: dict[str, str] = {}
            area[key] = forms
            stack.append(forms)
            key = None
        elif token["punct"] == "}":
            if not stack:
                return area
            stack.pop()
        else:
            raise ValueError(f"{path}: unexpected {token.group(0)!r}")


@cache
def catalog(language: str) -> dict[str, Message]:
    """Every message of a language under its 'area.key' name."""
    messages: dict[str, Message] = {}
    for path in sorted((CATALOGS / language).glob("*.ts")):
        if path.stem == "index":
            continue
        for key, message in _object_literal(path.read_text(encoding="utf-8"), path).items():
            messages[f"{path.stem}.{key}"] = message
    if not messages:
        raise ValueError(f"no catalog for {language!r} under {CATALOGS}")
    return messages


def plural_category(language: str, count: int) -> str:
    """Intl.PluralRules for whole numbers: Hindi and Kannada say 'one' for 0 and 1, English for 1 only."""
    if language in ("hi", "kn"):
        return "one" if count in (0, 1) else "other"
    return "one" if count == 1 else "other"


def text(language: str, key: str, **values: str | int) -> str:
    """A message as the screen shows it: the plural form for `count`, placeholders filled, <tag> marks dropped."""
    message = catalog(language)[key]
    if isinstance(message, dict):
        count = values.get("count")
        if not isinstance(count, int):
            raise ValueError(f"{key} is a plural message: give count=")
        message = message.get(plural_category(language, count), message["other"])
    missing = set(_PLACEHOLDER.findall(message)) - set(values)
    if missing:
        raise ValueError(f"{key} needs {sorted(missing)}")
    filled = _PLACEHOLDER.sub(lambda match: str(values[match.group(1)]), message)
    return _TAG.sub("", filled)


# Runs in the page: each visible text (a text node's, a placeholder, an aria-label, a title) with a word in Latin
# letters, and where it is (the element's tag, test id and classes, and the attribute).
_LATIN_TEXTS = """
() => {
  const found = [];
  const visible = (element) => {
    if (!element || element.closest('[aria-hidden="true"], [hidden]')) return false;
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  // Screen-reader-only text counts: it is read out in the language too. What the page marks translate="no" is people's
  // own words (a place's name), in whatever script they wrote it.
  const shown = (element) =>
    !element.closest('[translate="no"]') && (visible(element) || Boolean(element.closest('.visually-hidden')));
  const where = (element, attribute) => {
    const testId = element.closest('[data-testid]')?.getAttribute('data-testid');
    const classes = [...element.classList].slice(0, 2).join('.');
    const inside = testId ? ` in [data-testid="${testId}"]` : '';
    const named = attribute ? ` @${attribute}` : '';
    return element.tagName.toLowerCase() + (classes ? '.' + classes : '') + inside + named;
  };
  const latin = /[A-Za-z]{2,}/;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const element = node.parentElement;
    if (!latin.test(text) || ['SCRIPT', 'STYLE'].includes(element.tagName) || !shown(element)) continue;
    found.push({ text, where: where(element, null) });
  }
  for (const element of document.body.querySelectorAll('[placeholder], [aria-label], [title], [alt]')) {
    if (!shown(element)) continue;
    for (const attribute of ['placeholder', 'aria-label', 'title', 'alt']) {
      const text = element.getAttribute(attribute);
      if (text && latin.test(text)) found.push({ text, where: where(element, attribute) });
    }
  }
  return found;
}
"""
# A run of letters and digits; one with a digit in it is a code (a referral code, a trip's number), not a word.
_WORD = re.compile(r"[A-Za-z0-9]+")


def english_words(text: str, allowed: frozenset[str]) -> list[str]:
    """The text's English words: Latin letters, not allowed, and not in capitals (OTP, KYC, SMS, AM and a referral
    code are not words of a sentence)."""
    allowed_lower = {word.lower() for word in allowed}
    return [
        word
        for word in _WORD.findall(text)
        if len(word) > 1 and word.isalpha() and not word.isupper() and word.lower() not in allowed_lower
    ]


def english_left(page: Page, allowed: frozenset[str], known: frozenset[str] = frozenset()) -> list[str]:
    """Texts on the screen with an English word ('where: text'): a Latin-letter word not among those allowed (the
    brand, names the people typed, place names) and not a text already known to be left in English."""
    texts: list[dict[str, str]] = page.evaluate(_LATIN_TEXTS)
    return sorted(
        {
            f"{found['where']}: {found['text']}"
            for found in texts
            if found["text"] not in known and english_words(found["text"], allowed)
        }
    )
