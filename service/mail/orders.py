"""Text orders for play by email: the order lines of a mail body, each read into a command body
the service takes, and HELP, every command legal now written as a line the seat could mail.

Two syntaxes. The generic one, ``SubmitBid power=GE points=9 options=2``, is derived from the
command schemas, so it reads every command of every ruleset. Short forms (``BID GE 9 x2``) are data:
``shortforms/<ruleset-id>.yaml``, read by ``forms_aa`` (whose readers type a form's words where a
pattern alone cannot: ``MOVE 2 INF 1 ARM Karelia S.S.R. -> Archangel``). Either way a line is read
against what legal-commands offers the seat now: its values are typed by the command's schema and
matched (case and spacing aside) to the choices offered, and the fields it leaves out that the offer
pins to one value are filled in, so ``PASS`` is enough when exactly one pass is offered. A line that
names no legal order raises ``OrderError`` with one sentence saying why and the legal lines the seat
may write instead."""
from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

import jsonschema_rs

from domain.kernel.plain import to_plain
from domain.kernel.platform import PLATFORM_COMMANDS
from service.http.command_schemas import ruleset_docs
from service.mail import forms_aa
from service.mail.forms_aa import ShortForm, form_words, short_forms

MAX_LINES = 100  # order lines read from one mail
MAX_LINE = 500  # characters: enough for any order, and no JSON deep enough to exhaust recursion
MAX_HINTS = 40
NOTE_GAP = "   "
REMINDED = "BID GE 9 x2"  # the short form REMINDER names, or the ruleset's first hinted one
REMINDER = f"Write one order a line: a short form such as {REMINDED}, or Type field=value ..."
FALSY, TRUTHY = ("no", "false", "n", "off"), ("yes", "true", "y", "on")
NULLS = ("none", "null")


@dataclass(frozen=True)
class Order:
    line: str  # the line as written
    type: str  # command type, e.g. "SubmitBid"
    data: dict  # the command's data, every field given (defaults included)


class OrderError(ValueError):
    """A line that names no legal order: ``reason`` says why in one sentence, ``hint`` what the
    seat may write instead (lines in the same syntax), or a syntax reminder."""

    def __init__(self, line: str, reason: str, hint: list[str]):
        super().__init__(reason)
        self.line, self.reason, self.hint = line, reason, hint


class _Bad(Exception):
    """Why a line was refused, and the command type whose legal lines make the best hint."""

    def __init__(self, reason: str, kind: str | None = None):
        super().__init__(reason)
        self.reason, self.kind = reason, kind


class Raw(str):
    """Text as the player wrote it, still to be typed by the field's schema (a JSON value is not)."""


# ---- the mail body ------------------------------------------------------------------------------

def order_lines(body: str) -> list[str]:
    """The order lines of a plain-text mail body: no quoted reply, nothing after the signature
    separator or an END line, no blank lines or ``#`` comments; at most ``MAX_LINES``."""
    lines = []
    for raw in body.splitlines():
        line = raw.strip()
        if raw.rstrip() == "--" or line.upper() == "END":
            break
        if line and not line.startswith((">", "#")):
            lines.append(line)
        if len(lines) == MAX_LINES:
            break
    return lines


# ---- reading a line -----------------------------------------------------------------------------

def parse_order(line: str, ruleset, legal: list[dict]) -> Order:
    """The order ``line`` gives, judged against ``legal`` (the seat's legal-commands bodies now)."""
    try:
        return _parse(line, ruleset, legal)
    except _Bad as bad:
        raise OrderError(line, bad.reason, _hints(ruleset, legal, bad.kind)) from None


