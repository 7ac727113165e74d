"""Issue 22 item 15: the kernel's modules depend on each other one way. An import circle (even
one hidden behind ``TYPE_CHECKING`` or inside a function) means two modules are one part split
in two files; the kernel's parts are the types, the schedule, its rules, the game state and the
platform decider that composes them."""
from __future__ import annotations

import ast
from pathlib import Path

KERNEL = Path(__file__).resolve().parents[3] / "domain" / "kernel"
PACKAGE = "domain.kernel"


def kernel_imports(folder: Path = KERNEL, package: str = PACKAGE) -> dict[str, set[str]]:
    """module -> the kernel modules it imports anywhere in its text (type-checking and local
    imports included; the package's ``__init__`` re-exports and is left out)."""
    modules = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
    graph: dict[str, set[str]] = {}
    for name in modules:
        tree = ast.parse((folder / f"{name}.py").read_text(encoding="utf-8"))
        found: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if node.level == 1:  # from . import x / from .x import y
                    module = f"{package}.{module}" if module else package
                if module == package:
                    found |= {alias.name for alias in node.names if alias.name in modules}
                elif module.startswith(package + "."):
                    found.add(module[len(package) + 1:].split(".")[0])
            elif isinstance(node, ast.Import):
                found |= {alias.name[len(package) + 1:].split(".")[0] for alias in node.names
                          if alias.name.startswith(package + ".")}
        graph[name] = found & modules - {name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle, each once, as the path that closes it."""
    found: list[list[str]] = []
    seen: set[frozenset[str]] = set()

    def walk(start: str, node: str, path: list[str]) -> None:
        for nxt in sorted(graph.get(node, ())):
            if nxt == start:
                key = frozenset(path)
                if key not in seen:
                    seen.add(key)
                    found.append(path + [start])
            elif nxt not in path and nxt > start:  # each circle from its smallest module
                walk(start, nxt, path + [nxt])

    for start in sorted(graph):
        walk(start, start, [start])
    return found


def test_the_kernel_has_no_import_circle():
    graph = kernel_imports()
    assert {"platform", "schedule_rules", "schedule"} <= set(graph), sorted(graph)
    assert circles(graph) == [], f"import circles in domain/kernel: {circles(graph)}"


def test_the_schedule_rules_do_not_know_the_platform_decider():
    """The one direction: the platform decider composes the schedule's rules, never the reverse."""
    graph = kernel_imports()
    assert "schedule_rules" in graph["platform"]
    assert "platform" not in graph["schedule_rules"]


def test_the_checker_finds_a_circle_behind_type_checking(tmp_path):
    (tmp_path / "a.py").write_text("from domain.kernel import b\n")
    (tmp_path / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                   "    from domain.kernel.a import Thing\n")
    (tmp_path / "c.py").write_text("from domain.kernel.types import Event\n")
    graph = kernel_imports(tmp_path)
    assert circles(graph) == [["a", "b", "a"]]
