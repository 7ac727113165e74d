"""Read models built from a seat's view: ``countries`` (status, alignment, posture and what affects
each country), ``areas``, ``posture-display`` and ``civil-war``. The query matrices
(``unit-rules``, ``policy-triggers``) are in ``rule_projections``."""
from __future__ import annotations

from domain.totaler_krieg.situation import CountryFacts, Situation
from domain.totaler_krieg.vocabulary import PlaceKind, Size, Status, TruceRestrictions, WarState


def _pac_effects(sit: Situation, facts: CountryFacts, view: dict) -> list[tuple[str, str]]:
    policy = sit.name(facts.posture)
    moves = ("only within its Home Country and Dependents (Pre-War)" if sit.war is WarState.PRE_WAR
             else f"only into countries and dependents under {policy} (Limited/Total War)")
    blocked = "no voluntary end while Pre-War is in effect" if sit.war is WarState.PRE_WAR else \
        "ends when an Axis unit enters its Active hexes or attacks its units, or an Axis support unit is placed in " \
        "or next to them"
    effects = [
        ("TK-13.6.1", f"Policy Affected Country ({policy}): the policy covers its units, markers, lands and "
                      "dependents"),
        ("TK-13.6.1", "its support units and Airdrop markers cannot be placed in a hex, On Station or the Strategic "
                      "Warfare Box, nor contest a placement that does not end its policy"),
        ("TK-13.6.1", "Allied units at War and TAC units cannot enter, retreat, advance or exploit into its hexes, "
                      "place support units there, trace supply through them or attack its units"),
        ("TK-13.6.1", f"its ground units move and trace supply {moves}, cannot attack and project no ZOC; "
                      "no ZOC is projected into its hexes"),
        ("TK-13.6.1", "units standing where they could not move may be interned at the end of a Conditional Events "
                      "Segment"),
        ("TK-13.6.1.2", blocked),
    ]
    if facts.active:
        effects.append(("TK-13.6.1", "Axis Strategic Hexes under Allied control in it do not count towards the "
                                     "Current Strategic Value"))
    if view["reference"]["policies"][facts.posture]["survives_total_war"]:
        effects.append(("TK-13.6.1.2", f"{policy} survives the start of Total War"))
    if sit.enforced_peace and facts.posture in sit.protected_policies:
        effects.append(("TK-13.6.1.2", "Enforced Peace: the Axis cannot end it voluntarily"))
    return effects


def _tac_effects(sit: Situation, facts: CountryFacts) -> list[tuple[str, str]]:
    truce = sit.name(facts.posture)
    effects = [
        ("TK-13.6.2", f"Truce Affected Country ({truce}); Axis units are reciprocally bound by its Axis-related "
                      "limits"),
        ("TK-13.6.2", "its support units cannot be placed in or next to Axis lands, in hexes with Axis ground units, "
                      "Detachments or Logistics markers, or in PAC hexes"),
        ("TK-13.6.2", "in the Operational Movement Phase its units cannot enter an Axis ZOC unless another friendly "
                      "unit is there; they cannot enter, retreat, advance or exploit into PAC hexes nor attack "
                      "PAC units"),
    ]
    if sit.truce_rules[facts.posture] is TruceRestrictions.REASSESS_ARMISTICE:
        effects.append(("TK-13.6.2", "its units cannot enter or retreat into hexes holding Axis Detachment or "
                                     "Logistics markers, nor attack hexes holding Axis ground units; its support "
                                     "units cannot contest Axis placements or go On Station where the Axis has a "
                                     "Port and no Allied country at War does"))
    return effects


