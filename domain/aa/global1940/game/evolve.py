"""Folding the whole Global game's events into its state: total, never raises, never re-runs a rule.
An event this game shares with the Revised game is folded by the Revised fold
(``domain.aa.revised_phase_one.game.evolve``) unless it is registered here; the board (a
friendly neutral's garrison joining its taker) comes from the pack."""
from __future__ import annotations

from dataclasses import replace

from domain.aa.global1940 import neutrals
from domain.aa.global1940.game import events as ev
from domain.aa.global1940.game.state import (
    GlobalGame,
    GlobalIncome,
    Scramble,
    VictoryClaim,
)
from domain.aa.global1940.politics import WarDeclared, relations_after
from domain.aa.revised_phase_one.game.events import BattleFound, TurnBegan
from domain.aa.revised_phase_one.game.evolve import evolve_game
from domain.aa.revised_phase_one.game.pieces import apply
from domain.kernel.dispatch import ByType


def _revised(pack, game: GlobalGame, event) -> GlobalGame:
    return evolve_game(game, event)


evolve_global = ByType(_revised, arg=2)


def _treasury(game: GlobalGame, **deltas: int) -> dict[str, int]:
    out = dict(game.treasury)
    for treasury, delta in deltas.items():
        out[treasury] = max(0, out.get(treasury, 0) + delta)
    return out


def _battle(game: GlobalGame, battle_id: str, **changes) -> GlobalGame:
    battle = game.battles.get(battle_id)
    if battle is None:
        return game
    return replace(game, battles={**game.battles, battle_id: replace(battle, **changes)})


def _damage(position, territory: str, changes: dict[str, int]) -> dict:
    here = {**position.damage.get(territory, {}), **changes}
    here = {u: d for u, d in here.items() if d > 0}
    damage = {t: d for t, d in position.damage.items() if t != territory}
    if here:
        damage[territory] = here
    return damage


def _attacked(game: GlobalGame, power: str, territory: str) -> dict[str, frozenset[str]]:
    return {**game.attacks, power: game.attacked_by(power) | {territory}}


@evolve_global.register
def _turn(pack, game: GlobalGame, event: TurnBegan) -> GlobalGame:
    game = evolve_game(game, event)
    return replace(game, bought_by={}, purchased=(), produced={}, researched=False, scrambles=(),
                   kamikaze_done=frozenset())


@evolve_global.register
def _research(pack, game: GlobalGame, event: ev.ResearchRolled) -> GlobalGame:
    position = game.position
    if event.advance:
        position = replace(position, techs={**position.techs,
                                            event.power: position.advances(event.power) | {event.advance}})
    return replace(game, position=position, researched=True, treasury={**game.treasury, event.treasury: event.left})


@evolve_global.register
def _purchased(pack, game: GlobalGame, event: ev.UnitsPurchased) -> GlobalGame:
    position = game.position
    for territory, damage in event.damage.items():
        position = replace(position, damage=_damage(position, territory, damage))
    bought = {**game.bought_by, event.treasury: dict(event.units)} if event.units else game.bought_by
    return replace(game, position=position, bought_by=bought, purchased=game.purchased + (event.treasury,),
                   treasury={**game.treasury, event.treasury: event.left})


@evolve_global.register
def _war(pack, game: GlobalGame, event: WarDeclared) -> GlobalGame:
    position = game.position
    return replace(game, position=replace(position, relations=relations_after(position.relations, event)))


@evolve_global.register
def _conditions(pack, game: GlobalGame, event: ev.ConditionsMet) -> GlobalGame:
    return replace(game, conditions=game.conditions | frozenset(event.conditions))


@evolve_global.register
def _upgraded(pack, game: GlobalGame, event: ev.FactoriesUpgraded) -> GlobalGame:
    return replace(game, position=apply(game.position, event.spaces))


@evolve_global.register
def _neutral(pack, game: GlobalGame, event: neutrals.NeutralTaken) -> GlobalGame:
    return replace(game, position=neutrals.take(pack.board, game.position, event))


