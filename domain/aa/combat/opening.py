"""Opening fire for the exact odds: the distribution of states after AA fire in round 1.

Mirrors ``sequence.aa_at_transports`` and ``sequence.aa_fire`` (same BattleModel, same rules):
AAR1-aa at unloading transports, then the edition's AA fire (or AAR1-aa) at aircraft.
"""
from __future__ import annotations

from domain.aa.combat.distributions import Field
from domain.aa.combat.forces import AaRule
from domain.aa.combat.model import BattleModel
from domain.aa.units import AaMode


def opening(model: BattleModel, f: Field) -> tuple[dict, object]:
    """Distribution of states after AA fire at transports and aircraft; expected transports sunk."""
    m = model
    att, dfn = m.initial()
    dist = {att: f.one}
    sunk = f.zero
    mode, guns, shots_or_target, hit = m.aa_plan()
    if m.fires_at_transports():
        q = f.ratio(shots_or_target, m.sides) * f.ratio(hit, m.sides)
        dist, sunk = _transports(model, f, att, guns, q)
    if guns:
        dist = _aa(model, f, dist, mode, guns, shots_or_target, hit)
    out: dict = {}
    for a, p in dist.items():
        key = m.cleanup(a, dfn)
        out[key] = out.get(key, f.zero) + p
    return out, sunk


def _transports(model: BattleModel, f: Field, att, guns: int, q):
    """AAR1-aa at unloading transports: per transport (TWO_ROLL) or per assault (TWO_ROLL_ID)."""
    m = model
    if m.aa_rule is AaRule.TWO_ROLL:
        p_sink = f.one - (f.one - q) ** guns
        dist = {att: f.one}
        for cargo in m.landings:
            nxt: dict = {}
            for a, p in dist.items():
                nxt[a] = nxt.get(a, f.zero) + p * (f.one - p_sink)
                sunk_a = tuple(x - c for x, c in zip(a, cargo))
                nxt[sunk_a] = nxt.get(sunk_a, f.zero) + p * p_sink
            dist = nxt
        return dist, p_sink * len(m.landings)
    cheapest = sorted(range(len(m.landings)), key=lambda i: (m.landing_values[i], i))
    dist, sunk = {}, f.zero
    for kills, p in enumerate(f.binomial(guns, q)):
        lost = cheapest[:kills]
        a = att
        for i in lost:
            a = tuple(x - c for x, c in zip(a, m.landings[i]))
        dist[a] = dist.get(a, f.zero) + p
        sunk += p * len(lost)
    return dist, sunk


def _aa(model: BattleModel, f: Field, dist: dict, mode: AaMode, guns: int, shots_or_target: int, hit: int) -> dict:
    m = model
    side = m.attacker
    out: dict = {}
    for att, p in dist.items():
        aircraft = [(g, c) for g, c in enumerate(att) if c and side.air[g] and side.present[g]]
        n_air = sum(c for _, c in aircraft)
        match mode:
            case AaMode.PER_AIRCRAFT:
                p_down = f.one - (f.one - f.ratio(hit, m.sides)) ** guns
                branch = {att: p}
                for g, c in aircraft:
                    nxt: dict = {}
                    for a, pa in branch.items():
                        for k, pk in enumerate(f.binomial(c, p_down)):
                            a2 = a[:g] + (a[g] - k,) + a[g + 1:]
                            nxt[a2] = nxt.get(a2, f.zero) + pa * pk
                    branch = nxt
                for a, pa in branch.items():
                    out[a] = out.get(a, f.zero) + pa
                continue
            case AaMode.SHOTS_PER_GUN:
                kills = f.binomial(min(guns * shots_or_target, n_air), f.ratio(hit, m.sides))
            case AaMode.TWO_ROLL:
                kills = f.binomial(guns, f.ratio(shots_or_target, m.sides) * f.ratio(hit, m.sides))
        for k, pk in enumerate(kills):
            a2 = side.remove_air(att, min(k, n_air))
            out[a2] = out.get(a2, f.zero) + p * pk
    return out