def _parse(line: str, ruleset, legal: list[dict]) -> Order:
    docs = ruleset_docs(ruleset)
    text = _without_note(line.strip(), docs)
    if not text:
        raise _Bad("The line is empty.")
    if len(text) > MAX_LINE:
        raise _Bad(f"The line is longer than {MAX_LINE} characters.")
    first, _, rest = text.partition(" ")
    kind = {name.lower(): name for name in docs}.get(first.lower())
    if kind is not None and (not rest.strip() or _FIELD.match(rest)):
        return Order(line, kind, _resolve(ruleset, kind, _fields(rest, kind), legal))
    spoken = " ".join(text.split())
    for form in short_forms(ruleset):  # before a type's name without fields: RETREAT TO Ukraine S.S.R.
        found = form.match.fullmatch(spoken)
        if found:
            try:
                groups = forms_aa.read(ruleset, form, found.groupdict())
            except forms_aa.FormError as bad:
                raise _Bad(f"{first.upper()}: {bad}", form.type) from None
            data = _resolve(ruleset, form.type, form.data, legal, form, groups, first.upper())
            return Order(line, form.type, data)
    if kind is not None:
        return Order(line, kind, _resolve(ruleset, kind, _fields(rest, kind), legal))
    usages = [f.usage for f in short_forms(ruleset) if f.usage.split()[0].upper() == first.upper()]
    if usages:
        raise _Bad(f"{first.upper()} is written like this: {' or '.join(dict.fromkeys(usages))}.")
    offered = ", ".join(dict.fromkeys(b["type"] for b in legal)) or "nothing"
    raise _Bad(f"{first[:40]!r} is no order I know; open to you now: {offered}.")


_NOTE = re.compile(r"\s{2,}\((?P<type>[A-Za-z]+)\b.*\)$")  # HELP's "   (Type choices)"


def _without_note(line: str, docs) -> str:
    note = _NOTE.search(line)
    return line[:note.start()] if note and note.group("type") in docs else line


_FIELD = re.compile(r"\s*([A-Za-z_]\w*)\s*=\s*")
_NEXT_FIELD = re.compile(r"\s+[A-Za-z_]\w*\s*=")
_JSON = json.JSONDecoder()


def _fields(rest: str, kind: str) -> dict[str, Any]:
    """``name=value ...``: a value starting with [ { or " is JSON, else the text up to the next name=."""
    fields, at = {}, 0
    rest = rest.strip()
    while at < len(rest):
        found = _FIELD.match(rest, at)
        if not found:
            raise _Bad(f"{kind}: write each field as name=value, not {rest[at:at + 40].strip()!r}.", kind)
        name, at = found.group(1).lower(), found.end()
        if name in fields:
            raise _Bad(f"{kind}: {name} is given twice.", kind)
        if rest[at:at + 1] in ("[", "{", '"'):
            try:
                fields[name], at = _JSON.raw_decode(rest, at)
            except (ValueError, RecursionError) as bad:
                raise _Bad(f"{kind}: {name} is not valid JSON ({getattr(bad, 'msg', 'too deep')}).", kind) from None
            if at < len(rest) and not rest[at].isspace():
                raise _Bad(f"{kind}: put a space after the JSON value of {name}.", kind)
        else:
            after = _NEXT_FIELD.search(rest, at)
            end = after.start() if after else len(rest)
            fields[name], at = Raw(rest[at:end].strip()), end
    return fields


# ---- judging it against what is offered ---------------------------------------------------------

def _resolve(ruleset, kind: str, given_text: dict, legal: list[dict], form: ShortForm | None = None,
             groups: dict | None = None, label: str | None = None) -> dict:
    """The command's data: the line's fields typed and matched to an offer, the rest filled in."""
    label = label or kind
    for name in form.required if form else ():
        if (groups or {}).get(name) is None:
            raise _Bad(f"{label} needs {_the(name)}: {form.usage}", kind)
    schema = ruleset_docs(ruleset)[kind].data_schema
    bodies = forms_aa.offers_for(form, kind, legal, schema)
    if not bodies:
        raise _Bad(f"{kind} is not open to you now.")
    props, defaults = schema.get("properties", {}), _defaults(ruleset, kind)
    stray = sorted(set(given_text) - set(props))
    if stray:
        raise _Bad(f"{kind} has no field {stray[0]}; its fields are {', '.join(props) or 'none'}.", kind)
    given, pending, waiting = {}, dict(given_text), {}
    while pending:  # a template may name fields only the offer fills (APPROVE: "{power} 0(f)")
        matched = _matching(label, kind, given, bodies)
        known = {**_pinned(props, defaults, given, matched), **given}
        ready = {}
        for name, template in pending.items():
            try:
                raw = template if form is None else _substitute(template, _lookup(groups or {}, known, matched))
            except _Later as later:
                waiting[name] = str(later)
                continue
            ready[name] = raw if raw is _OMIT else _fit(label, kind, name, raw, props[name], bodies)
        if not ready:
            break
        for name, value in ready.items():
            del pending[name]
            if value is not _OMIT:
                given[name] = value
    matched = _matching(label, kind, given, bodies)
    known = {**_pinned(props, defaults, given, matched), **given}
    for name in pending:
        raise _Bad(f"{label} needs {_the(waiting.get(name, name))}{_one_of(waiting.get(name, name), matched)}.", kind)
    required = schema.get("required", [])
    for name in props:
        if name not in known and (name in required or _offer_leaves_open(name, props[name], defaults, matched)):
            raise _Bad(f"{label} needs {_the(name)}{_one_of(name, matched)}.", kind)
    _matching(label, kind, known, bodies)
    return {**defaults, **known}


