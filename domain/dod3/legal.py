"""What each seat may do now (rule 5's state machine, seen from one seat). The moderator may
also act for any power, so it is offered every power's commands as well as its own.

Each spec is a body a client can send: ``choices`` keyed by the command's data fields (a list of
allowed values, a ``{"minimum", "maximum"}`` range, or for a list field the items it may hold) and
``example``, a complete ``data`` the decider accepts unchanged now."""
from __future__ import annotations

from domain.dod3.initiative import move_down_choices
from domain.dod3.pack import Pack
from domain.dod3.political_affairs.activation.activate import legal_activations
from domain.dod3.political_affairs.control.minors import marker_minors
from domain.dod3.political_affairs.options.legal import credit_offers, legal_options
from domain.dod3.state import InitiativePhase, PointKind, PoliticalStage, State, Step
from domain.kernel import MODERATOR, CommandSpec


def legal_commands(state: State, seat: str, pack: Pack) -> list[CommandSpec]:
    moderator = seat == MODERATOR
    powers = [p for p in state.powers if moderator or state.holders.get(p) == seat]
    specs = [spec for power in powers for spec in _for_power(state, pack, power)]
    if state.step is Step.WEATHER and (moderator or state.holders.get(state.first_on_track()) == seat):
        specs.append(CommandSpec("RollWeather", None, {}, "DOD3-7", {}))
    if moderator:
        specs += _for_moderator(state, pack)
    return specs


def _for_power(state: State, pack: Pack, power: str) -> list[CommandSpec]:
    ledger = state.powers[power]
    if ledger.conquered:
        return []
    step, initiative = state.step, state.initiative
    if step is Step.INITIATIVE and initiative.phase is InitiativePhase.BIDDING:
        # Rule 8.2d: each option at most once per turn, so no bid is for more options than exist.
        return [CommandSpec("SubmitBid", power, {
            "points": {"minimum": 0, "maximum": ledger.bid_points},
            "options": {"minimum": 1, "maximum": max(len(pack.options), 1)}},
            "DOD3-6.1", {"power": power, "points": min(ledger.bid_points, 1), "options": 1})]
    if step is Step.INITIATIVE and initiative.democrat_queue and initiative.democrat_queue[0] == power:
        positions = list(move_down_choices(state, power))
        return [CommandSpec("MoveDownInitiative", power, {"position": positions}, "DOD3-6.5",
                            {"power": power, "position": positions[0]} if positions else None),
                CommandSpec("KeepInitiativePosition", power, {}, "DOD3-6.5", {"power": power})]
    if step is Step.POLITICAL_AFFAIRS and state.political is not None and not state.political.ended:
        current = _political_turn(state, pack, power) if state.political.current == power else []
        return current + credit_offers(state, pack, power)
    if step is Step.PRODUCTION and power not in state.production_done:
        return _production(state, pack, power)
    return []


def _political_turn(state: State, pack: Pack, power: str) -> list[CommandSpec]:
    """Step C, the current player: an option or a pass (8.2), then the minors it may activate (8.5)."""
    political = state.political
    if political.stage is PoliticalStage.ACTIVATE:
        return legal_activations(state, pack, power)
    return [CommandSpec("PassOption", power, {}, "DOD3-5", {"power": power}), *legal_options(state, pack, power)]


def _production(state: State, pack: Pack, power: str) -> list[CommandSpec]:
    """Step F: what the power can afford of each kind (for itself, or for a force it buys for)."""
    ledger = state.powers[power]
    headroom = ledger.money + ledger.credit_limit
    purchases = [(kind.value, None) for kind in PointKind]
    purchases += [(kind, force) for force, sub in pack.subordinates.items() if power in sub.bought_by
                  for kind in sub.point_kinds]
    specs = []
    for kind, recipient in purchases:
        most = headroom // pack.prices[kind]
        if most >= 1:
            choices = {"kind": [kind], "amount": {"minimum": 1, "maximum": most}, "recipient": [recipient]}
            specs.append(CommandSpec("BuyPoints", power, choices, "DOD3-F",
                                     {"power": power, "kind": kind, "amount": 1, "recipient": recipient}))
    specs.append(CommandSpec("EndProduction", power, {}, "DOD3-F", {"power": power}))
    return specs


def _for_moderator(state: State, pack: Pack) -> list[CommandSpec]:
    powers = list(state.powers)
    forces = powers + list(state.forces)
    step = state.step
    specs = []
    if step is Step.INITIATIVE and state.initiative.phase is InitiativePhase.BIDDING:
        specs.append(CommandSpec("CloseBidding", None, {}, "DOD3-6.1", {}))
    if step is Step.POLITICAL_AFFAIRS and state.political is not None and not state.political.ended:
        specs.append(CommandSpec("EndPoliticalAffairs", None, {}, "DOD3-5", {"reason": ""}))
    if step in (Step.MILITARY_AFFAIRS, Step.CONQUEST):
        specs.append(_capture(state, forces))
    if step is Step.MILITARY_AFFAIRS:
        specs += [CommandSpec("RecordMilitaryPoints", None, {"force": forces}, "DOD3-E",
                              {"force": forces[0], "army_change": 1, "naval_change": 0, "note": ""}),
                  CommandSpec("RecordSearchAndSeizure", None, {"by": powers}, "DOD3-E", {"by": powers[0], "note": ""}),
                  CommandSpec("EndMilitaryAffairs", None, {}, "DOD3-E", {})]
    if step is Step.CONQUEST:
        standing = list(state.active_powers())
        specs += [CommandSpec("RecordConquest", None, {"major_power": standing}, "DOD3-5",
                              {"major_power": standing[0]} if standing else None),
                  CommandSpec("EndConquest", None, {}, "DOD3-5", {})]
    if step is not Step.GAME_OVER:
        a, b = powers[0], powers[1]
        specs.append(CommandSpec("RecordWarStatus", None,
                                 {"belligerent": powers, "enemy": powers, "at_war": [True, False]},
                                 "DOD3-E", {"belligerent": a, "enemy": b, "at_war": not state.at_war(a, b)}))
        minors, with_marker = list(pack.minors), marker_minors(pack)
        specs.append(CommandSpec("RecordForcesInMinor", None, {"minor": minors, "forces": powers}, "DOD3-8.1i",
                                 {"minor": minors[0], "forces": []}))
        specs.append(CommandSpec("RecordCivilWar", None, {"minor": list(with_marker), "in_civil_war": [True, False]},
                                 "DOD3-8.1g", {"minor": with_marker[0],
                                               "in_civil_war": with_marker[0] not in state.civil_wars}))
    return specs


def _capture(state: State, forces: list[str]) -> CommandSpec:
    """Steps E.9 and H: the territories whose holder is known, and who may take them."""
    territories = sorted(state.territory_control)
    example = None
    if territories:
        example = {"territory": territories[0], "captor": None}
    return CommandSpec("RecordCapture", None, {"territory": territories, "captor": forces + [None]}, "DOD3-E", example)
