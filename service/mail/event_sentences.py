"""Event sentences of the turn report: one English sentence per stored event, from the templates
in ``sentences/*.yaml`` (the platform's file, a family's shared one, a ruleset's own), with the
formatter and its specs (``{cargo:counts?, carrying %}``) and the names a data pack prints for its
ids. A sealed event reads only its envelope. The turn report, the game page and its tables word
events and values with these, so a sentence reads the same wherever it is shown."""
from __future__ import annotations

import dataclasses
import re
import string
from dataclasses import dataclass
from datetime import datetime, timezone
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, Callable

import yaml

SENTENCES = Path(__file__).parent / "sentences"
# The stored event's own fields a template may name as ``envelope.<field>`` (never its data).
ENVELOPE_FIELDS = ("version", "type", "actor", "game_id", "recorded_at", "dice_commitment")
SEALED = "{envelope.actor} sent a sealed order."

# ---- templates -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Templates:
    """One family's sentences (``rulesets``: the ruleset ids it serves; none for the platform)."""

    rulesets: tuple[str, ...]
    sentences: dict[str, str]
    sealed: dict[str, str]


def _load(path: Path) -> Templates:
    """Read and check one sentences file: a mistake in it is a packaging error, said by name."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    parts = {key: raw.get(key) or {} for key in ("sentences", "sealed")}
    for key, table in parts.items():
        if not isinstance(table, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in table.items()):
            raise ValueError(f"{path.name}: {key} must map event types to template strings")
    rulesets = raw.get("rulesets") or []
    if not isinstance(rulesets, list):
        raise ValueError(f"{path.name}: rulesets must be a list of ruleset ids")
    return Templates(tuple(rulesets), parts["sentences"], parts["sealed"])


@cache
def template_files() -> dict[str, Templates]:
    """File name (without .yaml) -> its templates; ``platform`` is every game's."""
    return {path.stem: _load(path) for path in sorted(SENTENCES.glob("*.yaml"))}


@cache
def templates(ruleset_id: str) -> Templates:
    """The platform's templates with every file serving the ruleset over them (a family's shared
    file, e.g. Axis & Allies battles, and a ruleset's own)."""
    files = template_files()
    platform = files["platform"]
    own = [t for t in files.values() if ruleset_id in t.rulesets]
    return Templates((ruleset_id,), {k: v for t in [platform, *own] for k, v in t.sentences.items()},
                     {k: v for t in [platform, *own] for k, v in t.sealed.items()})


# ---- the formatter ---------------------------------------------------------------------------

MISSING = object()
DOUBLE_STOP = re.compile(r"(?<=[^.])\.\.(?=\s|$)")  # "to Karelia S.S.R.." ends once


def readable(value: Any) -> str:
    """A JSON value as words: lists joined with "and", dicts as "key value", empty as "none"."""
    if value is None or value == "" or value == [] or value == {}:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (str, int, float)):
        return str(value)
    if isinstance(value, dict):
        if isinstance(value.get("power"), str) and len(value) > 1:  # a power's row: "GE: points 7, ..."
            return f"{value['power']}: " + readable({k: v for k, v in value.items() if k != "power"})
        return ", ".join(f"{key} {_nested(item)}" for key, item in value.items())
    if isinstance(value, (list, tuple)):
        words = [readable(item) for item in value]
        if any(isinstance(item, (dict, list, tuple)) for item in value):
            return "; ".join(words)
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    return str(value)


def _nested(value: Any) -> str:
    text = readable(value)
    return f"({text})" if isinstance(value, (dict, list, tuple)) and len(value) > 1 else text


def when(seconds: Any) -> str:
    """Unix seconds as a UTC date and time (0 or none: "none")."""
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or not seconds:
        return "none" if seconds in (None, 0) else readable(seconds)
    try:
        return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    except (OverflowError, OSError, ValueError):
        return readable(seconds)


def dice(rolls: Any) -> str:
    """Rolls as "roll 0 (d10) = 7": k, sides and value, what verifying a roll needs."""
    if not isinstance(rolls, list) or not all(isinstance(r, dict) for r in rolls):
        return readable(rolls)
    return readable([f"roll {r.get('k', '?')} (d{r.get('sides', '?')}) = {r.get('value', '?')}" for r in rolls])


def units(counters: Any) -> str:
    """Unit rows (``unit`` with ``count``, ``damaged``...) as "2 infantry, 1 battleship (damaged)"."""
    if not isinstance(counters, list) or not all(isinstance(c, dict) and "unit" in c for c in counters):
        return readable(counters)
    return readable([(f"{c['count']} " if "count" in c else "") + readable(c["unit"])
                     + (" (damaged)" if c.get("damaged") else "") for c in counters])


def counts(value: Any) -> str:
    """Unit counts (``{"infantry": 3, "armour": 1}``) as "3 infantry and 1 armour"; none: "no units"."""
    if not isinstance(value, dict) or not all(isinstance(n, int) for n in value.values()):
        return readable(value)
    return readable([f"{n} {unit.replace('_', ' ')}" for unit, n in value.items() if n]) if any(value.values()) \
        else "no units"


def route(value: Any) -> str:
    """A route as "from A via B to C" (one space: "in A")."""
    if not isinstance(value, list) or not value or not all(isinstance(s, str) for s in value):
        return readable(value)
    if len(value) == 1:
        return f"in {value[0]}"
    via = f" via {readable(value[1:-1])}" if len(value) > 2 else ""
    return f"from {value[0]}{via} to {value[-1]}"


def words(value: Any) -> str:
    """An id as words: ``collect_income`` -> "collect income" (and in lists and dicts)."""
    return "" if value == "" else readable(value).replace("_", " ")


