"""The words of the Axis & Allies short forms (play by email): counted units (``3 INF 1 ARM``), unit
lists (``INF INF ARM``), routes (``Karelia S.S.R. -> Archangel``), board names and chances
(``30%``), read from a form's groups into command data, and written back for HELP.

A form names its reader (``read:`` in ``shortforms/<ruleset>.yaml``); the reader gets the line's
groups, the words and the command's fields (its data schema's: a standing rule such as Revised's
KEEP FACTORIES or Global's SCRAMBLE and KAMIKAZE 2 is read only where the command has its field)
and returns the groups with typed values. Unit words come from the file's ``words.units`` (an
abbreviation -> a unit id; the first word listed for a unit is the one HELP writes) beside each
unit's id and title on the ruleset's board and the abbreviation board.svg draws ("bmb"), case
aside, a plural "s" dropped. Board names are matched case, spacing, dots and hyphens aside, plus
``words.spaces`` (``SZ 7`` is ``7 Sea Zone``) and the beginning of a single name (``Karelia``); a
name not on the board is kept as written, for the rules to refuse by name. Treasuries (Global's
``UK Pacific``, or ``Pacific``) and research charts (``AIR NAVAL``) are the board's and the pack's.

The short forms' files (every ruleset's) are read and checked by ``form_files``."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

NUMBER = re.compile(r"\d{1,4}")
GLUED = re.compile(r"(\d{1,4})([A-Za-z][\w:]*)")  # "3INF"
ROUTE = re.compile(r"\s*(?:->|→)\s*")
HIT = ":hit"  # a two-hit unit's first hit in an order of losses (battleship:hit)
FILLER = {"and", "&", ","}
FACTORY = "industrial_complex"
PREFIX = 4  # letters a name's beginning needs to stand for it


class FormError(ValueError):
    """A short form's words that name nothing: ``reason`` says which word and what was expected."""


@dataclass(frozen=True)
class Words:
    units: dict[str, str]  # folded word -> unit id
    written: dict[str, str]  # unit id -> the word HELP writes
    spaces: dict[str, str]  # folded board name -> the name
    aliases: tuple[tuple[re.Pattern, str], ...]  # (a way of writing a space, the name it gives)
    economies: dict[str, str] = field(default_factory=dict)  # folded treasury name -> the name
    charts: tuple[str, ...] = ()  # research charts (Global's land_production, air_naval)

    def unit(self, word: str) -> str | None:
        key = word.casefold().strip(",")
        base, hit = (key[:-len(HIT)], HIT) if key.endswith(HIT) else (key, "")
        found = self.units.get(base) or (self.units.get(base[:-1]) if base.endswith("s") else None)
        return None if found is None else found + hit

    def space(self, text: str) -> str | None:
        """The board's name for ``text`` (or for an alias of it, or the one name it begins:
        "Karelia" is "Karelia S.S.R."), or None when it names no space."""
        text, folded = text.strip(), _fold(text)
        found = self.spaces.get(folded)
        if found:
            return found
        for pattern, name in self.aliases:
            match = pattern.fullmatch(text)
            if match and (found := self.spaces.get(_fold(name.format(*match.groups())))):
                return found
        begun = [name for key, name in self.spaces.items() if key.startswith(folded)]
        return begun[0] if len(begun) == 1 and len(folded) >= PREFIX else None

    def named(self, text: str) -> str:
        """A space as the board names it, else as written (the rules say it is no space)."""
        return self.space(text) or text.strip()

    def economy(self, text: str) -> str:
        """The board's name of the treasury ``text`` names ("uk pacific", or "Pacific" for the one
        economy of its power so named), else ``text`` as written (the rules say it is none)."""
        return self.economies.get(_fold(text)) or text.strip()

    def expected(self) -> str:
        return ", ".join(dict.fromkeys(w.upper() for w in self.written.values()))


def _fold(text: str) -> str:
    return re.sub(r"[\s._\-']+", "", text.casefold())


