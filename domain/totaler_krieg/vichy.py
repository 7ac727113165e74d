"""Rule 13.8.6: Vichy. France's conquest creates Vichy from the French lands not ceded to Germany
(French dependents become Vichy's): Neutral after Case Yellow (16.2.1), an Active Allied minor
after Allied Minor Country Conquest (16.1.1). The Neutral Vichy fleet can be seized or sunk;
Vichy's home ports depend on its status; on the DS map France is never conquered (13.8.6.3)."""
from __future__ import annotations

from domain.kernel import Context, Event, RuleViolation
from domain.totaler_krieg.commands import FormVichy
from domain.totaler_krieg.counters import relocate
from domain.totaler_krieg.events import VichyFleetSeized, VichyFleetSunk, VichyFormed
from domain.totaler_krieg.evolve import evolve
from domain.totaler_krieg.minor_setup import setup_event
from domain.totaler_krieg.pack import Pack
from domain.totaler_krieg.selection import require, select_minor
from domain.totaler_krieg.situation import CountryFacts, Situation, situation
from domain.totaler_krieg.state import TKState
from domain.totaler_krieg.vocabulary import IN_PLAY, Faction, GameMap, Location, Status, VichyVia

RULE = "TK-13.8.6"


def vichy_id(pack: Pack) -> str:
    return next(c.id for c in pack.countries.values() if c.succeeds is not None)


def is_vichy(pack: Pack, country: str) -> bool:
    return pack.countries[country].succeeds is not None


def _check_map(state: TKState) -> None:
    if state.map is GameMap.DS:
        raise RuleViolation(RULE, "on the DS map France is always France: it can never be conquered (13.8.6.3)")


def conquer_france(state: TKState, ctx: Context, france: CountryFacts) -> list[Event]:
    """Rule 13.8.6.2: Allied Minor Country Conquest of France creates an Active Allied Vichy, set
    up by 13.7.2; France's units go to the Conquered Minor Countries Box (13.4)."""
    _check_map(state)
    pack = ctx.pack
    vichy = vichy_id(pack)
    formed = VichyFormed(vichy, france.id, VichyVia.ALLIED_MINOR_COUNTRY_CONQUEST, Status.ACTIVE, france.alignment,
                         None, relocate(state, pack, france.id, IN_PLAY, Location.CONQUERED_BOX))
    return [formed, setup_event(evolve(state, formed), pack, vichy, france.alignment, ctx.dice)]


def form_vichy(state: TKState, command: FormVichy, ctx: Context) -> list[Event]:
    """Rule 13.8.6: Vichy is created whenever France is conquered.

    Where the seed is silent: Case Yellow removes France's units in play from the game (as its
    multi-national example does with the French step of the AA unit)."""
    _check_map(state)
    require(command.power, Faction.AXIS)
    pack = ctx.pack
    vichy = pack.countries[vichy_id(pack)]
    france = select_minor(pack, situation(state, pack), vichy.succeeds, "conquest (13.8.6)", Status.ACTIVE)
    if not france.allied:
        raise RuleViolation(RULE, f"Vichy is created when an Allied {france.name} is conquered")
    if command.via is VichyVia.ALLIED_MINOR_COUNTRY_CONQUEST:
        return conquer_france(state, ctx, france)
    return [VichyFormed(vichy.id, france.id, VichyVia.CASE_YELLOW, Status.NEUTRAL, None, vichy.marker_hex,
                        relocate(state, pack, france.id, IN_PLAY, Location.REMOVED))]


def fleet_events(state: TKState, pack: Pack, sit: Situation, faction: Faction) -> list[Event]:
    """Rule 13.8.6.1: Neutrals Pressured seizes (Axis) or sinks (Western) the Neutral Vichy fleet.

    Where the seed is silent: a fleet the Axis has seized stays in the Axis Force Pool if Vichy later
    activates as an Allied minor (13.8.6.2 removes the counters still with Vichy)."""
    vichy = sit.countries[vichy_id(pack)]
    if not vichy.exists or vichy.status is not Status.NEUTRAL:
        raise RuleViolation(RULE, "the Vichy Surface Fleet is seized or sunk only while Vichy is Neutral")
    fleet = next(u for u in pack.units_of[vichy.id] if pack.unit_kinds[pack.units[u].kind].support)
    if state.units[fleet].location is not Location.SET_ASIDE:
        raise RuleViolation(RULE, "the Vichy Surface Fleet has already been seized or sunk")
    if faction is Faction.AXIS:
        return [VichyFleetSeized(fleet)]
    if faction is Faction.WESTERN:
        return [VichyFleetSunk(fleet)]
    raise RuleViolation(RULE, "only an Axis or Western Neutrals Pressured event acts on the Vichy fleet")


def home_ports(sit: Situation, vichy: str) -> dict:
    """Rules 13.8.6.1, 13.8.6.2: the ports Vichy's fleet may use as Home Country Ports."""
    facts = sit.countries[vichy]
    ports = sorted({p for zone in sit.ports.values() for p in zone} & set(sit.home(vichy)))
    if not facts.exists:
        return {"ports": [], "note": "Vichy has not been formed"}
    if facts.status is Status.NEUTRAL:
        return {"ports": ports, "note": "for an Axis Vichy Surface Fleet, every Port in Neutral Vichy"}
    if facts.alignment is Faction.AXIS:
        return {"ports": ports, "note": "any friendly Port in Vichy (not a Vichy Dependent)"}
    return {"ports": ports, "note": "any friendly Port in Vichy (not a Vichy Dependent) or a Western Off-Map Box"}
