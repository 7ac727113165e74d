"""Commands of the Totaler Krieg! chapter 13 ruleset (imperative; the class name is the wire type).

``power`` is the faction acting ("axis", "western", "soviet"); moves, placements and card plays
that trigger chapter 13 arrive as commands naming countries, dependents, regions (places) and hexes."""
from __future__ import annotations

from dataclasses import dataclass

from domain.kernel import Command
from domain.totaler_krieg.verdicts import Hex
from domain.totaler_krieg.vocabulary import (
    ActivateAs,
    CountryMarker,
    CreateVia,
    EndCause,
    Entry,
    Faction,
    PacificWar,
    Placement,
    ReactivateVia,
    Size,
    Status,
    Trigger,
    TruceVia,
    VichyVia,
    WarState,
)


@dataclass(frozen=True)
class SelectCountry(Command):
    """13.2: select a country for a card, event or rule, optionally limited by size/status/alignment/posture."""

    power: str
    country: str
    purpose: str = ""
    sizes: frozenset[Size] = frozenset()
    statuses: frozenset[Status] = frozenset()
    alignments: frozenset[Faction] = frozenset()
    postures: frozenset[str] = frozenset()


@dataclass(frozen=True)
class DetermineAlignment(Command):
    """13.5: determine a Neutral minor's alignment now (priority 1 when ``specified``)."""

    power: str
    country: str
    specified: Faction | None = None
    axis_choice: Faction | None = None


@dataclass(frozen=True)
class ActivateNeutral(Command):
    """13.4: activate a Neutral minor (set-up 13.7 follows). DECLARE_WAR activates it as the
    declarer's enemy; otherwise ``activate_as`` says what the card or event calls for."""

    power: str
    country: str
    trigger: Trigger
    activate_as: ActivateAs | None = None
    political_event: str | None = None
    axis_choice: Faction | None = None
    end_policy: bool = False  # the card/event also ends the policy the country becomes subject to
    convoy_box: str | None = None  # 13.7.2 Italy: the Convoys Box for its Convoy marker
    convoy_mode: str | None = None


@dataclass(frozen=True)
class ConquerCountry(Command):
    """13.4: an Active minor is conquered (France's conquest creates Vichy, 13.8.6)."""

    power: str
    country: str


@dataclass(frozen=True)
class ReactivateCountry(Command):
    """13.4: re-activate a Conquered minor."""

    power: str
    country: str
    via: ReactivateVia


@dataclass(frozen=True)
class CedeLand(Command):
    """13.8.1: place a Ceded Land marker in the Ceded Lands Box."""

    power: str
    marker: str


@dataclass(frozen=True)
class CedeCountry(Command):
    """13.8.1.1, 13.8.1.2: cede a country in its entirety."""

    power: str
    country: str


@dataclass(frozen=True)
class ReturnCededLand(Command):
    """13.8.1: remove a Ceded Land marker from the Ceded Lands Box."""

    power: str
    marker: str


@dataclass(frozen=True)
class CreateMinor(Command):
    """13.8.2: create a minor from a dependent, region, conquered or ceased country."""

    power: str
    area: str
    via: CreateVia
    cities_under_axis_control: bool = False  # Puppet Government (cards 28b, 29b) requires it


@dataclass(frozen=True)
class CreatePartnership(Command):
    """13.8.5: play the faction's Partnership card on an eligible minor."""

    power: str
    country: str


@dataclass(frozen=True)
class FormVichy(Command):
    """13.8.6: France is conquered and Vichy created."""

    power: str
    via: VichyVia


@dataclass(frozen=True)
class PlacePolicy(Command):
    """13.6.1: place a policy marker in an empty Posture Box."""

    power: str
    box: str
    policy: str


@dataclass(frozen=True)
class EndPolicy(Command):
    """13.6.1.2: end a policy (all its markers), named directly or by the box holding it."""

    power: str
    cause: EndCause
    policy: str | None = None
    box: str | None = None


@dataclass(frozen=True)
class ReplacePolicyWithTruce(Command):
    """13.6.1.2: replace every marker of a policy with a truce marker."""

    power: str
    policy: str
    truce: str


@dataclass(frozen=True)
class PlaceTruce(Command):
    """13.6.2: place a truce marker in an empty Posture Box."""

    power: str
    box: str
    truce: str
    via: TruceVia = TruceVia.POLITICAL_EVENT


@dataclass(frozen=True)
class ReduceTruce(Command):
    """13.6.2.3: reduce a box's truce one level."""

    power: str
    box: str
    via: TruceVia = TruceVia.POLITICAL_EVENT


@dataclass(frozen=True)
class IncreaseTruce(Command):
    """13.6.2.3: increase a box's truce one level."""

    power: str
    box: str
    via: TruceVia = TruceVia.POLITICAL_EVENT


