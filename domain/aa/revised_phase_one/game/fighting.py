"""Fighting a battle of the game round by round (AAR-battle, AAR-casualties, AAR-retreat, AAR-sbr):
the combat job's ``FightBattle`` fights with the battle engine on the board's units, each round
with the orders of losses the seats chose for it or their standing orders, the attacker pressing
on or retreating by its choice or its standing rule; a battle a seat chooses in stops after each
round for its choices. The result goes back on the board (casualties, a retreat, a conquest)."""
from __future__ import annotations

from dataclasses import replace

from domain.aa.battles.messages import BattleEnded, BattleRoundFought, FightBattle
from domain.aa.battles.state import BattleEntry
from domain.aa.combat.model import BattleModel, Outcome
from domain.aa.combat.odds import continuation_values
from domain.aa.combat.records import unit_counts
from domain.aa.combat.sequence import BattleState, aa_fire, fight_round, start
from domain.aa.combat.sides import Group, SideModel
from domain.aa.revised_phase_one.game.combat import interactive
from domain.aa.revised_phase_one.game.common import RevisedState
from domain.aa.revised_phase_one.game.conquest import conquer
from domain.aa.revised_phase_one.game.events import (AttackPressed, BattleResultApplied, BattleRoundAwaited,
                                                      BombingRaidResolved, RoundChoices)
from domain.aa.revised_phase_one.game.pieces import without
from domain.aa.revised_phase_one.game.state import Game, GameBattle, Source
from domain.aa.revised_phase_one.pack import GamePack
from domain.aa.board import Piece, merge_pieces, stances
from domain.aa.board.terrain import enemy_ships
from domain.kernel import SYSTEM, Context, Dice, Event, RuleViolation

BATTLE = "AAR-battle"
RETREAT = "AAR-retreat"


def _counts(side: SideModel, units) -> tuple[int, ...]:
    counts = [0] * len(side.groups)
    for u in units:
        i = side.index.get(Group(u.unit, u.damaged, u.amphibious, u.submerged))
        if i is not None:
            counts[i] += u.count
    return tuple(counts)


def resume(model: BattleModel, entry: BattleEntry, battle: GameBattle) -> BattleState:
    """The engine's state after the rounds fought so far (the start before the first)."""
    if battle.round == 0:
        return start(model)
    return BattleState(_counts(model.attacker, entry.attacker_remaining),
                       _counts(model.defender, entry.defender_remaining), battle.round, None, battle.transports_lost)


def retreat_spaces(pack: GamePack, game: Game, battle: GameBattle) -> list[str]:
    """AAR-retreat: where the attacker may retreat to: a space its attacking units came from, friendly
    (land held since the turn's start) or without enemy ships; none from an amphibious assault."""
    if battle.amphibious or battle.kind == "bombing":
        return []
    board, position = pack.board, game.position
    out = []
    for space in battle.origins:
        if board.spaces[space].sea:
            if not enemy_ships(board, position, battle.attacker, space):
                out.append(space)
        elif position.held_since_turn_start(board, battle.attacker, space):
            out.append(space)
    return out


def _round_model(pack: GamePack, game: Game, entry: BattleEntry, battle: GameBattle) -> BattleModel:
    """The battle's model with this round's orders of losses (chosen, else standing) and each side's
    standing choice to submerge its submarines."""
    attack = battle.orders.get(battle.attacker, game.orders_of(battle.attacker).order_of_losses)
    defend = battle.orders.get(battle.defender, game.orders_of(battle.defender).order_of_losses)
    options = replace(entry.options, attacker_order=tuple(attack), defender_order=tuple(defend),
                      attacker_submerge=game.orders_of(battle.attacker).submerge,
                      defender_submerge=game.orders_of(battle.defender).submerge)
    return BattleModel(pack, entry.forces, options)


def _standing_source(game: Game, power: str) -> Source:
    return Source.STANDING_ORDER if power in game.standing else Source.DEFAULT


def round_choices(game: Game, battle: GameBattle) -> RoundChoices:
    """Whose choices the next round follows."""
    losses = {p: battle.sources.get(p, _standing_source(game, p)) for p in (battle.attacker, battle.defender)}
    press = battle.sources.get("retreat", _standing_source(game, battle.attacker))
    return RoundChoices(battle.battle_id, battle.round + 1, losses, press)


