"""Loading data packs: YAML files validated by the ruleset's marshmallow schema.

The domain only defines the schema (its post_load builds the pack the rules read); reading files happens here, at the edge.
Errors name the file, the path of the bad field and what was expected."""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

import yaml
from marshmallow import ValidationError

from domain.kernel.errors import error_paths
from domain.registry import Ruleset


class PackError(ValueError):
    def __init__(self, source: str, problems: list[str]):
        self.source = source
        self.problems = problems
        super().__init__(f"{source}: " + "; ".join(problems))


def parse_pack(ruleset: Ruleset, text: str, source: str):
    """Parse and validate pack text; returns the object the ruleset's rules read."""
    try:
        raw = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise PackError(source, [f"<root>: not valid YAML ({error})"]) from error
    return parse_pack_data(ruleset, raw, source)


def parse_pack_data(ruleset: Ruleset, raw, source: str):
    """Validate an already-parsed pack (a game's own pack travels inside GameCreated)."""
    if ruleset.pack_schema is None:
        return raw or {}
    try:
        validated = ruleset.pack_schema().load(raw if raw is not None else {})
    except ValidationError as error:
        raise PackError(source, [f"{path}: {message}" for path, message in error_paths(error.messages).items()]) from error
    return validated  # the schema's post_load builds what the rules read


def load_pack_file(ruleset: Ruleset, path: str | Path):
    path = Path(path)
    return parse_pack(ruleset, path.read_text(encoding="utf-8"), str(path))


@lru_cache(maxsize=None)
def default_pack(ruleset: Ruleset):
    """The pack shipped with the ruleset (cached: packs are immutable)."""
    if ruleset.default_pack is None:
        return {}
    package, name = ruleset.default_pack
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    return parse_pack(ruleset, text, f"{package}/{name}")