@dataclass(frozen=True)
class EnterHex(Command):
    """A ground unit moves, retreats, advances after combat or exploits into a hex."""

    power: str
    unit: tuple[str, ...]
    hex: Hex
    entry: Entry = Entry.MOVE
    operational: bool = False  # the Operational Movement Phase (13.6.2 ZOC rule)


@dataclass(frozen=True)
class AttackHex(Command):
    """A ground unit attacks the ground units in a hex."""

    power: str
    unit: tuple[str, ...]
    hex: Hex


@dataclass(frozen=True)
class PlaceSupportUnit(Command):
    """A support unit (or Airdrop marker) is placed in a hex, On Station, or the Strategic Warfare Box."""

    power: str
    unit: tuple[str, ...]
    placement: Placement
    hex: Hex | None = None
    zone: str | None = None
    airdrop: bool = False
    policy_order: tuple[str, ...] = ()  # 13.6.1.2: the Axis's order when several policies could end


@dataclass(frozen=True)
class ResolvePolicyInternment(Command):
    """13.6.1 / 13.6.1.2: at the end of a Conditional Events Segment, intern a unit standing where it
    could not go, or (Axis) decline and end the policy."""

    power: str
    unit: tuple[str, ...]
    place: str
    intern: bool
    axis_choice: Faction | None = None


@dataclass(frozen=True)
class ApplyPoliticalEvent(Command):
    """A chapter 15 political event applied to a country and/or a policy (13.6.1.2, 13.8.4, 13.8.6.1)."""

    power: str
    event: str
    country: str | None = None
    policy: str | None = None
    vichy_fleet: bool = False
    final: bool = False  # a final Civil War Defeat or Victory


@dataclass(frozen=True)
class MobilizeUnits(Command):
    """13.7.1: use Mobilizations to flip one-step units to their two-step side."""

    power: str
    country: str
    units: tuple[str, ...]


@dataclass(frozen=True)
class SwitchAlignment(Command):
    """13.5: an Active or Conquered minor switches to another faction."""

    power: str
    country: str
    faction: Faction


@dataclass(frozen=True)
class PlaceCountryMarker(Command):
    power: str
    country: str
    marker: CountryMarker


@dataclass(frozen=True)
class RemoveCountryMarker(Command):
    power: str
    country: str
    marker: CountryMarker


@dataclass(frozen=True)
class SetRepublicanSupport(Command):
    """13.5 priority 2: the Allied faction shown on the Republican Support marker."""

    power: str
    faction: Faction | None


@dataclass(frozen=True)
class SetWarState(Command):
    """Moderator: chapter 12 moves the game to Limited or Total War."""

    war: WarState


@dataclass(frozen=True)
class SetEnforcedPeace(Command):
    """Moderator: the Enforced Peace marker (14.11) goes on or off the Turn Track."""

    on: bool


@dataclass(frozen=True)
class FormMultinationalUnit(Command):
    """13.8.3: build a multi-national unit from two nationalities."""

    power: str
    unit_id: str
    template: str
    nationalities: tuple[str, ...]
    colonial_component: bool = False


@dataclass(frozen=True)
class PerformEmergencyBreakdown(Command):
    """13.8.3: one nationality's step is removed from the game; the other component remains."""

    power: str
    unit_id: str
    removed: str


@dataclass(frozen=True)
class SetPacificWarStatus(Command):
    """13.8.7: place, flip or remove the faction's Pacific War marker."""

    power: str
    status: PacificWar


@dataclass(frozen=True)
class SendToPacific(Command):
    """13.8.7: support units go to the Pacific Holding Box (out of play)."""

    power: str
    units: tuple[str, ...]


@dataclass(frozen=True)
class ReturnFromPacific(Command):
    """13.8.7: support units return from the Pacific Holding Box to the Delay Box."""

    power: str
    units: tuple[str, ...]


COMMANDS = (
    SelectCountry, DetermineAlignment, ActivateNeutral, ConquerCountry, ReactivateCountry, CedeLand, CedeCountry,
    ReturnCededLand, CreateMinor, CreatePartnership, FormVichy, PlacePolicy, EndPolicy, ReplacePolicyWithTruce,
    PlaceTruce, ReduceTruce, IncreaseTruce, EnterHex, AttackHex, PlaceSupportUnit, ResolvePolicyInternment,
    ApplyPoliticalEvent, MobilizeUnits, SwitchAlignment, PlaceCountryMarker, RemoveCountryMarker,
    SetRepublicanSupport, SetWarState, SetEnforcedPeace, FormMultinationalUnit, PerformEmergencyBreakdown,
    SetPacificWarStatus, SendToPacific, ReturnFromPacific,
)
