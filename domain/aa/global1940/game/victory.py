"""Victory (AAG-victory), checked at the end of every turn: the Axis win holding the victory cities
the pack asks on one map (8 of the Europe map's, 6 of the Pacific's) with an Axis capital on that
map; the Allies holding the Axis capitals and one of their own. A side that meets its condition
claims victory; it wins when it still meets it at the end of the same power's turn a full round
later (``held_for_rounds``). With the ``rounds`` option the game ends after that round's last turn:
the side holding more victory cities wins, else it is a draw."""
from __future__ import annotations

from domain.aa.global1940.game.events import VictoryChecked
from domain.aa.global1940.game.state import GlobalGame
from domain.aa.global1940.pack import GlobalGamePack
from domain.kernel import Event

SIDES = ("Axis", "Allies")


def _side(pack: GlobalGamePack, game: GlobalGame, territory: str) -> str | None:
    owner = game.position.owner(territory)
    return pack.board.side(owner) if owner in pack.board.powers else None


def cities(pack: GlobalGamePack, game: GlobalGame) -> dict[str, dict[str, int]]:
    """AAG-victory: side -> map -> victory cities it holds there."""
    board = pack.board
    maps = sorted({board.spaces[vc.territory].map or "" for vc in board.victory_cities})
    out = {side: {m: 0 for m in maps} for side in SIDES}
    for vc in board.victory_cities:
        side = _side(pack, game, vc.territory)
        if side in out:
            out[side][board.spaces[vc.territory].map or ""] += 1
    return out


def meets(pack: GlobalGamePack, game: GlobalGame, side: str) -> bool:
    """AAG-victory: whether ``side`` meets its victory condition now."""
    rules, board = pack.rules, pack.board
    if side == "Axis":
        held = cities(pack, game)["Axis"]
        return any(held.get(m, 0) >= needed and any(_side(pack, game, c) == "Axis" for c in rules.axis_capitals
                                                     if board.spaces[c].map == m)
                   for m, needed in rules.axis_maps.items())
    return all(_side(pack, game, t) == "Allies" for t in rules.allied_hold_all) and (
        not rules.allied_one_of or any(_side(pack, game, t) == "Allies" for t in rules.allied_one_of))


def check(pack: GlobalGamePack, game: GlobalGame) -> list[Event]:
    """AAG-victory: the end-of-turn check: a claim made, kept for a full round (won) or lapsed; with
    the ``rounds`` option, the end of the agreed rounds."""
    held = cities(pack, game)
    met = [side for side in SIDES if meets(pack, game, side)]
    claim = game.claim
    rules = pack.rules
    if claim is not None and claim.side in met:
        if game.power == claim.power and game.round >= claim.round + rules.held_for_rounds:
            return [VictoryChecked(held, claim.side, claim.side, f"the {claim.side} held their condition a full round")]
    elif met:
        if rules.held_for_rounds == 0:
            return [VictoryChecked(held, met[0], met[0], f"the {met[0]} meet their condition")]
        then = game.round + rules.held_for_rounds
        return [VictoryChecked(held, met[0], "", f"the {met[0]} meet their condition: they win if they still do "
                                                 f"after {game.power}'s turn of round {then}")]
    elif claim is not None:
        return [VictoryChecked(held, "", "", f"the {claim.side} no longer meet their condition")]
    last = game.power == pack.board.powers[-1]
    if game.options.rounds and last and game.round >= game.options.rounds:
        totals = {side: sum(held[side].values()) for side in SIDES}
        winner = max(SIDES, key=totals.__getitem__) if totals["Axis"] != totals["Allies"] else "draw"
        return [VictoryChecked(held, "", winner, f"the agreed {game.options.rounds} rounds are over: victory cities "
                                                 f"{totals['Axis']} Axis, {totals['Allies']} Allies")]
    return []
