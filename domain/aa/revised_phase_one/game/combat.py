"""Battles from the board (AAR-battle): which spaces the combat move made battles in, the order they
are fought in (bombing raids, sea battles, amphibious assaults, the other land battles), the forces
each is fought with, and how each starts: emergency infantry (AAR1-emergency), then either the
combat job fights it by the seats' standing orders or it waits for the seats that choose themselves."""
from __future__ import annotations

from dataclasses import replace

from domain.aa.battles.messages import BattleRequested
from domain.aa.combat.forces import BattleKind, BattleOptions, Forces
from domain.aa.revised_phase_one import placement
from domain.aa.board import Piece
from domain.aa.board.terrain import enemy_pieces, is_enemy_land
from domain.aa.revised_phase_one.game.events import (BattleContinued, BattleFound, BattleResultApplied,
                                                      BattleRoundAwaited, EmergencyInfantryBought, PhaseBegan,
                                                      UnitsLost)
from domain.aa.revised_phase_one.game.pieces import plus, without
from domain.aa.revised_phase_one.game.state import Game, GameBattle, Phase, Source
from domain.aa.revised_phase_one.pack import GamePack
from domain.aa.units import Ability
from domain.kernel import Event

KINDS = ("bombing", "sea", "amphibious", "land")


def _enemy_in(pack: GamePack, game: Game, power: str, space: str) -> list[Piece]:
    """The units there of powers ``power`` is at war with (the other side on the Revised board)."""
    return enemy_pieces(pack.board, game.position, power, space)


def _defender(pack: GamePack, game: Game, power: str, space: str) -> str:
    """The power a battle is fought against: the land's owner, at sea the enemy with most units."""
    owner = game.position.owner(space)
    if owner is not None and is_enemy_land(pack.board, game.position, power, space):
        return owner
    counts: dict[str, int] = {}
    for p in _enemy_in(pack, game, power, space):
        counts[p.power] = counts.get(p.power, 0) + p.count
    order = pack.board.powers
    return max(counts, key=lambda q: (counts[q], -order.index(q)))


def origins(game: Game, space: str) -> tuple[str, ...]:
    """AAR-retreat: where the attacking units came from, in the order they moved (land and sea
    units first; air units' origins only when nothing else attacked)."""
    surface, air = [], []
    for move in game.moves:
        if move.combat and len(move.route) > 1 and move.route[-1] == space:
            (air if all(u in ("fighter", "bomber") for u in move.units) else surface).append(move.route[-2])
    found = surface or air
    return tuple(dict.fromkeys(found))


def find_battles(pack: GamePack, game: Game) -> list[Event]:
    """AAR-battle: at the end of the combat move, every space where the mover's units meet the enemy,
    in the order they are fought; bombers sent to raid an IC make a bombing raid."""
    board, position, power = pack.board, game.position, game.power
    found: dict[str, list[tuple[str, str, bool]]] = {kind: [] for kind in KINDS}
    for territory in sorted(game.bombing):
        found["bombing"].append((territory, "bombing", False))
    landed = {landing.territory for landing in game.landings}
    for space in sorted(position.units):
        mine = [p for p in position.pieces(space) if p.power == power]
        if not mine or not _enemy_in(pack, game, power, space):
            continue
        if board.spaces[space].sea:
            found["sea"].append((space, "sea", False))
        elif is_enemy_land(board, position, power, space):
            raiders = game.bombing.get(space, 0)
            attackers = sum(p.count for p in mine) - raiders
            if attackers > 0:
                amphibious = space in landed
                found["amphibious" if amphibious else "land"].append((space, "land", amphibious))
    events: list[Event] = []
    n = game.battle_count
    for kind in KINDS:
        for space, battle_kind, amphibious in found[kind]:
            n += 1
            battle_id = f"r{game.round}-{power}-{n}"
            events.append(BattleFound(battle_id, space, battle_kind, power, _defender(pack, game, power, space),
                                      origins(game, space), amphibious))
    return events


# ---- forces ------------------------------------------------------------------------------------


def _count(pieces, keep=lambda p: True) -> dict[str, int]:
    out: dict[str, int] = {}
    for p in pieces:
        if keep(p):
            out[p.unit] = out.get(p.unit, 0) + p.count
    return out


def _combat_techs(pack: GamePack, game: Game, power: str) -> frozenset[str]:
    return frozenset(t for t in game.position.advances(power) if t in pack.techs and pack.techs[t].combat)