def _the(name: str) -> str:
    return "the " + name.split(".")[-1].replace("_", " ")


class _Later(Exception):
    """A template names a value not known yet."""


_OMIT = object()  # a field whose group did not match: left out of the line
_NONE = object()
_PLACE = re.compile(r"\{([a-z_.]+)(?:\|([a-z_]+))?\}")  # {field} or, in write, {field|writer}


def _lookup(groups: dict, known: dict, matched: list[dict]) -> Callable[[str], Any]:
    def value(name: str) -> Any:
        if name in groups:
            if groups[name] is None:
                raise _Omitted
            return groups[name]
        if name in known:
            return known[name]
        if name.startswith("example."):  # the value every matching offer's example shows (a battle's id)
            seen = {json.dumps((b.get("example") or {}).get("data", {}).get(name[8:])) for b in matched}
            if len(seen) == 1 and (item := json.loads(seen.pop())) is not None:
                return item
        if name.startswith("choices."):  # the one item every matching offer shows (ACTIVATE's modifier)
            _, field, key = (name.split(".") + [""])[:3]
            seen = {json.dumps(_only(b["choices"].get(field), key)) for b in matched}
            if len(seen) == 1 and (item := json.loads(seen.pop())) is not None:
                return item
        raise _Later(name)
    return value


def _only(choice: Any, key: str) -> Any:
    if isinstance(choice, list) and len(choice) == 1 and isinstance(choice[0], dict):
        return choice[0].get(key)
    return None


class _Omitted(Exception):
    pass


def _substitute(template: Any, value: Callable[[str], Any]) -> Any:
    try:
        return _filled(template, value)
    except _Omitted:
        return _OMIT


def _filled(template: Any, value: Callable[[str], Any]) -> Any:
    if isinstance(template, dict):
        return {k: _filled(v, value) for k, v in template.items()}
    if isinstance(template, list):
        return [_filled(v, value) for v in template]
    if isinstance(template, str):
        whole = _PLACE.fullmatch(template)
        if whole and not isinstance(found := value(whole.group(1)), str):
            return found  # typed already (a reader's units or route)
        return Raw(_PLACE.sub(lambda m: _spoken(value(m.group(1))), template))
    return template


def _spoken(value: Any) -> str:
    if isinstance(value, dict):
        return json.dumps(value)
    if isinstance(value, list):
        return ", ".join(map(_spoken, value))
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else str(value)


def _matching(label: str, kind: str, given: dict, bodies: list[dict]) -> list[dict]:
    """The offers that take every given field; none: which field no offer takes."""
    fits = [b for b in bodies if all(_accepts(_prop(b, f), v) for f, v in given.items())]
    if fits:
        return fits
    for name, value in reversed(given.items()):  # the later fields narrow the earlier ones' offer
        others = [b for b in bodies if all(_accepts(_prop(b, f), v) for f, v in given.items() if f != name)]
        if others and not any(_accepts(_prop(b, name), value) for b in others):
            bodies = others
            raise _Bad(f"{label}: {name.replace('_', ' ')} {_shown(value)} is not open to you now"
                       f"{_one_of(name, bodies)}.", kind)
    together = ", ".join(f"{f}={_shown(v)}" for f, v in given.items())
    raise _Bad(f"{label}: no {kind} open to you now takes {together} together.", kind)


def _prop(body: dict, name: str) -> dict:
    return body.get("data_schema", {}).get("properties", {}).get(name, {})


@lru_cache(maxsize=4096)
def _validator(schema_json: str):
    return jsonschema_rs.validator_for(json.loads(schema_json))


def _accepts(schema: dict, value: Any) -> bool:
    try:
        return _validator(json.dumps(schema, sort_keys=True)).is_valid(value)
    except (ValueError, OverflowError):  # a value no JSON Schema number can hold
        return False


