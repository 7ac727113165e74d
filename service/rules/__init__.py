"""The rules catalogue: each rule id the rulesets raise, stated in one line, and the rule each
command follows (with its fields' ranges and, where the schema cannot make a good one, an
example). One YAML file per ruleset family (``<family>.yaml`` names its ruleset ids), plus
``core.yaml`` for the platform's rules. Served at ``/rules/{rule_id}`` so a problem's
``rule_id`` and a command's doc line link to the rule's text."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml

PLATFORM = "platform"


@dataclass(frozen=True)
class Rule:
    id: str
    text: str
    rulesets: tuple[str, ...]


@dataclass(frozen=True)
class Catalogue:
    rules: dict[str, str] = field(default_factory=dict)  # rule id -> one-line statement
    commands: dict[str, dict[str, Any]] = field(default_factory=dict)  # type -> rule, fields, example


@lru_cache(maxsize=None)
def _files() -> dict[str, tuple[tuple[str, ...], Catalogue]]:
    found = {}
    for entry in resources.files(__package__).iterdir():
        if entry.name.endswith(".yaml"):
            data = yaml.safe_load(entry.read_text(encoding="utf-8"))
            found[entry.name[:-5]] = (tuple(data["rulesets"]),
                                      Catalogue(dict(data.get("rules", {})), dict(data.get("commands") or {})))
    return found


def catalogue(ruleset_id: str) -> Catalogue:
    """The catalogue of a ruleset (empty for one that has none, such as a test ruleset)."""
    return next((cat for ids, cat in _files().values() if ruleset_id in ids), Catalogue())


def platform_catalogue() -> Catalogue:
    return catalogue(PLATFORM)


@lru_cache(maxsize=None)
def all_rules() -> dict[str, Rule]:
    return {rule_id: Rule(rule_id, text, ids) for ids, cat in _files().values() for rule_id, text in cat.rules.items()}