def words_of(table: dict, pack: Any) -> Words:
    """The words of one shortforms file (``table``: its ``words``) and the ruleset's default pack."""
    units, written = {}, {}
    for word, unit in (table.get("units") or {}).items():
        units[str(word).casefold()] = unit
        written.setdefault(unit, str(word))
    board = getattr(pack, "board", None)
    drawn = getattr(getattr(pack, "geometry", None), "units", None) or {}  # board.svg's "3 inf 1 arm"
    for unit, word in drawn.items():
        units.setdefault(str(word).casefold(), unit)
    profiles = getattr(board, "units", None) or getattr(pack, "units", None) or {}
    for unit, profile in profiles.items():
        units.setdefault(unit.casefold(), unit)
        title = getattr(profile, "title", "")
        if isinstance(title, str) and " " not in title.strip() and title:
            units.setdefault(title.casefold(), unit)
        written.setdefault(unit, unit)
    spaces = {_fold(name): name for name in getattr(board, "spaces", {}) or {}}
    aliases = tuple((re.compile(pattern, re.IGNORECASE), name) for pattern, name in table.get("spaces") or ())
    research = getattr(getattr(pack, "extra", None), "research", None)
    charts = tuple(chart[0] if isinstance(chart, tuple) else str(chart) for chart in getattr(research, "charts", ()))
    return Words(units, written, spaces, aliases, _economies(board), charts)


def _economies(board: Any) -> dict[str, str]:
    """A board's treasuries by folded name (Global's "UK Pacific", each power's own), a power's
    economies also by their name without the power's ("Pacific")."""
    out = {_fold(name): name for name in getattr(board, "treasuries", None) or {}}
    for power, economies in (getattr(board, "economies", None) or {}).items():
        for economy in economies:
            name = getattr(economy, "name", economy)
            out.setdefault(_fold(name), name)
            if name.startswith(f"{power} "):
                out.setdefault(_fold(name[len(power) + 1:]), name)
    return out


# ---- reading ------------------------------------------------------------------------------------

def _tokens(text: str | None) -> list[str]:
    out = []
    for token in (text or "").replace(",", " , ").split():
        glued = GLUED.fullmatch(token)
        out += [glued.group(1), glued.group(2)] if glued else [token]
    return out


def _counted(words: Words, tokens: list[str], usage: str) -> tuple[dict[str, int], list[str], list[str]]:
    """Leading ``<n> <unit>`` pairs: (units, IC territories, the tokens after them). A pair whose word
    is no unit is an error unless what follows from the number is a board name (``7 Sea Zone``)."""
    units: dict[str, int] = {}
    factories: list[str] = []
    at = 0
    while at < len(tokens):
        if tokens[at].casefold() in FILLER:
            at += 1
            continue
        if not NUMBER.fullmatch(tokens[at]) or at + 1 >= len(tokens):
            break
        unit = words.unit(tokens[at + 1])
        if unit is None:
            rest, after = " ".join(tokens[at:]), " ".join(tokens[at + 2:])
            if words.space(rest) or (at and not words.space(after) and after):
                break
            raise FormError(f"{tokens[at + 1]!r} is no unit; write one of {words.expected()} ({usage})")
        count, at = int(tokens[at]), at + 2
        if unit == FACTORY:
            end = next((i for i in range(at, len(tokens) - 1)
                        if NUMBER.fullmatch(tokens[i]) and words.unit(tokens[i + 1])), len(tokens))
            if count != 1 or end == at:
                raise FormError(f"an IC is bought one at a time with its territory: 1 IC India ({usage})")
            factories.append(words.named(" ".join(t for t in tokens[at:end] if t != ",")))
            at = end
            continue
        if count < 1 or unit.endswith(HIT):
            raise FormError(f"count at least one {tokens[at - 1]}, not {count} ({usage})" if count < 1 else
                            f"{tokens[at - 1]} names a unit's first hit, in an order of losses only ({usage})")
        units[unit] = units.get(unit, 0) + count
    return units, factories, tokens[at:]


