"""``view``: what a seat may see. Chapter 13 has no hidden information (Force Pools, boxes and
markers are open), so every seat sees the same dict. It carries the Situation (13.2's "checked
at the moment") and the pack facts the projections read, because a projection receives nothing
but this dict."""
from __future__ import annotations

from domain.totaler_krieg.pack import Pack
from domain.totaler_krieg.situation import situation
from domain.totaler_krieg.state import TKState
from domain.totaler_krieg.vichy import home_ports, vichy_id
from domain.totaler_krieg.vocabulary import RULESET_ID, ClaimKind


def _reference(pack: Pack) -> dict:
    return {
        "events": {e.id: {"number": e.number, "name": e.name, "civil_war": e.civil_war} for e in pack.events.values()},
        "policies": {p.id: {"name": p.name, "short": p.short, "survives_total_war": p.survives_total_war,
                            "protected_by_enforced_peace": p.protected_by_enforced_peace}
                     for p in pack.policies.values()},
        "truces": [{"id": t, "name": pack.truces[t].name, "restrictions": pack.truces[t].restrictions.value}
                   for t in pack.truce_ladder],
        "boxes": {b.id: {"name": b.name, "friendly_to": b.friendly_to.value,
                         "minors_of": b.minors_of.value if b.minors_of else None} for b in pack.boxes.values()},
        "countries": {c.id: {"abbr": c.abbr, "capital": c.capital, "partnership": c.partnership,
                             "creatable": c.creatable, "civil_war_candidate": c.civil_war_candidate,
                             "whole_cession": c.whole_cession.marker if c.whole_cession else None}
                      for c in pack.countries.values()},
        "places": {p.id: {"ostland": p.ostland, "may_become_dependent_of": list(p.may_become_dependent_of)}
                   for p in pack.places.values()},
        "zones": dict(pack.zone_names),
        "multinational": {m.id: {"name": m.name, "faction": m.faction.value, "nationalities": list(m.nationalities),
                                 "minor_of": m.minor_of.value if m.minor_of else None}
                          for m in pack.multinational.values()},
        "provisional": list(pack.provisional),
    }


def _units(state: TKState, pack: Pack) -> dict:
    out: dict[str, dict] = {}
    for uid, unit in state.units.items():
        spec = pack.units[uid]
        out.setdefault(spec.country, {})[uid] = {
            "kind": spec.kind, "code": spec.code, "location": unit.location.value, "where": unit.where,
            "two_step": unit.two_step, "held_by": unit.faction.value if unit.faction else None}
    return out


def view(state: TKState, pack: Pack, seat: str) -> dict:
    """The same public view for every seat (nothing in chapter 13 is secret)."""
    sit = situation(state, pack)
    vichy = vichy_id(pack)
    return {
        "ruleset": RULESET_ID,
        "map": state.map.value,
        "situation": sit.to_json(),
        "posture_boxes": {box: marker for box, marker in state.boxes.items()},
        "ceded_lands_box": [{"marker": m, "name": pack.markers[m].name, "places": list(pack.markers[m].places),
                             "to": pack.markers[m].to, "as_dependent": pack.markers[m].as_dependent}
                            for m in state.ceded],
        "created": [c.id for c in state.claims if c.kind is ClaimKind.CREATED],
        "gone": {c: {"reason": g.reason.value, "by": g.by, "recreatable": g.recreatable, "markers": list(g.markers)}
                 for c, g in state.gone.items()},
        "markers": {c: sorted(m.value for m in markers) for c, markers in state.markers.items()},
        "republican_support": state.republican_support.value if state.republican_support else None,
        "units": _units(state, pack),
        "mobilizations": dict(state.mobilizations),
        "capital_markers": {c: {"marker": m, "faction": f.value} for c, (m, f) in state.capital_markers.items()},
        "partnerships": {f.value: c for f, c in state.partnerships.items()},
        "conquered_or_liberated": sorted(state.conquered_or_liberated),
        "vichy": {"country": vichy, "marker_hex": state.vichy_marker, "home_ports": home_ports(sit, vichy)},
        "pacific": {f.value: {"status": s.value, "holding": list(state.pacific_holding.get(f, ()))}
                    for f, s in state.pacific.items()},
        "multinational": {u: {"template": m.template, "nationalities": list(m.nationalities)}
                          for u, m in state.multinational.items()},
        "interned": list(state.interned),
        "random_campaign": state.random_campaign,
        "reference": _reference(pack),
    }
