"""The whole game of ``aa-global1940`` (mode ``game``) on the one rules-test driver: its data pack with
the board, the seed's facts, the game's numbers and the national objectives (read by the edge's
pack loader: the domain reads no files), a table to play it on, and helpers that set a scene on
the board. The tests at the bottom cover the turn (AAG-order, AAG-board); the other chapters'
tests import from here."""
from __future__ import annotations

from dataclasses import replace

import pytest

from domain import registry
from domain.aa.board import GlobalPiece, merge_pieces
from domain.aa.global1940.game import commands as cmd
from domain.aa.global1940.politics import WarDeclared, relations_after
from domain.aa.revised_phase_one.game.state import Phase
from domain.kernel import Setup
from service.packs import default_pack
from tests.support.table import Table

RULESET = "aa-global1940"
SEATS = {p.lower(): (p,) for p in ("Germany", "USSR", "Japan", "USA", "China", "UK", "Italy", "ANZAC", "France")}
SEAT_OF = {power: seat for seat, powers in SEATS.items() for power in powers}


def game_pack():
    """The default pack with its included files read in, as the edge reads it."""
    return default_pack(registry.get(RULESET))


class GlobalTable(Table):
    """A whole game, with helpers that set the scene (each a given state: folding restarts there)."""

    def __init__(self, seats=None, **options):
        pack = game_pack()
        super().__init__(registry.get(RULESET).make_decider(pack), Setup(seats or SEATS, {"mode": "game", **options},
                                                                          pack))

    @property
    def game(self):
        return self.state.game

    @property
    def board(self):
        return self.pack.board

    def set_game(self, **changes) -> GlobalTable:
        return self.given_state(replace(self.state, game=replace(self.game, **changes)))

    def at(self, power: str, phase: Phase, round_: int = 1) -> GlobalTable:
        """It is ``power``'s turn of ``round_``, in ``phase`` (the turn's start as the board stands)."""
        position = self.game.position.start_turn()
        return self.set_game(power=power, phase=phase, round=round_, position=position, owners_at_start=dict(
            position.owners), factories_at_start=position.factories, purchased=(), bought_by={}, produced={},
            battles={}, moves=(), landings=(), bombing={}, scrambles=(), researched=False)

    def units(self, space: str, **by_power: dict) -> GlobalTable:
        """``space`` holds exactly these units (power -> unit -> count; a power's name with spaces
        is written with underscores)."""
        pieces = tuple(GlobalPiece(power.replace("_", " "), unit, n) for power, units in by_power.items()
                       for unit, n in units.items() if n)
        position = self.game.position
        return self.set_game(position=replace(position, units={**position.units, space: merge_pieces(pieces)}))

    def owner(self, territory: str, power: str, at_start: bool = True) -> GlobalTable:
        position = self.game.position
        starts = {**self.game.owners_at_start, territory: power} if at_start else self.game.owners_at_start
        return self.set_game(position=replace(position, owners={**position.owners, territory: power}),
                             owners_at_start=starts)

    def war(self, power: str, target: str) -> GlobalTable:
        """``power`` and ``target`` are at war (as a declaration would have made them)."""
        position = self.game.position
        relations = relations_after(position.relations, WarDeclared(power, target, 1, wars=((power, target),)))
        return self.set_game(position=replace(position, relations=relations))

    def damage(self, territory: str, **units: int) -> GlobalTable:
        position = self.game.position
        return self.set_game(position=replace(position, damage={**position.damage, territory: dict(units)}))

    def advances(self, power: str, *names: str) -> GlobalTable:
        position = self.game.position
        return self.set_game(position=replace(position, techs={**position.techs, power: frozenset(names)}))

    def money(self, **treasury: int) -> GlobalTable:
        return self.set_game(treasury={**self.game.treasury, **{k.replace("_", " "): v for k, v in treasury.items()}})

    def orders(self, power: str, **orders) -> list:
        return self.send(SEAT_OF[power], cmd.SetStandingOrders(power, **orders))

    def count(self, space: str, power: str, unit: str) -> int:
        return self.game.position.count(space, power, unit)

    def events_of(self, kind: type) -> list:
        return [e for e in self.events if isinstance(e, kind)]

    def fight(self, rolls) -> list:
        """The combat job fights the battle waiting to be fought, with these dice."""
        from domain.aa.battles.messages import FightBattle
        fighting = [b.battle_id for b in self.game.battle_order() if b.status == "fighting"]
        assert fighting, "no battle waits for the combat job"
        return self.send("system", FightBattle(fighting[0]), rolls)

    def seat(self, power: str) -> str:
        return SEAT_OF[power]


