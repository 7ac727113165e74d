"""``legal_commands``: what a seat may do now, with its choices, for each faction it holds.

Choices come from the same queries ``decide`` enforces, so a listed choice passes the chapter 13
checks (hex contents the map layer adds can still refuse it)."""
from __future__ import annotations

from domain.kernel import MODERATOR, CommandSpec
from domain.totaler_krieg.creation import partnership_eligible
from domain.totaler_krieg.ground_rules import enter
from domain.totaler_krieg.pack import Pack
from domain.totaler_krieg.situation import Situation, situation
from domain.totaler_krieg.state import TKState
from domain.totaler_krieg.support_rules import place_support
from domain.totaler_krieg.truces import increased
from domain.totaler_krieg.verdicts import Hex
from domain.totaler_krieg.vocabulary import (
    ActivateAs,
    CreateVia,
    EndCause,
    Faction,
    PacificWar,
    Placement,
    Size,
    Status,
    Trigger,
)


def _active_countries(sit: Situation) -> list[str]:
    return sorted(c for c, f in sit.countries.items() if f.exists and f.status is Status.ACTIVE)


def _faction_specs(state: TKState, pack: Pack, sit: Situation, faction: Faction) -> list[CommandSpec]:
    power = faction.value
    minors = {s: sorted(c for c, f in sit.countries.items() if f.exists and f.size is Size.MINOR and f.status is s)
              for s in Status}
    policies = sorted({m for m in state.boxes.values() if m in pack.policies})
    empty = sorted(b for b, m in state.boxes.items() if m is None)
    truces = sorted(b for b, m in state.boxes.items() if m in pack.truces)
    mine = [c for c in _active_countries(sit) if sit.countries[c].alignment is faction]
    places = sorted(p for p, f in sit.places.items() if not f.off_map)
    specs = [
        CommandSpec("SelectCountry", power, {"country": sorted(c for c, f in sit.countries.items() if f.exists)},
                    "TK-13.2"),
        # Every field a client may need: the event a political_event trigger names, and the
        # Allied faction the Axis chooses when Pre-War decides alignment (13.5 priority 5).
        CommandSpec("ActivateNeutral", power, {"country": minors[Status.NEUTRAL], "trigger": [t.value for t in Trigger],
                                               "activate_as": [a.value for a in ActivateAs],
                                               "political_event": sorted(pack.events),
                                               "axis_choice": [f.value for f in Faction if f.allied]}, "TK-13.4"),
        CommandSpec("DetermineAlignment", power, {"country": minors[Status.NEUTRAL]}, "TK-13.5"),
        CommandSpec("ConquerCountry", power, {"country": [c for c in minors[Status.ACTIVE]
                                                          if sit.countries[c].alignment is not faction]}, "TK-13.4"),
        CommandSpec("CedeLand", power, {"marker": sorted(m for m, s in pack.markers.items()
                                                         if s.whole_country is None and m not in state.ceded)},
                    "TK-13.8.1"),
        CommandSpec("CedeCountry", power, {"country": [c for c in minors[Status.ACTIVE] + minors[Status.NEUTRAL]
                                                       + minors[Status.CONQUERED] if pack.countries[c].whole_cession]},
                    "TK-13.8.1"),
        CommandSpec("ReturnCededLand", power, {"marker": list(state.ceded)}, "TK-13.8.1"),
        CommandSpec("PlacePolicy", power, {"box": empty, "policy": sorted(pack.policies)}, "TK-13.6.1"),
        CommandSpec("PlaceTruce", power, {"box": empty, "truce": list(pack.truce_ladder)}, "TK-13.6.2"),
        CommandSpec("ApplyPoliticalEvent", power, {"event": sorted(pack.events)}, "TK-13.8.4"),
    ]
    if policies:
        specs.append(CommandSpec("EndPolicy", power, {"policy": policies, "cause": [EndCause.OPTION_CARD.value]},
                                 "TK-13.6.1.2"))
        specs.append(CommandSpec("ReplacePolicyWithTruce", power,
                                 {"policy": policies, "truce": list(pack.truce_ladder)}, "TK-13.6.1.2"))
    if truces:
        specs.append(CommandSpec("ReduceTruce", power, {"box": truces}, "TK-13.6.2.3"))
        raisable = [b for b in truces if increased(pack, state.boxes[b]) is not None]
        if raisable:
            specs.append(CommandSpec("IncreaseTruce", power, {"box": raisable}, "TK-13.6.2.3"))
    if minors[Status.CONQUERED]:
        specs.append(CommandSpec("ReactivateCountry", power, {"country": minors[Status.CONQUERED]}, "TK-13.4"))
    if faction not in state.partnerships:
        eligible = [c for c in minors[Status.ACTIVE] if not partnership_eligible(pack, sit, state, faction, c)]
        if eligible:
            specs.append(CommandSpec("CreatePartnership", power, {"country": eligible}, "TK-13.8.5"))
    if faction is Faction.AXIS:
        creatable = sorted(c.id for c in pack.countries.values() if c.creatable and not sit.countries[c.id].exists)
        specs.append(CommandSpec("CreateMinor", power, {"area": creatable, "via": [v.value for v in CreateVia]},
                                 "TK-13.8.2"))
    mobilizing = [c for c in mine if state.mobilizations.get(c, 0)]
    if mobilizing:
        specs.append(CommandSpec("MobilizeUnits", power, {"country": mobilizing}, "TK-13.7"))
    if faction in pack.pacific_war_factions:
        specs.append(CommandSpec("SetPacificWarStatus", power, {"status": [s.value for s in PacificWar]},
                                 "TK-13.8.7"))
    for country in mine:
        moves = [p for p in places if enter(sit, (country,), Hex(p)).allowed]
        support = [p for p in places if place_support(sit, (country,), Placement.HEX, Hex(p)).allowed]
        if moves:
            specs.append(CommandSpec("EnterHex", power, {"unit": [country], "hex.place": moves}, "TK-13.6.1"))
        if support:
            specs.append(CommandSpec("PlaceSupportUnit", power, {"unit": [country], "hex.place": support,
                                                                 "zone": sorted(pack.naval_zones)}, "TK-13.6.1"))
    return specs


def legal_commands(state: TKState, pack: Pack, seat: str) -> list[CommandSpec]:
    """The commands each faction held by ``seat`` may issue now (the moderator holds all)."""
    sit = situation(state, pack)
    held = [f.value for f in Faction] if seat == MODERATOR else list(state.seats.get(seat, ()))
    specs = [spec for power in held for spec in _faction_specs(state, pack, sit, Faction(power))]
    if seat == MODERATOR:
        specs.append(CommandSpec("SetWarState", None, {"war": ["limited_war", "total_war"]}, "TK-13.6.1"))
        specs.append(CommandSpec("SetEnforcedPeace", None, {"on": [not state.enforced_peace]}, "TK-13.6.1.2"))
    return specs