def _pin(body: dict, name: str, schema: dict) -> Any:
    """The one value an offer allows for a field, or _NONE."""
    if name == "power" and body.get("power"):
        return body["power"]
    choice = body.get("choices", {}).get(name)
    if not isinstance(choice, list) or not choice:
        return _NONE
    listed_by_item = _shape(schema, "array") is not None and not isinstance(choice[0], list)
    if len(choice) == 1 and not listed_by_item:
        return choice[0]
    example = (body.get("example") or {}).get("data", {})
    if listed_by_item and all(isinstance(c, dict) for c in choice) and name in example:
        return example[name]  # described item by item (each modifier): the offer's own list
    return _NONE


def _pinned(props: dict, defaults: dict, given: dict, matched: list[dict]) -> dict:
    """Fields not given that every matching offer pins to the same value (or the default among them)."""
    out = {}
    for name, schema in props.items():
        if name in given:
            continue
        values = [_pin(b, name, schema) for b in matched]
        if any(v is _NONE for v in values):
            continue
        if len({json.dumps(v, sort_keys=True) for v in values}) == 1:
            out[name] = values[0]
        elif name in defaults and defaults[name] in values:
            out[name] = defaults[name]
    return out


def _offer_leaves_open(name: str, schema: dict, defaults: dict, matched: list[dict]) -> bool:
    """An offer lists the field's values and its default is not among them: the seat must choose."""
    for body in matched:
        choice = body.get("choices", {}).get(name)
        if not isinstance(choice, list) or not choice or isinstance(choice[0], dict):
            continue
        listed_by_item = _shape(schema, "array") is not None and not isinstance(choice[0], list)
        if not listed_by_item and (name not in defaults or defaults[name] not in choice):
            return True
    return False


def _allowed(name: str, bodies: list[dict]) -> list:
    """Every value (or item) offered for a field, in offer order."""
    values = []
    for body in bodies:
        if name == "power" and body.get("power"):
            values.append(body["power"])
        choice = body.get("choices", {}).get(name)
        if isinstance(choice, list):
            values += [c for c in choice if not isinstance(c, dict)]
        schema = _prop(body, name)
        values += schema.get("enum", []) + schema.get("items", {}).get("enum", [])
    return [v for i, v in enumerate(values) if v not in values[:i]]


def _one_of(name: str, bodies: list[dict]) -> str:
    """What the offers allow for a field, as " (one of a, b)" or " (from 0 to 9)"."""
    values = _allowed(name, bodies)
    ranges = [b["choices"][name] for b in bodies if isinstance(b.get("choices", {}).get(name), dict)]
    if values:
        return f" (one of {', '.join(_shown(v) for v in values[:12])}{', ...' if len(values) > 12 else ''})"
    if ranges:
        return f" (from {min(r.get('minimum', 0) for r in ranges)} to {max(r.get('maximum', 0) for r in ranges)})"
    return ""


def _shown(value: Any) -> str:
    text = _spoken(value) if not isinstance(value, dict) else json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


# ---- typing a value by its schema ---------------------------------------------------------------

def _fit(label: str, kind: str, name: str, raw: Any, schema: dict, bodies: list[dict]) -> Any:
    value = _typed(raw, schema, f"{label}: {name.replace('_', ' ')}", kind)
    return _canonical(value, _allowed(name, bodies))


def _typed(raw: Any, schema: dict, what: str, kind: str) -> Any:
    if isinstance(raw, Raw):
        return _from_text(str(raw).strip(), schema, what, kind)
    if isinstance(raw, list) and (array := _shape(schema, "array")) is not None:
        return [_typed(item, array.get("items", {}), what, kind) for item in raw]
    if isinstance(raw, dict) and (obj := _shape(schema, "object")) is not None:
        props = obj.get("properties", {})
        return {k: _typed(v, props.get(k, {}), what, kind) for k, v in raw.items()}
    return raw


def _branches(schema: dict) -> list[dict]:
    if "anyOf" in schema:
        return [b for s in schema["anyOf"] for b in _branches(s)]
    return [schema, {"type": "null"}] if schema.get("nullable") else [schema]


def _shape(schema: dict, kind: str) -> dict | None:
    return next((b for b in _branches(schema) if b.get("type") == kind), None)