def new_game(**options) -> GlobalTable:
    return GlobalTable(**options)


# ---- the turn -------------------------------------------------------------------------------------


@pytest.mark.rule("AAG-order")
def test_the_game_opens_with_germanys_research():
    """AAG-order: "Germany, USSR, Japan, US, China, UK (Europe and Pacific economies), Italy, ANZAC,
    France; the seed puts research first (AAG40-rd)". Given a new game, then it is Germany's turn of
    round 1 in the research step, and the board's treasuries are the game's, the UK's two apart."""
    table = new_game()

    assert (table.game.round, table.game.power, table.game.phase) == (1, "Germany", Phase.RESEARCH)
    assert table.view("germany")["turn"]["ends_step"] == "Research"
    assert table.game.treasury["UK Europe"] == 28 and table.game.treasury["UK Pacific"] == 17


@pytest.mark.rule("AAG-order")
def test_only_the_seat_holding_the_power_acts_for_it():
    """AAG-order: a power's commands come from its seat. Given Germany's research, when the USSR's seat
    researches for Germany or for the USSR, then both are refused."""
    table = new_game()

    assert table.refused("ussr", cmd.Research("Germany")).rule_id == "AAG-order"
    assert table.refused("ussr", cmd.Research("USSR")).rule_id == "AAG-order"


@pytest.mark.rule("AAG-order")
def test_the_steps_follow_the_seeds_order_and_the_next_power_follows():
    """AAG-order / AAG40-rd: "Research & development phase first in the turn", then purchase,
    politics, combat move, combat, non-combat move, placement and income. Given Germany's turn, when
    it researches nothing, buys nothing, declares no war, moves nothing and places nothing, then the
    steps pass in that order and the USSR's turn begins."""
    from domain.aa.revised_phase_one.game.events import PhaseBegan
    table = new_game()

    table.send("germany", cmd.Research("Germany"))
    table.send("germany", cmd.Purchase("Germany"))
    table.send("germany", cmd.EndPolitics("Germany"))
    table.send("germany", cmd.EndCombatMove("Germany"))
    table.send("germany", cmd.EndNonCombatMove("Germany"))
    table.send("germany", cmd.EndPlacement("Germany"), rolls=[6] * 40)

    phases = [e.phase.value for e in table.events_of(PhaseBegan) if e.power == "Germany"]
    assert phases == ["purchase_units", "politics", "combat_move", "combat", "non_combat_move", "place_units",
                      "collect_income", "determine_victory"]
    assert (table.game.power, table.game.phase) == ("USSR", Phase.RESEARCH)


@pytest.mark.rule("AAG-order")
def test_the_last_power_ends_the_round():
    """AAG-order: France is the last power of a round. Given France's placement in round 1, when it
    ends, then Germany's turn of round 2 begins."""
    table = new_game().at("France", Phase.PLACE)

    table.send("france", cmd.EndPlacement("France"), rolls=[6] * 40)

    assert (table.game.round, table.game.power, table.game.phase) == (2, "Germany", Phase.RESEARCH)


@pytest.mark.rule("AAG-board")
def test_the_game_starts_from_the_boards_position_and_relations():
    """AAG-board: "Both maps joined: ... original owners, capitals, starting units, treasuries".
    Given a new game, then Manchuria is Japan's though originally China's, Germany holds its major
    complex, and Germany is at war with the UK but not with the USSR."""
    table = new_game()
    position = table.game.position

    assert position.owner("Manchuria") == "Japan" and table.board.spaces["Manchuria"].original_owner == "China"
    assert table.count("Germany", "Germany", "major_industrial_complex") == 1
    assert position.relations.at_war("Germany", "UK") and not position.relations.at_war("Germany", "USSR")


@pytest.mark.rule("AAG-order")
def test_a_battles_game_stays_the_battle_calculator():
    """AAG-order: a game naming no mode (every game stored before the whole game) is the battle
    calculator: no board, its commands as they were."""
    table = Table(registry.get(RULESET).make_decider(game_pack()), Setup(SEATS, {}, game_pack()))

    assert table.state.game is None and "mode" not in table.view("germany")
    assert registry.get(RULESET).for_game({}, game_pack()).projections[0].name == "battles"
