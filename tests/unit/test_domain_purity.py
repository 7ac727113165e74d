"""STYLE rule 1: nothing under domain/ does I/O, reads the clock or uses the random module."""
import ast
from pathlib import Path

FORBIDDEN_MODULES = {
    "flask", "redis", "rq", "sqlite3", "random", "time", "requests", "socket", "os",
    "io", "pathlib", "subprocess", "threading", "asyncio", "urllib", "http", "secrets",
    "shutil", "tempfile", "logging", "importlib.resources", "datetime.datetime",
}
FORBIDDEN_CALLS = {"open", "print", "input"}
DOMAIN = Path(__file__).resolve().parents[2] / "domain"


def _violations(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            names = []
        for name in names:
            if any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN_MODULES):
                found.append(f"{path}:{node.lineno} imports {name}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FORBIDDEN_CALLS:
            found.append(f"{path}:{node.lineno} calls {node.func.id}()")
        if isinstance(node, ast.Attribute) and node.attr in {"now", "utcnow", "today"}:
            found.append(f"{path}:{node.lineno} reads the clock (.{node.attr})")
    return found


def test_domain_has_no_io_clock_or_random():
    files = sorted(DOMAIN.rglob("*.py"))
    assert files, "domain/ has no modules"
    violations = [v for f in files for v in _violations(f)]
    assert violations == []


def test_the_checker_catches_a_forbidden_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import random\nfrom datetime import datetime\nx = datetime.now()\n")
    assert len(_violations(bad)) == 2
