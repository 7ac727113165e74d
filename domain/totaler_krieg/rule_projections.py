"""The chapter 13 queries as read models, for a plain hex of each place (no units or markers in it,
no adjacency): ``unit-rules`` answers, for every country whose units can be on the map, whether
its ground unit may move/retreat/advance/exploit into, trace supply through, project a ZOC into,
or place a support unit in each place, attack each country's units, and use each country's
convoys; ``policy-triggers`` says which policies each Axis action would end and whether it may."""
from __future__ import annotations

from domain.totaler_krieg.ground_rules import attack, enter, neutral_ground, project_zoc, trace_supply, use_convoy
from domain.totaler_krieg.policy_ending import attack_endings, entry_endings, placement_verdict, voluntary_block
from domain.totaler_krieg.situation import Situation
from domain.totaler_krieg.support_rules import place_support
from domain.totaler_krieg.verdicts import Hex, Verdict
from domain.totaler_krieg.vocabulary import Entry, Placement, Status


def _on_map(sit: Situation) -> list[str]:
    return sorted(p for p, f in sit.places.items() if not f.off_map)


def _fielded(sit: Situation) -> list[str]:
    return sorted(c for c, f in sit.countries.items() if f.exists and f.status is Status.ACTIVE)


def _matrix(verdicts: dict[str, Verdict]) -> dict:
    """{target: verdict} -> allowed targets, the policies an allowed action ends, denials with reasons."""
    return {
        "allowed": [t for t, v in verdicts.items() if v.allowed],
        "ends": {t: list(v.ends) for t, v in verdicts.items() if v.allowed and v.ends},
        "denied": {t: {"rule": v.rule, "reason": v.reason} for t, v in verdicts.items() if not v.allowed},
    }


def unit_rules(view: dict) -> dict:
    """May a ground (or support) unit of X act in/into Y. Places of Neutral countries, closed to
    every unit (13.3.1, 13.4), are listed once under ``closed`` instead of under each unit."""
    sit = Situation.from_json(view["situation"])
    closed = {p: v.rule for p in _on_map(sit) if not (v := neutral_ground(sit, p)).allowed}
    places = [p for p in _on_map(sit) if p not in closed]
    fielded = _fielded(sit)
    units = {}
    for country in fielded:
        unit = (country,)
        units[country] = {
            **{entry.value: _matrix({p: enter(sit, unit, Hex(p), entry) for p in places}) for entry in Entry},
            "supply": _matrix({p: trace_supply(sit, unit, p) for p in places}),
            "zoc": _matrix({p: project_zoc(sit, unit, p) for p in places}),
            "support": _matrix({p: place_support(sit, unit, Placement.HEX, Hex(p)) for p in places}),
            "on_station": _matrix({z: place_support(sit, unit, Placement.ON_STATION, zone=z) for z in sit.ports}),
            "strategic_warfare": place_support(sit, unit, Placement.STRATEGIC_WARFARE).to_json(),
            "attack": _matrix({c: attack(sit, unit, Hex(sit.home(c)[0], ground_units=(c,)))
                               for c in fielded if c != country and sit.home(c)}),
            "convoy": _matrix({c: use_convoy(sit, unit, c) for c in fielded}),
        }
    return {"war": sit.war.value, "note": "a plain hex of each place; hex contents and adjacency can add limits",
            "closed": {"reason": "a Neutral country or dependent: no unit enters, traces supply through, projects "
                                 "a ZOC into or places a support unit in it", "places": closed},
            "units": units}


def policy_triggers(view: dict) -> dict:
    """Which policies each Axis action would end now (13.6.1.2), and whether it may."""
    sit = Situation.from_json(view["situation"])
    in_effect: dict[str, dict] = {}
    for box, marker in view["posture_boxes"].items():
        if marker in view["reference"]["policies"]:
            entry = in_effect.setdefault(marker, {"name": sit.name(marker), "boxes": [], "countries": [],
                                                  "voluntary_end_blocked": voluntary_block(sit, marker),
                                                  **view["reference"]["policies"][marker]})
            entry["boxes"].append(box)
    for cid, facts in sit.countries.items():
        if facts.pac and facts.exists:
            in_effect[facts.posture]["countries"].append(cid)
    places = _on_map(sit)
    return {
        "war": sit.war.value,
        "enforced_peace": sit.enforced_peace,
        "policies": in_effect,
        "axis_ground_entry": {p: list(entry_endings(sit, p)) for p in places if entry_endings(sit, p)},
        "axis_support_in_hex": {p: placement_verdict(sit, Placement.HEX, Hex(p), None).to_json()
                                for p in places if entry_endings(sit, p)},
        "axis_on_station": {z: placement_verdict(sit, Placement.ON_STATION, None, z).to_json() for z in sit.ports},
        "axis_attack": {c: list(attack_endings(sit, (c,))) for c, f in sit.countries.items() if f.pac and f.exists},
        "declare_war_on_neutral_pac": {
            c: {"ends": f.posture, "blocked": voluntary_block(sit, f.posture)}
            for c, f in sit.countries.items() if f.exists and f.status is Status.NEUTRAL and f.pac},
    }
