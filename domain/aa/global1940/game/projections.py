"""Read models of the whole Global game, each built from one seat's view: ``board`` (per territory:
owner, units by power and type, facilities and damage, neutral kind, victory city), ``economy``
(treasuries, last incomes with objectives met and missed, convoy losses, this turn's purchase),
``victory-cities`` (held per side and map, the claim), ``turn``, ``politics`` (wars, neutrals,
declarations possible now) and ``board.svg`` (the whole wrapped board drawn with the pack's
outlines); ``battles`` is the battle calculator's, read from the same view shape. A battles-only
game lists ``battles`` alone, as it always did."""
from __future__ import annotations

from domain.aa.battles.decider import battles_projection
from domain.aa.revised_phase_one.game.projections import board_svg  # the same view shape, drawn alike
from domain.registry import Projection


def _game(view: dict) -> bool:
    return view.get("mode") == "game"


def board(view: dict) -> dict:
    """Every territory and sea zone: owner, units by power and type, facilities and their damage,
    the kind of a neutral, victory city."""
    if not _game(view):
        return {}
    keys = ("owner", "ipc", "map", "factory", "facilities", "damage", "neutral", "victory_city", "units")
    territories = {name: {k: t[k] for k in keys} for name, t in view["territories"].items() if not t["impassable"]}
    zones = {name: {"units": z["units"]} for name, z in view["sea_zones"].items() if z["units"]}
    return {"round": view["turn"]["round"], "power": view["turn"]["power"], "territories": territories,
            "sea_zones": zones}


def economy(view: dict) -> dict:
    """Each treasury (the UK's two economies apart), its last income (territories, objectives met,
    convoy losses, War Bonds, the Burma Road, collected), its national objectives met and missed
    now, this turn's purchase and every power's advances."""
    if not _game(view):
        return {}
    return {"treasury": view["treasury"], "income": view["income"], "objectives": view["objectives"],
            "purchase": view["purchase"], "advances": view["advances"]}


def victory_cities(view: dict) -> dict:
    """The victory cities, who holds each, the count per side on each map, and the claim."""
    if not _game(view):
        return {}
    cities = [{"city": t["victory_city"]["city"], "territory": name, "map": t["map"],
               "rank": t["victory_city"]["rank"], "holder": t["owner"]}
              for name, t in view["territories"].items() if t["victory_city"]]
    return {**view["victory"], "list": sorted(cities, key=lambda c: (c["map"] or "", c["city"]))}


def turn(view: dict) -> dict:
    """Round, power, step, whom the game waits for and which command ends the step."""
    if not _game(view):
        return {}
    return dict(view["turn"])


def politics(view: dict) -> dict:
    """Who is at war with whom, the neutrals' leanings, the lasting conditions met, and whom the
    power whose turn it is may declare war on now."""
    if not _game(view):
        return {}
    neutral = {name: t["neutral"] for name, t in view["territories"].items() if t["neutral"]}
    return {**view["politics"], "neutral_territories": dict(sorted(neutral.items()))}


GAME_PROJECTIONS = (
    Projection("board", board, description=board.__doc__ or ""),
    Projection("economy", economy, description=economy.__doc__ or ""),
    Projection("victory-cities", victory_cities, description=victory_cities.__doc__ or ""),
    Projection("turn", turn, description=turn.__doc__ or ""),
    Projection("politics", politics, description=politics.__doc__ or ""),
)
BATTLES = Projection("battles", battles_projection,
                     description="every battle: forces, status, rounds fought, outcome, losses")


def projections_for(options: dict, pack=None) -> tuple[Projection, ...]:
    """One game's projections: a battles-only game lists ``battles`` alone, as it always did; the
    whole game adds its own, and ``board.svg`` when its pack carries the board's outlines."""
    if options.get("mode") != "game":
        return (BATTLES,)
    drawn = ()
    geometry = getattr(pack, "geometry", None)
    if geometry is not None:
        drawn = (Projection("board.svg", lambda view: board_svg(view, geometry), media_type="image/svg+xml",
                            description="the whole wrapped board drawn: owners, units, factories, victory cities, "
                                        "battles and this turn's moves"),)
    return (BATTLES, *GAME_PROJECTIONS, *drawn)
