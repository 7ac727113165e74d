"""What each seat of an Axis & Allies battle game may do now, as ready bodies (``CommandSpec``).

``choices`` are keyed by the command's own ``data`` fields (a list of allowed values); ``example``
is a complete ``data`` object ``decide`` accepts unchanged in this state (issue 13 item 2):
a small land battle (three of the pack's first land unit against two) on the first enemy, which
takes a few rounds as real ones do; the defence the attacker saw, the first pending battle, the first advance not yet recorded.
"""
from __future__ import annotations

from domain.aa.battles.state import AAState, BattleStatus
from domain.aa.units import Domain, EditionPack
from domain.kernel import MODERATOR, SYSTEM, CommandSpec


def _free_id(state: AAState) -> str:
    n = len(state.battles) + 1
    while f"battle-{n}" in state.battles:
        n += 1
    return f"battle-{n}"


def offers(pack: EditionPack, rules, state: AAState, seat: str) -> list[CommandSpec]:
    # The moderator may act for every power; the system seat (the combat job) only fights.
    moderator = seat == MODERATOR
    mine = [p for p in state.powers if moderator or state.owners.get(p) == seat]
    land = next(n for n, u in pack.units.items() if u.domain is Domain.LAND and u.attack > 0)
    specs = []
    battle_id = _free_id(state)
    for power in mine:
        enemies = [p for p in state.powers if pack.enemies(power, p)]
        if not enemies:
            continue
        example = {"battle_id": battle_id, "territory": "unnamed", "attacker": power, "defender": enemies[0],
                   "forces": {"kind": "land", "attacker": {land: 3}, "defender": {land: 2}}}
        specs.append(CommandSpec("ResolveBattle", power, {"attacker": [power], "defender": enemies},
                                 rules.battle, example))
    awaiting = sorted(b for b, e in state.battles.items()
                      if e.status is BattleStatus.AWAITING_DEFENCE and (moderator or e.defender in mine))
    if awaiting:
        first = state.battles[awaiting[0]]
        specs.append(CommandSpec("ConfirmDefence", first.defender, {"battle_id": awaiting}, rules.battle,
                                 {"battle_id": first.battle_id, "units": dict(first.forces.defender)}))
    pending = sorted(b for b, e in state.battles.items() if e.status is BattleStatus.REQUESTED)
    if seat in (MODERATOR, SYSTEM) and pending:
        specs.append(CommandSpec("FightBattle", None, {"battle_id": pending}, rules.battle,
                                 {"battle_id": pending[0]}))
    if seat == MODERATOR:
        specs += _moderator_offers(pack, rules, state)
    return specs


def _moderator_offers(pack: EditionPack, rules, state: AAState) -> list[CommandSpec]:
    specs = []
    missing = [(p, t) for p in state.powers for t in pack.techs if t not in state.advances.get(p, ())]
    if missing:
        power, tech = missing[0]
        specs.append(CommandSpec("RecordAdvance", None, {"power": sorted({p for p, _ in missing}),
                                                         "tech": sorted({t for _, t in missing})},
                                 rules.tech, {"power": power, "tech": tech}))
    bonds = pack.war_bonds
    holders = [p for p in state.powers if bonds and bonds.advance in state.advances.get(p, ())]
    if holders:
        specs.append(CommandSpec("CollectWarBonds", None, {"power": holders}, rules.tech, {"power": holders[0]}))
    return specs
