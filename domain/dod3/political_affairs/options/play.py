"""Rules 8.2-8.4: playing an option. The current player selects and resolves it (or leaves it
waiting for approval), then activates a minor (8.5); a treaty partner may offer beforehand to pay
what passes the player's credit limit (8.2b). The folds keep what the step remembers of options:
who played what, what waits for approval, what succeeded and this turn's offers."""
from __future__ import annotations


from domain.dod3.evolve import Decided, evolve, with_political
from domain.dod3.political_affairs.activation.activate import skip_activation_if_none
from domain.dod3.political_affairs.options.messages import (
    CreditOffer, CreditOffered, OfferCredit, OptionApproved, OptionFailed, OptionPlayed, OptionResolved,
    PendingOption, Play, PlayOption,
)
from domain.dod3.political_affairs.options.resolution import play
from domain.dod3.political_affairs.step import require_turn
from domain.dod3.seating import require_holder
from domain.dod3.state import PoliticalStage, State, Step, USEntryShift
from domain.dod3.treaties import treaty_level
from domain.dod3.us_entry import totals_after
from domain.kernel import Context, Event, RuleViolation, evolved


def play_option(state: State, command: PlayOption, ctx: Context) -> Decided:
    """Rules 8.2-8.4, then 8.5a: the option is selected and resolved; the player then activates a
    minor, or, when it cannot or the option says not to, rolls for the end at once (8.6)."""
    require_turn(state, ctx, command.power, PoliticalStage.CHOOSE)
    state = yield play(state, ctx.pack, command.power, command.request())
    yield from skip_activation_if_none(state, ctx, command.power)


def offer_credit(state: State, command: OfferCredit, ctx: Context) -> list[Event]:
    """Rule 8.2b: a treaty partner (level 2 or more) declares itself willing to pay the excess."""
    if state.step is not Step.POLITICAL_AFFAIRS:
        raise RuleViolation("DOD3-8.2b", "offers to pay for options are made in political affairs")
    require_holder(state, ctx, command.power)
    needed = ctx.pack.politics.credit_partner_treaty_level
    if command.beneficiary not in state.powers or treaty_level(state, command.power, command.beneficiary) < needed:
        raise RuleViolation("DOD3-8.2b", f"{command.power} needs at least a level {needed} treaty with "
                                         f"{command.beneficiary} to pay for its options")
    if isinstance(command.up_to, bool) or not isinstance(command.up_to, int) or command.up_to < 1:
        raise RuleViolation("DOD3-8.2b", "offer a positive whole amount of money")
    return [CreditOffered(state.turn, command.power, command.beneficiary, command.up_to)]


@evolve.register
def _(state: State, event: OptionPlayed) -> State:
    political = state.political
    if political is None:
        return state
    pending = political.pending
    if event.awaiting is not None:
        pending += (PendingOption(event.power, event.request, event.awaiting, event.approval or ""),)
    forced = state.forced_options.get(event.power, ())
    if forced and forced[0] == event.option:
        state = evolved(state, forced_options={**state.forced_options, event.power: forced[1:]})
    return with_political(state, played={**political.played, event.power: political.played.get(event.power, 0) + 1},
                      chosen=political.chosen + (event.number,),
                      plays=political.plays + (Play(event.power, event.option, event.counted),),
                      pending=pending, stage=PoliticalStage.ACTIVATE, activating=event.option)


@evolve.register
def _(state: State, event: OptionApproved) -> State:
    political = state.political
    if political is None:
        return state
    index = next((i for i, p in enumerate(political.pending)
                  if p.power == event.of_power and p.request.option == event.option), None)
    if index is None:
        return state
    return with_political(state, pending=political.pending[:index] + political.pending[index + 1:])


@evolve.register
def _(state: State, event: OptionFailed) -> State:
    political = state.political
    if political is None:
        return state
    return with_political(state, pending=tuple(p for p in political.pending
                                           if not (p.power == event.power and p.request.option == event.option)))


@evolve.register
def _(state: State, event: OptionResolved) -> State:
    powers = dict(state.powers)
    for payer, amount in event.paid_by.items():
        if payer in powers:
            powers[payer] = evolved(powers[payer], money=powers[payer].money - amount)
    markers = {minor: dict(by) for minor, by in state.markers.items()}
    for change in event.markers:
        by = markers.setdefault(change.minor, {})
        if change.total:
            by[change.nationality] = change.total
        else:
            by.pop(change.nationality, None)
        if not by:
            markers.pop(change.minor)
    state = evolved(state, powers=powers, markers=markers,
                    options_succeeded=state.options_succeeded | {event.option})
    if event.us_entry_shift:
        shift = (USEntryShift(event.turn, event.power, event.us_entry_shift, f"option {event.option}"),)
        state = evolved(state, us_entry=totals_after(state.us_entry, shift), us_entry_history=state.us_entry_history + shift)
    return state


@evolve.register
def _(state: State, event: CreditOffered) -> State:
    offer = CreditOffer(event.turn, event.payer, event.beneficiary, event.up_to)
    return evolved(state, credit_offers=tuple(o for o in state.credit_offers if o.turn == event.turn) + (offer,))
