"""What one seat sees of the whole game: the board, the economy, the battles, the turn and whom it
waits for; standing orders and chosen orders of losses only for their own seat (and the moderator)."""
from __future__ import annotations

from domain.aa.battles.decider import _battle_view
from domain.aa.revised_phase_one import victory_cities
from domain.aa.revised_phase_one.game import bidding
from domain.aa.revised_phase_one.game.common import RevisedState
from domain.aa.revised_phase_one.game.state import Game, Phase
from domain.aa.revised_phase_one.pack import GamePack
from domain.kernel import MODERATOR
from domain.kernel.plain import to_plain

ENDS_STEP = {Phase.BID: "BidTurns", Phase.PURCHASE: "Purchase", Phase.COMBAT_MOVE: "EndCombatMove",
             Phase.NON_COMBAT_MOVE: "EndNonCombatMove", Phase.PLACE: "EndPlacement",
             Phase.RESEARCH: "DevelopWeapons"}
STEP_OF = {Phase.BID: "bid", Phase.PURCHASE: "purchase", Phase.COMBAT_MOVE: "combat_move", Phase.COMBAT: "battle",
           Phase.NON_COMBAT_MOVE: "non_combat_move", Phase.PLACE: "place", Phase.RESEARCH: "research"}


def awaiting(state: RevisedState) -> list[tuple[str, str]]:
    """(power, seat) of every power the game waits for now (none while the combat job fights)."""
    game = state.game
    if game.phase is Phase.OVER:
        return []
    if game.phase is Phase.BID:
        return bidding.awaited(state)
    if game.phase is Phase.COMBAT:
        out = []
        for battle in game.battle_order():
            if battle.status == "waiting":
                out += [(p, state.owners.get(p, MODERATOR)) for p in sorted(battle.waiting)]
                break
        return out
    if game.phase in ENDS_STEP:
        return [(game.power, state.owners.get(game.power, MODERATOR))]
    return []


def _units(pieces) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for p in pieces:
        for q in (p, *p.cargo):
            out.setdefault(q.power, {})
            out[q.power][q.unit] = out[q.power].get(q.unit, 0) + q.count
    return {power: dict(sorted(units.items())) for power, units in sorted(out.items())}


def board_view(pack: GamePack, game: Game) -> tuple[dict, dict]:
    board, position = pack.board, game.position
    cities = {vc.territory: vc for vc in pack.house.victory_cities}
    territories, zones = {}, {}
    for name, space in sorted(board.spaces.items()):
        units = _units(position.pieces(name))
        if space.sea:
            zones[name] = {"units": units}
            continue
        vc = cities.get(name)
        territories[name] = {
            "owner": position.owner(name), "original_owner": space.original_owner, "ipc": space.ipc,
            "capital": space.capital, "impassable": space.impassable, "factory": name in position.factories,
            "victory_city": None if vc is None else {"city": vc.city, "rank": vc.rank, "vcp": vc.vcp},
            "conquered_this_turn": name in position.conquered, "units": units,
        }
    return territories, zones


def _battle(game: Game, battle, mine: set[str], moderator: bool) -> dict:
    shown = to_plain(battle)
    shown["orders"] = {p: o for p, o in shown["orders"].items() if moderator or p in mine}
    shown["waiting"] = sorted(battle.waiting)
    return shown


def _bids(state: RevisedState, seat: str) -> dict:
    """AAR1-victory, minor: the bids, each sealed to its side's seats until both are in (no key in a
    game that never bid)."""
    game = state.game
    if not game.bids and game.phase is not Phase.BID:
        return {}
    if game.phase is not Phase.BID or seat == MODERATOR:
        return {"bids": dict(game.bids)}
    return {"bids": {side: n for side, n in game.bids.items() if seat in bidding.side_seats(state, side)}}


def game_view(pack: GamePack, state: RevisedState, seat: str) -> dict:
    game = state.game
    moderator = seat == MODERATOR
    mine = {p for p, s in state.owners.items() if s == seat}
    territories, zones = board_view(pack, game)
    owners = dict(game.position.owners)
    vcp = {side: victory_cities.vcp_held(pack.house, owners, side) for side in ("Axis", "Allies")}
    waits = awaiting(state)
    return {
        "mode": "game",
        "edition": state.edition,
        "powers": list(state.powers),
        "seats": {power: s for power, s in sorted(state.owners.items())},
        "aa_rule": state.aa_rule.value,
        "options": to_plain(game.options),
        "turn": {
            "round": game.round, "power": game.power, "phase": game.phase.value,
            "step": STEP_OF.get(game.phase), "ends_step": ENDS_STEP.get(game.phase),
            "awaiting": [{"seat": s, "power": p} for p, s in waits],
            "winner": game.winner, "note": game.victory_note,
        },
        "territories": territories,
        "sea_zones": zones,
        "treasury": dict(sorted(game.treasury.items())),
        "income": {p: to_plain(r) for p, r in sorted(game.income.items())},
        "purchase": {"units": dict(sorted(game.bought.items())), "factories": list(game.factories_bought),
                     "placed_value": dict(game.placed_value), "placed_infantry": dict(game.placed_infantry)},
        "purchased_factories": sorted(game.purchased_factories),
        "advances": {p: sorted(game.position.advances(p)) for p in state.powers},
        "victory": {"condition": game.options.victory, "vcp": vcp, "major": dict(pack.house.victory["major"]),
                    "minor_turns": game.options.minor_turns, "winner": game.winner, **_bids(state, seat)},
        "battles": {bid: _battle_view(entry) for bid, entry in sorted(state.battles.items())},
        "combat": [_battle(game, b, mine, moderator) for b in game.battle_order()],
        "moves": [to_plain(m) for m in game.moves],
        "standing_orders": {p: to_plain(o) for p, o in sorted(game.standing.items()) if moderator or p in mine},
    }
