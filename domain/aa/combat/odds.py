"""Exact battle odds: dynamic programming over battle states.

A state is (attacker counts, defender counts), canonical tuples interned as one int. Every change
of state removes at least one hit point, so states are processed in buckets of decreasing total hit
points (iteratively, no recursion): each state's probability mass is pushed once to its successors.
A round that changes nothing repeats with the same odds, so its mass goes to the other successors
in proportion (mass / (1 - p_self)). Per-side hit distributions and casualty choices are memoised
(programme.py); rounds mirror ``sequence.fight_round`` (the Monte Carlo mode cross-checks this).
Float odds take numpy paths where they apply: chains.py (plain hits) and levels.py (the rest, a
hit-point level at a time); this per-state code stays the Fraction reference and serves round
limits, retreat rules and submerging.
"""
from __future__ import annotations

from domain.aa.combat import levels
from domain.aa.combat.chains import chain_battle, chain_odds
from domain.aa.combat.forces import BattleOptions, Forces, InvalidBattleInput
from domain.aa.combat.model import BattleModel, Outcome
from domain.aa.combat.programme import MASK, SHIFT, Block, Programme
from domain.aa.combat.results import UNDECIDED, OddsResult, summarise
from domain.aa.units import EditionPack


class _Tally:
    """Mass that left the fight: decided states (outcome follows from the counts) by key, and
    retreats, stalemates and undecided states by kind."""

    def __init__(self, zero):
        self.zero = zero
        self.decided: dict[int, object] = {}
        self.special: dict[object, dict[int, object]] = {}

    def decide(self, key: int, p) -> None:
        self.decided[key] = self.decided.get(key, self.zero) + p

    def stop(self, kind, key: int, p) -> None:
        bucket = self.special.setdefault(kind, {})
        bucket[key] = bucket.get(key, self.zero) + p

    def terminal(self, prog: Programme) -> dict:
        out: dict = {}
        for key, p in self.decided.items():
            att, dfn = prog.state(key)
            out[(prog.model.outcome(att, dfn), att, dfn)] = p
        for kind, keys in self.special.items():
            for key, p in keys.items():
                out[(kind, *prog.state(key))] = p
        return out


def _first_round(prog: Programme, tally: _Tally) -> tuple[dict, object]:
    """Opening fire and round 1: the live states after round 1, by key."""
    f, A, D = prog.f, prog.att, prog.dfn
    live: dict = {}
    opening, sunk = prog.opening()
    for (att, dfn), p in opening.items():
        key = prog.key(att, dfn)
        if not (A.alive[key >> SHIFT] and D.alive[key & MASK]):
            tally.decide(key, p)
            continue
        prog.expanded += 1
        blocks, stalemate = prog.round(key >> SHIFT, key & MASK, True)
        if stalemate is not None:
            tally.stop(Outcome.STALEMATE, stalemate, p)
            continue
        for weight, a, d in blocks:
            for d_id, q in zip(d.ids, d.probs):
                w = p * weight * q
                for a_id, r in zip(a.ids, a.probs):
                    k = a_id << SHIFT | d_id
                    if A.alive[a_id] and D.alive[d_id]:
                        live[k] = live.get(k, f.zero) + w * r
                    else:
                        tally.decide(k, w * r)
    return live, sunk


def _retreats(prog: Programme, values: dict | None, key: int) -> bool:
    return values is not None and values[key] < prog.model.options.retreat_below