def _units_only(words: Words, text: str | None, usage: str) -> dict[str, int]:
    units, factories, rest = _counted(words, _tokens(text), usage)
    if factories:
        raise FormError(f"an IC is bought, never moved or placed ({usage})")
    if rest:
        raise FormError(f"{' '.join(rest)!r} is not counted units such as 2 INF 1 ARM ({usage})")
    if not units:
        raise FormError(f"name the units as counts and unit words, such as 2 INF 1 ARM ({usage})")
    return units


def _units_then_space(words: Words, text: str, usage: str, what: str) -> tuple[dict[str, int], str]:
    units, factories, rest = _counted(words, _tokens(text), usage)
    if factories:
        raise FormError(f"an IC is bought, never moved or placed ({usage})")
    if not units:
        raise FormError(f"start with counted units such as 2 INF 1 ARM, then {what} ({usage})")
    if not rest:
        raise FormError(f"name {what} after the units ({usage})")
    return units, words.named(" ".join(rest))


def _unit_list(words: Words, text: str | None, usage: str) -> list[str]:
    """An order of losses, ``INF INF ARM`` (or counted: ``2 INF 1 ARM``), as the unit ids in the order
    they are lost, ``BB:HIT`` kept: each type once (the battle engine reads a priority, and counts a
    repeated type's units twice), so ``INF INF ARM`` is infantry, then armour."""
    out: list[str] = []
    tokens = [t for t in _tokens(text) if t.casefold() not in FILLER]
    at = 0
    while at < len(tokens):
        count = 1
        if NUMBER.fullmatch(tokens[at]) and at + 1 < len(tokens):
            count, at = int(tokens[at]), at + 1
        unit = words.unit(tokens[at])
        if unit is None:
            raise FormError(f"{tokens[at]!r} is no unit; write unit words such as {words.expected()} ({usage})")
        out += [unit] * count
        at += 1
    return list(dict.fromkeys(out))


def _chance(text: str, usage: str) -> str:
    """``30%``, ``0.3`` or ``1/3`` as the fraction the command takes ("3/10")."""
    raw = text.strip().rstrip("%")
    try:
        value = Fraction(raw) / (100 if text.strip().endswith("%") or Fraction(raw) > 1 else 1)
    except (ValueError, ZeroDivisionError):
        raise FormError(f"{text!r} is no chance; write a percentage such as 30% ({usage})") from None
    if not 0 <= value <= 1:
        raise FormError(f"a chance is between 0% and 100%, not {text} ({usage})")
    return f"{value.numerator}/{value.denominator}"


Groups = dict[str, Any]
Fields = frozenset[str] | None  # the command's fields (its data schema's), None: every field a reader knows


def read_purchase(groups: Groups, words: Words, fields: Fields = None) -> Groups:
    """``units`` (counted units; Revised's ICs with their territory), and where the form has them
    ``repairs`` (``3 Western Germany, 2 Germany``: damage points by territory) and ``economy`` (the
    treasury paying: ``UK Pacific``)."""
    factories_too = fields is None or "factories" in fields
    usage = "BUY 3 INF 1 ARM 1 IC India" if factories_too else "BUY 3 INF 1 ARM"
    out = dict(groups)
    if "units" in groups:
        units, factories, rest = _counted(words, _tokens(groups["units"]), usage)
        if rest:
            raise FormError(f"{' '.join(rest)!r} is not counted units such as 3 INF 1 ARM ({usage})")
        if not units and not factories:
            raise FormError(f"name what to buy, or write BUY NOTHING ({usage})")
        if factories and not factories_too:
            raise FormError(f"a factory is bought as a unit and placed with its territory: BUY 1 MIC ({usage})")
        out["units"] = units
        if factories_too:
            out["factories"] = factories or None
    if groups.get("repairs") is not None:
        out["repairs"] = _repairs(words, groups["repairs"])
    if groups.get("economy") is not None:
        out["economy"] = words.economy(groups["economy"])
    return out


REPAIR_USAGE = "REPAIR 3 Western Germany, 2 Germany"


