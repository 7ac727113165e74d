"""Folding the whole game's events into its state: total, never raises, never re-runs a rule."""
from __future__ import annotations

from dataclasses import replace

from domain.aa.battles.messages import BattleEnded, BattleRequested, BattleRoundFought
from domain.aa.combat.records import Step
from domain.aa.revised_phase_one.game import events as ev
from domain.aa.revised_phase_one.game.pieces import apply
from domain.aa.revised_phase_one.game.state import Game, GameBattle, IncomeReport, Landing, MoveRecord
from domain.kernel.dispatch import ByType, unchanged

evolve_game = ByType(unchanged)


def _battle(game: Game, battle_id: str, **changes) -> Game:
    battle = game.battles.get(battle_id)
    if battle is None:
        return game
    return replace(game, battles={**game.battles, battle_id: replace(battle, **changes)})


def _treasury(game: Game, **deltas: int) -> dict[str, int]:
    out = dict(game.treasury)
    for power, delta in deltas.items():
        out[power] = max(0, out.get(power, 0) + delta)
    return out


@evolve_game.register
def _standing(game: Game, event: ev.StandingOrdersSet) -> Game:
    return replace(game, standing={**game.standing, event.power: event.orders}, seals=max(game.seals, event.number + 1))


@evolve_game.register
def _turn(game: Game, event: ev.TurnBegan) -> Game:
    position = game.position.start_turn()
    return replace(game, round=event.round, power=event.power, position=position,
                   owners_at_start=dict(position.owners), factories_at_start=position.factories, bought={},
                   factories_bought=(), placed_value={}, placed_infantry={}, battles={}, moves=(), landings=(),
                   bombing={}, rockets=frozenset(), italian_due=0, had_turn=game.had_turn | {event.power})


@evolve_game.register
def _phase(game: Game, event: ev.PhaseBegan) -> Game:
    return replace(game, phase=event.phase)


@evolve_game.register
def _purchased(game: Game, event: ev.UnitsPurchased) -> Game:
    # AAR1-optional Italian Forces: the doubled count of the power's last income (collected after
    # its previous purchase) is owed to Southern Europe from what it buys now.
    last = game.income.get(event.power)
    due = min(2 * last.italian, event.cost) if last is not None and last.italian else 0
    return replace(game, bought=dict(event.units), factories_bought=tuple(event.factories),
                   treasury={**game.treasury, event.power: event.treasury}, italian_due=due)


@evolve_game.register
def _bid(game: Game, event: ev.TurnsBid) -> Game:
    return replace(game, bids={**game.bids, event.side: event.turns})


@evolve_game.register
def _bids_revealed(game: Game, event: ev.BidsRevealed) -> Game:
    return replace(game, options=replace(game.options, minor_turns=event.turns), sides={})


@evolve_game.register
def _income(game: Game, event: ev.IncomeCollected) -> Game:
    report = IncomeReport(game.round, event.territories, event.italian, event.raided, event.collected,
                          dict(event.by_zone))
    return replace(game, treasury={**game.treasury, event.power: event.treasury},
                   income={**game.income, event.power: report})


@evolve_game.register
def _moved(game: Game, event: ev.UnitsMoved) -> Game:
    record = MoveRecord(event.power, dict(event.units), tuple(event.route), event.combat, event.bombing)
    landings = game.landings
    if event.unload_to:
        landings += tuple(Landing(event.route[-1], event.unload_to, tuple(cargo)) for cargo in event.landings)
    bombing = game.bombing
    if event.bombing:
        target = event.route[-1]
        bombing = {**bombing, target: bombing.get(target, 0) + event.units.get("bomber", 0)}
    return replace(game, position=apply(game.position, event.spaces), moves=game.moves + (record,),
                   landings=landings, bombing=bombing)


@evolve_game.register
def _aa(game: Game, event: ev.AaFired) -> Game:
    return replace(game, position=apply(game.position, event.spaces))


@evolve_game.register
def _conquered(game: Game, event: ev.TerritoryConquered) -> Game:
    position = apply(game.position, event.spaces)
    factories, purchased = position.factories, game.purchased_factories
    if event.factory == "destroyed":
        factories, purchased = factories - {event.territory}, purchased - {event.territory}
    position = replace(position, owners={**position.owners, event.territory: event.owner},
                       conquered=position.conquered | {event.territory}, factories=factories)
    treasury = game.treasury
    if event.ipcs_taken:
        treasury = _treasury(game, **{event.previous: -event.ipcs_taken})
        treasury[event.conqueror] = treasury.get(event.conqueror, 0) + event.ipcs_taken
    return replace(game, position=position, purchased_factories=purchased, treasury=treasury)


@evolve_game.register
def _rocket(game: Game, event: ev.RocketFired) -> Game:
    return replace(game, treasury=_treasury(game, **{event.victim: -event.damage}),
                   rockets=game.rockets | {event.launch})


