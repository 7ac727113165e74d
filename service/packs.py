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
    return parse_pack_data(ruleset, _yaml(text, source), source)


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
    raw = _yaml(path.read_text(encoding="utf-8"), str(path))
    return parse_pack_data(ruleset, with_includes(raw, lambda name: (path.parent / name).read_text(encoding="utf-8"),
                                                  str(path)), str(path))


def with_includes(raw, read, source: str):
    """A shipped pack may split its parts into files beside it (``include: {board: board.yaml}``,
    e.g. the Axis & Allies board and its outlines): each part not given inline is read with
    ``read(file name)``. Only plain file names beside the pack: a pack names no other path. A
    pack sent in a request is never read this way (it travels whole, inside GameCreated)."""
    if not isinstance(raw, dict) or not isinstance(raw.get("include"), dict):
        return raw
    parts = {}
    for key, name in raw["include"].items():
        if key in raw:
            continue
        if not isinstance(name, str) or "/" in name or "\\" in name or name.startswith("."):
            raise PackError(source, [f"include.{key}: a file name beside the pack"])
        parts[key] = _yaml(read(name), f"{source} ({name})")
    return {**{k: v for k, v in raw.items() if k != "include"}, **parts}


def _yaml(text: str, source: str):
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise PackError(source, [f"<root>: not valid YAML ({error})"]) from error


@lru_cache(maxsize=None)
def default_pack(ruleset: Ruleset):
    """The pack shipped with the ruleset (cached: packs are immutable)."""
    if ruleset.default_pack is None:
        return {}
    package, name = ruleset.default_pack
    folder = resources.files(package)
    source = f"{package}/{name}"
    raw = with_includes(_yaml(folder.joinpath(name).read_text(encoding="utf-8"), source),
                        lambda part: folder.joinpath(part).read_text(encoding="utf-8"), source)
    return parse_pack_data(ruleset, raw, source)
