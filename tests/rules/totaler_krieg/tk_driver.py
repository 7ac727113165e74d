"""Test driver for the Totaler Krieg! chapter 13 ruleset: the one rules-test driver
(``tests.support.table.Table``: decide, evolve every event, check a rebuild agrees) with the
chapter's own ways of setting a scene and reading it, so rule tests read as given / when / then."""
from __future__ import annotations

from domain import registry
from domain.kernel import MODERATOR, Event, Setup
from domain.totaler_krieg import commands as c
from domain.totaler_krieg.situation import CountryFacts, Situation, situation
from domain.totaler_krieg.verdicts import Hex
from domain.totaler_krieg.vocabulary import ActivateAs, Faction, Trigger, WarState
from service.packs import default_pack
from tests.support.table import Table as BaseTable

RULESET = registry.get("totaler-krieg")
PACK = default_pack(RULESET)
THREE_PLAYERS = RULESET.seat_presets["three-player"]


class Table(BaseTable):
    """One game of Totaler Krieg! chapter 13, driven command by command."""

    def __init__(self, scenario: str = "blank", **options):
        super().__init__(RULESET.make_decider(PACK), Setup(THREE_PLAYERS, {"scenario": scenario, **options}, PACK))

    # --- sending commands -------------------------------------------------------------------
    def act(self, command, *rolls: int) -> list[Event]:
        """The seat holding the command's power sends it."""
        seat = next(s for s, powers in self.state.seats.items() if command.power in powers)
        return self.send(seat, command, rolls)

    def moderator(self, command, *rolls: int) -> list[Event]:
        return self.send(MODERATOR, command, rolls)

    # --- recording facts --------------------------------------------------------------------
    def given(self, *, war: WarState | None = None, posture=None, active=None, conquered=None,
              ceded=(), markers=None) -> "Table":
        """Set the scene through ordinary commands: ``posture`` maps box -> policy or truce,
        ``active`` and ``conquered`` map minor -> faction, ``markers`` maps minor -> markers."""
        if war is not None:
            self.moderator(c.SetWarState(war))
        for box, marker in (posture or {}).items():
            place = c.PlacePolicy("western", box, marker) if marker in PACK.policies \
                else c.PlaceTruce("western", box, marker)
            self.moderator(place)
        for country, marker_list in (markers or {}).items():
            for marker in marker_list:
                self.moderator(c.PlaceCountryMarker("western", country, marker))
        for country, faction in {**(active or {}), **(conquered or {})}.items():
            # Italy's Convoy marker needs a box (13.7.2); other countries ignore it.
            self.moderator(c.ActivateNeutral(faction.value, country, Trigger.OPTION_CARD, ActivateAs(faction.value),
                                             convoy_box="central_mediterranean", convoy_mode="supply"), 1)
        for country, faction in (conquered or {}).items():
            enemy = Faction.AXIS if faction.allied else Faction.WESTERN
            self.moderator(c.ConquerCountry(enemy.value, country))
        for marker in ceded:
            self.moderator(c.CedeLand("axis", marker))
        return self

    # --- reading ----------------------------------------------------------------------------
    @property
    def sit(self) -> Situation:
        return situation(self.state, PACK)

    def country(self, country: str) -> CountryFacts:
        return self.sit.countries[country]

    def owner(self, place: str) -> str:
        return self.sit.places[place].country

    def view(self, seat: str = "axis") -> dict:
        return self.decider.view(self.state, seat)

    def projection(self, name: str, seat: str = "axis"):
        return RULESET.projection(name).build(self.view(seat))

    def units(self, country: str) -> dict:
        return {u: self.state.units[u].location.value for u in PACK.units_of[country]}


def hex_in(place: str, **contents) -> Hex:
    return Hex(place, **contents)


def types(events) -> list[str]:
    return [type(e).__name__ for e in events]
