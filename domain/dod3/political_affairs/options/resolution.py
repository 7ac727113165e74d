"""Rule 8.4: resolving an option, in the rule's order: pay the cost (8.4b), place the minor country
markers (8.4c), record the US entry shift (8.4d), then the principal effects (8.4e). An option that
needs another power's approval waits for it (8.4a); only then is anything paid or applied."""
from __future__ import annotations

from fractions import Fraction

from domain.dod3.pack import Pack
from domain.dod3.political_affairs.ipo import new_world_order
from domain.dod3.political_affairs.options import principal
from domain.dod3.political_affairs.options.charts import marker_changes, minor_effects, us_entry_effect
from domain.dod3.political_affairs.options.messages import (
    OptionApproved, OptionFailed, OptionPlayed, OptionRequest, OptionResolved, PendingOption,
)
from domain.dod3.political_affairs.options.pack import EffectKind, OptionCard
from domain.dod3.political_affairs.options.payment import payment
from domain.dod3.political_affairs.options.selection import check_selection
from domain.dod3.powers import US
from domain.dod3.state import State
from domain.dod3.turns import year
from domain.kernel import Event, RuleViolation


def play(state: State, pack: Pack, power: str, request: OptionRequest) -> list[Event]:
    """Rules 8.2 and 8.4: select, then resolve now or wait for the approval the option needs."""
    card = check_selection(state, pack, power, request)
    principal.check(state, pack, power, card, request)
    payment(state, pack, power, card, request)  # rule 8.2b: refused now if it could not be paid
    counted = not (state.option_8_6 and card.mp_zero)
    if card.approval is not None:
        approval = f"{request.target} {card.approval}"
        return [OptionPlayed(state.turn, power, card.id, card.number, request, counted, request.target, approval)]
    events: list[Event] = [OptionPlayed(state.turn, power, card.id, card.number, request, counted)]
    if card.effect.kind is EffectKind.APPROVE:
        events += approve(state, pack, power, card, request)
    return events + resolve(state, pack, power, card, request)


def approve(state: State, pack: Pack, power: str, card: OptionCard, request: OptionRequest) -> list[Event]:
    """Rule 8.4a: the approved option succeeds now; if it can no longer be paid or carried out it
    fails (costing nothing)."""
    pending: PendingOption = principal.pending_for(state, power, request.target, card.id)
    approved = [OptionApproved(state.turn, power, pending.request.option, pending.power)]
    original = pack.options[pending.request.option]
    try:
        principal.check(state, pack, pending.power, original, pending.request)
        return approved + resolve(state, pack, pending.power, original, pending.request)
    except RuleViolation as refused:
        return approved + [OptionFailed(state.turn, pending.power, original.id, refused.message)]


def resolve(state: State, pack: Pack, power: str, card: OptionCard, request: OptionRequest) -> list[Event]:
    """Rule 8.4b-e, in order: cost, minor effects, US entry, principal effects."""
    paid_by = payment(state, pack, power, card, request)
    extra = Fraction(0)
    if card.effect.kind is EffectKind.NEW_WORLD_ORDER:
        extra = new_world_order.us_entry(state, pack, power, card, new_world_order.plan(state, pack, power, request))
    markers = marker_changes(state, power, minor_effects(state, pack, power, card, request))
    shift = Fraction(0) if power == US else us_entry_effect(state, pack, power, card, request, extra)
    resolved = OptionResolved(state.turn, power, card.id, sum(paid_by.values()), paid_by, markers, shift,
                              year(pack, state.turn))
    return [resolved, *principal.events(state, pack, power, card, request)]


def lapse(state: State) -> list[Event]:
    """Rule 8.4a: options still waiting for approval when political affairs end have failed."""
    pending = () if state.political is None else state.political.pending
    return [OptionFailed(state.turn, p.power, p.request.option, f"not approved by {p.approver} this turn")
            for p in pending]