def _standing_retreat(pack: GamePack, game: Game, entry: BattleEntry, battle: GameBattle, model: BattleModel,
                      now: BattleState, cache: dict) -> bool:
    """AAR-retreat by the attacker's standing rule: after round k, or when its chance to win falls
    below the threshold (exact odds with both sides' orders of losses)."""
    orders = game.orders_of(battle.attacker)
    if orders.retreat_after_round is not None:
        return now.round >= orders.retreat_after_round
    if orders.retreat_below is None:
        return False
    if "values" not in cache:
        rule = replace(model.options, retreat_below=orders.retreat_below)
        cache["values"] = continuation_values(BattleModel(pack, model.forces, rule))
    return cache["values"].get((now.attacker, now.defender), 0.0) < orders.retreat_below


def _retreat_decision(pack: GamePack, game: Game, entry: BattleEntry, battle: GameBattle, model: BattleModel,
                      now: BattleState, cache: dict) -> tuple[str, Source | None]:
    """(where to, whose choice) before the next round; "" presses on."""
    places = retreat_spaces(pack, game, battle)
    if now.round < 1 or not places:
        return "", None
    if "retreat" in battle.sources:
        return battle.retreat_to, None
    if _standing_retreat(pack, game, entry, battle, model, now, cache):
        return places[0], Source.STANDING_ORDER
    return "", None


def fight(state: RevisedState, command: FightBattle, ctx: Context, pack: GamePack, conquer=conquer) -> list[Event]:
    """The combat job fights the battle's next rounds (all of them unless a seat chooses itself).
    ``conquer``: the rule that hands a captured territory over (another ruleset's for its board)."""
    if not (ctx.is_moderator or ctx.seat == SYSTEM):
        raise RuleViolation(BATTLE, "battles are fought by the combat job or the moderator")
    game = state.game
    battle = game.battles.get(command.battle_id)
    entry = state.battles.get(command.battle_id)
    if battle is None or entry is None or battle.status != "fighting":
        raise RuleViolation(BATTLE, f"battle {command.battle_id!r} does not wait to be fought")
    if battle.kind == "bombing":
        return bombing_raid(pack, game, entry, battle, ctx.dice)
    events: list[Event] = []
    now, previous = None, None
    cache: dict = {}
    while True:
        model = _round_model(pack, game, entry, battle)
        if previous is None:
            now = resume(model, entry, battle)
        else:  # the same units in this round's model (a side that may submerge has more groups)
            now = replace(now, attacker=_counts(model.attacker, unit_counts(previous.attacker, now.attacker)),
                          defender=_counts(model.defender, unit_counts(previous.defender, now.defender)))
        previous = model
        to, source = _retreat_decision(pack, game, entry, battle, model, now, cache)
        if to:
            if source is not None:
                events.append(AttackPressed(battle.battle_id, battle.attacker, to, source))
            retreated = replace(now, outcome=Outcome.ATTACKER_RETREATED)
            return events + finish(pack, game, entry, battle, model, retreated, to, conquer)
        events.append(round_choices(game, battle))
        now, result = fight_round(model, now, ctx.dice)
        events.append(BattleRoundFought.of(battle.battle_id, result))
        battle = replace(battle, round=now.round, orders={}, sources={}, retreat_to="",
                         transports_lost=now.transports_lost)
        if now.outcome is not None:
            return events + finish(pack, game, entry, battle, model, now, "", conquer)
        waiting = interactive(game, battle, now.round)
        if waiting:
            return events + [BattleRoundAwaited(battle.battle_id, now.round, waiting)]


def _prefer_spent(piece: Piece) -> tuple:
    """Casualties are taken from the pieces with the least movement left first."""
    return (-piece.moved, piece.done)


def _remove(pieces: tuple[Piece, ...], keep, losses: dict[str, int], prefer) -> tuple[Piece, ...]:
    """``pieces`` less ``losses`` (unit -> count) taken from those ``keep`` selects."""
    gone = []
    for unit, count in losses.items():
        for p in sorted((p for p in pieces if keep(p) and p.unit == unit), key=prefer):
            if count <= 0:
                break
            n = min(count, p.count)
            gone.append(replace(p, count=n))
            count -= n
    return without(pieces, gone)


