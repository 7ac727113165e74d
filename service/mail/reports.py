"""A seat's turn report (play by email): what happened since its last report, one sentence per event
from ``sentences/*.yaml``, its projections, the next deadline and what it owes, the version and
the signed head to verify the game by; as plain text and JSON, and as the seat chooses (its
``attachments``) HTML with the status display inline as SVG and a PNG of it. Built only from the
seat's ``SeatView``, so it cannot show what the seat may not read.

A report is lean by default: the drawing is most of a full one's weight (a DoD III report: the
PNG 148 KiB, 200 KiB base64-encoded; the HTML with the SVG inline 65 KiB; report.json 23 KiB
compact; the text 5 KiB; an Axis & Allies Revised step report: the board's SVG 180 KiB, its PNG
137 KiB at 1600 pixels, the mail 31 KiB lean, 221 with the SVG, 216 with the PNG, 406 with both),
and a report must stay well under what the order desk accepts, so a player may forward one."""
from __future__ import annotations

import dataclasses
import html
import io
import re
import string
from dataclasses import dataclass
from datetime import datetime, timezone
from email.message import EmailMessage
from fractions import Fraction
from functools import cache, cached_property
from pathlib import Path
from typing import Any, Callable

import cairosvg
import orjson
import yaml
from PIL import Image  # cairosvg's own dependency

from domain.kernel import MODERATOR
from projections.redaction import SeatView
from service.http.problems import validation
from service.mail.seats import ATTACHMENTS

SENTENCES = Path(__file__).parent / "sentences"
# The stored event's own fields a template may name as ``envelope.<field>`` (never its data).
ENVELOPE_FIELDS = ("version", "type", "actor", "game_id", "recorded_at", "dice_commitment")
SEALED = "{envelope.actor} sent a sealed order."
SVG = "image/svg+xml"
PNG_WIDTH = 1600  # pixels: a wider drawing is scaled down for its PNG
PNG_COLOURS = 64

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


def _pack_names(rules) -> dict[str, str]:
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


