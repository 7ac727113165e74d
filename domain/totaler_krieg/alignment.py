"""Rule 13.5: country alignment.

Majors are always aligned with their faction; an Active or Conquered minor's alignment is stored
(its units are in that faction's Force Pool or Conquered Minor Countries Box); a Neutral minor's is
determined at the moment it is needed by the priority list 1-7. ``neutral_alignment`` walks the
list as far as the state can (priorities 5 and 7 need the Axis's choice or a die roll);
``determine`` completes it, rolling ``ctx.dice`` so the roll is recorded in the event."""
from __future__ import annotations

from dataclasses import dataclass

from domain.kernel import Dice, RuleViolation
from domain.totaler_krieg.pack import Pack
from domain.totaler_krieg.state import TKState
from domain.totaler_krieg.territory import Owner, home_places
from domain.totaler_krieg.vocabulary import INFLUENCE, AlignmentNeeds, CountryMarker, Faction, Status, WarState

RULE = "TK-13.5"


@dataclass(frozen=True)
class Finding:
    faction: Faction | None
    priority: int | None  # the priority that decided (1-7); None for majors and stored alignments
    basis: str
    needs: AlignmentNeeds | None = None


@dataclass(frozen=True)
class Determination:
    faction: Faction
    priority: int
    basis: str
    roll: int | None = None


def stored_alignment(state: TKState, pack: Pack, country: str) -> Finding | None:
    """Rule 13.5: majors never switch; Active and Conquered minors keep the faction of their units."""
    spec = pack.countries[country]
    if spec.major:
        return Finding(spec.faction, None, "a Major Country is always aligned with its faction")
    faction = state.alignment.get(country)
    status = state.status.get(country)
    if faction is None or status not in (Status.ACTIVE, Status.CONQUERED):
        return None
    box = "Force Pool" if status is Status.ACTIVE else "Conquered Minor Countries Box"
    return Finding(faction, None, f"its units belong to the {pack.factions[faction]} {box}")


def soviet_land(state: TKState, pack: Pack, owned: dict[str, Owner]) -> set[str]:
    """The home places of every Soviet Country (13.5 priority 4).

    Where the seed is silent: a Soviet Country is Russia or an Active Soviet minor (a Neutral's own
    alignment is what is being determined, and a Conquered minor holds no land of its own)."""
    soviet = {c.id for c in pack.countries.values() if c.major and c.faction is Faction.SOVIET}
    soviet |= {c for c, f in state.alignment.items() if f is Faction.SOVIET and state.status.get(c) is Status.ACTIVE}
    return {p for p, o in owned.items() if o.country in soviet and o.dependent is None}


def neutral_alignment(state: TKState, pack: Pack, owned: dict[str, Owner], country: str,
                      specified: Faction | None = None) -> Finding:
    """Rule 13.5: the priority list for a Neutral minor, as far as the state decides it.

    Where the seed is silent: priority 2 needs the Republican Support marker to show a faction;
    without it the list goes on to priority 3."""
    if specified is not None:
        return Finding(specified, 1, "the option card, rule or event specifies the faction")
    support = state.republican_support
    if state.has_marker(country, CountryMarker.REPUBLICAN_STRONGHOLD) and support is not None:
        return Finding(support, 2, "a Republican Stronghold marker; the Republican Support marker shows "
                                   f"{pack.factions[support]}")
    for marker, faction in INFLUENCE.items():
        if state.has_marker(country, marker):
            return Finding(faction, 3, f"a {pack.factions[faction]} Influence marker is in the country")
    home = home_places(owned, country)
    soviet = soviet_land(state, pack, owned)
    if not any(pack.neighbours[p] & soviet for p in home):
        return Finding(Faction.WESTERN, 4, "it shares no border with a Soviet Country")
    if state.war is WarState.PRE_WAR:
        return Finding(None, 5, "Pre-War is in effect: the Axis chooses an Allied faction",
                       AlignmentNeeds.AXIS_CHOICE)
    strategic = {f for place, f in pack.strategic_hexes.values() if place in home}
    if not strategic & {Faction.AXIS, Faction.WESTERN}:
        return Finding(Faction.SOVIET, 6, "it contains no Axis or Western Strategic Hex")
    return Finding(None, 7, f"an unmodified die roll: {pack.alignment_western_at_most} or less Western, "
                            "more Soviet", AlignmentNeeds.DIE_ROLL)


def determine(state: TKState, pack: Pack, owned: dict[str, Owner], country: str, dice: Dice,
              specified: Faction | None = None, axis_choice: Faction | None = None) -> Determination:
    """Rule 13.5: the whole priority list; priority 5 takes ``axis_choice``, priority 7 rolls.

    Where the seed is silent: an ``axis_choice`` given when an earlier priority decides is ignored
    (the event records the priority that applied)."""
    finding = neutral_alignment(state, pack, owned, country, specified)
    match finding.needs:
        case AlignmentNeeds.AXIS_CHOICE:
            if axis_choice is None or not axis_choice.allied:
                raise RuleViolation(RULE, f"{pack.countries[country].name}: priority 5 applies (Pre-War); "
                                          "the Axis must choose the western or soviet faction (axis_choice)")
            return Determination(axis_choice, 5, f"Pre-War is in effect: the Axis chose {pack.factions[axis_choice]}")
        case AlignmentNeeds.DIE_ROLL:
            roll = dice.roll(pack.die_sides)
            faction = Faction.WESTERN if roll <= pack.alignment_western_at_most else Faction.SOVIET
            return Determination(faction, 7, f"die roll {roll}: {pack.factions[faction]}", roll)
    return Determination(finding.faction, finding.priority, finding.basis)
