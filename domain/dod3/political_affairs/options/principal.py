"""Rule 8.4e: principal effects, applied last, from the pack's small vocabulary: treaty levels up,
down and cancelled (IPO 11), pacts (GE 3), war on a minor (GE 4), economic agreements (IPO 2), New
World Order moves (IPO 1), guarantees (IPO 12), revealing PE (IPO 15), embargoes (IPO 19), forced
options (8.2f) and approvals (8.4a). ``check`` refuses an option whose effect cannot happen (rule
8.2e: a valid target when played); ``events`` says what it does."""
from __future__ import annotations

from typing import Callable

from domain.dod3.events import PoliticalEffectivenessRevealed
from domain.dod3.evolve import evolve
from domain.dod3.pack import Pack
from domain.dod3.political_affairs.control.political_control import war_on_minor_refused
from domain.dod3.political_affairs.ipo import economic_agreements, new_world_order
from domain.dod3.political_affairs.options.messages import (
    EmbargoDeclared, GuaranteeGiven, MinorWarDeclared, OptionForced, OptionRequest, TreatyLevelChanged,
)
from domain.dod3.political_affairs.options.pack import EffectKind, OptionCard
from domain.dod3.state import Guarantee, MinorWar, State, Treaty
from domain.dod3.treaties import treaty_level
from domain.dod3.turns import turn_label
from domain.kernel import Event, RuleViolation, evolved


Check = Callable[[State, Pack, str, OptionCard, OptionRequest], None]
Apply = Callable[[State, Pack, str, OptionCard, OptionRequest], list[Event]]


def _nothing(state, pack, power, card, request) -> None:
    return None


def _no_events(state, pack, power, card, request) -> list[Event]:
    return []


def _treaty_change(state: State, power: str, card: OptionCard, request: OptionRequest) -> int:
    """IPO 11 cancels the levels the player names; other treaty options move by a printed step."""
    return -request.levels if card.effect.change is None else card.effect.change


def _check_treaty(state, pack, power, card, request) -> None:
    level = treaty_level(state, power, request.target)
    if card.effect.change is None and not 1 <= request.levels <= level:
        raise RuleViolation("DOD3-8.2e", f"{power} has a level {level} treaty with {request.target}: "
                                         f"it cannot cancel {request.levels} level(s)")


def _treaty(state, pack, power, card, request) -> list[Event]:
    before = treaty_level(state, power, request.target)
    after = max(before + _treaty_change(state, power, card, request), 0)
    return [TreatyLevelChanged(state.turn, tuple(sorted((power, request.target))), after, before, card.id)]


def _check_pact(state, pack, power, card, request) -> None:
    if treaty_level(state, power, request.target) >= card.effect.level:
        raise RuleViolation("DOD3-8.2e", f"{power} already has a treaty of level {card.effect.level} or more "
                                         f"with {request.target}")


def _pact(state, pack, power, card, request) -> list[Event]:
    before = treaty_level(state, power, request.target)
    return [TreatyLevelChanged(state.turn, tuple(sorted((power, request.target))), card.effect.level, before, card.id)]


def _check_war(state, pack, power, card, request) -> None:
    reason = war_on_minor_refused(state, pack, power, request.target)
    if reason is not None:
        rule = "DOD3-8.1b" if "colony" in reason else "DOD3-8.1i" if "units" in reason else "DOD3-8.2e"
        raise RuleViolation(rule, reason)


def _war(state, pack, power, card, request) -> list[Event]:
    return [MinorWarDeclared(state.turn, power, request.target, turn_label(pack, state.turn), card.id)]


def _check_guarantee(state, pack, power, card, request) -> None:
    if any(g.power == power and g.minor == request.target for g in state.guarantees):
        raise RuleViolation("DOD3-8.2e", f"{power} already guarantees {request.target}")


def _guarantee(state, pack, power, card, request) -> list[Event]:
    return [GuaranteeGiven(state.turn, power, request.target, card.id)]


def _check_reveal(state, pack, power, card, request) -> None:
    if not state.powers[request.target].pe_hidden:
        raise RuleViolation("DOD3-8.2e", f"{request.target}'s political effectiveness is already face up")