class _Masses:
    """Probability mass of states waiting to be processed: one dense row per defender state,
    indexed by attacker id (list indexing and slices are the cheapest updates in the hot loop).
    Decided states are kept here too and taken out at their level like any other."""

    def __init__(self, prog: Programme):
        self.prog = prog
        self.rows: dict[int, list] = {}

    def row(self, d_id: int, need: int) -> list:
        """Defender ``d_id``'s row, at least ``need`` long."""
        row = self.rows.get(d_id)
        size = max(need, len(self.prog.att.states))
        if row is None:
            row = self.rows[d_id] = [self.prog.f.zero] * size
        elif len(row) < need:
            row.extend([self.prog.f.zero] * (size - len(row)))
        return row

    def add(self, key: int, p) -> None:
        a_id = key >> SHIFT
        self.row(key & MASK, a_id + 1)[a_id] += p

    def pop_level(self, hp: int):
        """(key, mass) of every state with ``hp`` hit points in all, emptying them."""
        att, dfn, zero = self.prog.att, self.prog.dfn, self.prog.f.zero
        for d_id in list(self.rows):
            ids = att.by_hp.get(hp - dfn.hp[d_id])
            if not ids:
                continue
            row = self.rows[d_id]
            for a_id in ids:
                if a_id < len(row) and row[a_id]:
                    mass, row[a_id] = row[a_id], zero
                    yield a_id << SHIFT | d_id, mass


def _until_decided(prog: Programme, live: dict, tally: _Tally, values: dict | None) -> None:
    """Unlimited rounds: push each state's mass to its successors, in decreasing hit points."""
    A, D = prog.att, prog.dfn
    masses = _Masses(prog)
    for key, p in live.items():
        masses.add(key, p)
    for hp in range(max(map(prog.hit_points, live), default=-1), -1, -1):
        for key, mass in masses.pop_level(hp):
            a_id, d_id = key >> SHIFT, key & MASK
            if not (A.alive[a_id] and D.alive[d_id]):
                tally.decide(key, mass)
                continue
            prog.expanded += 1
            if _retreats(prog, values, key):
                tally.stop(Outcome.ATTACKER_RETREATED, key, mass)
                continue
            blocks, stalemate = prog.round(a_id, d_id, False)
            if stalemate is not None:
                tally.stop(Outcome.STALEMATE, stalemate, mass)
            else:
                _push_blocks(key, mass, blocks, masses)


def _push_blocks(key: int, mass, blocks: list[Block], masses: _Masses) -> None:
    """The hot loop: one state's successors, block by block (attacker rows x defender rows), added
    into dense defender rows (a plain loop over list indices is the fastest pure-Python update)."""
    zero = masses.prog.f.zero
    att_id, dfn_id = key >> SHIFT, key & MASK
    stay = zero
    for weight, a, d in blocks:
        if att_id in a.ids and dfn_id in d.ids:
            stay += weight * sum(q for i, q in zip(a.ids, a.probs) if i == att_id) * \
                sum(p for i, p in zip(d.ids, d.probs) if i == dfn_id)
    scale = mass / (1 - stay)
    rows, get_row = masses.rows, masses.rows.get
    for weight, a, d in blocks:
        pairs, need, share = list(zip(a.ids, a.probs)), a.top, scale * weight
        for d_id, p in zip(d.ids, d.probs):
            row = get_row(d_id)
            if row is None or len(row) < need:
                row = masses.row(d_id, need)
            w = share * p
            for a_id, q in pairs:
                row[a_id] += w * q
    # The round that changes nothing repeats: its share is already spread by ``scale``.
    own = rows.get(dfn_id)
    if own is not None and att_id < len(own):
        own[att_id] = zero


def _by_rounds(prog: Programme, live: dict, tally: _Tally, values: dict | None, rounds: int) -> None:
    """Round by round up to ``rounds`` rounds; what still fights then has retreated or is undecided."""
    m, f = prog.model, prog.f
    after = m.options.retreat_after_round
    for _ in range(rounds - 1):
        nxt_live: dict = {}
        for key, mass in live.items():
            prog.expanded += 1
            if _retreats(prog, values, key):
                tally.stop(Outcome.ATTACKER_RETREATED, key, mass)
                continue
            nxt, stalemate = prog.round_dict(*prog.state(key), False)
            if stalemate is not None:
                tally.stop(Outcome.STALEMATE, prog.key(*stalemate), mass)
                continue
            for (a, d), p in nxt.items():
                k = prog.key(a, d)
                if m.outcome(a, d) is not None:
                    tally.decide(k, mass * p)
                else:
                    nxt_live[k] = nxt_live.get(k, f.zero) + mass * p
        live = nxt_live
    leftover = Outcome.ATTACKER_RETREATED if after is not None and after <= rounds else UNDECIDED
    for key, mass in live.items():
        tally.stop(leftover, key, mass)


