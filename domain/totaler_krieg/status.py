"""Rules 13.2, 13.4 and 13.5 as commands: selecting a country, determining a Neutral's alignment,
activating a Neutral (with its set-up, 13.7), conquest, re-activation and switching alignment."""
from __future__ import annotations

from functools import reduce

from domain.kernel import Context, Event, RuleViolation
from domain.totaler_krieg.alignment import determine
from domain.totaler_krieg.commands import (
    ActivateNeutral,
    ConquerCountry,
    DetermineAlignment,
    ReactivateCountry,
    SelectCountry,
    SwitchAlignment,
)
from domain.totaler_krieg.events import (
    AlignmentDetermined,
    AlignmentSwitched,
    CountryReactivated,
    CountrySelected,
    MinorConquered,
    NeutralActivated,
    PoliticalEventHadNoResult,
)
from domain.totaler_krieg.counters import relocate
from domain.totaler_krieg.evolve import evolve
from domain.totaler_krieg.minor_setup import setup_event
from domain.totaler_krieg.policies import end_policy_events
from domain.totaler_krieg.policy_ending import voluntary_verdict
from domain.totaler_krieg.selection import acting_faction, require, select_country, select_minor
from domain.totaler_krieg.situation import situation
from domain.totaler_krieg.state import TKState
from domain.totaler_krieg.territory import owners
from domain.totaler_krieg.vichy import conquer_france, is_vichy
from domain.totaler_krieg.vocabulary import (
    ALLIED,
    IN_PLAY,
    ActivateAs,
    EndCause,
    Faction,
    Location,
    ReactivateVia,
    Size,
    Status,
    Trigger,
)

RULE = "TK-13.4"


def select(state: TKState, command: SelectCountry, ctx: Context) -> list[Event]:
    """Rule 13.2: a selection names an existing country meeting the instruction's limits."""
    acting_faction(command.power)
    facts = select_country(ctx.pack, situation(state, ctx.pack), command.country, purpose=command.purpose,
                           sizes=command.sizes, statuses=command.statuses, alignments=command.alignments,
                           postures=command.postures)
    return [CountrySelected(command.power, facts.id, command.purpose)]


def determine_alignment(state: TKState, command: DetermineAlignment, ctx: Context) -> list[Event]:
    """Rule 13.5: a Neutral minor's alignment, determined now by the priority list."""
    acting_faction(command.power)
    pack = ctx.pack
    facts = select_country(pack, situation(state, pack), command.country, purpose="alignment (13.5)")
    if facts.status is not Status.NEUTRAL:
        raise RuleViolation("TK-13.5", f"{facts.name}'s alignment is fixed ({facts.alignment_basis}); only a Neutral "
                                       "minor's is determined by the priority list")
    found = determine(state, pack, owners(state, pack), facts.id, ctx.dice, command.specified, command.axis_choice)
    return [AlignmentDetermined(facts.id, found.faction, found.priority, found.basis, found.roll)]


def _specified(command: ActivateNeutral, faction: Faction) -> Faction | None:
    """Rule 13.5 priority 1: the faction a card or event names; None means "Allied" (priorities 2-7).

    Where the seed is silent: a declaration of war (6.1.1) activates the target as the declarer's
    enemy: Allied when the Axis declares, Axis when an Allied faction does."""
    wanted = command.activate_as
    if command.trigger is Trigger.DECLARE_WAR:
        implied = ActivateAs.ALLIED if faction is Faction.AXIS else ActivateAs.AXIS
        if wanted not in (None, implied):
            raise RuleViolation(RULE, f"a {faction.value} declaration of war activates the target as {implied.value}")
        wanted = implied
    if wanted is None:
        raise RuleViolation(RULE, "say what the card or event activates the country as (activate_as)")
    return None if wanted is ActivateAs.ALLIED else Faction(wanted.value)