def _losses(side: SideModel, before: tuple[int, ...], after: tuple[int, ...], amphibious: bool) -> dict[str, int]:
    """unit -> units lost (a damaged or submerged unit only moved between groups)."""
    out: dict[str, int] = {}
    for g, b, a in zip(side.groups, before, after):
        if g.amphibious == amphibious:
            out[g.unit] = out.get(g.unit, 0) + b - a
    return {unit: n for unit, n in out.items() if n > 0}


def finish(pack: GamePack, game: Game, entry: BattleEntry, battle: GameBattle, model: BattleModel, end: BattleState,
           retreat_to: str, conquer=conquer) -> list[Event]:
    """The battle's end: ``BattleEnded``, its casualties off the board, the retreat, the conquest."""
    att_lost, def_lost = model.ipc_lost(end.attacker, end.defender, end.transports_lost)
    captured = end.outcome is Outcome.ATTACKER_WINS and model.captures(end.attacker)
    ended = BattleEnded(battle.battle_id, end.outcome, end.round, unit_counts(model.attacker, end.attacker),
                        unit_counts(model.defender, end.defender), att_lost, def_lost, captured)
    first = start(model)
    space, attacker, board = battle.space, battle.attacker, pack.board
    pieces = game.position.pieces(space)
    plain = _losses(model.attacker, first.attacker, end.attacker, False)
    ashore = _losses(model.attacker, first.attacker, end.attacker, True)
    pieces = _remove(pieces, lambda p: p.power == attacker and not p.done, plain, _prefer_spent)
    pieces = _remove(pieces, lambda p: p.power == attacker and p.done, ashore, _prefer_spent)
    order = {p: i for i, p in enumerate((battle.defender, *board.powers))}
    at_war = stances(board, game.position, attacker).at_war
    pieces = _remove(pieces, lambda p: p.power in at_war, _losses(model.defender, first.defender, end.defender, False),
                     lambda p: (order[p.power],))
    spaces = {space: pieces}
    if end.transports_lost:
        left = end.transports_lost
        for zone in sorted({landing.zone for landing in game.landings if landing.territory == space}):
            zone_pieces = spaces.get(zone, game.position.pieces(zone))
            sunk = [p for p in zone_pieces if p.power == attacker and p.unit == pack.combat.transport_unit and p.done]
            n = min(left, sum(p.count for p in sunk))
            if n:
                spaces[zone] = _remove(zone_pieces, lambda p: p in sunk, {pack.combat.transport_unit: n}, _prefer_spent)
                left -= n
    if retreat_to:
        going = [p for p in spaces[space] if p.power == attacker and not p.done]
        spaces[space] = without(spaces[space], going)
        spaces[retreat_to] = merge_pieces((*game.position.pieces(retreat_to), *going))
    events: list[Event] = [ended, BattleResultApplied(battle.battle_id, spaces, retreat_to)]
    if captured:
        after = replace(game, position=replace(game.position, units={**game.position.units, **spaces}))
        events.append(conquer(pack, after, space, attacker))
    return events


def bombing_raid(pack: GamePack, game: Game, entry: BattleEntry, battle: GameBattle, dice: Dice) -> list[Event]:
    """AAR-sbr: the territory's AA guns fire first; each surviving bomber rolls its dice (two with
    Heavy Bombers) for IPCs of damage, the total capped by the territory's value."""
    model = BattleModel(pack, entry.forces, entry.options)
    before = start(model)
    after, step = aa_fire(model, before.attacker, dice)
    lost = sum(before.attacker) - sum(after)
    bombers = sum(after)
    dice_each = model.attacker.spec[0].attack_dice if model.attacker.spec else 1
    rolls = tuple(dice.roll(model.sides) for _ in range(bombers * dice_each))
    cap = pack.board.spaces[battle.space].ipc
    damage = min(sum(rolls), cap, game.treasury.get(battle.defender, 0))
    pieces = game.position.pieces(battle.space)
    if lost:
        pieces = _remove(pieces, lambda p: p.power == battle.attacker, {"bomber": lost}, _prefer_spent)
    aa_rolls = step.rolls if step is not None else ()
    return [BombingRaidResolved(battle.battle_id, battle.space, battle.attacker, battle.defender, aa_rolls, lost,
                                rolls, damage, {battle.space: pieces} if lost else {})]

