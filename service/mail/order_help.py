"""HELP for play by email: every command legal now written as a line the seat could mail (a short
form when one reads back to the offer's example, else the generic syntax) with its choices, and
the legal lines a refused line's reply suggests instead."""
from __future__ import annotations

import json
import re
from typing import Any

from service.http.command_schemas import ruleset_docs
from service.mail import form_files
from service.mail.form_files import form_words, short_forms
from service.mail.forms_aa_write import WRITERS
from service.mail.order_offers import PLACE, command_defaults, pin_of
from service.mail.order_syntax import read_line
from service.mail.order_values import FALSY, NULLS, TRUTHY, BadLine, shown, spoken

MAX_HINTS = 40
NOTE_GAP = "   "
REMINDED = "BID GE 9 x2"  # the short form REMINDER names, or the ruleset's first hinted one
REMINDER = f"Write one order a line: a short form such as {REMINDED}, or Type field=value ..."


def help_lines(ruleset, legal: list[dict]) -> list[str]:
    """Every legal command now as a line the seat could mail (a short form when one reads back to
    the offer's example, else the generic syntax), followed by its choices."""
    lines, hinted = [], set()
    for body in legal:  # a form's usage beside the first offer of its type that HELP writes otherwise
        written = _written(ruleset, body, legal)
        usage = None if body["type"] in hinted else form_files.hint(ruleset, body["type"], written)
        hinted.add(body["type"])
        lines.append(f"{written}{NOTE_GAP}({_note(body)}{'; e.g. ' + usage if usage else ''})")
    return lines


def _written(ruleset, body: dict, legal: list[dict]) -> str:
    kind, example = body["type"], (body.get("example") or {}).get("data")
    if example is None:
        return " ".join([kind] + ([f"power={body['power']}"] if body.get("power") else []))
    wanted = _plain_json({**command_defaults(ruleset, kind), **example})
    defaults = command_defaults(ruleset, kind)
    props = ruleset_docs(ruleset)[kind].data_schema.get("properties", {})
    changed = {f: v for f, v in example.items() if f not in defaults or defaults[f] != v}
    unpinned = {f: v for f, v in changed.items() if pin_of(body, f, props.get(f, {})) != v}
    candidates = [line for form in short_forms(ruleset) if form.type == kind
                  for line in map(lambda w: _write(w, example, ruleset), form.write) if line]
    candidates += [_generic(kind, unpinned), _generic(kind, changed), _generic(kind, example),
                   _generic(kind, example, as_json=True)]
    for line in candidates:
        try:
            if _plain_json(read_line(line, ruleset, legal).data) == wanted:
                return line
        except BadLine:
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
        return spoken(value) if writer is None else WRITERS[writer](value, form_words(ruleset))
    try:
        return PLACE.sub(filled, template)
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
        return spoken(value)
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
        return shown(json.dumps(choice, separators=(",", ":")))
    listed = "|".join(",".join(map(spoken, c)) if isinstance(c, list) else spoken(c) for c in choice[:8])
    return listed + ("|..." if len(choice) > 8 else "")


def hints(ruleset, legal: list[dict], kind: str | None) -> list[str]:
    """The legal lines of the type the line was about (all of them when it named none)."""
    bodies = [b for b in legal if kind is None or b.get("type") == kind] or legal
    usage = form_files.hint(ruleset)
    lines = help_lines(ruleset, bodies[:MAX_HINTS]) if bodies else [REMINDER.replace(REMINDED, usage or REMINDED)]
    return lines + ([f"... and {len(bodies) - MAX_HINTS} more: send HELP"] if len(bodies) > MAX_HINTS else [])