def _reveal(state, pack, power, card, request) -> list[Event]:
    return [PoliticalEffectivenessRevealed(request.target, state.powers[request.target].political_effectiveness)]


def _check_embargo(state, pack, power, card, request) -> None:
    if (power, request.target) in state.embargoes:
        raise RuleViolation("DOD3-8.2e", f"{power} already embargoes {request.target}")


def _embargo(state, pack, power, card, request) -> list[Event]:
    return [EmbargoDeclared(state.turn, power, request.target, card.id)]


def _forced(state, pack, power, card, request) -> list[Event]:
    who = request.target if card.effect.on_target else power
    return [OptionForced(state.turn, who, card.effect.option, card.id)]


def pending_for(state: State, approver: str, of_power: str | None, approval: str):
    """Rule 8.4a: the first option of ``of_power`` still waiting for ``approver``'s ``approval``."""
    pending = () if state.political is None else state.political.pending
    return next((p for p in pending if p.power == of_power and p.approver == approver and p.approval == approval), None)


def _check_approval(state, pack, power, card, request) -> None:
    if pending_for(state, power, request.target, card.id) is None:
        raise RuleViolation("DOD3-8.4a", f"{request.target} has no option waiting for {power}'s {card.id} this turn")


# Each effect kind's condition (rule 8.2e) and what it does (8.4e), looked up by the card's kind.
_EFFECTS: dict[EffectKind, tuple[Check, Apply]] = {
    EffectKind.NONE: (_nothing, _no_events),
    EffectKind.NEW_WORLD_ORDER: (new_world_order.check, new_world_order.events),
    EffectKind.ECONOMIC_AGREEMENT: (economic_agreements.check, economic_agreements.events),
    EffectKind.TREATY_LEVEL: (_check_treaty, _treaty),
    EffectKind.PACT: (_check_pact, _pact),
    EffectKind.WAR_ON_MINOR: (_check_war, _war),
    EffectKind.GUARANTEE: (_check_guarantee, _guarantee),
    EffectKind.REVEAL_PE: (_check_reveal, _reveal),
    EffectKind.APPROVE: (_check_approval, _no_events),  # the approved option is resolved by resolution
    EffectKind.EMBARGO: (_check_embargo, _embargo),
    EffectKind.FORCE_OPTION: (_nothing, _forced),
}


def check(state: State, pack: Pack, power: str, card: OptionCard, request: OptionRequest) -> None:
    _EFFECTS[card.effect.kind][0](state, pack, power, card, request)


def events(state: State, pack: Pack, power: str, card: OptionCard, request: OptionRequest) -> list[Event]:
    """Rule 8.4e: "Finally, apply the principal effects listed on the option"."""
    return _EFFECTS[card.effect.kind][1](state, pack, power, card, request)


@evolve.register
def _(state: State, event: TreatyLevelChanged) -> State:
    pair = tuple(sorted(event.powers))
    others = tuple(t for t in state.treaties if t.powers != pair)
    if event.level <= 0:
        return evolved(state, treaties=others)
    old = next((t for t in state.treaties if t.powers == pair), None)
    started = event.turn if old is None else old.started_turn
    trade = False if old is None else old.trade
    return evolved(state, treaties=others + (Treaty(pair, event.level, started, trade),))


@evolve.register
def _(state: State, event: MinorWarDeclared) -> State:
    return evolved(state, minor_wars=state.minor_wars + (MinorWar(event.power, event.minor, event.since, ()),))


@evolve.register
def _(state: State, event: GuaranteeGiven) -> State:
    return evolved(state, guarantees=state.guarantees + (Guarantee(event.power, event.minor, event.option),))


@evolve.register
def _(state: State, event: EmbargoDeclared) -> State:
    return evolved(state, embargoes=state.embargoes | {(event.power, event.target)})


@evolve.register
def _(state: State, event: OptionForced) -> State:
    queue = state.forced_options.get(event.power, ()) + (event.option,)
    return evolved(state, forced_options={**state.forced_options, event.power: queue})
