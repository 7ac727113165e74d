"""``legal_commands``: what a seat may do now, for each faction it holds, as bodies a client can send.

Choices come from the same queries ``decide`` enforces and are keyed by the command's own data fields
(a ``hex`` is offered as the Hex object, a ``unit`` as the nationalities tuple). Each offer names
candidate commands, first the likeliest; the decider tries them (``accepts``, a trial ``decide``) and
the first accepted becomes the spec's ``example``: a body decide takes unchanged in this state. None
accepted (a choice that needs what the map layer adds) leaves the example None."""
from __future__ import annotations

from typing import Callable, Sequence

from domain.kernel import MODERATOR, Command, CommandSpec
from domain.kernel.plain import to_plain
from domain.totaler_krieg import commands as c
from domain.totaler_krieg.creation import partnership_eligible
from domain.totaler_krieg.ground_rules import enter
from domain.totaler_krieg.multinational import removed_nationality
from domain.totaler_krieg.pack import Pack
from domain.totaler_krieg.pacific import sendable
from domain.totaler_krieg.situation import Situation, situation
from domain.totaler_krieg.state import TKState
from domain.totaler_krieg.support_rules import place_support
from domain.totaler_krieg.truces import increased
from domain.totaler_krieg.verdicts import Hex
from domain.totaler_krieg.vocabulary import (
    ActivateAs, CreateVia, EndCause, Faction, PacificWar, Placement, ReactivateVia, Size, Status, Trigger, WarState,
)

Accepts = Callable[[str, Command], bool]  # (seat, command) -> decide takes it now
_TRIES = 6  # candidates tried per offer at most: legal_commands runs on every read of the endpoint


def _values(enum) -> list[str]:
    return [member.value for member in enum]


class _Offers:
    """Collects specs for one seat; ``add`` picks each example from its candidates."""

    def __init__(self, seat: str, accepts: Accepts):
        self.seat, self.accepts, self.specs = seat, accepts, []

    def add(self, type_name: str, power: str | None, choices: dict, rule_id: str,
            candidates: Sequence[Command] = ()) -> None:
        if any(value == [] for value in choices.values()):
            return  # nothing to choose from: not something the seat can do now
        example = next((to_plain(cmd) for cmd in candidates[:_TRIES] if self.accepts(self.seat, cmd)), None)
        self.specs.append(CommandSpec(type_name, power, choices, rule_id, example))


def _minors(sit: Situation) -> dict[Status, list[str]]:
    return {s: sorted(c for c, f in sit.countries.items() if f.exists and f.size is Size.MINOR and f.status is s)
            for s in Status}


def _status_offers(out: _Offers, state: TKState, pack: Pack, sit: Situation, faction: Faction) -> None:
    power, minors = faction.value, _minors(sit)
    existing = sorted(c for c, f in sit.countries.items() if f.exists)
    neutral, active, conquered = minors[Status.NEUTRAL], minors[Status.ACTIVE], minors[Status.CONQUERED]
    out.add("SelectCountry", power, {"power": [power], "country": existing}, "TK-13.2",
            [c.SelectCountry(power, country) for country in existing[:1]])
    zones = sorted({z for groups in pack.setup_exceptions.values() for g in groups for z in g.convoy_boxes})
    # Italy's Convoy marker needs a box and a mode (13.7.2); other countries ignore both.
    convoy = (zones[0], pack.convoy_modes[0]) if zones and pack.convoy_modes else (None, None)
    out.add("ActivateNeutral", power, {
        "power": [power], "country": neutral, "trigger": _values(Trigger), "activate_as": [*_values(ActivateAs), None],
        "political_event": [*sorted(pack.events), None], "axis_choice": [*(f.value for f in Faction if f.allied), None],
        "end_policy": [False, True], "convoy_box": [*zones, None], "convoy_mode": [*pack.convoy_modes, None]},
        "TK-13.4",
        [c.ActivateNeutral(power, country, Trigger.OPTION_CARD, ActivateAs(power), None, None, False, *convoy)
         for country in neutral])
    out.add("DetermineAlignment", power, {"power": [power], "country": neutral}, "TK-13.5",
            [c.DetermineAlignment(power, country) for country in neutral])
    enemies = [country for country in active if sit.countries[country].alignment is not faction]
    out.add("ConquerCountry", power, {"power": [power], "country": enemies}, "TK-13.4",
            [c.ConquerCountry(power, country) for country in enemies])
    if conquered:
        out.add("ReactivateCountry", power, {"power": [power], "country": conquered, "via": _values(ReactivateVia)},
                "TK-13.4", [c.ReactivateCountry(power, country, via) for country in conquered for via in ReactivateVia])
    if faction not in state.partnerships:
        # partnership_eligible gives the reason a country is refused, None when it qualifies.
        eligible = [country for country in active if not partnership_eligible(pack, sit, state, faction, country)]
        if eligible:
            out.add("CreatePartnership", power, {"power": [power], "country": eligible}, "TK-13.8.5",
                    [c.CreatePartnership(power, country) for country in eligible])
    if faction is Faction.AXIS:
        creatable = sorted(spec.id for spec in pack.countries.values()
                           if spec.creatable and not sit.countries[spec.id].exists)
        if creatable:
            out.add("CreateMinor", power, {"power": [power], "area": creatable, "via": _values(CreateVia)},
                    "TK-13.8.2", [c.CreateMinor(power, creatable[0], via) for via in CreateVia])


