"""Writes the API's OpenAPI document: `python -m scripts.export_openapi OUT.json`."""

import json
import sys
from pathlib import Path

from api.main import create_app
from domain.settings import Settings


def render() -> str:
    app = create_app(Settings(sandbox=True))
    return json.dumps(app.openapi(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    Path(sys.argv[1]).write_text(render(), encoding="utf-8")
