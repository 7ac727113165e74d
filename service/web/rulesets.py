"""A ruleset as a page: its commands (rule, description, example), options, seating presets,
rule pages, and its default data pack with every provisional value listed (a checklist for a
group that owns the physical game); a group's own pack checked with its errors' field paths."""
from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import orjson
import yaml

from domain.kernel.platform import PLATFORM_COMMANDS
from service.http.command_schemas import ruleset_docs
from service.packs import PackError, parse_pack
from service.rules import all_rules
from service.web.lobby import OPTION_TYPES

MAX_PROVISIONAL = 2000


def default_pack_text(ruleset) -> str | None:
    if ruleset.default_pack is None:
        return None
    package, name = ruleset.default_pack
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


@cache
def provisional(ruleset) -> list[dict]:
    """Every value of the default pack marked ``provisional: true``: its field path and value."""
    text = default_pack_text(ruleset)
    found: list[dict] = []

    def walk(value: Any, path: str) -> None:
        if len(found) >= MAX_PROVISIONAL:
            return
        if isinstance(value, dict):
            if value.get("provisional") is True:
                shown = {k: v for k, v in value.items() if k != "provisional"}
                shown = shown.get("value", shown) if set(shown) <= {"value", "note", "source"} else shown
                found.append({"path": path or "<root>", "value": _short(shown), "note": str(value.get("note", ""))})
            for key, item in value.items():
                if key != "provisional":
                    walk(item, f"{path}.{key}" if path else str(key))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, f"{path}[{index}]")

    if text is not None:
        walk(yaml.safe_load(text), "")
    return found


def _short(value: Any) -> str:
    text = value if isinstance(value, str) else orjson.dumps(value, default=str, option=orjson.OPT_NON_STR_KEYS).decode()
    return text if len(text) <= 160 else text[:157] + "..."


def describe(ruleset) -> dict:
    docs = ruleset_docs(ruleset)
    platform = {c.__name__ for c in PLATFORM_COMMANDS}
    commands = [{"type": name, "rule_id": doc.rule_id, "description": doc.description,
                 "example": orjson.dumps({"type": name, "data": doc.example}).decode(), "platform": name in platform,
                 "commutes": doc.commutes}
                for name, doc in docs.items()]
    rules = sorted((r for r in all_rules().values() if ruleset.id in r.rulesets or "platform" in r.rulesets),
                   key=lambda r: r.id)
    return {"id": ruleset.id, "title": ruleset.title, "version": ruleset.version,
            "description": ruleset.description, "commands": commands,
            "options": {name: OPTION_TYPES.get(kind, "string") for name, kind in ruleset.options.items()},
            "presets": {name: {seat: list(powers) for seat, powers in preset.items()}
                        for name, preset in ruleset.seat_presets.items()},
            "projections": [(p.name, p.media_type, p.description) for p in ruleset.projections],
            "rules": rules, "has_pack": ruleset.default_pack is not None,
            "provisional": provisional(ruleset)}


def check_pack(ruleset, text: str, source: str) -> dict:
    """A group's pack validated: ok, or each error as (field path, message)."""
    if not text.strip():
        return {"ok": False, "source": source, "errors": [{"path": "<root>", "message": "the pack is empty"}]}
    try:
        parse_pack(ruleset, text, source)
    except PackError as error:
        errors = []
        for problem in error.problems:
            path, _, message = problem.partition(": ")
            errors.append({"path": path, "message": message})
        return {"ok": False, "source": source, "errors": errors}
    return {"ok": True, "source": source, "errors": []}