# ---- the report ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Report:
    game_id: str
    seat: str
    after: int
    version: int
    subject: str
    text: str  # plain-text part (always)
    html: str  # the same content, with the status display SVG inline
    svg: str | None  # the ruleset's drawn projection as the seat sees it, if any
    data: dict  # machine-readable: report.json

    @cached_property
    def png(self) -> bytes | None:
        """The SVG rendered (for clients that block SVG), drawn only when a mail carries it. A drawing
        wider than ``PNG_WIDTH`` is scaled down to it, in a ``PNG_COLOURS`` palette on white (flat
        colours lose nothing): the Axis & Allies board, 3500 wide, would be a 1.6 MB attachment."""
        if self.svg is None:
            return None
        found = re.search(r'<svg[^>]*\swidth="([0-9.]+)"', self.svg)
        if found is None or float(found.group(1)) <= PNG_WIDTH:
            return cairosvg.svg2png(bytestring=self.svg.encode("utf-8"))
        drawn = cairosvg.svg2png(bytestring=self.svg.encode("utf-8"), output_width=PNG_WIDTH)
        image = Image.open(io.BytesIO(drawn)).convert("RGBA")
        flat = Image.alpha_composite(Image.new("RGBA", image.size, "white"), image).convert("RGB")
        out = io.BytesIO()
        flat.quantize(PNG_COLOURS, Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(out, "PNG", optimize=True)
        return out.getvalue()


Section = tuple[str, list[str]]  # a heading and its lines


def build_report(games, game_id: str, seat: str, after: int, title: str = "") -> Report:
    """``seat``'s report of the events after version ``after`` up to now (``games``: GameService)."""
    state = games.load(game_id)
    if seat not in state.seats and seat != MODERATOR:
        raise validation({"seat": f"not a seat of game {game_id}: one of {sorted(state.seats)}"})
    if isinstance(after, bool) or not isinstance(after, int) or not 0 <= after <= state.version:
        raise validation({"after": f"must be a version between 0 and {state.version}"})
    rules = games.rules(game_id)
    view = SeatView(rules, state, seat)
    envelopes = games.store.read(game_id, after=after, until=state.version)
    events = [view.event_for(e) for e in envelopes]
    names = _pack_names(rules)
    for event in with_dice_commitments(events, lambda: games.load(game_id, at=after).dice_commitment):
        event["sentence"] = sentence(state.ruleset, event, names)
    built = view.all_projections()
    drawn = [p.name for p in rules.ruleset.projections if p.media_type == SVG]
    svg = built[drawn[0]] if drawn else None
    projections = {p.name: built[p.name] for p in rules.ruleset.projections if p.media_type == "application/json"}
    schedule = view.projection("schedule")[1]
    mine = schedule["seats"].get(seat, {})
    head = games.signed_head(state)
    data = {"game_id": game_id, "seat": seat, "version": state.version, "signed_head": head,
            "events": [{"version": e["version"], "type": e["type"], "sentence": e["sentence"]} for e in events],
            "projections": projections, "owes": list(mine.get("owes", [])), "next_deadline": mine.get("next_deadline")}
    data = orjson.loads(orjson.dumps(data))  # exactly what report.json and the API carry
    title = title or rules.ruleset.title
    sections = _sections(title, state, seat, after, head, data)
    return Report(game_id, seat, after, state.version,
                  subject=f"[{game_id[:8]}] {title}: turn report for {seat}, version {state.version}",
                  text=_text(sections), html=_html(title, sections, svg), svg=svg, data=data)


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


def report_message(report: Report, sender: str, recipients: list[str], attachments: str = "none") -> EmailMessage:
    """multipart/mixed: the text (with an HTML alternative showing the status display as SVG, for
    ``svg`` or ``both``), status.png (``png`` or ``both``) and report.json (compact). A ruleset
    that draws nothing gets the text and report.json whatever the choice."""
    if isinstance(recipients, str) or not recipients:
        raise ValueError("report_message needs a list of at least one recipient address")
    if attachments not in ATTACHMENTS:
        raise ValueError(f"attachments is one of {', '.join(ATTACHMENTS)}, not {attachments!r}")
    message = EmailMessage()
    message["Subject"] = report.subject
    message["From"] = sender
    message["To"] = ", ".join(recipients)
    message.set_content(report.text)
    if report.svg is not None and attachments in ("svg", "both"):
        html_part, cte = _seven_bit(report.html)
        message.add_alternative(html_part, subtype="html", cte=cte)
    if report.svg is not None and attachments in ("png", "both"):
        message.add_attachment(report.png, maintype="image", subtype="png", filename="status.png")
    message.add_attachment(orjson.dumps(report.data), maintype="application", subtype="json", filename="report.json")
    return message  # adding an attachment made it multipart/mixed around the text


def _seven_bit(text: str, width: int = 998) -> tuple[str, str | None]:
    """The HTML part as ASCII (other characters as references) in lines broken at spaces to at most
    ``width`` (RFC 5322): it travels as 7bit, where the email library would quote-print or base64
    it (an inline SVG's long lines: a tenth more, or a third). A line with no space to break at
    leaves the choice to the library (None)."""
    lines = []
    for line in text.encode("ascii", "xmlcharrefreplace").decode("ascii").split("\n"):
        while len(line) > width and (cut := line.rfind(" ", 1, width)) > 0:
            lines.append(line[:cut])
            line = line[cut + 1:]
        lines.append(line)
    return "\n".join(lines), "7bit" if all(len(line) <= width for line in lines) else None


# ---- rendering -------------------------------------------------------------------------------


def _sections(title: str, state, seat: str, after: int, head: str, data: dict) -> list[Section]:
    powers = ", ".join(state.seats.get(seat, ())) or "the moderator"
    header = [f"Game: {title}, {state.game_id}", f"Seat: {seat} ({powers})",
              f"Version: {state.version} (events after {after})", f"Signed head: {head}",
              f"verify: casus verify <export> --head {head}",
              f"  (<export>: the game's log as JSONL, from casus export {state.game_id})",
              f"Dice seed commitment: sha256 {state.dice_commitment}"]
    if state.seed:
        header.append(f"Dice seed revealed: {state.seed}")
    happened = [f"{e['version']}. {e['sentence']}" for e in data["events"]] or ["Nothing new."]
    sections = [("Turn report", header), ("What happened", happened)]
    for name, value in data["projections"].items():
        heading, render = PROJECTION_TEXT.get(state.ruleset, {}).get(name, (name.replace("-", " ").capitalize(),
                                                                            _generic))
        sections.append((heading, render(value)))
    owes = data["owes"]
    sections.append(("Deadline", [f"Next deadline: {data['next_deadline'] or 'none'}",
                                  f"You owe orders for: {readable(owes)}" if owes else "You owe no orders."]))
    return sections


def _text(sections: list[Section]) -> str:
    return "\n\n".join(f"{heading}\n{'=' * len(heading)}\n" + "\n".join(lines) for heading, lines in sections) + "\n"


def _html(title: str, sections: list[Section], svg: str | None) -> str:
    body = []
    for heading, lines in sections:
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        body.append(f"<h2>{html.escape(heading)}</h2>\n<ul>{items}</ul>")
        if heading == "Turn report" and svg is not None:  # the status display under the header
            body.append(re.sub(r"^\s*<\?xml[^>]*\?>", "", svg))
    return (f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{html.escape(title)}</title></head>"
            f"<body>\n" + "\n".join(body) + "\n</body></html>\n")


def _generic(value: Any, indent: str = "") -> list[str]:
    """Any JSON projection, one line per key, nested keys indented."""
    if isinstance(value, dict) and value:
        lines = []
        for key, item in value.items():
            compound = isinstance(item, list) and any(isinstance(i, (dict, list)) for i in item)
            if compound or isinstance(item, dict) and item:
                lines += [f"{indent}{key}:"] + _generic(item, indent + "  ")
            else:
                lines.append(f"{indent}{key}: {readable(item)}")
        return lines
    if isinstance(value, list) and any(isinstance(i, (dict, list)) for i in value):
        return [f"{indent}- {readable(item)}" for item in value]
    return [f"{indent}{readable(value)}"]


# DoD III's projections (domain/dod3/projections.py) in the rulebook's words.

def _initiative_track(p: dict) -> list[str]:
    lines = [f"Turn {p['turn']} ({p['label']}), phase {p['phase']}; bids revealed: {readable(p['revealed'])}"]
    for row in p["track"]:
        bid = row["bid"]
        said = "" if bid is None else (f": bid {bid['points']} points for {bid['options']} options, modifier "
                                       f"{bid['modifier']}, final bid {bid['final_bid']}")
        lines.append(f"{row['position']}. {row['power']}{said}{' (last card)' if row['last_card'] else ''}")
    sealed = [f"{power} {'submitted' if b['submitted'] else 'not yet'}"
              + ("" if b.get("points") is None else f" ({b['points']} points for {b['options']} options)")
              for power, b in (p.get("sealed_bids") or {}).items()]
    return lines + ([f"Sealed bids: {', '.join(sealed)}"] if sealed and not p["revealed"] else [])


def _political_effectiveness(p: dict) -> list[str]:
    return [f"{power}: " + ("face down" if row["political_effectiveness"] is None else
                            f"{row['political_effectiveness']} (modified {row['modified_political_effectiveness']})"
                            + (", face down" if row["hidden"] else ""))
            for power, row in p.items()]


def _money(p: dict) -> list[str]:
    def amount(value):
        return "hidden" if value is None else value
    return [f"{power}: savings {amount(r['savings'])}, debt {amount(r['debt'])}, credit limit "
            f"{amount(r['credit_limit'])}, bid points {amount(r['bid_points'])}" for power, r in p.items()]


def _treaty_levels(p: dict) -> list[str]:
    lines = [f"{'-'.join(t['powers'])}: level {t['level']} for {t['age']} turns"
             + (" with trade" if t.get("trade") else "") for t in p["treaties"]] or ["No treaties."]
    for agreement in p["trade_agreements"]:
        lines.append("Trade: " + "; ".join(f"{f['sender']} to {f['receiver']} {readable(f['goods'])}"
                                           for f in agreement["flows"]))
    return lines


def _us_entry(p: dict) -> list[str]:
    lines = [f"{power}: {row['total']} (rounded {row['rounded']})" for power, row in p["powers"].items()]
    for row in p["turns"][-1:]:
        lines.append(f"Shifts of {row['label']}: " + readable([f"{s['power']} {s['shift']} ({s['reason']})"
                                                               for s in row["shifts"]]))
    return lines


def _minors(p: dict) -> list[str]:
    return [f"{name}: " + (f"colony of {m['colony_of']}, " if m.get("colony_of") else
                           f"hex {m.get('hex')} ({m.get('zone')} zone), ")
            + (f"controlled by {m['controller']}" if m.get("controller") else "uncontrolled")
            + (f", allies {readable(m['allies'])}" if m.get("allies") else "")
            + (f", at war with {readable(m['at_war_with'])}" if m.get("at_war_with") else "")
            + (", in civil war" if m.get("civil_war") else "")
            for name, m in p["minors"].items()]


def _turn(p: dict) -> list[str]:
    awaiting = readable([f"{a['power']} ({a['seat']})" for a in p.get("awaiting", [])])
    return [f"Turn {p['number']}, {p['label']}: step {p['step']} {p.get('step_name', '')}".rstrip(),
            f"Awaiting: {awaiting}", f"Weather: {readable(p.get('weather'))}"]


# Axis & Allies Revised as a whole game (domain/aa/revised_phase_one/game/projections.py); a
# battles-only game's are empty, and its battles read as any battle calculator's.

def _aa_turn(p: dict) -> list[str]:
    if not p:
        return ["none"]
    ends = f"; {p['ends_step']} ends it" if p.get("ends_step") else ""
    return [f"Round {p['round']}, {p['power']}: {words(p['phase'])}{ends}",
            "Awaiting: " + readable([f"{a['power']} ({a['seat']})" for a in p.get("awaiting", [])])] \
        + ([f"Winner: {p['winner']}"] if p.get("winner") else []) + ([p["note"]] if p.get("note") else [])


def _aa_units(by_power: dict) -> str:
    return "; ".join(f"{power} {counts(units)}" for power, units in by_power.items() if any(units.values()))


def _aa_board(p: dict) -> list[str]:
    """One line a space: owner, IPCs, factory and victory city, and the units there."""
    if not p:
        return ["none"]
    lines = []
    for name, t in p["territories"].items():
        vc = t.get("victory_city")
        marks = [t.get("owner") or "neutral", f"{t['ipc']} IPCs"] + ["factory"] * bool(t.get("factory")) \
            + ([f"{vc['city']} {vc['vcp']} VCPs"] if vc else [])
        units = _aa_units(t["units"])
        lines.append(f"{name} ({', '.join(marks)})" + (f": {units}" if units else ""))
    return lines + [f"{name}: {_aa_units(z['units'])}" for name, z in p["sea_zones"].items()]


def _aa_economy(p: dict) -> list[str]:
    if not p:
        return ["none"]
    lines = ["Treasury: " + ", ".join(f"{power} {ipcs}" for power, ipcs in p["treasury"].items())]
    for power, i in p["income"].items():
        raided = f", {i['raided']} lost to raiding ({readable(i.get('by_zone'))})" if i.get("raided") else ""
        italian = f", {i['italian']} from Italian forces" if i.get("italian") else ""
        lines.append(f"Income of {power} in round {i['round']}: {i['collected']} collected, {i['territories']} "
                     f"from its territories{italian}{raided}")
    purchase = p.get("purchase") or {}
    if purchase.get("units") or purchase.get("factories"):
        lines.append(f"Bought this turn: {counts(purchase['units'])}"
                     + (f", industrial complexes in {readable(purchase['factories'])}" if purchase["factories"] else ""))
    advances = {power: a for power, a in p.get("advances", {}).items() if a}
    lines.append("Advances: " + ("; ".join(f"{power} {words(a)}" for power, a in advances.items()) or "none"))
    return lines


def _aa_victory(p: dict) -> list[str]:
    if not p:
        return ["none"]
    goal = p.get(p["condition"]) if isinstance(p.get(p["condition"]), dict) else {}
    held = ", ".join(f"{side} {vcp}" + (f" of {goal[side]}" if side in goal else "") for side, vcp in p["vcp"].items())
    return [f"Condition {p['condition']}: {held}; winner {p.get('winner') or 'none yet'}"] + \
        [f"{c['city']} in {c['territory']} ({c['rank']}, {c['vcp']} VCPs): {c['holder']}" for c in p["cities"]]


def _aa_battles(p: list) -> list[str]:
    if not isinstance(p, list) or not all(isinstance(b, dict) for b in p):
        return _generic(p)
    return [f"{b.get('battle_id')} in {b.get('territory')}: {b.get('attacker')} attacks {b.get('defender')}, "
            f"{words(b.get('status'))}" + (f" in {b['rounds']} rounds" if b.get("rounds") else "")
            + (f", {words(b['outcome'])}" if b.get("outcome") else "") + (", captured" if b.get("captured") else "")
            + (f"; left: attacker {units(b.get('attacker_remaining'))}, defender {units(b.get('defender_remaining'))}"
               if b.get("status") == "fought" else "") for b in p] or ["none"]


AA_TEXT = {"battles": ("Battles", _aa_battles)}
# ruleset id -> projection name -> (heading, renderer); a projection named nowhere: _generic.
PROJECTION_TEXT: dict[str, dict[str, tuple[str, Callable[[Any], list[str]]]]] = {
    "dod3": {"turn": ("Turn", _turn), "initiative-track": ("Initiative track", _initiative_track),
             "political-effectiveness": ("Political effectiveness", _political_effectiveness),
             "money": ("Money", _money), "treaty-levels": ("Treaty levels", _treaty_levels),
             "us-entry": ("US entry", _us_entry), "minors": ("Minors", _minors)},
    "aa-revised-phase-one": {**AA_TEXT, "turn": ("Turn", _aa_turn), "board": ("Board", _aa_board),
                             "economy": ("Economy", _aa_economy), "victory-cities": ("Victory cities", _aa_victory)},
    "aa-global1940": AA_TEXT,
}
