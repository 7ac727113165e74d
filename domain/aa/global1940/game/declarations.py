"""The politics step (AAG-politics, AAG-neutral): declarations of war judged by the board's
politics rules (``domain.aa.global1940.politics``), the lasting conditions they may need kept once
met, the wars that begin by themselves at the end of a turn (the USA after its turn of round 3),
and the USA's entry into the war upgrading its starting complexes for free (AAG40-us-ic)."""
from __future__ import annotations

from collections.abc import Callable

from domain.aa.global1940 import industry, politics
from domain.aa.global1940.game.commands import DeclareWar, EndPolitics
from domain.aa.global1940.game.common import next_phase, piece, require_turn
from domain.aa.global1940.game.events import ConditionsMet, FactoriesUpgraded
from domain.aa.global1940.game.state import GlobalGame, GlobalState
from domain.aa.global1940.pack import GlobalGamePack
from domain.aa.revised_phase_one.game.events import PhaseBegan
from domain.aa.revised_phase_one.game.pieces import plus, without
from domain.aa.revised_phase_one.game.state import Phase
from domain.kernel import Context, Event

Fold = Callable[[GlobalGame, list[Event]], GlobalGame]


def conditions(pack: GlobalGamePack, game: GlobalGame) -> frozenset[str]:
    """AAG-politics: the conditions a declaration may need, met now or (lasting ones) before."""
    return politics.conditions_met(pack.board, game.position, game.conditions)


def targets(pack: GlobalGamePack, game: GlobalGame, power: str) -> tuple[str, ...]:
    """AAG-politics: the powers and neutrals ``power`` may declare war on now."""
    return politics.may_declare_on(pack.board, game.position.relations, power, game.round, conditions(pack, game))


def us_entry(pack: GlobalGamePack, before: GlobalGame, after: GlobalGame) -> list[Event]:
    """AAG40-us-ic: when the USA enters the war its starting minor complexes become major for free."""
    rules = pack.extra.us_industry
    power = rules.power
    if before.position.relations.in_the_war(power) or not after.position.relations.in_the_war(power):
        return []
    position = after.position
    complexes = {t: p.unit for t in rules.complexes for p in position.pieces(t) if p.unit in pack.rules.complexes
                 and p.power == power}
    upgrades = industry.us_entry_upgrades(rules, complexes)
    spaces = {}
    for territory, unit in sorted(upgrades.items()):
        pieces = position.pieces(territory)
        old = [p for p in pieces if p.power == power and p.unit == rules.starts_as]
        spaces[territory] = plus(without(pieces, old), [piece(power, unit, sum(p.count for p in old))])
    return [FactoriesUpgraded(power, tuple(sorted(upgrades)), spaces)] if upgrades else []


def declare_war(state: GlobalState, command: DeclareWar, ctx: Context, pack: GlobalGamePack,
                fold: Fold) -> list[Event]:
    """AAG-politics: a declaration of war in the politics step, refused naming the condition it
    lacks; a declaration on the true neutrals turns them (AAG-neutral)."""
    game = require_turn(state, command, ctx, Phase.POLITICS)
    found = politics.declare_war(pack.board, game.position.relations, command.power, command.target, game.round,
                                 conditions(pack, game))
    if isinstance(found, Exception):
        raise found
    events = list(found)
    return events + us_entry(pack, game, fold(game, events))


def end_politics(state: GlobalState, command: EndPolitics, ctx: Context, pack: GlobalGamePack) -> list[Event]:
    game = require_turn(state, command, ctx, Phase.POLITICS)
    return [PhaseBegan(game.round, game.power, next_phase(pack, Phase.POLITICS))]


def end_of_turn(pack: GlobalGamePack, game: GlobalGame, fold: Fold) -> list[Event]:
    """AAG-politics: lasting conditions met for the first time, then the wars that begin as this
    turn ends (and the USA's entry they may bring)."""
    events: list[Event] = []
    new = sorted(c for c in conditions(pack, game) - game.conditions
                 if any(c == k.name and k.lasting for k in pack.board.politics.conditions))
    if new:
        events.append(ConditionsMet(tuple(new)))
    wars = list(politics.automatic_wars(pack.board, game.position.relations, game.power, game.round))
    events += wars
    return events + us_entry(pack, game, fold(game, wars))