def _sea_battle_in(game: Game, zone: str) -> bool:
    return any(b.kind == "sea" and b.space == zone for b in game.battles.values())


def _sea_battle_lost(game: Game, zone: str) -> bool:
    """The attacker did not win the sea battle in ``zone``: its transports there never unloaded."""
    return any(b.kind == "sea" and b.space == zone and b.outcome != "attacker_wins" for b in game.battles.values())


def landings(game: Game, territory: str) -> list:
    """AAR-transport: the landings into ``territory`` this turn whose transports won their way in."""
    return [landing for landing in game.landings
            if landing.territory == territory and not _sea_battle_lost(game, landing.zone)]


def _stranded_cargo(pack: GamePack, game: Game, battle: GameBattle) -> list[Event]:
    """Cargo whose transports lost the sea battle they unloaded from never came ashore: it is lost."""
    lost = [landing for landing in game.landings
            if landing.territory == battle.space and _sea_battle_lost(game, landing.zone)]
    gone = {}
    for landing in lost:
        for unit in landing.units:
            gone[unit] = gone.get(unit, 0) + 1
    if not gone:
        return []
    pieces = game.position.pieces(battle.space)
    drop = []
    for unit, n in gone.items():
        for p in pieces:
            if p.power == battle.attacker and p.unit == unit and p.done and n:
                k = min(n, p.count)
                drop.append(replace(p, count=k))
                n -= k
    left = without(pieces, drop)
    if left == pieces:
        return []
    return [UnitsLost(battle.attacker, "their transports lost the sea battle", {battle.space: left})]


def _bombard(pack: GamePack, game: Game, battle: GameBattle) -> dict[str, int]:
    """AAR-battle: the attacker's bombarding ships in the zones the landing came from (none where a
    sea battle was fought this turn)."""
    units = pack.side_units(_combat_techs(pack, game, battle.attacker))
    out: dict[str, int] = {}
    for zone in sorted({landing.zone for landing in landings(game, battle.space)}):
        if _sea_battle_in(game, zone):
            continue
        for p in game.position.pieces(zone):
            if p.power == battle.attacker and units[p.unit].has(Ability.BOMBARD):
                out[p.unit] = out.get(p.unit, 0) + p.count
    return out


def forces(pack: GamePack, game: Game, battle: GameBattle) -> Forces:
    """The battle's forces from the board: the attacker's units in the space (amphibious cargo apart,
    raiding bombers left out), every enemy unit there defending."""
    pieces = game.position.pieces(battle.space)
    attacker = battle.attacker
    if battle.kind == "bombing":
        # The bombers sent to raid that are still there: AA fire on the way may have shot some down.
        there = sum(p.count for p in pieces if p.power == attacker and p.unit == "bomber")
        return Forces(BattleKind.LAND, {"bomber": min(game.bombing.get(battle.space, 0), there)},
                      _count(pieces, lambda p: p.power != attacker and pack.units[p.unit].has(Ability.ANTI_AIRCRAFT)))
    sea = battle.kind == "sea"
    amphibious = () if sea else tuple(landing.units for landing in landings(game, battle.space))
    landed = {}
    for cargo in amphibious:
        for unit in cargo:
            landed[unit] = landed.get(unit, 0) + 1
    mine = _count(pieces, lambda p: p.power == attacker)
    for unit, n in landed.items():
        mine[unit] = mine.get(unit, 0) - n
    if not sea and game.bombing.get(battle.space):
        mine["bomber"] = mine.get("bomber", 0) - game.bombing[battle.space]
    mine = {u: n for u, n in mine.items() if n > 0 and not pack.units[u].has(Ability.CANNOT_ATTACK)}
    enemy = _count(enemy_pieces(pack.board, game.position, attacker, battle.space))
    bombard = _bombard(pack, game, battle) if amphibious else {}
    return Forces(BattleKind.SEA if sea else BattleKind.LAND, mine, enemy, amphibious, bombard)


def battle_options(pack: GamePack, state_aa_rule, game: Game, battle: GameBattle) -> BattleOptions:
    """The engine's options: the game's AA rule and both sides' combat advances. The seats' sealed
    orders (losses, submerging, retreating) are not in this public record: each round is fought
    with them (``fighting``)."""
    sea_combat = any(_sea_battle_in(game, landing.zone) for landing in game.landings
                     if landing.territory == battle.space)
    return BattleOptions(aa_rule=state_aa_rule, attacker_techs=_combat_techs(pack, game, battle.attacker),
                         defender_techs=_combat_techs(pack, game, battle.defender), sea_combat=sea_combat)