def _land_offers(out: _Offers, state: TKState, pack: Pack, sit: Situation, faction: Faction) -> None:
    power, minors = faction.value, _minors(sit)
    markers = sorted(m for m, s in pack.markers.items() if s.whole_country is None and m not in state.ceded)
    out.add("CedeLand", power, {"power": [power], "marker": markers}, "TK-13.8.1",
            [c.CedeLand(power, marker) for marker in markers])
    whole = [country for country in minors[Status.ACTIVE] + minors[Status.NEUTRAL] + minors[Status.CONQUERED]
             if pack.countries[country].whole_cession]
    out.add("CedeCountry", power, {"power": [power], "country": whole}, "TK-13.8.1",
            [c.CedeCountry(power, country) for country in whole])
    if state.ceded:
        out.add("ReturnCededLand", power, {"power": [power], "marker": list(state.ceded)}, "TK-13.8.1",
                [c.ReturnCededLand(power, marker) for marker in reversed(state.ceded)])


def _posture_offers(out: _Offers, state: TKState, pack: Pack, faction: Faction) -> None:
    power = faction.value
    policies = sorted({m for m in state.boxes.values() if m in pack.policies})
    empty = sorted(b for b, m in state.boxes.items() if m is None)
    truces = sorted(b for b, m in state.boxes.items() if m in pack.truces)
    ladder = list(pack.truce_ladder)
    out.add("PlacePolicy", power, {"power": [power], "box": empty, "policy": sorted(pack.policies)}, "TK-13.6.1",
            [c.PlacePolicy(power, box, policy) for box in empty[:1] for policy in sorted(pack.policies)])
    out.add("PlaceTruce", power, {"power": [power], "box": empty, "truce": ladder}, "TK-13.6.2",
            [c.PlaceTruce(power, box, truce) for box in empty[:2] for truce in ladder[-1:]])
    out.add("ApplyPoliticalEvent", power, {"power": [power], "event": sorted(pack.events)}, "TK-13.8.4",
            [c.ApplyPoliticalEvent(power, event) for event in sorted(pack.events)])
    if policies:
        out.add("EndPolicy", power, {"power": [power], "policy": policies, "cause": [EndCause.OPTION_CARD.value]},
                "TK-13.6.1.2", [c.EndPolicy(power, EndCause.OPTION_CARD, policy) for policy in policies])
        out.add("ReplacePolicyWithTruce", power, {"power": [power], "policy": policies, "truce": ladder},
                "TK-13.6.1.2", [c.ReplacePolicyWithTruce(power, policy, truce)
                                for policy in policies[:2] for truce in ladder])
    if truces:
        out.add("ReduceTruce", power, {"power": [power], "box": truces}, "TK-13.6.2.3",
                [c.ReduceTruce(power, box) for box in truces])
        raisable = [box for box in truces if increased(pack, state.boxes[box]) is not None]
        if raisable:
            out.add("IncreaseTruce", power, {"power": [power], "box": raisable}, "TK-13.6.2.3",
                    [c.IncreaseTruce(power, box) for box in raisable])


