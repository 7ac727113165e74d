"""The turn report's sections as text and HTML: the header (game, seat, version, signed head and
how to verify it), what happened, each JSON projection in its ruleset's words (DoD III's and Axis &
Allies Revised's in the rulebook's; any other one key by key) and the deadline."""
from __future__ import annotations

import html
import re
from typing import Any, Callable

from service.mail.event_sentences import counts, readable, units, words

Section = tuple[str, list[str]]  # a heading and its lines


def sections_of(title: str, state, seat: str, after: int, head: str, data: dict) -> list[Section]:
    """The report's sections, from its report.json ``data`` and the game's ``state``."""
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


def as_text(sections: list[Section]) -> str:
    return "\n\n".join(f"{heading}\n{'=' * len(heading)}\n" + "\n".join(lines) for heading, lines in sections) + "\n"


def as_html(title: str, sections: list[Section], svg: str | None) -> str:
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
