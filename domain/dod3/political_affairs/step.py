"""Rule 5 step C: political affairs, in initiative order (bidders only; on turn 1 every power, one
option each). The current player plays an option (8.2-8.4) or passes its bid, then activates a
minor (8.5) and rolls for the end of the step (8.6); its next bid follows, then the next power.
``played`` per power is what step D reads."""
from __future__ import annotations

from domain.dod3.commands import EndPoliticalAffairs, PassOption
from domain.dod3.events import OptionPassed, PoliticalAffairsBegan, PoliticalAffairsEnded
from domain.dod3.pack import Pack
from domain.dod3.political_affairs.options.resolution import lapse
from domain.dod3.seating import require_holder
from domain.dod3.state import PoliticalStage, State, Step
from domain.dod3.turns import FIRST_TURN
from domain.kernel import Context, Event, RuleViolation


def begin(state: State, pack: Pack) -> PoliticalAffairsBegan:
    """Rule 5 C (and 6): bidders play in initiative order, as many options as they bid for; on
    turn 1 there is no bidding and every power may play one option, in set-up order."""
    track, active = state.initiative.track, set(state.active_powers())
    if state.turn == FIRST_TURN:
        options = {p: pack.first_turn_options for p in track if p in active}
    else:
        options = {e.power: e.options for e in state.initiative.entries if e.made_bid and e.power in active}
    order = tuple(p for p in track if p in options)
    return PoliticalAffairsBegan(state.turn, order, options, order[-1] if order else None)


def end_when_done(state: State) -> list[Event]:
    """Rule 5 C.5: the step ends when the last bidder has finished (the last card marker); options
    still waiting for approval have failed (8.4a)."""
    if state.political is not None and state.political.current is None:
        return [*lapse(state), PoliticalAffairsEnded(state.turn, "every bidder has finished")]
    return []


def require_turn(state: State, ctx: Context, power: str, stage: PoliticalStage, rule_id: str = "DOD3-8.2a") -> None:
    """Rule 8.2a (rule 5 C for passing): in initiative order, bidders only; the option first, then
    the activation."""
    political = state.political
    if state.step is not Step.POLITICAL_AFFAIRS or political is None or political.current is None:
        raise RuleViolation(rule_id, "options are played only in the political affairs step, by bidders")
    require_holder(state, ctx, power)
    if power != political.current:
        raise RuleViolation(rule_id, f"it is {political.current}'s turn in political affairs (initiative order)")
    if political.stage is not stage:
        what = "activate a minor (rule 8.5)" if political.stage is PoliticalStage.ACTIVATE else "choose an option"
        raise RuleViolation("DOD3-8.5a" if stage is PoliticalStage.CHOOSE else "DOD3-8.2a",
                            f"{power} must first {what}")


def pass_option(state: State, command: PassOption, ctx: Context) -> list[Event]:
    """Rule 5 C: the power whose turn it is plays no option for its current bid (nothing to roll)."""
    require_turn(state, ctx, command.power, PoliticalStage.CHOOSE, "DOD3-5")
    return [OptionPassed(state.turn, command.power)]


def end_political_affairs(state: State, command: EndPoliticalAffairs, ctx: Context) -> list[Event]:
    """Rule 5 C.4: the moderator records that political affairs ended (later bids are not resolved)."""
    ctx.require_moderator("DOD3-5", "end political affairs")
    if state.step is not Step.POLITICAL_AFFAIRS or state.political is None or state.political.ended:
        raise RuleViolation("DOD3-5", "political affairs are not under way")
    return [*lapse(state), PoliticalAffairsEnded(state.turn, command.reason or "ended by the moderator")]
