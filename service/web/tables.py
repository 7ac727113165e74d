"""Projections (any JSON read model) as readable tables: a mapping of rows (power -> fields)
or a list of rows becomes a table with a column per field; scalars become a two-column table;
anything nested deeper is read as words (the mail reports' ``readable``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from service.mail.event_sentences import readable


@dataclass
class Table:
    name: str  # the projection
    caption: str
    columns: list[str]
    rows: list[list[str]] = field(default_factory=list)
    id: str = ""


def title_of(name: str) -> str:
    return name.replace("-", " ").replace("_", " ").capitalize()


def tables_of(projections: dict[str, Any]) -> list[Table]:
    tables = []
    for name, data in projections.items():
        tables.extend(_tables(name, title_of(name), data))
    for index, table in enumerate(tables):
        table.id = f"t-{index}-{table.name}"
    return tables


def _is_rows(value: Any) -> bool:
    return isinstance(value, dict) and bool(value) and all(isinstance(v, dict) for v in value.values())


def _is_row_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _tables(name: str, caption: str, data: Any) -> list[Table]:
    if _is_rows(data):
        return [_keyed(name, caption, data)]
    if _is_row_list(data):
        return [_listed(name, caption, data)]
    if isinstance(data, dict):
        scalars = Table(name, caption, ["field", "value"])
        nested: list[Table] = []
        for key, value in data.items():
            if _is_rows(value) or _is_row_list(value):
                nested.extend(_tables(name, f"{caption}: {title_of(str(key)).lower()}", value))
            else:
                scalars.rows.append([str(key), readable(value)])
        return ([scalars] if scalars.rows else []) + nested
    return [Table(name, caption, ["value"], [[readable(data)]])]


def _keyed(name: str, caption: str, rows: dict) -> Table:
    columns = list(dict.fromkeys(key for row in rows.values() for key in row))
    table = Table(name, caption, ["", *columns])
    for key, row in rows.items():
        table.rows.append([str(key), *(readable(row.get(c)) if c in row else "" for c in columns)])
    return table


def _listed(name: str, caption: str, rows: list) -> Table:
    columns = list(dict.fromkeys(key for row in rows for key in row))
    return Table(name, caption, columns, [[readable(row.get(c)) if c in row else "" for c in columns] for row in rows])