_INTEGER = re.compile(r"[+-]?\d{1,15}")
_NUMBER = re.compile(r"[+-]?\d{1,15}(\.\d{1,15})?")


def _from_text(text: str, schema: dict, what: str, kind: str) -> Any:
    if text[:1] in ("[", "{", '"'):
        try:
            return _JSON.decode(text)
        except (ValueError, RecursionError):
            raise _Bad(f"{what} is not valid JSON.", kind) from None
    branches = _branches(schema)  # "none" is null wherever null is allowed, before any text
    for branch in sorted(branches, key=lambda b: b.get("type") != "null"):
        value = _converted(text, branch, what, kind)
        if value is not _NONE:
            return value
    raise _Bad(f"{what} must be {' or '.join(dict.fromkeys(map(_described, branches)))}, "
               f"not {_shown(text)}.", kind)


def _converted(text: str, branch: dict, what: str, kind: str) -> Any:
    lowered = text.lower()
    match branch.get("type"):
        case "null":
            return None if lowered in NULLS else _NONE
        case "integer":
            return int(text) if _INTEGER.fullmatch(text) else _NONE
        case "number":
            return _NONE if not _NUMBER.fullmatch(text) else int(text) if _INTEGER.fullmatch(text) else float(text)
        case "boolean":
            return True if lowered in TRUTHY else False if lowered in FALSY else _NONE
        case "string":
            return text
        case "array":
            return [_from_text(item, branch.get("items", {}), what, kind) for item in _items(text)]
        case "object":
            return _NONE  # only JSON names an object
    if "enum" in branch:
        return next((v for v in branch["enum"] if _key(v) == _key(text)), _NONE)
    return text


def _items(text: str) -> list[str]:
    """A list as written: comma-separated (items may hold spaces), "a and b", or space-separated."""
    if not text:
        return []
    parts = re.split(r"\s*,\s*|\s+and\s+|\s*&\s*", text, flags=re.IGNORECASE) \
        if re.search(r",|\s(and|&)\s", text, re.IGNORECASE) else text.split()
    return [p for p in parts if p]


def _described(branch: dict) -> str:
    names = {"integer": "a whole number", "number": "a number", "boolean": "yes or no", "null": "none",
             "string": "text", "array": "a list (a, b)", "object": "a JSON object {...}"}
    if "enum" in branch:
        return "one of " + ", ".join(map(_spoken, branch["enum"][:8]))
    return names.get(branch.get("type"), "a value")


def _key(value: Any) -> str:
    """How a value is spoken: case, spaces, hyphens and underscores aside ("GE4" is "GE 4")."""
    return re.sub(r"[\s_\-]+", "", str(value).casefold())


def _canonical(value: Any, allowed: list) -> Any:
    """The offered spelling of a value written otherwise ("ge4" -> "GE 4", "France, Britain" ->
    the offered ["Britain", "France"])."""
    if isinstance(value, str):
        hits = {json.dumps(a): a for a in allowed if isinstance(a, str) and _key(a) == _key(value)}
        return next(iter(hits.values())) if len(hits) == 1 else value
    if isinstance(value, list):
        wanted = sorted(map(_key, value))
        whole = [a for a in allowed if isinstance(a, list) and sorted(map(_key, a)) == wanted]
        return whole[0] if whole else [_canonical(v, allowed) for v in value]
    return value


@lru_cache(maxsize=None)
def _classes(ruleset) -> dict[str, type]:
    return {c.__name__: c for c in (*ruleset.commands, *PLATFORM_COMMANDS)}


def _defaults(ruleset, kind: str) -> dict:
    """The command's defaults as plain values: a parsed order states every field."""
    out = {}
    for f in dataclasses.fields(_classes(ruleset)[kind]):
        if f.default is not dataclasses.MISSING:
            out[f.name] = to_plain(f.default)
        elif f.default_factory is not dataclasses.MISSING:
            out[f.name] = to_plain(f.default_factory())
    return out


# ---- HELP ---------------------------------------------------------------------------------------

def help_lines(ruleset, legal: list[dict]) -> list[str]:
    """Every legal command now as a line the seat could mail (a short form when one reads back to
    the offer's example, else the generic syntax), followed by its choices."""
    lines, hinted = [], set()
    for body in legal:  # a form's usage beside the first offer of its type that HELP writes otherwise
        written = _written(ruleset, body, legal)
        usage = None if body["type"] in hinted else forms_aa.hint(ruleset, body["type"], written)
        hinted.add(body["type"])
        lines.append(f"{written}{NOTE_GAP}({_note(body)}{'; e.g. ' + usage if usage else ''})")
    return lines


