"""The whole game of ``aa-revised-phase-one`` (mode ``game``) on the one rules-test driver: its data
pack with the board and house rules (read here: the domain reads no files), a table to play it on,
and helpers that set a scene on the board. The tests at the bottom cover the turn (AAR-order,
AAR1-seq); the other chapters' tests import from here."""
from __future__ import annotations

import functools
from dataclasses import replace
from importlib import resources

import pytest
import yaml

from domain import registry
from domain.aa.board import Piece, merge_pieces
from domain.aa.revised_phase_one.game import commands as cmd
from domain.aa.revised_phase_one.game.state import Phase
from domain.kernel import Setup
from tests.support.table import Table

RULESET = "aa-revised-phase-one"
DATA = "domain.aa.revised_phase_one.data"
SEATS = {"russia": ("Russia",), "germany": ("Germany",), "uk": ("UK",), "japan": ("Japan",), "us": ("US",)}
SEAT_OF = {power: seat for seat, powers in SEATS.items() for power in powers}


def _yaml(name: str):
    return yaml.safe_load(resources.files(DATA).joinpath(name).read_text(encoding="utf-8"))


@functools.cache
def game_pack():
    """The default pack with its included files read in, as the edge reads it."""
    raw = _yaml("default.yaml")
    for key, name in raw.get("include", {}).items():
        raw[key] = _yaml(name)
    return registry.get(RULESET).pack_schema().load(raw)


class GameTable(Table):
    """A whole game, with helpers that set the scene (each a given state: folding restarts there)."""

    def __init__(self, seats=None, **options):
        pack = game_pack()
        super().__init__(registry.get(RULESET).make_decider(pack),
                         Setup(seats or SEATS, {"mode": "game", **options}, pack))

    @property
    def game(self):
        return self.state.game

    @property
    def board(self):
        return self.pack.board

    def set_game(self, **changes) -> "GameTable":
        return self.given_state(replace(self.state, game=replace(self.game, **changes)))

    def at(self, power: str, phase: Phase, round_: int = 1) -> "GameTable":
        """It is ``power``'s turn of ``round_``, in ``phase`` (the turn's start as the board stands)."""
        position = self.game.position.start_turn()
        return self.set_game(power=power, phase=phase, round=round_, position=position,
                             owners_at_start=dict(position.owners), factories_at_start=position.factories,
                             had_turn=frozenset(self.board.powers[:self.board.powers.index(power) + 1]))

    def units(self, space: str, **by_power: dict) -> "GameTable":
        """``space`` holds exactly these units (power -> unit -> count)."""
        pieces = tuple(Piece(power, unit, n) for power, units in by_power.items() for unit, n in units.items() if n)
        position = self.game.position
        return self.set_game(position=replace(position, units={**position.units, space: merge_pieces(pieces)}))

    def owner(self, territory: str, power: str, at_start: bool = True) -> "GameTable":
        position = self.game.position
        starts = {**self.game.owners_at_start, territory: power} if at_start else self.game.owners_at_start
        return self.set_game(position=replace(position, owners={**position.owners, territory: power}),
                             owners_at_start=starts)

    def money(self, **treasury: int) -> "GameTable":
        return self.set_game(treasury={**self.game.treasury, **treasury})

    def orders(self, power: str, **orders) -> list:
        return self.send(SEAT_OF[power], cmd.SetStandingOrders(power, **orders))

    def count(self, space: str, power: str, unit: str) -> int:
        return self.game.position.count(space, power, unit)

    def events_of(self, kind: type) -> list:
        return [e for e in self.events if isinstance(e, kind)]

    def fight(self, rolls) -> list:
        """The combat job fights the battle waiting to be fought, with these dice."""
        fighting = [b.battle_id for b in self.game.battle_order() if b.status == "fighting"]
        assert fighting, "no battle waits for the combat job"
        return self.send("system", cmd_fight(fighting[0]), rolls)


def cmd_fight(battle_id: str):
    from domain.aa.battles.messages import FightBattle
    return FightBattle(battle_id)


def new_game(**options) -> GameTable:
    return GameTable(**options)


# ---- the turn -------------------------------------------------------------------------------------


@pytest.mark.rule("AAR-order")
def test_the_game_opens_with_russia_buying():
    """AAR-order: "Powers in order Russia, Germany, UK, Japan, US". Given a new game, then it is
    Russia's turn of round 1 in the purchase phase, every treasury at the board's start."""
    table = new_game()

    assert (table.game.round, table.game.power, table.game.phase) == (1, "Russia", Phase.PURCHASE)
    assert table.game.treasury == {"Russia": 24, "Germany": 40, "UK": 30, "Japan": 30, "US": 42}
    assert table.view("russia")["turn"]["ends_step"] == "Purchase"


@pytest.mark.rule("AAR-order")
def test_only_the_seat_holding_the_power_acts_for_it():
    """AAR-order: "commands only in their step" and only from the power's seat. Given Russia's
    purchase, when Germany's seat buys for Russia or for Germany, then both are refused."""
    table = new_game()

    assert table.refused("germany", cmd.Purchase("Russia", {"infantry": 1})).rule_id == "AAR-order"
    assert table.refused("germany", cmd.Purchase("Germany", {"infantry": 1})).rule_id == "AAR-order"


@pytest.mark.rule("AAR1-seq")
def test_the_phases_follow_the_seed_order_income_before_movement():
    """AAR1-seq: "1. Purchase units 2. Collect income 3. Movement 4. Combat 5. Non-Combat movement
    6. Place newly purchased units 7. Determine Victory Conditions 8. Develop weapons". Given
    Russia's turn, when it buys, ends both moves (no battle), places and researches nothing, then
    the phases pass in the seed's order and Germany's turn begins."""
    from domain.aa.revised_phase_one.game.events import PhaseBegan
    table = new_game()

    table.send("russia", cmd.Purchase("Russia", {"infantry": 1}), rolls=[6] * 10)  # raiders miss
    table.send("russia", cmd.EndCombatMove("Russia"))
    table.send("russia", cmd.EndNonCombatMove("Russia"))
    table.send("russia", cmd.PlaceUnits("Russia", "Russia", {"infantry": 1}))
    table.send("russia", cmd.EndPlacement("Russia"))
    table.send("russia", cmd.DevelopWeapons("Russia"))

    phases = [e.phase.value for e in table.events_of(PhaseBegan) if e.power == "Russia"]
    assert phases == ["collect_income", "combat_move", "combat", "non_combat_move", "place_units",
                      "determine_victory", "develop_weapons"]
    assert (table.game.power, table.game.phase) == ("Germany", Phase.PURCHASE)


@pytest.mark.rule("AAR1-seq")
def test_a_command_out_of_its_phase_is_refused():
    """AAR1-seq: a phase's commands only in that phase. Given Russia's purchase, when it ends the
    combat move or places, then both are refused under AAR1-seq."""
    table = new_game()

    assert table.refused("russia", cmd.EndCombatMove("Russia")).rule_id == "AAR1-seq"
    assert table.refused("russia", cmd.PlaceUnits("Russia", "Russia", {"infantry": 1})).rule_id == "AAR1-seq"


@pytest.mark.rule("AAR-order")
def test_after_the_us_a_new_round_begins_with_russia():
    """AAR-order: each round the five powers in turn. Given the US researching in round 1, when it
    ends its turn, then round 2 begins with Russia buying."""
    table = new_game().at("US", Phase.RESEARCH)

    table.send("us", cmd.DevelopWeapons("US"))

    assert (table.game.round, table.game.power, table.game.phase) == (2, "Russia", Phase.PURCHASE)
