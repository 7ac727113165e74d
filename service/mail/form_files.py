"""The short forms' files, ``shortforms/<ruleset>.yaml`` (play by email): read once per ruleset and
checked (each form names a command of the ruleset and its fields, a reader of ``forms_aa.READERS``,
and its usage line is written in it), the words its forms read, a line's groups typed by its
form's reader, the offers a line is judged against, and the hints HELP shows."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import yaml

from service.http.command_schemas import ruleset_docs
from service.mail.forms_aa import READERS, Groups, Words, words_of
from service.packs import default_pack


@dataclass(frozen=True)
class ShortForm:
    """One short form: ``match`` (named groups) -> ``type`` with ``data`` ("{group}" substituted)."""

    type: str
    match: re.Pattern
    data: dict
    usage: str  # a line as written, for error messages
    write: tuple[str, ...] = ()  # how HELP writes an offered command: tried in order
    required: tuple[str, ...] = ()  # fields the line itself must give
    read: str | None = None  # the reader (READERS) that types the line's groups
    open: tuple[str, ...] = ()  # fields whose offered choices are suggestions, not limits
    unlisted: bool = False  # read even when legal-commands does not list the command (it lists examples)
    hint: bool = False  # HELP shows the usage beside an offer written otherwise


@lru_cache(maxsize=None)
def short_forms(ruleset) -> tuple[ShortForm, ...]:
    """The ruleset's short forms from ``shortforms/<id>.yaml`` (none if it has no file), checked:
    each names a command of the ruleset and its fields, its reader, and its usage line is written in it."""
    docs, forms = ruleset_docs(ruleset), []
    for entry in _shortform_file(ruleset).get("forms", ()):
        form = ShortForm(entry["type"], re.compile(entry["match"], re.IGNORECASE), entry.get("data", {}),
                         entry["usage"], tuple(entry.get("write", ())), tuple(entry.get("required", ())),
                         entry.get("read"), tuple(entry.get("open", ())), entry.get("unlisted", False),
                         entry.get("hint", False))
        fields = docs[form.type].data_schema["properties"] if form.type in docs else {}
        problem = ("names no command of the ruleset" if form.type not in docs
                   else "fills a field the command does not have" if not set(form.data) <= set(fields)
                   else "opens a field the command does not have" if not set(form.open) <= set(fields)
                   else "names no reader of forms_aa.READERS" if form.read not in (None, *READERS)
                   else "its usage is not written in it" if not form.match.fullmatch(form.usage) else None)
        if problem:
            raise ValueError(f"shortforms/{ruleset.id}.yaml, {form.usage!r}: {problem}")
        forms.append(form)
    return tuple(forms)


@lru_cache(maxsize=None)
def _shortform_file(ruleset) -> dict:
    source = resources.files(__package__) / "shortforms" / f"{ruleset.id}.yaml"
    return yaml.safe_load(source.read_text(encoding="utf-8")) if source.is_file() else {}


@lru_cache(maxsize=None)
def form_words(ruleset) -> Words:
    """The unit and board words the ruleset's forms read (its file's ``words``, its default pack)."""
    return words_of(_shortform_file(ruleset).get("words") or {}, default_pack(ruleset))


def read(ruleset, form: ShortForm, groups: Groups) -> Groups:
    """The line's groups typed by the form's reader (unchanged when it names none)."""
    if form.read is None:
        return groups
    fields = frozenset(ruleset_docs(ruleset)[form.type].data_schema.get("properties", {}))
    return READERS[form.read](groups, form_words(ruleset), fields)


def offers_for(form: ShortForm | None, kind: str, legal: list[dict], schema: dict) -> list[dict]:
    """The offers a line is judged against: legal-commands' of its type, the form's ``open`` fields
    no longer limited by their choices; for an ``unlisted`` form when none is listed, one for the
    seat's one power (the rules judge the rest)."""
    bodies = [b for b in legal if b.get("type") == kind]
    powers = {b["power"] for b in legal if b.get("power")}
    if not bodies and form is not None and form.unlisted and (powers or "power" in form.data):
        bodies = [{"type": kind, "power": powers.pop() if len(powers) == 1 else None, "choices": {},
                   "data_schema": schema, "example": None}]
    return [_opened(b, form.open) for b in bodies] if form is not None and form.open else bodies


def _opened(body: dict, names: tuple[str, ...]) -> dict:
    schema = body.get("data_schema") or {}
    props = {k: {a: b for a, b in v.items() if a not in ("enum", "minimum", "maximum")} if k in names else v
             for k, v in schema.get("properties", {}).items()}
    return {**body, "data_schema": {**schema, "properties": props}}


def hint(ruleset, kind: str | None = None, written: str = "") -> str | None:
    """The usage of a ``hint`` form of ``kind`` (any kind: the first) that is not ``written``."""
    return next((f.usage for f in short_forms(ruleset)
                 if f.hint and kind in (None, f.type) and f.usage != written), None)