def _unit_offers(out: _Offers, state: TKState, pack: Pack, sit: Situation, faction: Faction) -> None:
    power = faction.value
    mine = sorted(c for c, f in sit.countries.items()
                  if f.exists and f.status is Status.ACTIVE and f.alignment is faction)
    mobilizing = [country for country in mine if state.mobilizations.get(country, 0)]
    if mobilizing:
        out.add("MobilizeUnits", power, {"power": [power], "country": mobilizing}, "TK-13.7",
                [c.MobilizeUnits(power, country, (unit,)) for country in mobilizing[:1]
                 for unit in pack.units_of.get(country, ())])
    if faction in pack.pacific_war_factions:
        statuses = [s for s in PacificWar if s is not state.pacific.get(faction)]
        out.add("SetPacificWarStatus", power, {"power": [power], "status": [s.value for s in statuses]},
                "TK-13.8.7", [c.SetPacificWarStatus(power, s) for s in statuses])
        units, holding = sendable(state, pack, faction), state.pacific_holding.get(faction, ())
        if units:
            out.add("SendToPacific", power, {"power": [power], "units": [[u] for u in units]}, "TK-13.8.7",
                    [c.SendToPacific(power, (units[0],))])
        if holding:
            out.add("ReturnFromPacific", power, {"power": [power], "units": [[u] for u in holding]}, "TK-13.8.7",
                    [c.ReturnFromPacific(power, (holding[0],))])
    for unit_id, unit in state.multinational.items():
        removed = removed_nationality(sit, unit)
        if removed is not None and pack.multinational[unit.template].faction is faction:
            out.add("PerformEmergencyBreakdown", power, {"power": [power], "unit_id": [unit_id], "removed": [removed]},
                    "TK-13.8.3", [c.PerformEmergencyBreakdown(power, unit_id, removed)])
    places = sorted(p for p, f in sit.places.items() if not f.off_map)
    for country in mine:
        moves = [to_plain(Hex(p)) for p in places if enter(sit, (country,), Hex(p)).allowed]
        support = [to_plain(Hex(p)) for p in places
                   if place_support(sit, (country,), Placement.HEX, Hex(p)).allowed]
        if moves:
            out.add("EnterHex", power, {"power": [power], "unit": [[country]], "hex": moves}, "TK-13.6.1",
                    [c.EnterHex(power, (country,), Hex(moves[0]["place"]))])
        if support:
            out.add("PlaceSupportUnit", power, {"power": [power], "unit": [[country]], "placement": ["hex"],
                                                "hex": support}, "TK-13.6.1",
                    [c.PlaceSupportUnit(power, (country,), Placement.HEX, Hex(support[0]["place"]))])


def legal_commands(state: TKState, pack: Pack, seat: str, accepts: Accepts) -> list[CommandSpec]:
    """The commands each faction held by ``seat`` may issue now (the moderator holds all)."""
    sit = situation(state, pack)
    out = _Offers(seat, accepts)
    held = [f.value for f in Faction] if seat == MODERATOR else list(state.seats.get(seat, ()))
    for power in held:
        faction = Faction(power)
        _status_offers(out, state, pack, sit, faction)
        _land_offers(out, state, pack, sit, faction)
        _posture_offers(out, state, pack, faction)
        _unit_offers(out, state, pack, sit, faction)
    if seat == MODERATOR:
        wars = [w for w in (WarState.LIMITED_WAR, WarState.TOTAL_WAR) if w is not state.war]
        out.add("SetWarState", None, {"war": [w.value for w in wars]}, "TK-13.6.1", [c.SetWarState(w) for w in wars])
        out.add("SetEnforcedPeace", None, {"on": [not state.enforced_peace]}, "TK-13.6.1.2",
                [c.SetEnforcedPeace(not state.enforced_peace)])
    return out.specs
