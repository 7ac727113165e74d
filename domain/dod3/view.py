"""What one seat may see (deny by default). Sealed bids show only to the bidding seat until the
reveal; a face-down PE (US, USSR), and the bid pool and money derived from it in step D, show
only to the power's own seat. The moderator sees everything. Every projection is built from this."""
from __future__ import annotations

from fractions import Fraction

from domain.dod3 import economy
from domain.dod3.control import objective_controller, panama_canal_controller
from domain.dod3.military import military_affairs_order
from domain.dod3.pack import Pack
from domain.dod3.political_affairs.control.view import minors_view, status_display_view
from domain.dod3.political_affairs.options.view import options_view
from domain.dod3.state import STEP_NAMES, InitiativePhase, State, Step
from domain.dod3.treaties import treaty_matrix
from domain.dod3.turns import period, turn_label, year
from domain.dod3.victory import controlled
from domain.kernel import MODERATOR, round_half_away


def number(value: Fraction | int) -> int | str:
    """Exact numbers for JSON: whole numbers as ints, others as 'a/b' (as the event codec does)."""
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else str(value)


def awaiting(state: State) -> list[tuple[str | None, str]]:
    """Rule 5: who must act before the game can go on, as (power, seat) pairs."""
    step, moderator = state.step, (None, MODERATOR)
    if step is Step.INITIATIVE and state.initiative.phase is InitiativePhase.BIDDING:
        return [(p, state.holders[p]) for p in state.initiative.track
                if p in state.active_powers() and p not in state.initiative.sealed]
    if step is Step.INITIATIVE and state.initiative.democrat_queue:
        power = state.initiative.democrat_queue[0]
        return [(power, state.holders[power])]
    if step is Step.WEATHER:
        first = state.first_on_track()
        return [moderator] if first is None else [(first, state.holders[first])]
    if step is Step.POLITICAL_AFFAIRS and state.political is not None and state.political.current:
        return [(state.political.current, state.holders[state.political.current])]
    if step in (Step.MILITARY_AFFAIRS, Step.CONQUEST):
        return [moderator]
    if step is Step.PRODUCTION:
        return [(p, state.holders[p]) for p in state.active_powers() if p not in state.production_done]
    return []


def view(state: State, seat: str, pack: Pack) -> dict:
    own = frozenset(state.seats.get(seat, ()))
    everything = seat == MODERATOR

    def open_to_seat(power: str) -> bool:
        return everything or power in own or not state.powers[power].pe_hidden

    return {
        "ruleset": "dod3",
        "pack": state.pack,
        "seat": seat,
        "seats": {s: list(powers) for s, powers in state.seats.items()},
        "options": {"bitter_end": state.bitter_end, "option_8_6": state.option_8_6,
                    "america_in_flames": state.america_in_flames},
        "turn": _turn(state, pack),
        "powers": {p: _power(state, pack, p, open_to_seat(p)) for p in state.powers},
        "forces": {f: {"serves_with": pack.subordinates[f].serves_with, "army_points": ledger.army_points,
                       "naval_points": ledger.naval_points} for f, ledger in state.forces.items()},
        "initiative": _initiative(state, own, everything),
        "weather": None if state.weather is None else {
            "turn": state.weather.turn, "period": state.weather.period, "roll": state.weather.roll,
            "result": state.weather.result},
        "political_affairs": _political(state),
        "military_affairs": {
            "order": [{"step": name, "powers": list(powers) if isinstance(powers, tuple) else powers}
                      for name, powers in military_affairs_order(state)],
            "wars": [list(pair) for pair in sorted(state.wars)],
            "search_and_seizures": sorted(state.search_and_seizures),
        },
        "production": {"done": sorted(state.production_done), "prices": dict(pack.prices)},
        "treaties": _treaties(state),
        "us_entry": _us_entry(state, pack),
        "territories": _territories(state, pack),
        "objectives": {
            "controlled": controlled(state, pack),
            "holders": {o.name: objective_controller(state, o) for o in pack.objectives},
            "needed": {p: spec.objectives_needed for p, spec in pack.powers.items()},
        },
        "outcome": _outcome(state),
        "status_display": status_display_view(state, pack),
        "minors": minors_view(state, pack),
        "political_options": options_view(state),
    }


def _turn(state: State, pack: Pack) -> dict:
    return {
        "number": state.turn, "label": turn_label(pack, state.turn), "year": year(pack, state.turn),
        "period": period(pack, state.turn), "last_turn": pack.turns, "last_label": turn_label(pack, pack.turns),
        "step": state.step.value, "step_name": STEP_NAMES[state.step],
        "phase": state.initiative.phase.value if state.step is Step.INITIATIVE else None,
        "awaiting": [{"power": power, "seat": seat} for power, seat in awaiting(state)],
        "game_over": state.step is Step.GAME_OVER,
    }


