"""Battles (AAG-battle): as in the Revised game (``domain.aa.revised_phase_one.game.combat`` finds
them and starts them, ``fighting`` fights them round by round with the seats' standing orders or
their own choices), plus what Global adds before a battle: scramble (a defender's standing order
flies its aircraft from an air base to a sea zone beside it), kamikaze (Japan's standing order
strikes the attacking ships first), strategic bombing of facilities, and at the end of Japan's
combat move the Soviet-Mongolian pact (AAG40-mongolia). The Revised functions' events are read
into this game's (``translate``: its pieces), and a battle won takes the territory by this game's
conquest rule."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, replace

from domain.aa.battles.messages import FightBattle
from domain.aa.board import Stance, stances
from domain.aa.board.terrain import enemy_pieces
from domain.aa.global1940 import neutrals
from domain.aa.global1940.game.common import next_phase, piece, require_turn
from domain.aa.global1940.game.conquest import conquer
from domain.aa.global1940.game.events import (
    GLOBAL_OF,
    FacilityBombed,
    FightersScrambled,
    KamikazeStruck,
    ScrambleEnded,
)
from domain.aa.global1940.game.movement import bombing_target
from domain.aa.global1940.game.state import GlobalGame, GlobalState
from domain.aa.global1940.pack import GlobalGamePack
from domain.aa.revised_phase_one.game import combat as revised_combat
from domain.aa.revised_phase_one.game import fighting
from domain.aa.revised_phase_one.game.commands import EndCombatMove
from domain.aa.revised_phase_one.game.events import PhaseBegan
from domain.aa.revised_phase_one.game.pieces import plus, without
from domain.aa.revised_phase_one.game.state import GameBattle, Phase, Source
from domain.kernel import SYSTEM, Context, Dice, Event, RuleViolation

BATTLE = "AAG-battle"
Fold = Callable[[GlobalGame, list[Event]], GlobalGame]


def translate(events: list[Event]) -> list[Event]:
    """The Revised game's events as this game's: the same event, declared on Global pieces."""
    return [GLOBAL_OF[type(e)](**{f.name: getattr(e, f.name) for f in fields(e)}) if type(e) in GLOBAL_OF else e
            for e in events]


# ---- the end of the combat move --------------------------------------------------------------------


def _scramble_zones(pack: GlobalGamePack, game: GlobalGame) -> list[str]:
    """The sea zones under attack: where the mover's units meet units of a power it is at war with,
    or where its transports landed from."""
    board, position, power = pack.board, game.position, game.power
    zones = {z for z, pieces in position.units.items() if board.spaces[z].sea
             and any(p.power == power for p in pieces) and enemy_pieces(board, position, power, z)}
    zones |= {landing.zone for landing in game.landings}
    return sorted(zones)


def scrambles(pack: GlobalGamePack, game: GlobalGame) -> list[Event]:
    """AAG-battle: every defender whose standing order says so flies up to ``per_base`` fighters and
    tactical bombers from an operational air base beside a zone where a battle may come (each base
    once a turn)."""
    board, position, rules, attacker = pack.board, game.position, pack.rules, game.power
    base = board.bases.get(rules.scramble_base)
    war = stances(board, position, attacker)
    used: set[str] = set()
    events: list[Event] = []
    for zone in _scramble_zones(pack, game):
        for territory in board.neighbours(zone):
            owner = position.owner(territory)
            if territory in used or board.spaces[territory].sea or war.of(owner) is not Stance.AT_WAR \
                    or owner not in board.powers or not game.orders_of(owner).scramble or base is None:
                continue
            if position.damage_to(territory, base.unit) >= base.out_of_action_at or not any(
                    p.unit == base.unit and p.power == owner for p in position.pieces(territory)):
                continue
            left, flying = rules.scramble_per_base, []
            for p in position.pieces(territory):
                if p.power == owner and p.unit in rules.scramble_units and left:
                    n = min(left, p.count)
                    flying.append(replace(p, count=n))
                    left -= n
            if not flying:
                continue
            used.add(territory)
            units: dict[str, int] = {}
            for p in flying:
                units[p.unit] = units.get(p.unit, 0) + p.count
            spaces = {territory: without(position.pieces(territory), flying), zone: plus(position.pieces(zone), flying)}
            events.append(FightersScrambled(owner, territory, zone, units, Source.STANDING_ORDER, spaces))
            position = replace(position, units={**position.units, **spaces})
    return events


def _mongolian_pact(pack: GlobalGamePack, game: GlobalGame, found: list[Event]) -> list[Event]:
    """AAG40-mongolia: at the end of Japan's combat move, its attack on an original Soviet
    territory bordering Mongolia hands Mongolia to the USSR (the seed's exceptions apply)."""
    rules = pack.extra.mongolia
    if game.power != rules.enemy:
        return []
    attacked = {e.space for e in found if hasattr(e, "space")} | set(game.position.conquered)
    return list(neutrals.mongolian_pact(pack.board, game.position, rules, sorted(attacked),
                                        sorted(game.attacked_by(rules.ally))))


def end_combat_move(state: GlobalState, command: EndCombatMove, ctx: Context, pack: GlobalGamePack,
                    fold: Fold) -> list[Event]:
    """AAG-battle: the combat move is over: defenders scramble, the battles are found in the order
    they are fought, Mongolia may join the USSR, and the combat phase begins."""
    game = require_turn(state, command, ctx, Phase.COMBAT_MOVE)
    events = scrambles(pack, game)
    after = fold(game, events)
    found = revised_combat.find_battles(pack, after)
    events += found
    events += _mongolian_pact(pack, fold(after, found), found)
    return events + [PhaseBegan(game.round, game.power, next_phase(pack, Phase.COMBAT_MOVE))]


# ---- before a battle: kamikaze and bombing raids -------------------------------------------------


def _kamikaze_targets(pack: GlobalGamePack, game: GlobalGame, battle: GameBattle) -> list:
    board = pack.board
    order = game.orders_of(pack.rules.kamikaze_power).kamikaze_targets
    ships = [p for p in game.position.pieces(battle.space) if p.power == battle.attacker
             and board.units[p.unit].is_sea and not board.units[p.unit].is_transport and not board.units[p.unit].is_sub]

    def rank(p):
        listed = order.index(p.unit) if p.unit in order else len(order)
        return listed, -board.units[p.unit].cost, p.unit
    return sorted(ships, key=rank)


def kamikaze(pack: GlobalGamePack, game: GlobalGame, battle: GameBattle, dice: Dice) -> list[Event]:
    """AAG-battle: before a sea battle in a kamikaze zone where Japan defends, its standing order
    spends tokens: each a die hitting on the pack's value; hits sink the ships struck in order (a
    two-hit ship needs two)."""
    board, rules = pack.board, pack.rules
    japan = rules.kamikaze_power
    if battle.kind != "sea" or battle.space not in board.kamikaze_zones or battle.battle_id in game.kamikaze_done \
            or stances(board, game.position, japan).of(battle.attacker) is not Stance.AT_WAR \
            or not any(p.power == japan for p in game.position.pieces(battle.space)):
        return []
    strikes = min(game.orders_of(japan).kamikaze, game.kamikaze_tokens)
    targets = _kamikaze_targets(pack, game, battle)
    if strikes <= 0 or not targets:
        return []
    rolls = tuple(dice.roll(pack.combat.dice_sides) for _ in range(strikes))
    hits = sum(r <= rules.kamikaze_hit_on for r in rolls)
    sunk, gone = {}, []
    singles = [replace(p, count=1) for p in targets for _ in range(p.count)]
    for ship in singles:
        need = board.units[ship.unit].type.hits
        if hits < need:
            break
        hits -= need
        sunk[ship.unit] = sunk.get(ship.unit, 0) + 1
        gone.append(ship)
    spaces = {battle.space: without(game.position.pieces(battle.space), gone)} if gone else {}
    return [KamikazeStruck(battle.battle_id, battle.space, strikes, rolls, sunk, game.kamikaze_tokens - strikes,
                           Source.STANDING_ORDER, spaces)]


def bombing_raid(pack: GlobalGamePack, game: GlobalGame, battle: GameBattle, dice: Dice) -> list[Event]:
    """AAG-battle: the facility fires a die at each raiding bomber (Radar improves it); each bomber
    left does a die (Heavy Bombers: the best of its dice) plus the pack's bonus, up to the
    facility's maximum damage."""
    board, rules, position = pack.board, pack.rules, game.position
    facility = bombing_target(pack, game, battle.attacker, battle.space)
    bombers = game.bombing.get(battle.space, 0)
    if facility is None or not bombers:
        return [FacilityBombed(battle.battle_id, battle.space, battle.attacker, battle.defender, facility or "",
                               (), 0, (), 0, 0, {})]
    hit = pack.aa_hit(game.position.advances(battle.defender), rules.bombing_hit_on)
    aa = tuple(dice.roll(pack.combat.dice_sides) for _ in range(bombers))
    lost = sum(r <= hit for r in aa)
    unit = pack.side_units(game.position.advances(battle.attacker))[rules.bombing_units[0]]
    rolls = []
    for _ in range(bombers - lost):
        dice_each = tuple(dice.roll(pack.combat.dice_sides) for _ in range(max(1, unit.attack_dice)))
        rolls.append(max(dice_each))
    now = position.damage_to(battle.space, facility)
    total = min(board.units[facility].max_damage, now + sum(r + rules.bombing_bonus for r in rolls))
    spaces = {}
    if lost:
        gone, left = [], lost
        for p in sorted((p for p in position.pieces(battle.space) if p.power == battle.attacker
                         and p.unit in rules.bombing_units), key=lambda p: -p.moved):
            n = min(left, p.count)
            if n:
                gone.append(replace(p, count=n))
                left -= n
        spaces = {battle.space: without(position.pieces(battle.space), gone)}
    return [FacilityBombed(battle.battle_id, battle.space, battle.attacker, battle.defender, facility, aa, lost,
                           tuple(rolls), total - now, total, spaces)]


def scramble_end(pack: GlobalGamePack, game: GlobalGame) -> list[Event]:
    """AAG-battle: after the combat phase, scrambled aircraft left in their zone fly back to their
    air base's territory; those whose territory fell meanwhile are lost."""
    if not game.scrambles:
        return []
    position, board = game.position, pack.board
    spaces, lost = {}, {}
    for s in game.scrambles:
        zone_pieces = spaces.get(s.zone, position.pieces(s.zone))
        back = []
        for unit, count in s.units.items():
            for p in zone_pieces:
                if p.power == s.power and p.unit == unit and count:
                    n = min(count, p.count)
                    back.append(replace(p, count=n))
                    count -= n
        if not back:
            continue
        spaces[s.zone] = without(zone_pieces, back)
        home = position.owner(s.territory)
        if stances(board, position, s.power).of(home) is Stance.ALLIED:
            spaces[s.territory] = plus(spaces.get(s.territory, position.pieces(s.territory)),
                                       [piece(p.power, p.unit, p.count) for p in back])
        else:
            for p in back:
                lost[p.unit] = lost.get(p.unit, 0) + p.count
    return [ScrambleEnded(spaces, lost)] if spaces else []


def next_step(pack: GlobalGamePack, game: GlobalGame, dice: Dice, aa_rule) -> list[Event]:
    """AAG-battle: the events that start the next battle (kamikaze, a bombing raid, or the Revised
    start), or end the combat phase once every battle is over; none while one is fought or waits."""
    for battle in game.battle_order():
        if battle.status == "done":
            continue
        if battle.status == "pending" and battle.kind == "bombing":
            return bombing_raid(pack, game, battle, dice)
        if battle.status == "pending":
            struck = kamikaze(pack, game, battle, dice)
            if struck:
                return struck
        break
    started = revised_combat.next_battle(pack, game, aa_rule) or []
    if started and isinstance(started[-1], PhaseBegan):
        return scramble_end(pack, game) + started
    return translate(started)


def fight(state: GlobalState, command: FightBattle, ctx: Context, pack: GlobalGamePack) -> list[Event]:
    """The combat job fights the battle's next rounds (Revised ``fighting.fight``), its result read
    as this game's."""
    if not (ctx.is_moderator or ctx.seat == SYSTEM):
        raise RuleViolation(BATTLE, "battles are fought by the combat job or the moderator")
    return translate(fighting.fight(state, command, ctx, pack, conquer=conquer))