@evolve_global.register
def _conquered(pack, game: GlobalGame, event: ev.TerritoryConquered) -> GlobalGame:
    position = apply(game.position, event.spaces)
    factories, damage = position.factories, position.damage
    if event.removed:
        factories = factories - {event.territory}
        damage = _damage(position, event.territory, {unit: 0 for unit in event.removed})
    position = replace(position, owners={**position.owners, event.territory: event.owner},
                       conquered=position.conquered | {event.territory}, factories=factories, damage=damage)
    treasury = game.treasury
    if event.ipcs_taken:
        treasury = _treasury(game, **{event.taken_from: -event.ipcs_taken})
        treasury[event.given_to] = treasury.get(event.given_to, 0) + event.ipcs_taken
    return replace(game, position=position, treasury=treasury,
                   attacks=_attacked(game, event.conqueror, event.territory))


@evolve_global.register
def _found(pack, game: GlobalGame, event: BattleFound) -> GlobalGame:
    game = evolve_game(game, event)
    return replace(game, attacks=_attacked(game, event.attacker, event.space))


@evolve_global.register
def _rocket(pack, game: GlobalGame, event: ev.RocketFired) -> GlobalGame:
    position = replace(game.position, damage=_damage(game.position, event.target, {event.facility: event.total}))
    return replace(game, position=position, rockets=game.rockets | {event.launch})


@evolve_global.register
def _scrambled(pack, game: GlobalGame, event: ev.FightersScrambled) -> GlobalGame:
    scramble = Scramble(event.power, event.territory, event.zone, dict(event.units))
    return replace(game, position=apply(game.position, event.spaces), scrambles=game.scrambles + (scramble,))


@evolve_global.register
def _scramble_ended(pack, game: GlobalGame, event: ev.ScrambleEnded) -> GlobalGame:
    return replace(game, position=apply(game.position, event.spaces))


@evolve_global.register
def _kamikaze(pack, game: GlobalGame, event: ev.KamikazeStruck) -> GlobalGame:
    return replace(game, position=apply(game.position, event.spaces), kamikaze_tokens=event.tokens_left,
                   kamikaze_done=game.kamikaze_done | {event.battle_id})


@evolve_global.register
def _bombed(pack, game: GlobalGame, event: ev.FacilityBombed) -> GlobalGame:
    game = _battle(game, event.battle_id, status="done")
    position = apply(game.position, event.spaces)
    if event.facility:
        position = replace(position, damage=_damage(position, event.territory, {event.facility: event.total}))
    return replace(game, position=position)


@evolve_global.register
def _placed(pack, game: GlobalGame, event: ev.UnitsPlaced) -> GlobalGame:
    position = apply(game.position, event.spaces)
    if event.factory:
        position = replace(position, factories=position.factories | {event.territory})
    left = game.bought_by.get(event.treasury, {})
    left = {u: n - event.units.get(u, 0) for u, n in left.items() if n - event.units.get(u, 0) > 0}
    bought = {t: units for t, units in {**game.bought_by, event.treasury: left}.items() if units}
    produced = game.produced
    if event.value:
        produced = {**produced, event.territory: produced.get(event.territory, 0) + event.value}
    return replace(game, position=position, bought_by=bought, produced=produced)


@evolve_global.register
def _lost(pack, game: GlobalGame, event: ev.UnitsLost) -> GlobalGame:
    bought = {} if event.unplaced else game.bought_by
    return replace(game, position=apply(game.position, event.spaces), bought_by=bought)


@evolve_global.register
def _refunded(pack, game: GlobalGame, event: ev.PurchaseRefunded) -> GlobalGame:
    bought = {t: units for t, units in game.bought_by.items() if t != event.treasury}
    return replace(game, bought_by=bought, treasury=_treasury(game, **{event.treasury: event.ipcs}))


@evolve_global.register
def _income(pack, game: GlobalGame, event: ev.IncomeCollected) -> GlobalGame:
    report = GlobalIncome(game.round, event.territories, tuple(event.objectives), event.convoy, event.war_bonds,
                          event.burma_road, event.collected, event.note)
    once = frozenset(o.id for o in event.objectives if o.ipcs and o.once)
    return replace(game, treasury={**game.treasury, event.treasury: event.left},
                   income={**game.income, event.treasury: report}, paid_once=game.paid_once | once)


@evolve_global.register
def _victory(pack, game: GlobalGame, event: ev.VictoryChecked) -> GlobalGame:
    claim = game.claim
    if not event.claim:
        claim = None
    elif claim is None or claim.side != event.claim:
        claim = VictoryClaim(event.claim, game.round, game.power)
    return replace(game, claim=claim, winner=event.winner or None, victory_note=event.note)