@evolve_game.register
def _found(game: Game, event: ev.BattleFound) -> Game:
    battle = GameBattle(event.battle_id, event.space, event.kind, event.attacker, event.defender,
                        tuple(event.origins), event.amphibious)
    return replace(game, battles={**game.battles, event.battle_id: battle}, battle_count=game.battle_count + 1)


@evolve_game.register
def _emergency(game: Game, event: ev.EmergencyInfantryBought) -> Game:
    game = _battle(game, event.battle_id, emergency=True)
    return replace(game, position=apply(game.position, event.spaces),
                   treasury=_treasury(game, **{event.power: -event.cost}))


@evolve_game.register
def _losses(game: Game, event: ev.LossesChosen) -> Game:
    battle = game.battles.get(event.battle_id)
    if battle is None:
        return game
    waiting = battle.waiting - {event.power} if event.answered else battle.waiting
    game = replace(game, seals=max(game.seals, event.number + 1))
    return _battle(game, event.battle_id, orders={**battle.orders, event.power: tuple(event.order)},
                   sources={**battle.sources, event.power: event.source}, waiting=waiting)


@evolve_game.register
def _pressed(game: Game, event: ev.AttackPressed) -> Game:
    battle = game.battles.get(event.battle_id)
    if battle is None:
        return game
    return _battle(game, event.battle_id, retreat_to=event.to, waiting=battle.waiting - {event.power},
                   sources={**battle.sources, "retreat": event.source})


@evolve_game.register
def _awaited(game: Game, event: ev.BattleRoundAwaited) -> Game:
    return _battle(game, event.battle_id, status="waiting", waiting=frozenset(event.waiting), orders={}, sources={},
                   retreat_to="")


@evolve_game.register
def _continued(game: Game, event: ev.BattleContinued) -> Game:
    return _battle(game, event.battle_id, status="fighting", waiting=frozenset())


@evolve_game.register
def _requested(game: Game, event: BattleRequested) -> Game:
    return _battle(game, event.battle_id, status="fighting")


@evolve_game.register
def _round(game: Game, event: BattleRoundFought) -> Game:
    battle = game.battles.get(event.battle_id)
    if battle is None:
        return game
    sunk = sum(step.hits for step in event.steps if step.step is Step.AA_TRANSPORTS)
    return _battle(game, event.battle_id, round=event.round, orders={}, sources={}, retreat_to="",
                   transports_lost=battle.transports_lost + sunk)


@evolve_game.register
def _ended(game: Game, event: BattleEnded) -> Game:
    return _battle(game, event.battle_id, status="ended", outcome=event.outcome.value)


@evolve_game.register
def _applied(game: Game, event: ev.BattleResultApplied) -> Game:
    game = _battle(game, event.battle_id, status="done")
    return replace(game, position=apply(game.position, event.spaces))


@evolve_game.register
def _bombed(game: Game, event: ev.BombingRaidResolved) -> Game:
    game = _battle(game, event.battle_id, status="done")
    return replace(game, position=apply(game.position, event.spaces),
                   treasury=_treasury(game, **{event.defender: -event.damage}))


@evolve_game.register
def _placed(game: Game, event: ev.UnitsPlaced) -> Game:
    position = apply(game.position, event.spaces)
    if event.factory:
        return replace(game, position=replace(position, factories=position.factories | {event.territory}),
                       purchased_factories=game.purchased_factories | {event.territory},
                       factories_bought=tuple(t for t in game.factories_bought if t != event.territory))
    bought = {u: n - event.units.get(u, 0) for u, n in game.bought.items() if n - event.units.get(u, 0) > 0}
    infantry = event.units.get("infantry", 0)
    return replace(game, position=position, bought=bought,
                   placed_value={**game.placed_value,
                                 event.territory: game.placed_value.get(event.territory, 0) + event.value},
                   placed_infantry={**game.placed_infantry,
                                    event.territory: game.placed_infantry.get(event.territory, 0) + infantry})


@evolve_game.register
def _lost(game: Game, event: ev.UnitsLost) -> Game:
    bought = {} if event.unplaced else game.bought
    return replace(game, position=apply(game.position, event.spaces), bought=bought,
                   factories_bought=() if event.unplaced else game.factories_bought)


@evolve_game.register
def _victory(game: Game, event: ev.VictoryChecked) -> Game:
    return replace(game, winner=event.winner or None, victory_note=event.note)


@evolve_game.register
def _research(game: Game, event: ev.WeaponsDeveloped) -> Game:
    position = game.position
    if event.gained:
        techs = {**position.techs, event.power: position.advances(event.power) | {event.advance}}
        position = replace(position, techs=techs)
    return replace(game, position=position, treasury={**game.treasury, event.power: event.treasury})


@evolve_game.register
def _lend_lease(game: Game, event: ev.LendLeaseGranted) -> Game:
    return replace(game, treasury=_treasury(game, **event.split))
