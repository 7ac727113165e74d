"""The marshmallow pieces the chapter 13 pack schema is made of: pack words read as enum members,
lists read as tuples, keyed entries that load knowing their id, entries that load as the frozen
spec the rules read, and where the entries marked ``provisional: true`` are."""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import ClassVar

from marshmallow import Schema, ValidationError, fields, post_load, validate
from marshmallow.experimental.context import Context

ID = validate.Regexp(r"^[a-z0-9][a-z0-9_\-]*$", error="expected a lower-case id")
# The id of the entry being loaded, for its schema's post_load (see ``Keyed``).
EntryId = Context[str]


def enum_field(enum: type, **kwargs) -> fields.Enum:
    """A pack word read as its enum member; the YAML holds the value (``axis``, ``minor``)."""
    return fields.Enum(enum, by_value=fields.String, **kwargs)


class Items(fields.List):
    """A list loaded as a tuple (specs are frozen)."""

    def _deserialize(self, value, attr, data, **kwargs) -> tuple:
        return tuple(super()._deserialize(value, attr, data, **kwargs))


class Keyed(fields.Dict):
    """A mapping of id -> entry whose errors read ``places.bessarabia.core_of`` (marshmallow's Dict
    would put a ``key`` or ``value`` level between the id and the field). Each entry loads with its
    id at hand, so its schema's ``post_load`` builds the spec with it (``EntryId.get()``)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, Mapping):
            raise self.make_error("invalid")
        ids, errors = {}, {}
        for key in value:  # as Dict does: every key first, then every value; a value's errors win
            try:
                ids[key] = self.key_field.deserialize(key, **kwargs)
            except ValidationError as error:
                errors[key] = error.messages
        entries = {}
        for key, entry in value.items():
            try:
                with EntryId(ids.get(key, key)):
                    loaded = self.value_field.deserialize(entry, **kwargs)
            except ValidationError as error:
                errors[key] = error.messages
            else:
                if key in ids:
                    entries[ids[key]] = loaded
        if errors:
            raise ValidationError(errors)
        return entries


class Entry(Schema):
    """An entry of the pack. Its ``post_load`` builds ``spec``, the frozen class the rules read, from
    its fields (``spec_fields`` adjusts them); a spec with an ``id`` not among them is named by the
    entry's key in its ``Keyed`` mapping. Without a ``spec`` the entry stays the dict it loaded as.
    ``provisional`` is gathered for the whole pack (``Pack.provisional``)."""

    spec: ClassVar[type | None] = None
    provisional = fields.Boolean(load_default=False)

    def spec_fields(self, data: dict) -> dict:
        return data

    @post_load
    def _spec(self, data, **kwargs):
        if self.spec is None:
            return data
        given = {k: v for k, v in self.spec_fields(data).items() if k != "provisional"}
        if "id" not in given and any(f.name == "id" for f in dataclasses.fields(self.spec)):
            given["id"] = EntryId.get()
        return self.spec(**given)


def provisional_paths(schema: Schema, node: dict, path: str = "") -> list[str]:
    """Paths of the entries marked ``provisional: true``, in the order the schema declares them."""
    found = [path or "<root>"] if node.get("provisional") is True else []
    for name, field in schema.fields.items():
        if name in node:
            found += _provisional_in(field, node[name], f"{path}.{name}" if path else name)
    return found


def _provisional_in(field: fields.Field, value, path: str) -> list[str]:
    if isinstance(field, fields.Nested) and isinstance(value, dict):
        return provisional_paths(field.schema, value, path)
    if isinstance(field, fields.List) and isinstance(value, list):
        return [p for i, item in enumerate(value) for p in _provisional_in(field.inner, item, f"{path}[{i}]")]
    if isinstance(field, fields.Dict) and isinstance(value, dict) and field.value_field is not None:
        return [p for key, item in value.items() for p in _provisional_in(field.value_field, item, f"{path}.{key}")]
    return []
