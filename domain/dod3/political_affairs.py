"""Rule 5 step C and rule 8: political affairs, in initiative order (bidders only; on turn 1 every
power, one option each). The current player plays an option (8.2-8.4) or passes its bid, then
activates a minor (8.5) and rolls for the end of the step (8.6); its next bid follows, then the
next power. ``played`` per power is what step D reads."""
from __future__ import annotations

from domain.dod3 import activation, ending, political_evolve  # noqa: F401 (political_evolve registers folds)
from domain.dod3.commands import EndPoliticalAffairs, PassOption
from domain.dod3.economy import options_played  # noqa: F401 (step D's question, asked here since part 1)
from domain.dod3.events import OptionPassed, PoliticalAffairsBegan, PoliticalAffairsEnded
from domain.dod3.evolve import evolve
from domain.dod3.minors import marker_minors
from domain.dod3.options.resolution import lapse, play
from domain.dod3.pack import Pack
from domain.dod3.political_commands import (
    ActivateMinor, OfferCredit, PlayOption, RecordCivilWar, RecordForcesInMinor,
)
from domain.dod3.political_events import (
    ActivationSkipped, CivilWarRecorded, CreditOffered, ForcesInMinorRecorded, MinorActivated,
)
from domain.dod3.political_state import PoliticalStage
from domain.dod3.seating import require_holder
from domain.dod3.state import State, Step
from domain.dod3.treaties import treaty_level
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


def _require_turn(state: State, ctx: Context, power: str, stage: PoliticalStage, rule_id: str = "DOD3-8.2a") -> None:
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
    _require_turn(state, ctx, command.power, PoliticalStage.CHOOSE, "DOD3-5")
    return [OptionPassed(state.turn, command.power)]


def play_option(state: State, command: PlayOption, ctx: Context) -> list[Event]:
    """Rules 8.2-8.4, then 8.5a: the option is selected and resolved; the player then activates a
    minor, or, when it cannot or the option says not to, rolls for the end at once (8.6)."""
    _require_turn(state, ctx, command.power, PoliticalStage.CHOOSE)
    events = play(state, ctx.pack, command.power, command.request())
    after = state
    for event in events:
        after = evolve(after, event)
    return events + _skip_activation_if_none(after, ctx, command.power)


def _skip_activation_if_none(state: State, ctx: Context, power: str) -> list[Event]:
    """Rule 8.5a: "You must activate any one minor ... unless none are available or you are
    stipulated otherwise"."""
    pack = ctx.pack
    card = pack.options[state.political.activating]
    if card.no_activation:
        reason = f"{card.id} stipulates no activation"
    elif not activation.eligible_minors(state, pack, power):
        reason = "no minor is eligible"
    else:
        return []
    skipped = ActivationSkipped(state.turn, power, reason)
    return [skipped, *ending.after_option(evolve(state, skipped), pack, ctx.dice)]


def activate_minor(state: State, command: ActivateMinor, ctx: Context) -> list[Event]:
    """Rule 8.5, then 8.6: apply every modifier in the minor, then roll for the end."""
    _require_turn(state, ctx, command.power, PoliticalStage.ACTIVATE)
    applied = activation.activate(state, ctx.pack, command.power, command.minor, tuple(command.conversions),
                                  tuple(command.moves))
    start = state.positions[command.minor]
    activated = MinorActivated(state.turn, command.power, command.minor, start, tuple(command.conversions), applied,
                               applied[-1].end if applied else start)
    return [activated, *ending.after_option(evolve(state, activated), ctx.pack, ctx.dice)]


def end_political_affairs(state: State, command: EndPoliticalAffairs, ctx: Context) -> list[Event]:
    """Rule 5 C.4: the moderator records that political affairs ended (later bids are not resolved)."""
    ctx.require_moderator("DOD3-5", "end political affairs")
    if state.step is not Step.POLITICAL_AFFAIRS or state.political is None or state.political.ended:
        raise RuleViolation("DOD3-5", "political affairs are not under way")
    return [*lapse(state), PoliticalAffairsEnded(state.turn, command.reason or "ended by the moderator")]


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


def record_forces_in_minor(state: State, command: RecordForcesInMinor, ctx: Context) -> list[Event]:
    """Moderator: which major powers have units in a minor (rules 8.1h-i)."""
    ctx.require_moderator("DOD3-8.1i", "record forces in minors")
    if command.minor not in ctx.pack.minors or any(p not in state.powers for p in command.forces):
        raise RuleViolation("DOD3-8.1i", "name a minor of the pack and major powers")
    return [ForcesInMinorRecorded(state.turn, command.minor, tuple(sorted(set(command.forces))))]


def record_civil_war(state: State, command: RecordCivilWar, ctx: Context) -> list[Event]:
    """Moderator: a minor enters or leaves civil war (rules 8.1g, 8.7.2)."""
    ctx.require_moderator("DOD3-8.1g", "record civil wars")
    if command.minor not in marker_minors(ctx.pack):
        raise RuleViolation("DOD3-8.1g", f"{command.minor!r} is not a minor with a political marker")
    if (command.minor in state.civil_wars) == command.in_civil_war:
        raise RuleViolation("DOD3-8.1g", f"{command.minor} is already {'in' if command.in_civil_war else 'out of'} civil war")
    return [CivilWarRecorded(state.turn, command.minor, command.in_civil_war)]

