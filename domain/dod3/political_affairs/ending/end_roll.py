"""Rule 8.6: ending political affairs. After each option (and its activation) the player rolls a
d10: -1 for each option played before it this step, +1 if four or more major powers are at war with
each other, +2 if every major power still in the game is at war; 1 or less ends the step. The last
bidder's final option ends it without a roll. Option 8.6: MP 0 options do not count."""
from __future__ import annotations

from domain.dod3.events import PoliticalAffairsEnded
from domain.dod3.evolve import evolve, with_political
from domain.dod3.pack import Pack
from domain.dod3.political_affairs.ending.messages import EndOfPoliticalAffairsRolled, OptionTurnFinished
from domain.dod3.political_affairs.options.resolution import lapse
from domain.dod3.state import PoliticalStage, State
from domain.kernel import Dice, Event, d10


def powers_at_war(state: State) -> frozenset[str]:
    """The major powers still in the game that are at war with another major power."""
    active = state.active_powers()
    return frozenset(p for p in active if any(state.at_war(p, q) for q in active if q != p))


def war_modifier(state: State, pack: Pack) -> int:
    """Rule 8.6: +1 when 4 or more major powers are at war with each other, +2 more when every
    major power still in the game is at war with a major power."""
    rules, at_war = pack.politics.end_roll, powers_at_war(state)
    modifier = rules.powers_at_war_modifier if len(at_war) >= rules.powers_at_war else 0
    if at_war and len(at_war) == len(state.active_powers()):
        modifier += rules.all_at_war_modifier
    return modifier


def previous_options(state: State) -> int:
    """Rule 8.6: options played this step before the current one (option 8.6: not MP 0)."""
    return sum(1 for play in state.political.plays[:-1] if play.counted)


def end_result(state: State, pack: Pack, roll: int) -> tuple[int, int, int, bool]:
    """Rule 8.6: (previous options, war modifier, modified roll, ended)."""
    rules = pack.politics.end_roll
    previous, war = previous_options(state), war_modifier(state, pack)
    result = roll + rules.per_previous_option * previous + war
    return previous, war, result, result <= rules.ends_at_or_below


def last_option_of_last_bidder(state: State) -> bool:
    """Rule 8.6: "If you are the last player to have bid ... and you have played your final option,
    political affairs end automatically"."""
    political = state.political
    power = political.current
    return political.index == len(political.order) - 1 and political.used + 1 >= political.options.get(power, 0)


def after_option(state: State, pack: Pack, dice: Dice) -> list[Event]:
    """Rule 8.6, once the option is resolved and a minor activated: roll, or end automatically."""
    power = state.political.current
    if last_option_of_last_bidder(state):
        return [OptionTurnFinished(state.turn, power)]
    roll = d10(dice)
    previous, war, result, ended = end_result(state, pack, roll)
    rolled = EndOfPoliticalAffairsRolled(state.turn, power, roll, previous, war, result, ended)
    if ended:
        return [rolled, *lapse(state), PoliticalAffairsEnded(state.turn, f"end roll {result} by {power}")]
    return [rolled, OptionTurnFinished(state.turn, power)]


@evolve.register
def _(state: State, event: OptionTurnFinished) -> State:
    political = state.political
    if political is None:
        return state
    used = political.used + 1
    advance = used >= political.options.get(event.power, 0)
    return with_political(state, index=political.index + 1 if advance else political.index, used=0 if advance else used,
                      stage=PoliticalStage.CHOOSE, activating=None)
