"""Reading one order line for play by email, in either syntax: the generic one, ``Type field=value
...`` for every command of every ruleset, or a short form of ``shortforms/<ruleset-id>.yaml``
(read by ``forms_aa``). A line is judged against what the seat is offered (``order_offers``);
one that names no legal order raises ``BadLine`` with the reason."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from service.http.command_schemas import ruleset_docs
from service.mail import form_files, forms_aa
from service.mail.form_files import short_forms
from service.mail.order_offers import resolve
from service.mail.order_values import JSON, BadLine, Raw

MAX_LINE = 500  # characters: enough for any order, and no JSON deep enough to exhaust recursion


@dataclass(frozen=True)
class Order:
    line: str  # the line as written
    type: str  # command type, e.g. "SubmitBid"
    data: dict  # the command's data, every field given (defaults included)


def read_line(line: str, ruleset, legal: list[dict]) -> Order:
    docs = ruleset_docs(ruleset)
    text = _without_note(line.strip(), docs)
    if not text:
        raise BadLine("The line is empty.")
    if len(text) > MAX_LINE:
        raise BadLine(f"The line is longer than {MAX_LINE} characters.")
    first, _, rest = text.partition(" ")
    kind = {name.lower(): name for name in docs}.get(first.lower())
    if kind is not None and (not rest.strip() or _FIELD.match(rest)):
        return Order(line, kind, resolve(ruleset, kind, _fields(rest, kind), legal))
    spoken = " ".join(text.split())
    for form in short_forms(ruleset):  # before a type's name without fields: RETREAT TO Ukraine S.S.R.
        found = form.match.fullmatch(spoken)
        if found:
            try:
                groups = form_files.read(ruleset, form, found.groupdict())
            except forms_aa.FormError as bad:
                raise BadLine(f"{first.upper()}: {bad}", form.type) from None
            data = resolve(ruleset, form.type, form.data, legal, form, groups, first.upper())
            return Order(line, form.type, data)
    if kind is not None:
        return Order(line, kind, resolve(ruleset, kind, _fields(rest, kind), legal))
    usages = [f.usage for f in short_forms(ruleset) if f.usage.split()[0].upper() == first.upper()]
    if usages:
        raise BadLine(f"{first.upper()} is written like this: {' or '.join(dict.fromkeys(usages))}.")
    offered = ", ".join(dict.fromkeys(b["type"] for b in legal)) or "nothing"
    raise BadLine(f"{first[:40]!r} is no order I know; open to you now: {offered}.")


_NOTE = re.compile(r"\s{2,}\((?P<type>[A-Za-z]+)\b.*\)$")  # HELP's "   (Type choices)"


def _without_note(line: str, docs) -> str:
    note = _NOTE.search(line)
    return line[:note.start()] if note and note.group("type") in docs else line


_FIELD = re.compile(r"\s*([A-Za-z_]\w*)\s*=\s*")
_NEXT_FIELD = re.compile(r"\s+[A-Za-z_]\w*\s*=")


def _fields(rest: str, kind: str) -> dict[str, Any]:
    """``name=value ...``: a value starting with [ { or " is JSON, else the text up to the next name=."""
    fields, at = {}, 0
    rest = rest.strip()
    while at < len(rest):
        found = _FIELD.match(rest, at)
        if not found:
            raise BadLine(f"{kind}: write each field as name=value, not {rest[at:at + 40].strip()!r}.", kind)
        name, at = found.group(1).lower(), found.end()
        if name in fields:
            raise BadLine(f"{kind}: {name} is given twice.", kind)
        if rest[at:at + 1] in ("[", "{", '"'):
            try:
                fields[name], at = JSON.raw_decode(rest, at)
            except (ValueError, RecursionError) as bad:
                raise BadLine(f"{kind}: {name} is not valid JSON ({getattr(bad, 'msg', 'too deep')}).", kind) from None
            if at < len(rest) and not rest[at].isspace():
                raise BadLine(f"{kind}: put a space after the JSON value of {name}.", kind)
        else:
            after = _NEXT_FIELD.search(rest, at)
            end = after.start() if after else len(rest)
            fields[name], at = Raw(rest[at:end].strip()), end
    return fields
