"""The product's sentences in Hindi (hi.py) and Kannada (kn.py), by message id: the name of each English constant.

Beside the English they translate so that the web's generated rules (domain/rules/export.py) carry them too; the API
reads them through domain/i18n/catalog.py.
"""

from collections.abc import Mapping
from types import MappingProxyType, ModuleType
from typing import Final

from domain.rules import labels, messages, notices, safety_messages
from domain.rules.translations import hi, kn


def sentences(module: ModuleType) -> dict[str, str]:
    """A words module's sentences by name: its upper-case text constants (not what notices are about)."""
    return {
        name: value
        for name, value in vars(module).items()
        if name.isupper() and isinstance(value, str) and not name.startswith("ABOUT_")
    }


# The modules of sentences the API and the web app share, by the name of their generated file (domain/rules/export.py).
SHARED_SOURCES: Final[Mapping[str, ModuleType]] = MappingProxyType(
    {"messages": messages, "safety-messages": safety_messages, "notices": notices, "labels": labels}
)

# Each language but English (by its ISO 639-1 code, domain/i18n/languages.py), and its words by message id.
BY_LANGUAGE: Final[Mapping[str, Mapping[str, str]]] = MappingProxyType({"hi": hi.TEXTS, "kn": kn.TEXTS})
