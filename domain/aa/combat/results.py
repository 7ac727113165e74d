"""What the odds calculator answers: outcome probabilities, survivor distributions, IPC losses.

Exact (Fraction), float and Monte Carlo results share ``OddsResult``; ``to_json`` gives the API
body (Fractions as "a/b" strings)."""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import Union

from domain.aa.combat.model import BattleModel, Outcome
from domain.aa.combat.records import UnitCount, unit_counts

Number = Union[float, Fraction]
UNDECIDED = "undecided"  # still fighting after the requested number of rounds


@dataclass(frozen=True)
class SurvivorOutcome:
    units: tuple[UnitCount, ...]
    probability: Number


@dataclass(frozen=True)
class OddsResult:
    mode: str  # "exact" | "float" | "monte_carlo"
    attacker_wins: Number
    defender_wins: Number
    mutual_destruction: Number
    attacker_retreats: Number
    stalemate: Number
    undecided: Number
    captures: Number  # attacker wins with a land unit left (land battles)
    attacker_survivors: tuple[SurvivorOutcome, ...]
    defender_survivors: tuple[SurvivorOutcome, ...]
    attacker_expected: dict[str, Number]
    defender_expected: dict[str, Number]
    attacker_ipc_lost: Number
    defender_ipc_lost: Number
    states: int  # battle states visited (exact) or runs (Monte Carlo)
    rounds: int | None = None
    standard_errors: dict[str, float] = field(default_factory=dict)

    def probability(self, outcome: Outcome | str) -> Number:
        name = outcome.value if isinstance(outcome, Outcome) else outcome
        return {
            Outcome.ATTACKER_WINS.value: self.attacker_wins, Outcome.DEFENDER_WINS.value: self.defender_wins,
            Outcome.MUTUAL_DESTRUCTION.value: self.mutual_destruction,
            Outcome.ATTACKER_RETREATED.value: self.attacker_retreats, Outcome.STALEMATE.value: self.stalemate,
            UNDECIDED: self.undecided,
        }[name]

    def to_json(self) -> dict:
        """The API body (``POST /combat/odds``). Not the kernel's ``to_plain``: exact values travel as
        "a/b" strings, whole ones too ("0", "1"), as clients have always read them; ``to_plain``
        would send a whole Fraction as an integer."""
        return _plain(self)


def as_floats(result: OddsResult) -> OddsResult:
    """The same result with every probability and expectation as a float."""
    def conv(value):
        if isinstance(value, Fraction):
            return float(value)
        if isinstance(value, SurvivorOutcome):
            return SurvivorOutcome(value.units, float(value.probability))
        if isinstance(value, dict):
            return {k: conv(v) for k, v in value.items()}
        if isinstance(value, tuple):
            return tuple(conv(v) for v in value)
        return value
    return replace(result, **{f.name: conv(getattr(result, f.name)) for f in fields(result)
                              if f.name not in ("mode", "states", "rounds")})


def _plain(value):
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, (OddsResult, SurvivorOutcome, UnitCount)):
        return {k: _plain(v) for k, v in vars(value).items()}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def summarise(model: BattleModel, terminal: dict, *, mode: str, zero: Number, states: int,
              rounds: int | None, transports_lost: Number, standard_errors: dict | None = None) -> OddsResult:
    """Fold {(outcome or UNDECIDED, attacker counts, defender counts): probability} into a result."""
    by_outcome: dict[str, Number] = {}
    att_dist: dict = {}
    def_dist: dict = {}
    att_exp: dict[str, Number] = {}
    def_exp: dict[str, Number] = {}
    captures = zero
    att_lost = zero + transports_lost * model.transport_cost
    def_lost = zero
    for (outcome, att, dfn), p in terminal.items():
        name = outcome.value if isinstance(outcome, Outcome) else outcome
        by_outcome[name] = by_outcome.get(name, zero) + p
        att_dist[att] = att_dist.get(att, zero) + p
        def_dist[dfn] = def_dist.get(dfn, zero) + p
        if outcome is Outcome.ATTACKER_WINS and model.captures(att):
            captures += p
        a_lost, d_lost = model.ipc_lost(att, dfn)
        att_lost += p * a_lost
        def_lost += p * d_lost
    for dist, side, expected in ((att_dist, model.attacker, att_exp), (def_dist, model.defender, def_exp)):
        for counts, p in dist.items():
            for g, c in side.describe(counts):
                expected[g.unit] = expected.get(g.unit, zero) + p * c

    def survivors(dist, side):
        rows = [SurvivorOutcome(unit_counts(side, counts), p) for counts, p in dist.items()]
        return tuple(sorted(rows, key=lambda r: (-r.probability, [(u.unit, u.count) for u in r.units])))

    return OddsResult(
        mode=mode,
        attacker_wins=by_outcome.get(Outcome.ATTACKER_WINS.value, zero),
        defender_wins=by_outcome.get(Outcome.DEFENDER_WINS.value, zero),
        mutual_destruction=by_outcome.get(Outcome.MUTUAL_DESTRUCTION.value, zero),
        attacker_retreats=by_outcome.get(Outcome.ATTACKER_RETREATED.value, zero),
        stalemate=by_outcome.get(Outcome.STALEMATE.value, zero),
        undecided=by_outcome.get(UNDECIDED, zero),
        captures=captures,
        attacker_survivors=survivors(att_dist, model.attacker),
        defender_survivors=survivors(def_dist, model.defender),
        attacker_expected=att_exp, defender_expected=def_exp,
        attacker_ipc_lost=att_lost, defender_ipc_lost=def_lost,
        states=states, rounds=rounds, standard_errors=dict(standard_errors or {}),
    )
