"""The layout stays true: layers point one way, private names stay private, modules stay short.

``conversations`` (ingest) is the bottom layer, then ``knowledge_repo`` (the
record format, git, releases, publishing, screening), then ``memory_review``
(extraction, review, pages). ``memory_review.roles`` and the settings are the
project layer anyone may use. The screening package sits beneath everything
that uses it, and the reader (``memory_kb``, installed by public agents)
imports none of the app. A name with a leading underscore belongs to its
file: no other module imports it, reaches it as an attribute, or imports a
module whose own name starts with one. See ../shared/DESIGN.md, Layers.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {
    "conversations": ROOT / "conversations",
    "knowledge_repo": ROOT / "knowledge_repo",
    "memory_review": ROOT / "memory_review",
    "memory_kb": ROOT / "reader" / "memory_kb",
}
SCRIPTS = (ROOT / "bench", ROOT / "examples")
LAYER = {"conversations": 0, "knowledge_repo": 1, "memory_review": 2}
PROJECT_LAYER = ("memory_review.roles", "memory_review.settings")
APP_PACKAGES = ("conversations", "knowledge_repo", "memory_review")
SCREENING = "knowledge_repo.screening"
MAX_LINES = 400
# Underscored by Django but documented as public (the Model _meta API).
DJANGO_PUBLIC = frozenset({"_meta"})


@dataclass(frozen=True)
class Import:
    module: str  # absolute module imported (for "from m import n": m)
    names: tuple[str, ...]  # names taken with "from m import ..."
    line: int


def _module_name(path: Path) -> str:
    for package, folder in PACKAGES.items():
        if path.is_relative_to(folder):
            parts = path.relative_to(folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            return ".".join((package, *parts))
    return path.stem


def _resolve(module: str, node: ast.ImportFrom, path: Path) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    base = base if path.name == "__init__.py" else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _imports(tree: ast.AST, module: str, path: Path) -> Iterator[Import]:
    for node in ast.walk(tree):  # imports inside functions count as much as the others
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(alias.name, (), node.lineno)
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(module, node, path)
            names = tuple(a.name for a in node.names)
            yield Import(target, names, node.lineno)


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _sources() -> list[Path]:
    found = []
    for folder in [*PACKAGES.values(), *SCRIPTS]:
        for path in folder.rglob("*.py"):
            if "migrations" not in path.parts and "build" not in path.parts:
                found.append(path)
    return sorted(found)


def _is_project(module: str) -> bool:
    return module.split(".")[0] in PACKAGES


def _problems(path: Path) -> list[str]:
    where = path.relative_to(ROOT)
    module = _module_name(path)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    top = module.split(".")[0]
    script = any(path.is_relative_to(s) for s in SCRIPTS)
    problems: list[str] = []
    bound: dict[str, str] = {}  # local name -> project module it names
    for imp in _imports(tree, module, path):
        target = imp.module
        target_top = target.split(".")[0]
        if not script and top in LAYER and target_top in LAYER:
            upward = LAYER[target_top] > LAYER[top]
            if upward and not target.startswith(PROJECT_LAYER):
                problems.append(f"{where}:{imp.line} imports {target}, a higher layer")
        if top == "memory_kb" and (target_top in APP_PACKAGES or target_top == "django"):
            problems.append(f"{where}:{imp.line} imports {target}: the reader imports no app")
        outside = not target.startswith((SCREENING, *PROJECT_LAYER))
        if module.startswith(SCREENING) and _is_project(target) and outside:
            problems.append(f"{where}:{imp.line} imports {target}: screening is the bottom")
        if _is_project(target) and target != module:
            parts = target.split(".")
            if any(_private(p) and p != "__main__" for p in parts):
                problems.append(f"{where}:{imp.line} imports the private module {target}")
            for name in imp.names:
                if _private(name):
                    problems.append(f"{where}:{imp.line} takes the private name {name} of {target}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _is_project(alias.name):
                    bound[alias.asname or alias.name.split(".")[0]] = alias.name
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(module, node, path)
            for alias in node.names:
                if _is_project(f"{target}.{alias.name}"):
                    bound[alias.asname or alias.name] = f"{target}.{alias.name}"
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and _private(node.attr)
            and node.attr not in DJANGO_PUBLIC
            and isinstance(node.value, ast.Name)
            and node.value.id in bound
        ):
            problems.append(
                f"{where}:{node.lineno} reaches the private name {node.attr} "
                f"of {bound[node.value.id]}"
            )
    return problems


def test_layers_point_one_way_and_private_names_stay_in_their_file():
    problems = [p for path in _sources() for p in _problems(path)]
    assert problems == [], "\n".join(problems)


def test_no_module_outside_tests_and_migrations_has_more_than_400_lines():
    long = {
        str(path.relative_to(ROOT)): n
        for path in _sources()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}, f"split these where a concept ends: {long}"


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from memory_review.review import gate\n", "a higher layer"),
        ("def f():\n    from memory_review.extraction.models import Candidate\n", "a higher layer"),
        ("from memory_review.roles import REVIEWER\n", None),
        ("from knowledge_repo.actions.workspace import _helper\n", "private name _helper"),
        ("from knowledge_repo.actions._workspace import helper\n", "private module"),
        ("from knowledge_repo.actions import _workspace\n", "private name _workspace"),
        ("from knowledge_repo import gitstore\ngitstore._lock()\n", "private name _lock"),
    ],
)
def test_the_walk_catches_what_it_should(tmp_path, source, expected, monkeypatch):
    # The rules themselves are tested on small modules put where a knowledge_repo module sits.
    folder = tmp_path / "knowledge_repo"
    folder.mkdir()
    path = folder / "probe.py"
    path.write_text(source, encoding="utf-8")
    monkeypatch.setitem(PACKAGES, "knowledge_repo", folder)
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    problems = _problems(path)
    if expected is None:
        assert problems == []
    else:
        assert any(expected in p for p in problems), problems
