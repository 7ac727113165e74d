"""What one seat sees of the whole Global game: the board (owners, units, facilities and their
damage, neutrals' kinds, victory cities), the treasuries and incomes with objectives met and
missed, politics, the battles, the turn and whom it waits for; standing orders and chosen orders
of losses only for their own seat (and the moderator)."""
from __future__ import annotations

from domain.aa.battles.decider import _battle_view
from domain.aa.global1940 import neutrals
from domain.aa.global1940.game import declarations, victory
from domain.aa.global1940.game.common import treasuries_of
from domain.aa.global1940.game.economy import objectives_of
from domain.aa.global1940.game.state import GlobalGame, GlobalState
from domain.aa.global1940.pack import GlobalGamePack
from domain.aa.revised_phase_one.game.state import Phase
from domain.aa.revised_phase_one.game.view import _battle, _units
from domain.kernel import MODERATOR
from domain.kernel.plain import to_plain

ENDS_STEP = {Phase.RESEARCH: "Research", Phase.PURCHASE: "Purchase", Phase.POLITICS: "EndPolitics",
             Phase.COMBAT_MOVE: "EndCombatMove", Phase.NON_COMBAT_MOVE: "EndNonCombatMove",
             Phase.PLACE: "EndPlacement"}
STEP_OF = {Phase.RESEARCH: "research", Phase.PURCHASE: "purchase", Phase.POLITICS: "politics",
           Phase.COMBAT_MOVE: "combat_move", Phase.COMBAT: "battle", Phase.NON_COMBAT_MOVE: "non_combat_move",
           Phase.PLACE: "place"}


def awaiting(state: GlobalState) -> list[tuple[str, str]]:
    """(power, seat) of every power the game waits for now (none while the combat job fights)."""
    game = state.game
    if game.phase is Phase.OVER:
        return []
    if game.phase is Phase.COMBAT:
        for battle in game.battle_order():
            if battle.status == "waiting":
                return [(p, state.owners.get(p, MODERATOR)) for p in sorted(battle.waiting)]
        return []
    if game.phase in ENDS_STEP:
        return [(game.power, state.owners.get(game.power, MODERATOR))]
    return []


def board_view(pack: GlobalGamePack, game: GlobalGame) -> tuple[dict, dict]:
    board, position = pack.board, game.position
    cities = {vc.territory: vc for vc in board.victory_cities}
    kinds = neutrals.neutral_territories(board, position)
    territories, zones = {}, {}
    for name, space in sorted(board.spaces.items()):
        units = _units(position.pieces(name))
        if space.sea:
            zones[name] = {"units": units, "convoy": name in board.convoy_zones,
                           "kamikaze": name in board.kamikaze_zones}
            continue
        vc = cities.get(name)
        facilities = sorted(p.unit for p in position.pieces(name) if board.units[p.unit].is_facility)
        territories[name] = {
            "owner": position.owner(name), "original_owner": space.original_owner, "ipc": space.ipc,
            "map": space.map, "capital": space.capital, "impassable": space.impassable,
            "factory": name in position.factories, "facilities": facilities,
            "damage": dict(position.damage.get(name, {})), "neutral": kinds.get(name),
            "victory_city": None if vc is None else {"city": vc.city, "rank": vc.rank},
            "conquered_this_turn": name in position.conquered, "units": units,
        }
    return territories, zones


def politics_view(pack: GlobalGamePack, game: GlobalGame) -> dict:
    """AAG-politics, AAG-neutral: who is at war with whom, the neutrals' leanings, the conditions met
    and whom the power whose turn it is may declare war on now."""
    relations = game.position.relations
    holders = {name: relations.leaning(name) for name, h in sorted(pack.board.holders.items()) if h.neutral}
    targets = declarations.targets(pack, game, game.power) if game.phase is not Phase.OVER else ()
    return {"wars": sorted([list(pair) for pair in relations.wars]),
            "at_war": {p: sorted(relations.enemies_of(p)) for p in pack.board.powers},
            "neutrals": {name: {"leans": side} for name, side in holders.items()},
            "conditions": sorted(game.conditions), "may_declare_on": {game.power: list(targets)}}


def objectives_view(pack: GlobalGamePack, game: GlobalGame) -> dict:
    """AAG-income: each treasury's national objectives, met (what they would pay now) and missed."""
    out = {}
    for power in pack.board.powers:
        for treasury in treasuries_of(pack, power):
            results = objectives_of(pack, game, treasury)
            out[treasury] = {"met": [to_plain(r) for r in results if r.ipcs],
                             "missed": [to_plain(r) for r in results if not r.ipcs]}
    return out


def game_view(pack: GlobalGamePack, state: GlobalState, seat: str) -> dict:
    game = state.game
    moderator = seat == MODERATOR
    mine = {p for p, s in state.owners.items() if s == seat}
    territories, zones = board_view(pack, game)
    waits = awaiting(state)
    claim = game.claim
    return {
        "mode": "game",
        "edition": state.edition,
        "powers": list(state.powers),
        "seats": {power: s for power, s in sorted(state.owners.items())},
        "aa_rule": state.aa_rule.value,
        "war_bonds": state.war_bonds,
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
        "income": {t: to_plain(r) for t, r in sorted(game.income.items())},
        "objectives": objectives_view(pack, game),
        "purchase": {"units": {t: dict(sorted(u.items())) for t, u in sorted(game.bought_by.items())},
                     "purchased": list(game.purchased), "produced": dict(game.produced)},
        "advances": {p: sorted(game.position.advances(p)) for p in state.powers},
        "politics": politics_view(pack, game),
        "victory": {"cities": victory.cities(pack, game), "claim": to_plain(claim), "winner": game.winner,
                    "rounds": game.options.rounds},
        "kamikaze_tokens": game.kamikaze_tokens,
        "battles": {bid: _battle_view(entry) for bid, entry in sorted(state.battles.items())},
        "combat": [_battle(game, b, mine, moderator) for b in game.battle_order()],
        "scrambles": [to_plain(s) for s in game.scrambles],
        "moves": [to_plain(m) for m in game.moves],
        "standing_orders": {p: to_plain(o) for p, o in sorted(game.standing.items()) if moderator or p in mine},
    }