def affected_by(sit: Situation, facts: CountryFacts, view: dict) -> list[dict]:
    """What affects a country now, each with the rule id."""
    if not facts.exists:
        return [{"rule": "TK-13.2", "effect": facts.absent_reason}]
    effects: list[tuple[str, str]] = []
    if facts.size is Size.MAJOR:
        effects.append(("TK-13.4", "a Major Country is always Active and always aligned with its faction"))
    elif facts.status is Status.NEUTRAL:
        effects.append(("TK-13.4", "Neutral: its units are set aside; no unit may enter it or its dependents"))
        if facts.alignment_needs:
            effects.append(("TK-13.5", f"alignment determined when needed: priority {facts.alignment_priority} "
                                       f"({facts.alignment_basis})"))
    elif facts.status is Status.CONQUERED:
        effects.append(("TK-13.4", "Conquered: its units are in its faction's Conquered Minor Countries Box"))
    if facts.alignment is not None and not facts.allied:
        effects.append(("TK-13.6", "an Axis country's posture is always War"))
    if facts.pac and facts.status is Status.NEUTRAL:
        effects.append(("TK-13.6.1.2", f"Neutral PAC ({sit.name(facts.posture)}): an Axis declaration of war on it, or "
                                       "an Axis unit left un-interned in it, ends the policy"))
    elif facts.pac:
        effects += _pac_effects(sit, facts, view)
    if facts.tac:
        effects += _tac_effects(sit, facts)
    if facts.civil_war:
        effects.append(("TK-13.8.4", "Civil War Country: only the civil-war events apply; no mobilization roll "
                                     "when activated"))
    if facts.id in view["partnerships"].values():
        effects.append(("TK-13.8.5", "Partnership Country"))
    if facts.id == view["vichy"]["country"]:
        effects.append(("TK-13.8.6", f"home ports: {view['vichy']['home_ports']['note']}"))
        effects.append(("TK-13.8.6", "No Surrender: not subject to Allied Minor Country Conquest"))
    return [{"rule": rule, "effect": effect} for rule, effect in effects]


def countries(view: dict) -> dict:
    """Every country with its status, alignment, posture and what affects it."""
    sit = Situation.from_json(view["situation"])
    out = []
    for cid, facts in sorted(sit.countries.items()):
        units: dict[str, int] = {}
        for unit in view["units"].get(cid, {}).values():
            units[unit["location"]] = units.get(unit["location"], 0) + 1
        out.append({
            "id": cid, "name": facts.name, "abbr": view["reference"]["countries"][cid]["abbr"],
            "size": facts.size.value, "exists": facts.exists, "absent_reason": facts.absent_reason,
            "status": facts.status.value if facts.status else None,
            "alignment": facts.alignment.value if facts.alignment else None,
            "alignment_priority": facts.alignment_priority, "alignment_basis": facts.alignment_basis,
            "posture": facts.posture, "posture_kind": facts.posture_kind.value if facts.posture_kind else None,
            "posture_box": facts.posture_box, "pac": facts.pac, "tac": facts.tac,
            "home": list(sit.home(cid)), "dependents": list(sit.dependents(cid)),
            "civil_war": facts.civil_war, "markers": view["markers"].get(cid, []),
            "mobilizations_left": view["mobilizations"].get(cid, 0), "units": units,
            "affected_by": affected_by(sit, facts, view),
        })
    return {"war": sit.war.value, "enforced_peace": sit.enforced_peace, "countries": out}


def areas(view: dict) -> dict:
    """Every place (country core, dependent, region) with its owner now and how it got it."""
    sit = Situation.from_json(view["situation"])
    ceded = {p: entry["name"] for entry in view["ceded_lands_box"] for p in entry["places"]}
    out = []
    for pid, place in sorted(sit.places.items()):
        owner = sit.countries[place.country]
        out.append({"id": pid, "name": place.name, "kind": place.kind.value, "country": place.country,
                    "dependent": place.dependent, "alignment": owner.alignment.value if owner.alignment else None,
                    "status": owner.status.value if owner.status else None, "posture": owner.posture,
                    "ostland": view["reference"]["places"][pid]["ostland"], "ceded_marker": ceded.get(pid)})
    return {"areas": out, "ceded_lands_box": view["ceded_lands_box"]}


def posture_display(view: dict) -> dict:
    """The Posture Display, the war state and the Pacific War Display."""
    sit = Situation.from_json(view["situation"])
    boxes = {}
    for box, spec in view["reference"]["boxes"].items():
        marker = view["posture_boxes"].get(box)
        boxes[box] = {"name": spec["name"], "friendly_to": spec["friendly_to"], "marker": marker,
                      "marker_name": sit.name(marker) if marker else None,
                      "countries": sorted(c for c, f in sit.countries.items() if f.posture_box == box and f.exists)}
    return {"war": sit.war.value, "enforced_peace": sit.enforced_peace, "boxes": boxes, "pacific": view["pacific"]}


def civil_war(view: dict) -> dict:
    """What a Civil War Country accepts (13.8.4), and its breakaway regions."""
    sit = Situation.from_json(view["situation"])
    accepted = [{"id": e, **spec} for e, spec in view["reference"]["events"].items() if spec["civil_war"]]
    wars = {c: {"name": f.name, "breakaway_regions": [p.id for p in sit.places.values()
                                                       if p.kind is PlaceKind.BREAKAWAY and p.country == c]}
            for c, f in sit.countries.items() if f.civil_war}
    return {"accepted_events": accepted, "other_events": "No Result", "countries": wars}
