"""What each seat may do now (rule 5's state machine, seen from one seat). The moderator may
also act for any power, so it is offered every power's commands as well as its own."""
from __future__ import annotations

from domain.dod3.initiative import move_down_choices
from domain.dod3.pack import Pack
from domain.dod3.political_affairs.activation.activate import legal_activations
from domain.dod3.political_affairs.options.legal import credit_offers, legal_options
from domain.dod3.state import InitiativePhase, PointKind, PoliticalStage, State, Step
from domain.kernel import MODERATOR, CommandSpec


def legal_commands(state: State, seat: str, pack: Pack) -> list[CommandSpec]:
    moderator = seat == MODERATOR
    powers = [p for p in state.powers if moderator or state.holders.get(p) == seat]
    specs = [spec for power in powers for spec in _for_power(state, pack, power)]
    if state.step is Step.WEATHER and (moderator or state.holders.get(state.first_on_track()) == seat):
        specs.append(CommandSpec("RollWeather", None, {"die": "d10"}, "DOD3-7"))
    if moderator:
        specs += _for_moderator(state)
    return specs


def _for_power(state: State, pack: Pack, power: str) -> list[CommandSpec]:
    ledger = state.powers[power]
    if ledger.conquered:
        return []
    step, initiative = state.step, state.initiative
    if step is Step.INITIATIVE and initiative.phase is InitiativePhase.BIDDING:
        return [CommandSpec("SubmitBid", power, {
            "points": {"min": 0, "max": ledger.bid_points}, "options": {"min": 1},
            "submitted": power in initiative.sealed}, "DOD3-6.1")]
    if step is Step.INITIATIVE and initiative.democrat_queue and initiative.democrat_queue[0] == power:
        positions = move_down_choices(state, power)
        return [CommandSpec("MoveDownInitiative", power, {"position": list(positions)}, "DOD3-6.5"),
                CommandSpec("KeepInitiativePosition", power, {}, "DOD3-6.5")]
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
    remaining = political.options.get(power, 0) - political.used
    return [CommandSpec("PassOption", power, {"options_left": remaining}, "DOD3-5"), *legal_options(state, pack, power)]


def _production(state: State, pack: Pack, power: str) -> list[CommandSpec]:
    ledger = state.powers[power]
    headroom = ledger.money + ledger.credit_limit
    specs = []
    for kind in PointKind:
        price = pack.prices[kind.value]
        specs.append(CommandSpec("BuyPoints", power, {"kind": kind.value, "price": price,
                                                      "max_amount": max(headroom // price, 0)}, "DOD3-F"))
    for force, sub in pack.subordinates.items():
        if power in sub.bought_by:
            for kind in sub.point_kinds:
                price = pack.prices[kind]
                specs.append(CommandSpec("BuyPoints", power, {"kind": kind, "recipient": force, "price": price,
                                                              "max_amount": max(headroom // price, 0)}, "DOD3-F"))
    specs.append(CommandSpec("EndProduction", power, {}, "DOD3-F"))
    return specs


def _for_moderator(state: State) -> list[CommandSpec]:
    powers = list(state.powers)
    forces = powers + list(state.forces)
    step = state.step
    specs = []
    if step is Step.INITIATIVE and state.initiative.phase is InitiativePhase.BIDDING:
        specs.append(CommandSpec("CloseBidding", None, {}, "DOD3-6.1"))
    if step is Step.POLITICAL_AFFAIRS and state.political is not None and not state.political.ended:
        specs.append(CommandSpec("EndPoliticalAffairs", None, {}, "DOD3-5"))
    if step is Step.MILITARY_AFFAIRS:
        specs += [CommandSpec("RecordMilitaryPoints", None, {"force": forces}, "DOD3-E"),
                  CommandSpec("RecordCapture", None, {"captor": forces + [None]}, "DOD3-E"),
                  CommandSpec("RecordSearchAndSeizure", None, {"by": powers}, "DOD3-E"),
                  CommandSpec("EndMilitaryAffairs", None, {}, "DOD3-E")]
    if step is Step.CONQUEST:
        specs += [CommandSpec("RecordConquest", None,
                              {"major_power": [p for p in powers if not state.powers[p].conquered]}, "DOD3-5"),
                  CommandSpec("RecordCapture", None, {"captor": forces + [None]}, "DOD3-E"),
                  CommandSpec("EndConquest", None, {}, "DOD3-5")]
    if step is not Step.GAME_OVER:
        specs.append(CommandSpec("RecordWarStatus", None, {"belligerent": powers, "enemy": powers}, "DOD3-E"))
        specs.append(CommandSpec("RecordForcesInMinor", None, {"forces": powers}, "DOD3-8.1i"))
        specs.append(CommandSpec("RecordCivilWar", None, {}, "DOD3-8.1g"))
    return specs