def _repairs(words: Words, text: str) -> dict[str, int]:
    """``3 Western Germany, 2 Germany``: damage points to remove, by territory."""
    out: dict[str, int] = {}
    tokens = [t for t in _tokens(text) if t.casefold() not in FILLER]
    at = 0
    while at < len(tokens):
        if not NUMBER.fullmatch(tokens[at]):
            raise FormError(f"{tokens[at]!r} is no count of damage points; write {REPAIR_USAGE}")
        end = next((i for i in range(at + 1, len(tokens)) if NUMBER.fullmatch(tokens[i])), len(tokens))
        if end == at + 1:
            raise FormError(f"name the territory after the {tokens[at]} damage points ({REPAIR_USAGE})")
        name = words.named(" ".join(tokens[at + 1:end]))
        out[name] = out.get(name, 0) + int(tokens[at])
        at = end
    if not out:
        raise FormError(f"name the damage points and the territory ({REPAIR_USAGE})")
    return out


def read_move(groups: Groups, words: Words, fields: Fields = None) -> Groups:
    usage = "MOVE 2 INF 1 ARM Karelia S.S.R. -> Archangel"
    units, start = _units_then_space(words, groups["units"], usage, "where they start")
    if groups.get("route") is None and groups.get("cargo") is None:
        raise FormError(f"write the route with -> between the spaces ({usage})")
    route = [start] + [words.named(s) for s in ROUTE.split(groups.get("route") or "") if s.strip()]
    out = {**groups, "units": units, "route": route, "bombing": True if groups.get("bombing") else None}
    if groups.get("cargo") is not None:
        out["cargo"] = _units_only(words, groups["cargo"], "MOVE 1 TRN 7 Sea Zone -> 8 Sea Zone CARRYING 1 INF 1 ARM "
                                                         "FROM United Kingdom TO Western Europe")
    for name in ("load_from", "unload_to"):
        if groups.get(name) is not None:
            out[name] = words.named(groups[name])
    return out


def read_place(groups: Groups, words: Words, fields: Fields = None) -> Groups:
    usage = "PLACE 2 INF Russia, or PLACE 1 DD United Kingdom AT 7 Sea Zone"
    units, territory = _units_then_space(words, groups["units"], usage, "the territory")
    zone = None if groups.get("zone") is None else words.named(groups["zone"])
    return {**groups, "units": units, "territory": territory, "zone": zone}


def read_losses(groups: Groups, words: Words, fields: Fields = None) -> Groups:
    losses = groups.get("losses")
    return {**groups, "losses": None if losses is None else _unit_list(words, losses, "LOSSES INF INF ARM")}


STANDING_USAGE = "STANDING ORDERS INF ART ARM FTR RETREAT BELOW 30%"
# Words after the order of losses: (tokens, field, value; None: the value is the next token(s)). A
# rule is read only when the command has its field (Revised: KEEP FACTORIES; Global: SCRAMBLE).
STANDING_RULES = (
    (("retreat", "below"), "retreat_below", None), (("retreat", "under"), "retreat_below", None),
    (("retreat", "after", "round"), "retreat_after_round", None), (("retreat", "after"), "retreat_after_round", None),
    (("submerge",), "submerge", True), (("interactive",), "interactive", True),
    (("choose", "myself"), "interactive", True), (("keep", "factories"), "destroy_factories", False),
    (("no", "emergency", "infantry"), "emergency_infantry", False), (("no", "emergency"), "emergency_infantry", False),
    (("scramble",), "scramble", True), (("no", "scramble"), "scramble", False),
    (("kamikaze",), "kamikaze", None), (("no", "kamikaze"), "kamikaze", 0),
)
# The rules as HELP and the errors name them, by field.
STANDING_RULE_WORDS = {"retreat_below": "RETREAT BELOW 30%", "retreat_after_round": "RETREAT AFTER ROUND 2",
                       "submerge": "SUBMERGE", "interactive": "INTERACTIVE", "destroy_factories": "KEEP FACTORIES",
                       "emergency_infantry": "NO EMERGENCY", "scramble": "SCRAMBLE", "kamikaze": "KAMIKAZE 2 AT BB CV"}
KAMIKAZE_TARGETS = "kamikaze_targets"
TARGETS_WORDS = {"at", "on", "targets", "targeting"}


def _standing_rules(fields: Fields) -> tuple:
    return tuple(r for r in STANDING_RULES if fields is None or r[1] in fields)


