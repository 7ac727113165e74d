"""One battle, step by step: the edition's battle sequence as a pure function of (model, state, dice).

Round 1 opens with AA fire at unloading transports (AAR1-aa) and at aircraft, then bombardment;
every round: submerge (where the edition allows it before firing), submarine surprise strike,
attacker fire, defender fire (its casualties still fire back), casualty removal, end-of-round
submerging, then the attacker presses on or retreats. Every die rolled is recorded.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from domain.aa.combat.forces import AaRule
from domain.aa.combat.model import BattleModel, Outcome
from domain.aa.combat.odds import continuation_values
from domain.aa.combat.records import (
    BattleResult,
    Roll,
    RoundResult,
    Side,
    Step,
    StepResult,
    UnitCount,
    damaged_units,
    losses,
    unit_counts,
)
from domain.aa.combat.sides import HIT_ANY, SideModel
from domain.aa.units import AaMode, SubmergeTiming
from domain.kernel import Dice


@dataclass(frozen=True)
class BattleState:
    attacker: tuple[int, ...]
    defender: tuple[int, ...]
    round: int = 0
    outcome: Outcome | None = None
    transports_lost: int = 0


def start(model: BattleModel) -> BattleState:
    att, dfn = model.initial()
    return BattleState(att, dfn)


def _shoot(side: SideModel, shots, dice: Dice, sides: int, rolls: list | None) -> list[int]:
    """Roll every shot; hits are counted per hit class (sub / air / any); rolls are recorded in
    ``rolls`` unless it is None (the Monte Carlo cross-check does not keep them)."""
    hits = [0, 0, 0]
    roll = dice.roll
    for shot in shots:
        unit, needed = side.groups[shot.group].unit, shot.needed
        if shot.best:
            for _ in range(shot.count):
                values = tuple(roll(sides) for _ in range(shot.dice))
                hit = min(values) <= needed
                hits[shot.klass] += hit
                if rolls is not None:
                    rolls.append(Roll(unit, values, needed, hit))
            continue
        for _ in range(shot.count * shot.dice):
            value = roll(sides)
            hits[shot.klass] += value <= needed
            if rolls is not None:
                rolls.append(Roll(unit, (value,), needed, value <= needed))
    return hits


def _two_roll(model: BattleModel, guns: int, target: int, hit: int, dice: Dice, aimed: str, rolls: list) -> int:
    """AAR1-aa: each gun rolls once to target (<= target); each success rolls to hit (<= hit)."""
    hits = 0
    for _ in range(guns):
        value = dice.roll(model.sides)
        rolls.append(Roll(model.aa_unit, (value,), target, value <= target, "target", aimed))
        if value <= target:
            value = dice.roll(model.sides)
            rolls.append(Roll(model.aa_unit, (value,), hit, value <= hit, "hit", aimed))
            hits += value <= hit
    return hits


def aa_at_transports(model: BattleModel, att: tuple[int, ...], dice: Dice):
    """AAR1-aa: AA guns (at most 3) fire at each unloading transport; a hit transport sinks with
    its cargo before unloading. The TWO_ROLL_ID draft rolls once for the whole assault instead."""
    _, guns, target, hit = model.aa_plan()
    rolls: list[Roll] = []
    transport = model.pack.combat.transport_unit
    if model.aa_rule is AaRule.TWO_ROLL:
        sunk = [i for i in range(len(model.landings))
                if _two_roll(model, guns, target, hit, dice, transport, rolls) > 0]
    else:
        kills = _two_roll(model, guns, target, hit, dice, transport, rolls)
        cheapest = sorted(range(len(model.landings)), key=lambda i: (model.landing_values[i], i))
        sunk = sorted(cheapest[:kills])
    new = list(att)
    for i in sunk:
        new = [n - c for n, c in zip(new, model.landings[i])]
    units = ((UnitCount(transport, len(sunk)),) if sunk else ()) + losses(model.attacker, att, tuple(new))
    step = StepResult(Step.AA_TRANSPORTS, Side.DEFENDER, tuple(rolls), len(sunk), units)
    return tuple(new), len(sunk), step


def aa_fire(model: BattleModel, att: tuple[int, ...], dice: Dice):
    """First round only: anti-aircraft fire at attacking aircraft, casualties removed at once.

    Edition rule (pack): one die per aircraft per gun, or pooled shots per gun (never more than one
    per aircraft); AAR1-aa: at most 3 guns, each rolls 1-2 to target, then 1 to hit."""
    side = model.attacker
    mode, guns, shots_or_target, hit = model.aa_plan()
    aircraft = [(g, c) for g, c in enumerate(att) if c and side.air[g] and side.present[g]]
    if not guns or not aircraft:
        return att, None
    rolls: list[Roll] = []
    n_air = sum(c for _, c in aircraft)
    match mode:
        case AaMode.PER_AIRCRAFT:
            new = list(att)
            for g, count in aircraft:
                name = side.groups[g].unit
                for _ in range(count):
                    values = [dice.roll(model.sides) for _ in range(guns)]
                    rolls += [Roll(model.aa_unit, (v,), hit, v <= hit, "hit", name) for v in values]
                    new[g] -= min(values) <= hit
            after = tuple(new)
        case AaMode.SHOTS_PER_GUN:
            kills = 0
            for _ in range(min(guns * shots_or_target, n_air)):
                value = dice.roll(model.sides)
                rolls.append(Roll(model.aa_unit, (value,), hit, value <= hit))
                kills += value <= hit
            after = side.remove_air(att, min(kills, n_air))
        case AaMode.TWO_ROLL:
            kills = _two_roll(model, guns, shots_or_target, hit, dice, "", rolls)
            after = side.remove_air(att, min(kills, n_air))
    lost = losses(side, att, after)
    step = StepResult(Step.AA_FIRE, Side.DEFENDER, tuple(rolls), sum(u.count for u in lost), lost)
    return after, step


def _submerge_step(model: BattleModel, att, dfn, timing: SubmergeTiming, steps: list):
    new_att, new_dfn = model.submerge(att, dfn, timing)
    if steps is None:
        return new_att, new_dfn
    for side, who, before, after in ((model.attacker, Side.ATTACKER, att, new_att),
                                     (model.defender, Side.DEFENDER, dfn, new_dfn)):
        if after != before:
            moved = tuple(u for u in unit_counts(side, after) if u.submerged)
            steps.append(StepResult(Step.SUBMERGE, who, units=moved))
    return new_att, new_dfn


def _exchange(model: BattleModel, att, dfn, surprise: bool, first: bool, dice: Dice, steps: list | None,
              damaged: list):
    """Both sides fire at once (surprise strike or general fire); casualties are removed after.
    ``steps`` None: fight without recording (Monte Carlo)."""
    a, d = model.attacker, model.defender
    a_shots = model.shots(att, dfn, True, surprise)
    d_shots = model.shots(att, dfn, False, surprise)
    bombard = first and not surprise and model.bombard
    if not (a_shots or d_shots or bombard):
        return att, dfn
    record = steps is not None
    extra = 0
    if bombard:
        rolls: list = []
        for name, needed, count in model.bombard:
            for _ in range(count):
                value = dice.roll(model.sides)
                extra += value <= needed
                rolls.append(Roll(name, (value,), needed, value <= needed))
        if record:
            steps.append(StepResult(Step.BOMBARDMENT, Side.ATTACKER, tuple(rolls), extra))
    a_rolls: list | None = [] if record else None
    d_rolls: list | None = [] if record else None
    a_hits = _shoot(a, a_shots, dice, model.sides, a_rolls)
    d_hits = _shoot(d, d_shots, dice, model.sides, d_rolls)
    a_own = sum(a_hits)
    a_hits[HIT_ANY] += extra
    if not record:
        return a.assign(att, tuple(d_hits)), d.assign(dfn, tuple(a_hits))
    d_chosen, a_chosen = d.choose(dfn, tuple(a_hits)), a.choose(att, tuple(d_hits))
    new_dfn, new_att = d.apply(dfn, d_chosen), a.apply(att, a_chosen)
    damaged += [(Side.DEFENDER, u) for u in damaged_units(d, d_chosen)]
    damaged += [(Side.ATTACKER, u) for u in damaged_units(a, a_chosen)]
    kinds = (Step.SURPRISE_STRIKE, Step.SURPRISE_STRIKE) if surprise else (Step.ATTACKER_FIRE, Step.DEFENDER_FIRE)
    if a_shots or bombard:
        steps.append(StepResult(kinds[0], Side.ATTACKER, tuple(a_rolls), a_own, losses(d, dfn, new_dfn)))
    if d_shots:
        steps.append(StepResult(kinds[1], Side.DEFENDER, tuple(d_rolls), sum(d_hits), losses(a, att, new_att)))
    return new_att, new_dfn


def _cleanup(model: BattleModel, att, dfn, steps: list):
    new_att, new_dfn = model.cleanup(att, dfn)
    if steps is None:
        return new_att, new_dfn
    for side, who, before, after in ((model.attacker, Side.ATTACKER, att, new_att),
                                     (model.defender, Side.DEFENDER, dfn, new_dfn)):
        if after != before:
            steps.append(StepResult(Step.DEFENCELESS_LOST, who, units=losses(side, before, after)))
    return new_att, new_dfn


def fight_round(model: BattleModel, state: BattleState, dice: Dice,
                record: bool = True) -> tuple[BattleState, RoundResult | None]:
    """Fight one round of the edition's sequence; returns the new state and the round's record
    (None when ``record`` is False: the Monte Carlo cross-check only needs the state)."""
    number = state.round + 1
    first = number == 1
    att, dfn, lost = state.attacker, state.defender, state.transports_lost
    steps: list[StepResult] | None = [] if record else None
    damaged: list = []
    outcome = None
    if first:
        if model.fires_at_transports():
            att, sunk, step = aa_at_transports(model, att, dice)
            lost += sunk
            if steps is not None:
                steps.append(step)
        att, step = aa_fire(model, att, dice)
        if step and steps is not None:
            steps.append(step)
        att, dfn = _cleanup(model, att, dfn, steps)
        outcome = model.outcome(att, dfn)
    if outcome is None:
        att, dfn = _submerge_step(model, att, dfn, SubmergeTiming.BEFORE_FIRE, steps)
        outcome = model.outcome(att, dfn)
    if outcome is None and not model.can_fight(att, dfn, first):
        outcome = Outcome.STALEMATE
    if outcome is None:
        att, dfn = _exchange(model, att, dfn, True, first, dice, steps, damaged)
        att, dfn = _exchange(model, att, dfn, False, first, dice, steps, damaged)
        att, dfn = _cleanup(model, att, dfn, steps)
        outcome = model.outcome(att, dfn)
        if outcome is None:
            att, dfn = _submerge_step(model, att, dfn, SubmergeTiming.END_OF_ROUND, steps)
            outcome = model.outcome(att, dfn)
    new = BattleState(att, dfn, number, outcome, lost)
    if steps is None:
        return new, None
    return new, _round_result(model, state, new, steps, damaged)


def _round_result(model: BattleModel, before: BattleState, after: BattleState, steps, damaged) -> RoundResult:
    a, d = model.attacker, model.defender
    att, dfn = after.attacker, after.defender
    # A unit damaged by the surprise strike and sunk in general fire is a loss, not damaged.
    still = {(who, u.unit): u.count for who, side, counts in ((Side.ATTACKER, a, att), (Side.DEFENDER, d, dfn))
             for u in unit_counts(side, counts) if u.damaged}
    hurt: dict = {Side.ATTACKER: [], Side.DEFENDER: []}
    for who, u in damaged:
        n = min(u.count, still.get((who, u.unit), 0))
        if n:
            hurt[who].append(replace(u, count=n))
    return RoundResult(
        after.round, tuple(steps), losses(a, before.attacker, att), losses(d, before.defender, dfn),
        tuple(hurt[Side.ATTACKER]), tuple(hurt[Side.DEFENDER]), unit_counts(a, att), unit_counts(d, dfn))


def retreat(model: BattleModel, state: BattleState) -> tuple[BattleState, StepResult]:
    """The attacker retreats with every unit still in the battle (the defender never retreats)."""
    step = StepResult(Step.RETREAT, Side.ATTACKER, units=unit_counts(model.attacker, state.attacker))
    return replace(state, outcome=Outcome.ATTACKER_RETREATED), step


def wants_retreat(model: BattleModel, state: BattleState, values: dict | None) -> bool:
    """Press on or retreat, by the battle's retreat rule ("after round k", "win chance < x")."""
    options = model.options
    if state.round < 1 or state.outcome is not None:
        return False
    if options.retreat_after_round is not None:
        return state.round >= options.retreat_after_round
    if options.retreat_below is not None and values is not None:
        return values.get((state.attacker, state.defender), 0.0) < options.retreat_below
    return False


