"""Read models served at /games/{id}/projections/{name}. Each is built from one seat's view, so
it shows exactly what that seat may see (hidden PE stays null, sealed bids stay sealed)."""
from __future__ import annotations

from domain.dod3.svg import status_display_svg
from domain.registry import Projection


def initiative_track(view: dict) -> dict:
    """Order, bids once revealed, modifiers, final bids and the last card marker (rule 6)."""
    initiative = view["initiative"]
    entries = {e["power"]: e for e in initiative["entries"]}
    return {
        "turn": view["turn"]["number"], "label": view["turn"]["label"], "phase": initiative["phase"],
        "revealed": initiative["revealed"],
        "track": [{
            "position": position, "power": power,
            "bid": None if power not in entries else {
                "points": entries[power]["points"], "options": entries[power]["options"],
                "modifier": entries[power]["modifier"], "final_bid": entries[power]["final_bid"],
                "made_bid": entries[power]["made_bid"], "previous_position": entries[power]["previous_position"]},
            "last_card": power == initiative["last_card"],
        } for position, power in enumerate(initiative["track"], start=1)],
        "previous_track": initiative["previous_track"],
        "last_card": initiative["last_card"],
        "sealed_bids": initiative["sealed_bids"],
        "democrat_queue": initiative["democrat_queue"],
        "democrat_moves": initiative["democrat_moves"],
    }


def political_effectiveness(view: dict) -> dict:
    """Each power's PE; a face-down PE is null for every seat but its own (and the moderator)."""
    return {power: {"political_effectiveness": p["political_effectiveness"],
                    "modified_political_effectiveness": p["modified_political_effectiveness"],
                    "hidden": p["pe_hidden"]}
            for power, p in view["powers"].items()}


def money(view: dict) -> dict:
    """Savings, debt and credit limit per power (null where derived from a face-down PE)."""
    return {power: {"savings": p["savings"], "debt": p["debt"], "credit_limit": p["credit_limit"],
                    "bid_points": p["bid_points"], "production_multiple": p["production_multiple"]}
            for power, p in view["powers"].items()}


def treaty_levels(view: dict) -> dict:
    """The treaty matrix (level and age in turns, both ways) and the trade agreements."""
    matrix = view["treaties"]["matrix"]
    pairs = sorted({tuple(sorted((a, b))) for a, row in matrix.items() for b in row})
    return {
        "turn": view["turn"]["number"],
        "matrix": matrix,
        "treaties": [{"powers": list(pair), **matrix[pair[0]][pair[1]]} for pair in pairs],
        "trade_agreements": view["treaties"]["trade_agreements"],
    }


def us_entry(view: dict) -> dict:
    """US entry per power (shifts towards war, fractions kept) with the history turn by turn."""
    entry = view["us_entry"]
    turns: dict[int, dict] = {}
    for shift in entry["history"]:
        row = turns.setdefault(shift["turn"], {"turn": shift["turn"], "label": shift["label"], "shifts": []})
        row["shifts"].append({"power": shift["power"], "shift": shift["shift"], "reason": shift["reason"]})
    return {
        "powers": {power: {"total": total, "rounded": entry["rounded"][power],
                           "shifts": [{k: s[k] for k in ("turn", "label", "shift", "reason")}
                                      for s in entry["history"] if s["power"] == power]}
                   for power, total in entry["totals"].items()},
        "turns": [turns[t] for t in sorted(turns)],
    }


def turn(view: dict) -> dict:
    """Date, step and whose move it is (rule 5)."""
    return {**view["turn"], "weather": view["weather"],
            "outcome": None if view["outcome"] is None else {
                "reason": view["outcome"]["reason"], "winning_ideologies": view["outcome"]["winning_ideologies"],
                "winning_players": view["outcome"]["winning_players"]}}


def minors(view: dict) -> dict:
    """Rule 8.1: each minor's place on the status display, its controller and faction distance,
    the political effect markers in it, its allies, wars and economic agreements."""
    return {"turn": view["turn"]["number"], "minors": view["minors"]}


PROJECTIONS = (
    Projection("initiative-track", initiative_track, description=initiative_track.__doc__ or ""),
    Projection("political-effectiveness", political_effectiveness, description=political_effectiveness.__doc__ or ""),
    Projection("money", money, description=money.__doc__ or ""),
    Projection("treaty-levels", treaty_levels, description=treaty_levels.__doc__ or ""),
    Projection("us-entry", us_entry, description=us_entry.__doc__ or ""),
    Projection("turn", turn, description=turn.__doc__ or ""),
    Projection("minors", minors, description=minors.__doc__ or ""),
    Projection("status-display.svg", status_display_svg, media_type="image/svg+xml",
               description=status_display_svg.__doc__ or ""),
)