def chance(value: Any) -> str:
    """A fraction ("3/10") as a percentage ("30%")."""
    try:
        percent = Fraction(str(value)) * 100
    except (ValueError, ZeroDivisionError):
        return readable(value)
    return f"{percent.numerator}%" if percent.denominator == 1 else f"{float(percent):.1f}%"


EMPTY = (None, "", "none", 0, False)  # and empty lists and dicts, and counts of nothing


class Specs(dict):
    """Spec name -> renderer. A spec is a name (none: ``readable``), optionally followed by ``?then``
    or ``?then|else``: when the value is empty (none, 0, no, an empty list) the sentence reads
    ``else`` (default nothing), otherwise ``then`` with ``%`` standing for the rendered value
    (``{cargo:counts?, carrying %}``, ``{to:?retreats to %|presses on}``)."""

    def __contains__(self, spec: object) -> bool:
        return isinstance(spec, str) and dict.__contains__(self, spec.partition("?")[0])

    def render(self, spec: str, value: Any) -> str:
        name, conditional, texts = spec.partition("?")
        rendered = self.get(name, readable)(value)
        if not conditional:
            return rendered
        then, _, otherwise = texts.partition("|")
        empty = value in EMPTY or value in ([], {}) or (isinstance(value, dict) and not any(value.values()))
        return otherwise if empty else then.replace("%", rendered)


SPECS: Specs = Specs({"": readable, "time": when, "dice": dice, "units": units, "counts": counts, "route": route,
                      "words": words, "chance": chance})


class _Sentence(string.Formatter):
    """str.format over the event's fields that never raises on a field: a missing one reads "?"."""

    def get_field(self, field_name, args, kwargs):
        value: Any = kwargs
        for part in field_name.split("."):
            value = value.get(part, MISSING) if isinstance(value, dict) else MISSING
        return value, field_name

    def convert_field(self, value, conversion):
        return value

    def format_field(self, value, format_spec):
        if value is MISSING:
            return "?"
        return SPECS.render(format_spec, value)


_FORMATTER = _Sentence()


def fields_of(template: str) -> list[tuple[str, str]]:
    """(field name, spec) of each replacement field: what the template reads."""
    return [(name, spec or "") for _, name, spec, _ in _FORMATTER.parse(template) if name is not None]


IDENTIFIER = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]+")  # a data pack's id, not a name


def names_of(pack: Any) -> dict[str, str]:
    """Id -> the name the rules print, of every entry of a data pack that has both (TK's
    ``nazi_soviet_pact`` -> "Nazi-Soviet Pact"); ids already written as names are left alone."""
    found: dict[str, str] = {}

    def walk(value: Any, depth: int = 0) -> None:
        if depth > 8:
            return
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            ident, name = getattr(value, "id", None), getattr(value, "name", None)
            if isinstance(ident, str) and isinstance(name, str) and IDENTIFIER.fullmatch(ident):
                found.setdefault(ident, name)
            for f in dataclasses.fields(value):
                walk(getattr(value, f.name), depth + 1)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item, depth + 1)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item, depth + 1)

    walk(pack)
    return found


_NAMES: dict[str, dict[str, str]] = {}  # Rules.snapshot_key (ruleset, version, pack) -> names_of(pack)


def pack_names(rules) -> dict[str, str]:
    """``names_of`` once per game pack, not once per report (a pack never changes under its key)."""
    found = _NAMES.get(rules.snapshot_key)
    if found is None:
        found = _NAMES[rules.snapshot_key] = names_of(rules.pack)
    return found


def _named(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, (list, tuple)):
        return [_named(item, names) for item in value]
    if isinstance(value, dict):
        return {key: _named(item, names) for key, item in value.items()}
    return value


def sentence(ruleset_id: str, event: dict, names: dict[str, str] | None = None) -> str:
    """One stored event as ``SeatView.event_for`` gives it to a seat, as one English sentence
    (``names``: the game's pack ids as the rules print them, see ``names_of``). A sealed one
    reads only its envelope: what a seat may not read never reaches a template."""
    if not isinstance(event, dict):
        raise TypeError(f"an event is a dict (as SeatView.event_for gives it), not {type(event).__name__}")
    kind = str(event.get("type") or "?")
    envelope = {name: event[name] for name in ENVELOPE_FIELDS if name in event}
    envelope.setdefault("actor", "someone")
    found = templates(ruleset_id)
    if event.get("redacted"):
        return _FORMATTER.format(found.sealed.get(kind, SEALED), envelope=envelope)
    data = event.get("data") if isinstance(event.get("data"), dict) else {}
    data = _named(data, names) if names else data
    template = found.sentences.get(kind)
    if template is None:  # a ruleset outside the sentence files (a test's own) still reads
        return f"{envelope['actor']}: {kind} ({readable(data)})."
    return DOUBLE_STOP.sub(".", _FORMATTER.format(template, **{**data, "envelope": envelope}))


def with_dice_commitments(events: list[dict], earlier: Callable[[], str | None] = lambda: None) -> list[dict]:
    """Each DiceRolled gets ``dice_commitment``: the seed commitment in play when it was rolled
    (GameCreated commits the first seed; an early reveal or DiceSeedCommitted the next);
    ``earlier``: the one in play before the first event, asked only when needed."""
    commitment = None
    for event in events:
        data = event["data"]
        match event["type"]:
            case "GameCreated":
                commitment = data.get("dice_commitment")
            case "DiceSeedRevealed" if data.get("next_commitment"):
                commitment = data["next_commitment"]
            case "DiceSeedCommitted":
                commitment = data.get("commitment")
            case "DiceRolled":
                if commitment is None:  # committed before the first event
                    commitment = earlier()
                event["dice_commitment"] = commitment
    return events
