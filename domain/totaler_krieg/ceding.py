"""Rule 13.8.1: ceding lands.

A Ceded Land marker in the Ceded Lands Box changes who owns its area at once; taking it out
changes it back. A country ceded in its entirety ceases to exist: the Baltic States, Finland,
Rumania and Poland (to Russia) have their units set aside and may be re-created (13.8.1.1);
Austria, Czechoslovakia and Switzerland (to Germany) have theirs removed from play and are gone for
good (13.8.1.2). Whenever the Baltic States goes to Russia, Memelland's fate follows 13.8.1.1."""
from __future__ import annotations

from dataclasses import replace

from domain.kernel import Context, Event, RuleViolation
from domain.totaler_krieg.commands import CedeCountry, CedeLand, ReturnCededLand
from domain.totaler_krieg.counters import NOT_REMOVED, relocate
from domain.totaler_krieg.events import CededLandReturned, CountryCeased, LandCeded
from domain.totaler_krieg.pack import Pack
from domain.totaler_krieg.selection import acting_faction, select_minor
from domain.totaler_krieg.situation import situation
from domain.totaler_krieg.state import Claim, TKState
from domain.totaler_krieg.territory import exists, landless, owners
from domain.totaler_krieg.vocabulary import ClaimKind, GoneReason, Location

RULE = "TK-13.8.1"


def _marker(pack: Pack, marker: str):
    spec = pack.markers.get(marker)
    if spec is None:
        raise RuleViolation(RULE, f"unknown Ceded Land marker {marker!r}")
    return spec


def baltic_markers(state: TKState, pack: Pack) -> tuple[tuple[str, ...], str]:
    """Rule 13.8.1.1: the markers placed when the Baltic States is ceded to Russia, and why."""
    baltic = pack.baltic
    in_box = set(state.ceded)
    if baltic.eastern_poland_marker not in in_box:
        markers = tuple(m for m in (baltic.memelland_to_germany, baltic.northern_baltics_to_russia) if m not in in_box)
        return markers, "Eastern Poland has not been ceded to Russia: Memelland is ceded to Germany"
    if baltic.memelland_to_germany in in_box:
        return (baltic.northern_baltics_to_russia,), "Memelland has already been ceded to Germany"
    return (baltic.whole_to_russia,), "Eastern Poland has been ceded to Russia: Memelland goes to Russia too"


def _ceased(state: TKState, pack: Pack, country: str, markers: tuple[str, ...], by: str) -> CountryCeased:
    """Rules 13.8.1.1 and 13.8.1.2: a country left without land ceases to exist."""
    whole = pack.countries[country].whole_cession
    for_good = whole is not None and whole.removed_for_good
    to = Location.REMOVED if for_good else Location.SET_ASIDE
    placements = relocate(state, pack, country, NOT_REMOVED, to)
    reason = GoneReason.REMOVED_FOR_GOOD if for_good else GoneReason.CEDED_WHOLE
    return CountryCeased(country, reason.value, by, not for_good, markers, placements)


def _cession(state: TKState, pack: Pack, markers: tuple[str, ...], reason: str, whole: str | None) -> list[Event]:
    claims = state.claims + tuple(Claim(ClaimKind.CEDED, m) for m in markers)
    gone = landless(state, pack, claims)
    if whole is not None and whole not in gone:
        gone.append(whole)
    by = markers[-1] if markers else ""
    return [LandCeded(markers, reason), *(_ceased(state, pack, c, markers if c == whole else (), by) for c in gone)]


def cede_land(state: TKState, command: CedeLand, ctx: Context) -> list[Event]:
    """Rule 13.8.1: place one Ceded Land marker in the Ceded Lands Box."""
    acting_faction(command.power)
    pack = ctx.pack
    spec = _marker(pack, command.marker)
    if spec.whole_country is not None:
        raise RuleViolation(RULE, f"{spec.name} cedes a whole country: cede {spec.whole_country} with CedeCountry")
    if command.marker in state.ceded:
        raise RuleViolation(RULE, f"{spec.name} is already in the Ceded Lands Box")
    if not exists(state, pack, spec.to):
        raise RuleViolation("TK-13.2", f"land cannot be ceded to {pack.countries[spec.to].name}: it does not exist")
    return _cession(state, pack, (command.marker,), spec.name, None)


def cede_country(state: TKState, command: CedeCountry, ctx: Context) -> list[Event]:
    """Rules 13.8.1.1, 13.8.1.2: cede a country in its entirety."""
    acting_faction(command.power)
    pack = ctx.pack
    facts = select_minor(pack, situation(state, pack), command.country, "cession in its entirety")
    whole = pack.countries[facts.id].whole_cession
    if whole is None:
        raise RuleViolation(RULE, f"{facts.name} cannot be ceded in its entirety")
    if facts.id == pack.baltic.country:
        markers, reason = baltic_markers(state, pack)
    else:
        markers, reason = (whole.marker,), pack.markers[whole.marker].name
    return _cession(state, pack, markers, reason, facts.id)


def return_ceded_land(state: TKState, command: ReturnCededLand, ctx: Context) -> list[Event]:
    """Rule 13.8.1: take a marker out of the Ceded Lands Box; its area reverts at once.

    Where the seed is silent: a marker whose removal would hand land back to a country that no
    longer exists stays in the box (re-create the country with CreateMinor instead)."""
    acting_faction(command.power)
    pack = ctx.pack
    spec = _marker(pack, command.marker)
    if command.marker not in state.ceded:
        raise RuleViolation(RULE, f"{spec.name} is not in the Ceded Lands Box")
    claim = Claim(ClaimKind.CEDED, command.marker)
    after = owners(replace(state, claims=tuple(c for c in state.claims if c != claim)), pack)
    orphaned = {after[p].country for p in spec.places if not exists(state, pack, after[p].country)}
    if orphaned:
        names = ", ".join(sorted(pack.countries[c].name for c in orphaned))
        raise RuleViolation(RULE, f"removing {spec.name} would return land to {names}, which no longer exists")
    return [CededLandReturned(command.marker)]