def _written(ruleset, body: dict, legal: list[dict]) -> str:
    kind, example = body["type"], (body.get("example") or {}).get("data")
    if example is None:
        return " ".join([kind] + ([f"power={body['power']}"] if body.get("power") else []))
    wanted = _plain_json({**_defaults(ruleset, kind), **example})
    defaults = _defaults(ruleset, kind)
    props = ruleset_docs(ruleset)[kind].data_schema.get("properties", {})
    changed = {f: v for f, v in example.items() if f not in defaults or defaults[f] != v}
    unpinned = {f: v for f, v in changed.items() if _pin(body, f, props.get(f, {})) != v}
    candidates = [line for form in short_forms(ruleset) if form.type == kind
                  for line in map(lambda w: _write(w, example, ruleset), form.write) if line]
    candidates += [_generic(kind, unpinned), _generic(kind, changed), _generic(kind, example),
                   _generic(kind, example, as_json=True)]
    for line in candidates:
        try:
            if _plain_json(_parse(line, ruleset, legal).data) == wanted:
                return line
        except _Bad:
            continue
    return candidates[-1]


def _plain_json(data: dict) -> str:
    return json.dumps(data, sort_keys=True)


def _write(template: str, example: dict, ruleset) -> str | None:
    """A short form's write template filled from the example (``{field|writer}``: written by a
    forms_aa writer; ``{example|writer}``: the whole example); None when it names an empty value."""
    def filled(m: re.Match) -> str:
        name, writer = m.groups()
        value = example if name == "example" and writer else _present(example, name)
        return _spoken(value) if writer is None else forms_aa.WRITERS[writer](value, form_words(ruleset))
    try:
        return _PLACE.sub(filled, template)
    except KeyError:
        return None


def _present(example: dict, name: str) -> Any:
    value = example.get(name)
    if value is None or value == []:
        raise KeyError(name)
    return value


_PLAIN = re.compile(r"[A-Za-z0-9][\w .()/:+'-]*")
_PLAIN_ITEM = re.compile(r"[A-Za-z0-9][\w.()/:+'-]*")


def _generic(kind: str, data: dict, as_json: bool = False) -> str:
    return " ".join([kind] + [f"{f}={json.dumps(v) if as_json else _text(v)}" for f, v in data.items()])


def _text(value: Any) -> str:
    if isinstance(value, (bool, int, float)) or value is None:
        return _spoken(value)
    if isinstance(value, str) and _PLAIN.fullmatch(value) and value == value.strip() \
            and value.lower() not in (*NULLS, *TRUTHY, *FALSY):
        return value
    if isinstance(value, list) and value and all(isinstance(i, str) and _PLAIN_ITEM.fullmatch(i) for i in value):
        return ",".join(value)
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _note(body: dict) -> str:
    parts = [body["type"]] + ([f"power={body['power']}"] if body.get("power") else [])
    parts += [f"{name}={_summary(choice)}" for name, choice in sorted(body.get("choices", {}).items())
              if name != "power"]
    return " ".join(parts)


def _summary(choice: Any) -> str:
    if isinstance(choice, dict):
        return f"{choice.get('minimum', '')}..{choice.get('maximum', '')}"
    if not isinstance(choice, list) or not choice:
        return "none"
    if all(isinstance(c, dict) for c in choice):
        return _shown(json.dumps(choice, separators=(",", ":")))
    shown = "|".join(",".join(map(_spoken, c)) if isinstance(c, list) else _spoken(c) for c in choice[:8])
    return shown + ("|..." if len(choice) > 8 else "")


def _hints(ruleset, legal: list[dict], kind: str | None) -> list[str]:
    """The legal lines of the type the line was about (all of them when it named none)."""
    bodies = [b for b in legal if kind is None or b.get("type") == kind] or legal
    usage = forms_aa.hint(ruleset)
    lines = help_lines(ruleset, bodies[:MAX_HINTS]) if bodies else [REMINDER.replace(REMINDED, usage or REMINDED)]
    return lines + ([f"... and {len(bodies) - MAX_HINTS} more: send HELP"] if len(bodies) > MAX_HINTS else [])