# ---- starting a battle -------------------------------------------------------------------------


def emergency(pack: GamePack, game: Game, battle: GameBattle) -> tuple[str, int] | None:
    """AAR1-emergency: (victory city, most infantry) when the battle's territory holds a VC of the
    defender that has not had its first turn; None otherwise."""
    if battle.kind != "land" or battle.defender in game.had_turn:
        return None
    cities = [vc for vc in pack.house.vcs_in(battle.space)]
    if not cities:
        return None
    vc = cities[0]
    limit = placement.infantry_limit(pack.house, vc.city, battle.defender, game.position.owners,
                                     game.options.infantry_rule)
    return vc.city, limit


def buy_emergency(pack: GamePack, game: Game, battle: GameBattle, count: int,
                  source: Source) -> EmergencyInfantryBought:
    cost = count * pack.units["infantry"].cost
    piece = Piece(battle.defender, "infantry", count)
    spaces = {battle.space: plus(game.position.pieces(battle.space), [piece])} if count else {}
    return EmergencyInfantryBought(battle.defender, battle.battle_id, battle.space, count, cost, source, spaces)


def affordable_emergency(pack: GamePack, game: Game, battle: GameBattle) -> int:
    found = emergency(pack, game, battle)
    if found is None:
        return 0
    return min(found[1], game.treasury.get(battle.defender, 0) // pack.units["infantry"].cost)


def interactive(game: Game, battle: GameBattle, round_: int) -> tuple[str, ...]:
    """The powers whose seats choose themselves before round ``round_ + 1`` (the defender's losses;
    the attacker's losses and, after a round, pressing on or retreating)."""
    waiting = []
    for power in (battle.attacker, battle.defender):
        if game.orders_of(power).interactive and power not in waiting:
            waiting.append(power)
    return tuple(waiting)


def _fighting(pack: GamePack, game: Game, battle: GameBattle) -> bool:
    """Both sides still have units for the battle (earlier battles, AA fire over the route or lost
    transports may have left one side with nothing: nothing is fought)."""
    found = forces(pack, game, battle)
    return bool(sum(found.attacker.values()) or found.amphibious) and bool(sum(found.defender.values()))


def request(pack: GamePack, aa_rule, game: Game, battle: GameBattle) -> BattleRequested:
    return BattleRequested(battle.battle_id, battle.space, battle.attacker, battle.defender,
                           forces(pack, game, battle), battle_options(pack, aa_rule, game, battle))


def next_battle(pack: GamePack, game: Game, aa_rule) -> list[Event] | None:
    """AAR-battle: the events that start the next battle of the combat phase, or end the phase once
    every battle is over; None while a battle is being fought or waits for choices."""
    for battle in game.battle_order():
        if battle.status == "done":
            continue
        if battle.status == "waiting" and not battle.waiting:
            return _ready(pack, aa_rule, game, battle)
        if battle.status != "pending":
            return None
        stranded = _stranded_cargo(pack, game, battle)
        if stranded:
            return stranded
        if not _fighting(pack, game, battle):
            return [BattleResultApplied(battle.battle_id, {}, "")]
        events: list[Event] = []
        orders = game.orders_of(battle.defender)
        if not battle.emergency and not orders.interactive and orders.emergency_infantry:
            count = affordable_emergency(pack, game, battle)
            if count:
                events.append(buy_emergency(pack, game, battle, count, Source.STANDING_ORDER))
        waiting = interactive(game, battle, 0) if battle.kind != "bombing" else ()
        if waiting:
            return events + [BattleRoundAwaited(battle.battle_id, 0, waiting)]
        if events:
            return events  # the battle starts from the board with the emergency infantry on it
        return [request(pack, aa_rule, game, battle)]
    return [PhaseBegan(game.round, game.power, Phase.NON_COMBAT_MOVE)]


def _ready(pack: GamePack, aa_rule, game: Game, battle: GameBattle) -> list[Event]:
    """Every choice the next round waited for is in: before the first round the battle is requested
    from the board (after the defender's emergency infantry by its standing order, if it bought
    none itself); later rounds continue."""
    if battle.round:
        return [BattleContinued(battle.battle_id, battle.round)]
    orders = game.orders_of(battle.defender)
    if not battle.emergency and orders.emergency_infantry:
        count = affordable_emergency(pack, game, battle)
        if count:
            return [buy_emergency(pack, game, battle, count, Source.STANDING_ORDER)]
    return [request(pack, aa_rule, game, battle)]