def _values(prog: Programme) -> dict[int, object]:
    """Win chance from each live state after round 1 when pressing on this round and then
    retreating whenever the win chance is below options.retreat_below (backward induction)."""
    m, f, below = prog.model, prog.f, prog.model.options.retreat_below
    live, _ = _first_round(prog, _Tally(f.zero))
    transitions: dict = {}
    frontier = list(live)
    while frontier:
        key = frontier.pop()
        if key in transitions:
            continue
        nxt, stalemate = prog.round_dict(*prog.state(key), False)
        row = None if stalemate is not None else {prog.key(a, d): p for (a, d), p in nxt.items()}
        transitions[key] = row
        for k in row or ():
            if k != key and k not in transitions and m.outcome(*prog.state(k)) is None:
                frontier.append(k)
    values: dict = {}
    for key in sorted(transitions, key=prog.hit_points):
        row = transitions[key]
        if row is None:
            values[key] = f.zero
            continue
        win = f.zero
        for k, p in row.items():
            if k == key:
                continue
            outcome = m.outcome(*prog.state(k))
            if outcome is Outcome.ATTACKER_WINS:
                win += p
            elif outcome is None and values[k] >= below:
                win += p * values[k]
        values[key] = win / (f.one - row.get(key, f.zero))
    return values


def continuation_values(model: BattleModel, exact: bool = False) -> dict:
    """{(attacker counts, defender counts): P(attacker wins)} for every state the battle can reach
    after round 1, pressing on that round and then following "retreat when the win chance < x"."""
    prog = Programme(model, exact)
    return {prog.state(key): value for key, value in _values(prog).items()}


def battle_odds(model: BattleModel, *, rounds: int | None = None, exact: bool = False) -> OddsResult:
    """The exact outcome distribution of a battle (floats, or Fractions with ``exact``).

    ``rounds``: stop after that many rounds (what still fights is "undecided"). The battle's retreat
    rule (options.retreat_after_round / retreat_below) applies as in the engine."""
    if rounds is not None and (not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1):
        raise InvalidBattleInput({"rounds": "must be a round number >= 1"})
    if not exact and rounds is None and chain_battle(model):
        fast = chain_odds(model)
        if fast is not None:
            terminal, sunk, cells = fast
            return summarise(model, terminal, mode="float", zero=0.0, states=cells, rounds=None,
                             transports_lost=sunk)
    prog = Programme(model, exact)
    values = _values(prog) if model.options.retreat_below is not None else None
    prog.expanded = 0
    tally = _Tally(prog.f.zero)
    live, sunk = _first_round(prog, tally)
    limits = [r for r in (rounds, model.options.retreat_after_round) if r is not None]
    if limits:
        _by_rounds(prog, live, tally, values, min(limits))
    elif levels.applies(prog, values):
        levels.until_decided(prog, live, tally)
    else:
        _until_decided(prog, live, tally, values)
    terminal = tally.terminal(prog)
    return summarise(model, terminal, mode="exact" if exact else "float", zero=prog.f.zero,
                     states=prog.expanded + len(terminal), rounds=rounds, transports_lost=sunk)


def odds_for(pack: EditionPack, forces: Forces, options: BattleOptions = BattleOptions(), *,
         rounds: int | None = None, exact: bool = False) -> OddsResult:
    """Validate the battle (InvalidBattleInput names the bad field) and compute its exact odds."""
    return battle_odds(BattleModel(pack, forces, options), rounds=rounds, exact=exact)
