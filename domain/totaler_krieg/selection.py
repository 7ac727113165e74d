"""Rules 13.1-13.3: who may act, and what may be selected.

Selecting a country never accepts a Dependent or Region (13.2, 13.3) nor a country that does not
exist at the moment (13.2); a selection may be limited by size, status, alignment or posture. Every
refusal is a RuleViolation carrying the rule id, raised before any event is produced."""
from __future__ import annotations

from domain.kernel import RuleViolation
from domain.totaler_krieg.pack import Pack
from domain.totaler_krieg.situation import CountryFacts, Situation
from domain.totaler_krieg.vocabulary import Faction, PlaceKind, Size, Status


def acting_faction(power: str) -> Faction:
    """Rule 13.1: the powers are the three factions."""
    try:
        return Faction(power)
    except ValueError as error:
        raise RuleViolation("TK-13.1", f"{power!r} is not a faction; one of {[f.value for f in Faction]}") from error


def require(power: str, *factions: Faction) -> Faction:
    """The acting faction, which must be one of ``factions``."""
    faction = acting_faction(power)
    if faction not in factions:
        raise RuleViolation("TK-13.1", f"only {' or '.join(f.value for f in factions)} may do this, not {power}")
    return faction


def place_role(sit: Situation, name: str) -> str:
    """What a place is now (13.3): a Dependent, a Region, a Breakaway Region or part of a country."""
    facts = sit.places[name]
    owner = sit.countries[facts.country].name
    if facts.dependent is not None:
        return f"a Dependent of {owner}"
    match facts.kind:
        case PlaceKind.REGION:
            return f"a Region of {owner}"
        case PlaceKind.BREAKAWAY:
            return f"a Breakaway Region of {owner}"
    return f"part of {owner}"


def select_country(pack: Pack, sit: Situation, name: str, *, purpose: str = "", sizes=(), statuses=(),
                   alignments=(), postures=()) -> CountryFacts:
    """Rules 13.2, 13.3: the country named, if it may be selected for ``purpose``."""
    about = f" for {purpose}" if purpose else ""
    facts = sit.countries.get(name)
    if facts is not None and facts.exists:
        _check_limits(sit, facts, about, sizes, statuses, alignments, postures)
        return facts
    if name in sit.places and not (facts is not None and facts.gone):
        raise RuleViolation("TK-13.2", f"{sit.places[name].name} is {place_role(sit, name)}, not a Country: "
                                       f"it cannot be selected{about}")
    if facts is not None:
        raise RuleViolation("TK-13.2", f"{facts.absent_reason}: it cannot be selected{about}")
    raise RuleViolation("TK-13.2", f"unknown country {name!r}")


def _check_limits(sit: Situation, facts: CountryFacts, about: str, sizes, statuses, alignments, postures) -> None:
    if sizes and facts.size not in sizes:
        raise RuleViolation("TK-13.2", f"{facts.name} is a {facts.size.value} country; a "
                                       f"{'/'.join(s.value for s in sizes)} country is required{about}")
    if statuses and facts.status not in statuses:
        raise RuleViolation("TK-13.2", f"{facts.name} is {facts.status.value}; a "
                                       f"{'/'.join(s.value for s in statuses)} country is required{about}")
    if alignments and facts.alignment not in alignments:
        now = facts.alignment.value if facts.alignment else "undetermined"
        raise RuleViolation("TK-13.2", f"{facts.name}'s alignment is {now}; "
                                       f"{'/'.join(a.value for a in alignments)} is required{about}")
    if postures and facts.posture not in postures:
        raise RuleViolation("TK-13.2", f"{facts.name}'s posture is {sit.name(facts.posture or 'undetermined')}; "
                                       f"{'/'.join(sorted(postures))} is required{about}")


def select_minor(pack: Pack, sit: Situation, name: str, purpose: str, *statuses: Status) -> CountryFacts:
    return select_country(pack, sit, name, purpose=purpose, sizes=(Size.MINOR,), statuses=statuses)


def check_place(sit: Situation, name: str) -> None:
    """Rule 13.3: a hex lies in a known place (a country's core, a dependent, a region)."""
    if name not in sit.places:
        raise RuleViolation("TK-13.3", f"unknown place {name!r}")


def check_nationalities(pack: Pack, sit: Situation, unit: tuple[str, ...], faction: Faction) -> None:
    """Rules 13.2, 13.8.3: a unit's nationalities exist, belong to the acting faction, and two
    nationalities match a multi-national unit."""
    if not 1 <= len(unit) <= 2:
        raise RuleViolation("TK-13.8.3", "a unit has one nationality, or two for a multi-national unit")
    for nationality in unit:
        facts = select_country(pack, sit, nationality, purpose="a unit's nationality")
        if facts.status is not Status.ACTIVE:
            raise RuleViolation("TK-13.4", f"{facts.name} is {facts.status.value}: its units cannot be on the map")
        if facts.alignment is not faction:
            raise RuleViolation("TK-13.1", f"{facts.name}'s units are not {faction.value} units")
    if len(unit) == 2 and not any(multinational_fits(pack, sit, t, unit) for t in pack.multinational):
        raise RuleViolation("TK-13.8.3", f"no multi-national unit combines {unit[0]} and {unit[1]}")


def multinational_fits(pack: Pack, sit: Situation, template: str, nationalities: tuple[str, ...]) -> bool:
    """Rule 13.8.3: the two nationalities match a multi-national template."""
    spec = pack.multinational[template]
    fixed = list(spec.nationalities)
    rest = [n for n in nationalities if n not in fixed]
    if spec.minor_of is None:
        return sorted(nationalities) == sorted(fixed)
    return (len(rest) == 1 and all(n in nationalities for n in fixed)
            and sit.countries[rest[0]].size is Size.MINOR and sit.countries[rest[0]].alignment is spec.minor_of)