def read_standing(groups: Groups, words: Words, fields: Fields = None) -> Groups:
    """The whole standing orders: the order of losses, then its rules in any order (those whose
    field the command has: ``fields``)."""
    rules = _standing_rules(fields)
    named = ", ".join(dict.fromkeys(STANDING_RULE_WORDS[r[1]] for r in rules))
    tokens = [t for t in _tokens(groups.get("order")) if t.casefold() not in FILLER]
    out: Groups = {**groups, "order_of_losses": [], **{name: None for _, name, _ in rules}}
    if any(r[1] == "kamikaze" for r in rules):
        out[KAMIKAZE_TARGETS] = None
    at = 0
    while at < len(tokens) and words.unit(tokens[at]) is not None:
        out["order_of_losses"] = list(dict.fromkeys([*out["order_of_losses"], words.unit(tokens[at])]))
        at += 1
    while at < len(tokens):
        lowered = [t.casefold() for t in tokens[at:]]
        rule = max((r for r in rules if tuple(lowered[:len(r[0])]) == r[0]), key=lambda r: len(r[0]), default=None)
        if rule is None:
            raise FormError(f"{tokens[at]!r} is no unit or standing rule; write unit words ({words.expected()}), "
                            f"then any of {named} ({STANDING_USAGE})")
        names, name, value = rule
        at += len(names)
        if value is None:
            if at >= len(tokens):
                raise FormError(f"{' '.join(names).upper()} needs a value ({STANDING_USAGE})")
            if name in ("retreat_after_round", "kamikaze"):
                if not NUMBER.fullmatch(tokens[at]):
                    what = "a round number" if name == "retreat_after_round" else "a count of tokens"
                    raise FormError(f"{' '.join(names).upper()} needs {what}, not {tokens[at]!r}")
                value = int(tokens[at])
            else:
                value = _chance(tokens[at], STANDING_USAGE)
            at += 1
            if name == "kamikaze":
                out[KAMIKAZE_TARGETS], at = _kamikaze_targets(words, tokens, at)
        out[name] = value
    return out


def _kamikaze_targets(words: Words, tokens: list[str], at: int) -> tuple[list[str] | None, int]:
    """After ``KAMIKAZE 2``: ``AT BB CV``, the ships struck first (unit words), if written."""
    if at < len(tokens) and tokens[at].casefold() in TARGETS_WORDS:
        at += 1
        if at >= len(tokens) or words.unit(tokens[at]) is None:
            raise FormError(f"KAMIKAZE 2 AT names the ships struck first, such as BB CV ({STANDING_USAGE})")
    targets = []
    while at < len(tokens) and words.unit(tokens[at]) is not None:
        targets.append(words.unit(tokens[at]))
        at += 1
    return (list(dict.fromkeys(targets)) or None), at


RESEARCH_USAGE = "RESEARCH 2 DICE ON AIR NAVAL"


def read_research(groups: Groups, words: Words, fields: Fields = None) -> Groups:
    """A research chart as its id: ``AIR NAVAL`` and ``air-naval`` are ``air_naval`` (one of the
    ruleset's charts, when its pack names them)."""
    chart = groups.get("chart")
    if chart is None:
        return groups
    named = re.sub(r"[\s\-]+", "_", chart.strip()).casefold()
    if words.charts and named not in words.charts:
        charts = " or ".join(c.replace("_", " ").upper() for c in words.charts)
        raise FormError(f"{chart!r} is no research chart; write {charts} ({RESEARCH_USAGE})")
    return {**groups, "chart": named}


def read_spaces(groups: Groups, words: Words, fields: Fields = None) -> Groups:
    return {k: v if v is None or k == "power" else words.named(v) for k, v in groups.items()}


# A reader gets the line's groups, the ruleset's words and the command's fields.
READERS: dict[str, Callable[[Groups, Words, Fields], Groups]] = {
    "purchase": read_purchase, "move": read_move, "place": read_place, "losses": read_losses,
    "standing": read_standing, "research": read_research, "spaces": read_spaces,
}
