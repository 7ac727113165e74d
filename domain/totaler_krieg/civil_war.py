"""Rule 13.8.4: civil war countries, and political events applied to countries and policies.

Only the listed events apply to a Civil War Country; any other is "No Result". A civil war ends
when the country is activated (13.7.1 step 8) or by a final Civil War Defeat or Victory. A
Neutrals Pressured or Political Option event applied to a policy ends it voluntarily (13.6.1.2);
Neutrals Pressured on Neutral Vichy seizes or sinks its fleet (13.8.6.1)."""
from __future__ import annotations

from domain.kernel import Context, Event, RuleViolation
from domain.totaler_krieg.commands import ApplyPoliticalEvent
from domain.totaler_krieg.events import CivilWarEnded, PoliticalEventApplied, PoliticalEventHadNoResult
from domain.totaler_krieg.pack import EventSpec, Pack
from domain.totaler_krieg.policies import end_policy_events, in_effect
from domain.totaler_krieg.policy_ending import voluntary_block
from domain.totaler_krieg.selection import acting_faction, select_country
from domain.totaler_krieg.situation import situation
from domain.totaler_krieg.state import TKState
from domain.totaler_krieg.vichy import fleet_events, vichy_id

RULE = "TK-13.8.4"


def _end_by_event(state: TKState, command: ApplyPoliticalEvent, pack: Pack, event: EventSpec) -> list[Event]:
    if event.ends_policy_as is None:
        raise RuleViolation("TK-13.6.1.2", f"{event.name} does not end policies")
    in_effect(state, pack, command.policy)
    block = voluntary_block(situation(state, pack), command.policy, acting_faction(command.power))
    if block:
        raise RuleViolation("TK-13.6.1.2", f"{event.name} would end {pack.policies[command.policy].name}, but {block}")
    return end_policy_events(state, pack, command.policy, event.ends_policy_as, command.power)


def apply_political_event(state: TKState, command: ApplyPoliticalEvent, ctx: Context) -> list[Event]:
    """Rules 13.8.4, 13.6.1.2, 13.8.6.1: apply a chapter 15 event where chapter 13 has a say."""
    pack = ctx.pack
    faction = acting_faction(command.power)
    event = pack.events.get(command.event)
    if event is None:
        raise RuleViolation(RULE, f"unknown political event {command.event!r}; one of {sorted(pack.events)}")
    sit = situation(state, pack)
    country = select_country(pack, sit, command.country, purpose=event.name) if command.country else None
    if country is not None and country.civil_war and not event.civil_war:
        return [PoliticalEventHadNoResult(event.id, country.id, f"{event.name} is not an event a Civil War Country "
                                                                "accepts: No Result")]
    events: list[Event] = []
    if command.vichy_fleet:
        if country is None or country.id != vichy_id(pack) or not event.vichy_fleet:
            raise RuleViolation("TK-13.8.6", "only Neutrals Pressured applied to Neutral Vichy acts on its fleet")
        events += fleet_events(state, pack, sit, faction)
    if command.policy is not None:
        events += _end_by_event(state, command, pack, event)
    if command.final:
        if not event.ends_civil_war or country is None or not country.civil_war:
            raise RuleViolation(RULE, "only a final Civil War Defeat or Victory, applied to a Civil War Country, "
                                      "ends a civil war")
        events.append(CivilWarEnded(country.id, f"final {event.name}"))
    return events or [PoliticalEventApplied(event.id, country.id if country else None, None)]
