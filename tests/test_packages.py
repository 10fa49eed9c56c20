"""Every source folder is a package, so import-linter sees each of its modules (a folder without one is skipped)."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE_ROOTS = ("api", "domain", "workflows", "activities", "worker", "scripts", "sandbox", "tests")


def folders_without_init(base: Path) -> list[str]:
    """The folders under `base`'s source roots that hold .py files but no __init__.py."""
    missing = []
    for root in SOURCE_ROOTS:
        if not (base / root).is_dir():
            continue
        for folder in [base / root, *(p for p in (base / root).rglob("*") if p.is_dir())]:
            if "__pycache__" in folder.parts:
                continue
            if any(folder.glob("*.py")) and not (folder / "__init__.py").exists():
                missing.append(folder.relative_to(base).as_posix())
    return sorted(missing)


def test_every_source_folder_with_modules_is_a_package() -> None:
    assert folders_without_init(ROOT) == []


def test_a_nested_folder_without_init_is_named(tmp_path: Path) -> None:
    (tmp_path / "api" / "chat").mkdir(parents=True)
    (tmp_path / "api" / "__init__.py").write_text("")
    (tmp_path / "api" / "chat" / "hub.py").write_text("")
    (tmp_path / "tests" / "notes").mkdir(parents=True)
    (tmp_path / "tests" / "notes" / "README.md").write_text("")
    (tmp_path / "tests" / "notes" / "cases").mkdir()
    (tmp_path / "tests" / "notes" / "cases" / "draft.py").write_text("")
    assert folders_without_init(tmp_path) == ["api/chat", "tests/notes/cases"]


def test_the_pure_rules_contract_names_every_other_part_of_domain() -> None:
    """import-linter forbids domain.rules only the modules its contract lists, so a new part of domain is listed."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    (pure,) = [c for c in contracts if c.get("source_modules") == ["domain.rules"]]
    others = {
        f"domain.{p.stem if p.suffix == '.py' else p.name}"
        for p in (ROOT / "domain").iterdir()
        if p.name not in {"rules", "__init__.py", "__pycache__"} and (p.suffix == ".py" or (p / "__init__.py").exists())
    }
    assert "domain.clock" in others
    assert others - set(pure["forbidden_modules"]) == set()