def result_of(model: BattleModel, state: BattleState, rounds) -> BattleResult:
    att_lost, def_lost = model.ipc_lost(state.attacker, state.defender, state.transports_lost)
    return BattleResult(
        state.outcome, tuple(rounds), unit_counts(model.attacker, state.attacker),
        unit_counts(model.defender, state.defender), att_lost, def_lost,
        state.outcome is Outcome.ATTACKER_WINS and model.captures(state.attacker))


def fight_state(model: BattleModel, dice: Dice, max_rounds: int | None = None,
                values: dict | None = None, record: bool = True) -> tuple[BattleState, list[RoundResult]]:
    """Fight until the battle is decided (or ``max_rounds`` rounds): the final state and the rounds
    (none kept when ``record`` is False).

    ``values``: continuation win chances for "retreat when the win chance < x" (computed when the
    battle has that rule and none are given)."""
    if values is None and model.options.retreat_below is not None:
        values = continuation_values(model)
    state, rounds = start(model), []
    while state.outcome is None:
        if wants_retreat(model, state, values):
            state, step = retreat(model, state)
            if record:
                rounds[-1] = replace(rounds[-1], steps=rounds[-1].steps + (step,))
            break
        if max_rounds is not None and state.round >= max_rounds:
            break
        state, result = fight_round(model, state, dice, record)
        if record:
            rounds.append(result)
    return state, rounds


def fight(model: BattleModel, dice: Dice, max_rounds: int | None = None) -> BattleResult:
    """Fight the whole battle (or ``max_rounds`` rounds) by the battle's options."""
    state, rounds = fight_state(model, dice, max_rounds)
    return result_of(model, state, rounds)