def _power(state: State, pack: Pack, power: str, visible: bool) -> dict:
    ledger, spec = state.powers[power], pack.powers[power]
    track = spec.production_multiples
    return {
        "name": spec.name, "ideology": spec.ideology.value, "seat": state.holders[power],
        "conquered": ledger.conquered, "pe_hidden": ledger.pe_hidden,
        "political_effectiveness": ledger.political_effectiveness if visible else None,
        "modified_political_effectiveness": ledger.modified_political_effectiveness if visible else None,
        "bid_points": ledger.bid_points if visible else None,
        "money": ledger.money if visible else None,
        "savings": economy.savings(ledger.money) if visible else None,
        "debt": economy.debt(ledger.money) if visible else None,
        "credit_limit": ledger.credit_limit,
        "production_multiple": number(track[min(ledger.production_multiple, len(track) - 1)]),
        "production_multiple_box": ledger.production_multiple + 1,
        "production_multiples": [number(m) for m in track],
        "army_points": ledger.army_points, "naval_points": ledger.naval_points,
    }


def _initiative(state: State, own: frozenset[str], everything: bool) -> dict:
    initiative = state.initiative
    bids = {}
    if state.step is Step.INITIATIVE and initiative.phase is InitiativePhase.BIDDING:
        for power in initiative.track:
            bid = initiative.sealed.get(power)
            shown = bid is not None and (everything or power in own)
            bids[power] = {"submitted": bid is not None, "points": bid.points if shown else None,
                           "options": bid.options if shown else None}
    return {
        "track": list(initiative.track), "previous_track": list(initiative.previous_track),
        "phase": initiative.phase.value, "revealed": bool(initiative.entries), "sealed_bids": bids,
        "entries": [{"power": e.power, "position": initiative.track.index(e.power) + 1, "points": e.points,
                     "options": e.options, "modifier": e.modifier, "final_bid": number(e.final_bid),
                     "made_bid": e.made_bid, "previous_position": e.previous_position}
                    for e in initiative.entries],
        "last_card": initiative.last_card,
        "democrat_queue": list(initiative.democrat_queue),
        "democrat_moves": [{"power": m.power, "from": m.from_position, "to": m.to_position}
                           for m in initiative.democrat_moves],
    }


def _political(state: State) -> dict | None:
    political = state.political
    if political is None:
        return None
    return {"order": list(political.order), "options": dict(political.options), "current": political.current,
            "options_used": political.used, "played": dict(political.played), "last_card": political.last_card,
            "ended": political.ended, "stage": political.stage.value, "activating": political.activating,
            "chosen": list(political.chosen),
            "plays": [{"nationality": p.power, "option": p.option, "counted": p.counted} for p in political.plays],
            "pending": [{"nationality": p.power, "option": p.request.option, "target": p.request.target,
                         "approver": p.approver, "approval": p.approval} for p in political.pending]}


def _treaties(state: State) -> dict:
    return {
        "matrix": treaty_matrix(state),
        "trade_agreements": [
            {"flows": [{"sender": f.sender, "receiver": f.receiver, "goods": dict(f.goods)} for f in t.flows],
             "routes": {power: list(areas) for power, areas in t.routes.items()}}
            for t in state.trade],
    }


def _us_entry(state: State, pack: Pack) -> dict:
    return {
        "totals": {p: number(v) for p, v in state.us_entry.items()},
        "rounded": {p: round_half_away(v) for p, v in state.us_entry.items()},
        "history": [{"turn": s.turn, "label": turn_label(pack, s.turn), "power": s.power, "shift": number(s.shift),
                     "reason": s.reason} for s in state.us_entry_history],
    }


def _territories(state: State, pack: Pack) -> dict:
    return {
        "control": dict(sorted(state.territory_control.items())),
        "not_home_country": sorted(state.non_home_territories),
        "minor_control": dict(state.minor_control),
        "directed_minors": sorted(state.directed_minors),
        "wars_with_minors": [{"power": w.power, "minor": w.minor, "since": w.since,
                              "offensives": [{"from": o.origin, "into": o.into} for o in w.offensives]}
                             for w in state.minor_wars],
        "guarantees": [{"power": g.power, "minor": g.minor, "option": g.option} for g in state.guarantees],
        "resource_markers": [{"power": m.power, "location": m.location, "kind": m.kind}
                             for m in state.resource_markers],
        "panama_canal": panama_canal_controller(state, pack),
    }


def _outcome(state: State) -> dict | None:
    if state.outcome is None:
        return None
    result = state.outcome.result
    return {
        "turn": state.outcome.turn, "reason": state.outcome.reason,
        "holdings": {p: number(v) for p, v in result.holdings.items()},
        "ideology_totals": {i: number(v) for i, v in result.ideology_totals.items()},
        "ideology_needed": dict(result.ideology_needed),
        "ideology_nets": {i: number(v) for i, v in result.ideology_nets.items()},
        "winning_ideologies": list(result.winning_ideologies),
        "power_nets": {p: number(v) for p, v in result.power_nets.items()},
        "player_totals": {s: number(v) for s, v in result.player_totals.items()},
        "winning_players": list(result.winning_players),
    }
