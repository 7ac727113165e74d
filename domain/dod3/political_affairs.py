"""Rule 5 step C: the order of political affairs. This is the seam for part 2 (rules 8.1-8.7).

Part 1 keeps the bookkeeping every option will need: who plays in which order (initiative order,
bidders only; on turn 1 every power, one option each), how many options each power bid for,
whose turn it is, how many options each actually played (step D reads it) and when the step is
over. In part 1 a power passes each of its options; part 2 adds choosing and resolving an
option, activating a minor and the end-of-affairs roll (8.6) at ``PassOption``'s place."""
from __future__ import annotations

from domain.dod3.commands import EndPoliticalAffairs, PassOption
from domain.dod3.events import OptionPassed, PoliticalAffairsBegan, PoliticalAffairsEnded
from domain.dod3.pack import Pack
from domain.dod3.seating import require_holder, require_moderator
from domain.dod3.state import State, Step
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
    """Rule 5 C.5: the step ends when the last bidder has finished (the last card marker)."""
    if state.political is not None and state.political.current is None:
        return [PoliticalAffairsEnded(state.turn, "every bidder has finished")]
    return []


def pass_option(state: State, command: PassOption, ctx: Context, pack: Pack) -> list[Event]:
    """Rule 5 C: the power whose turn it is plays no option for its current bid."""
    political = state.political
    if state.step is not Step.POLITICAL_AFFAIRS or political is None or political.current is None:
        raise RuleViolation("DOD3-5", "options are played only in the political affairs step")
    require_holder(state, ctx, command.power)
    if command.power != political.current:
        raise RuleViolation("DOD3-5", f"it is {political.current}'s turn in political affairs (initiative order)")
    return [OptionPassed(state.turn, command.power)]


def end_political_affairs(state: State, command: EndPoliticalAffairs, ctx: Context, pack: Pack) -> list[Event]:
    """Rule 5 C.4: the moderator records that political affairs ended (later bids are not resolved)."""
    require_moderator(ctx, "DOD3-5", "ends political affairs")
    if state.step is not Step.POLITICAL_AFFAIRS or state.political is None or state.political.ended:
        raise RuleViolation("DOD3-5", "political affairs are not under way")
    return [PoliticalAffairsEnded(state.turn, command.reason or "ended by the moderator")]


def options_played(state: State, power: str) -> int:
    """How many options a power played this turn (step D pays those that played none)."""
    return 0 if state.political is None else state.political.played.get(power, 0)