def activate_neutral(state: TKState, command: ActivateNeutral, ctx: Context) -> list[Event]:
    """Rule 13.4: activation makes the country Active, determines its alignment (13.5) and sets
    it up (13.7). A Civil War Country ignores events not on its list (13.8.4). An Axis declaration
    of war on a Neutral PAC ends that policy voluntarily (13.6.1.2), so it is prohibited in Pre-War."""
    pack = ctx.pack
    faction = acting_faction(command.power)
    if command.trigger is Trigger.POLITICAL_EVENT and command.political_event not in pack.events:
        raise RuleViolation(RULE, f"name the political event (one of {sorted(pack.events)})")
    facts = select_minor(pack, situation(state, pack), command.country, "activation", Status.NEUTRAL)
    event = pack.events.get(command.political_event) if command.political_event else None
    if facts.civil_war and command.trigger is Trigger.POLITICAL_EVENT and not event.civil_war:
        return [PoliticalEventHadNoResult(event.id, facts.id, f"{event.name} is not an event a Civil War Country "
                                                              "accepts: No Result (13.8.4)")]
    found = determine(state, pack, owners(state, pack), facts.id, ctx.dice, _specified(command, faction),
                      command.axis_choice)
    events: list[Event] = [NeutralActivated(facts.id, found.faction, found.priority, found.basis, command.trigger,
                                            command.power, command.political_event, found.roll)]
    events.append(setup_event(state, pack, facts.id, found.faction, ctx.dice, command.political_event,
                              command.convoy_box, command.convoy_mode))
    after = reduce(evolve, events, state)
    now = situation(after, pack).countries[facts.id]
    if now.pac and command.trigger is Trigger.DECLARE_WAR and faction is Faction.AXIS:
        verdict = voluntary_verdict(situation(state, pack), (now.posture,))
        if not verdict.allowed:
            raise RuleViolation(verdict.rule, f"declaring war on {facts.name}, a Neutral PAC: {verdict.reason}")
        events += end_policy_events(after, pack, now.posture, EndCause.DECLARE_WAR_ON_NEUTRAL_PAC, command.power)
    elif now.pac and command.end_policy:
        events += end_policy_events(after, pack, now.posture, EndCause.OPTION_CARD, command.power)
    return events


def conquer(state: TKState, command: ConquerCountry, ctx: Context) -> list[Event]:
    """Rule 13.4: a Conquered minor's units go to its faction's Conquered Minor Countries Box.
    France's conquest creates Vichy (13.8.6); Vichy is not subject to Allied conquest.

    Where the seed is silent: only an enemy faction conquers; Partnership counters set aside by
    set-up step 1 stay set aside."""
    pack = ctx.pack
    faction = acting_faction(command.power)
    spec = pack.countries.get(command.country)
    if spec is not None and spec.major:
        raise RuleViolation(RULE, f"{spec.name} is a Major Country: it is always Active")
    sit = situation(state, pack)
    facts = select_minor(pack, sit, command.country, "conquest", Status.ACTIVE)
    if facts.alignment is faction:
        raise RuleViolation("TK-13.1", f"{facts.name} is a {faction.value} country; only an enemy conquers it")
    if any(c.succeeds == facts.id for c in pack.countries.values()):
        return conquer_france(state, ctx, facts)
    if is_vichy(pack, facts.id) and facts.allied:
        raise RuleViolation("TK-13.8.6", "No Surrender: Vichy is not subject to Allied Minor Country Conquest")
    return [MinorConquered(facts.id, facts.alignment, relocate(state, pack, facts.id, IN_PLAY, Location.CONQUERED_BOX))]


def reactivate(state: TKState, command: ReactivateCountry, ctx: Context) -> list[Event]:
    """Rule 13.4: the Axis Minor Country Created event, or an Allied faction's Conquered Country
    Reactivation; units move from the Conquered box to the Force Pool.

    Where the seed is silent: an Allied faction reactivates only a minor whose units are in its own
    Conquered Minor Countries Box (16.3.1 and 16.5.1 are each faction's own event)."""
    pack = ctx.pack
    facts = select_minor(pack, situation(state, pack), command.country, "re-activation", Status.CONQUERED)
    if command.via is ReactivateVia.MINOR_COUNTRY_CREATED:
        faction = require(command.power, Faction.AXIS)
    else:
        faction = require(command.power, *ALLIED)
        if facts.alignment is not faction:
            raise RuleViolation(RULE, f"{facts.name}'s units are in the {facts.alignment.value} Conquered Minor "
                                      f"Countries Box, not the {faction.value} one")
    return [CountryReactivated(facts.id, faction, command.via,
                               relocate(state, pack, facts.id, {Location.CONQUERED_BOX}, Location.FORCE_POOL))]


def switch_alignment(state: TKState, command: SwitchAlignment, ctx: Context) -> list[Event]:
    """Rule 13.5: a minor may switch faction; a major never does."""
    acting_faction(command.power)
    pack = ctx.pack
    facts = select_country(pack, situation(state, pack), command.country, purpose="an alignment switch")
    if facts.size is Size.MAJOR:
        raise RuleViolation("TK-13.5", f"{facts.name} is a Major Country: it cannot switch its alignment")
    if facts.status is Status.NEUTRAL:
        raise RuleViolation("TK-13.5", f"{facts.name} is Neutral: its alignment is determined when needed")
    if facts.alignment is command.faction:
        raise RuleViolation("TK-13.5", f"{facts.name} is already {command.faction.value}")
    return [AlignmentSwitched(facts.id, facts.alignment, command.faction)]
