"""Read models of the whole game, each built from one seat's view (issue 23 item 9): ``board`` (per
territory: owner, units by power and type, factory, victory city), ``economy`` (treasuries, last
income and its breakdown, raiding losses), ``victory-cities`` (VCPs per side against the chosen
condition), ``turn``; ``battles`` is the battle calculator's, read from the same view shape. A
battles-only game's view has no board: these read as empty there."""
from __future__ import annotations

from domain.aa.battles.decider import battles_projection
from domain.registry import Projection


def board(view: dict) -> dict:
    """Every territory and sea zone: owner, units by power and type, factory, victory city."""
    if view.get("mode") != "game":
        return {}
    territories = {name: {"owner": t["owner"], "ipc": t["ipc"], "factory": t["factory"],
                          "victory_city": t["victory_city"], "units": t["units"]}
                   for name, t in view["territories"].items() if not t["impassable"]}
    zones = {name: {"units": z["units"]} for name, z in view["sea_zones"].items() if z["units"]}
    return {"round": view["turn"]["round"], "power": view["turn"]["power"], "territories": territories,
            "sea_zones": zones}


def economy(view: dict) -> dict:
    """Each power's treasury, its last income (territories, Italian forces, raided, collected, raiding
    by sea zone), this turn's purchase and the ICs bought in the game."""
    if view.get("mode") != "game":
        return {}
    return {"treasury": view["treasury"], "income": view["income"], "purchase": view["purchase"],
            "purchased_factories": view["purchased_factories"], "advances": view["advances"]}


def victory_cities(view: dict) -> dict:
    """The victory cities, who holds each, and the VCPs per side against the chosen condition."""
    if view.get("mode") != "game":
        return {}
    cities = [{"city": t["victory_city"]["city"], "territory": name, "rank": t["victory_city"]["rank"],
               "vcp": t["victory_city"]["vcp"], "holder": t["owner"]}
              for name, t in view["territories"].items() if t["victory_city"]]
    return {**view["victory"], "cities": sorted(cities, key=lambda c: (-c["vcp"], c["city"]))}


def turn(view: dict) -> dict:
    """Round, power, phase, whom the game waits for and which command ends the step."""
    if view.get("mode") != "game":
        return {}
    return dict(view["turn"])


def picture(view: dict) -> dict:
    """The board as ``domain.aa.board.svg.render_board`` draws it: owners, units, factories, victory
    cities, the battles of this combat phase, this turn's moves, and a heading."""
    if view.get("mode") != "game":
        return {}
    turn = view["turn"]
    battles = {b["space"] for b in view["combat"] if b["status"] != "done"}
    places = {name: {"owner": t["owner"], "ipc": t["ipc"], "factory": t["factory"], "units": t["units"],
                     "victory_city": t["victory_city"]["city"] if t["victory_city"] else None,
                     "capital": bool(t["victory_city"]) and t["victory_city"]["rank"] == "capital",
                     "battle": name in battles}
              for name, t in view["territories"].items()}
    places.update({name: {"units": z["units"], "battle": name in battles} for name, z in view["sea_zones"].items()})
    moves = [{"from": m["route"][0], "to": m["route"][-1], "power": m["power"], "units": m["units"]}
             for m in view["moves"] if len(m["route"]) > 1]
    heading = {"round": turn["round"], "power": turn["power"], "step": turn["phase"].replace("_", " ")}
    return {"heading": heading, "territories": places, "moves": moves}


def board_svg(view: dict, geometry) -> str:
    """``board.svg``: the whole board drawn from the pack's outlines (``geometry``)."""
    from domain.aa.board.svg import render_board

    drawn = picture(view)
    places = {name: place for name, place in drawn.get("territories", {}).items() if name in geometry.territories}
    moves = [m for m in drawn.get("moves", []) if m["from"] in geometry.territories and m["to"] in geometry.territories]
    return render_board(geometry, {**drawn, "territories": places, "moves": moves})


GAME_PROJECTIONS = (
    Projection("board", board, description=board.__doc__ or ""),
    Projection("economy", economy, description=economy.__doc__ or ""),
    Projection("victory-cities", victory_cities, description=victory_cities.__doc__ or ""),
    Projection("turn", turn, description=turn.__doc__ or ""),
)
BATTLES = Projection("battles", battles_projection,
                     description="every battle: forces, status, rounds fought, outcome, losses")


def projections_for(options: dict, pack=None) -> tuple[Projection, ...]:
    """One game's projections (for an edge that lists them per game): a battles-only game lists
    ``battles`` alone, as it always did; the whole game adds its own, and ``board.svg`` when its
    pack carries the board's outlines."""
    if options.get("mode") != "game":
        return (BATTLES,)
    drawn = ()
    geometry = getattr(pack, "geometry", None)
    if geometry is not None:
        drawn = (Projection("board.svg", lambda view: board_svg(view, geometry), media_type="image/svg+xml",
                            description="the whole board drawn: owners, units, factories, victory cities, battles "
                                        "and this turn's moves"),)
    return (BATTLES, *GAME_PROJECTIONS, *drawn)
