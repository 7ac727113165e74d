"""The published contract (openapi.yaml) as JSON Schema, to validate real answers with jsonschema-rs:
OpenAPI 3.0's ``nullable`` becomes a null alternative; references keep pointing into the document."""
from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import jsonschema_rs
import yaml

ROOT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=1)
def document() -> dict:
    return yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))


def as_json_schema(node: Any) -> Any:
    """OpenAPI 3.0 schema objects -> JSON Schema (2020-12)."""
    if isinstance(node, list):
        return [as_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    converted = {key: as_json_schema(value) for key, value in node.items() if key not in ("nullable", "example")}
    if node.get("nullable"):
        return {"anyOf": [converted, {"type": "null"}]}
    return converted


@cache
def validator(component: str):
    """A validator of the document's ``components/schemas/<component>``."""
    schemas = as_json_schema(document()["components"]["schemas"])
    return jsonschema_rs.validator_for({"$ref": f"#/components/schemas/{component}",
                                        "components": {"schemas": schemas}})


def problems(component: str, value: Any, limit: int = 3) -> list[str]:
    """What is wrong with ``value`` as a ``component`` (empty: it fits)."""
    found = []
    for error in validator(component).iter_errors(value):
        found.append(f"{'/'.join(map(str, error.instance_path))}: {error.message[:300]}")
        if len(found) == limit:
            break
    return found
