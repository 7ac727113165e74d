"""The short order forms of Axis & Allies Revised as a whole game (issue 23 item 9), form by form:
each line read against what the decider's legal-commands offer the seat now (as the order desk
reads it) into the real command, which the decider then accepts; what names nothing is refused
with the word and what was expected; HELP writes every offer as a short form that reads back.
The battle calculator's forms (CONFIRM, ADVANCE) are tested with the other rulesets'."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain import registry
from domain.aa.revised_phase_one.game import commands as cmd
from domain.aa.revised_phase_one.game.events import (AttackPressed, EmergencyInfantryBought, LossesChosen,
                                                     StandingOrdersSet, UnitsMoved, UnitsPlaced, UnitsPurchased,
                                                     WeaponsDeveloped)
from domain.aa.revised_phase_one.game.state import Phase, Source
from service.mail.orders import OrderError, help_lines, parse_order, short_forms
from tests.rules.aa.test_aar_game_table import GameTable, new_game
from tests.support.mail_desk import Desk

RS = registry.get("aa-revised-phase-one")
KARELIA, EASTERN_EUROPE = "Karelia S.S.R.", "Eastern Europe"
MISS_ROUND = [6, 6, 6, 6, 6]


DESK = Desk("aa-revised-phase-one")  # the helpers below read and send lines as the mail desk does
offers, read, mail, refusal = DESK.offers, DESK.read, DESK.mail, DESK.refusal
reads_back, help_reads_back = DESK.reads_back, DESK.help_reads_back


def karelia_attack(**orders) -> GameTable:
    """Germany's 2 infantry and armour attack Karelia's infantry from Eastern Europe; the battle waits."""
    table = new_game().at("Germany", Phase.COMBAT_MOVE)
    table.units(KARELIA, Russia={"infantry": 1})
    table.units(EASTERN_EUROPE, Germany={"infantry": 2, "armour": 1})
    table.orders("Germany", interactive=True, **orders)
    table.orders("Russia", interactive=True)
    mail(table, "germany", "MOVE 2 INF 1 ARM Eastern Europe -> Karelia S.S.R.")
    mail(table, "germany", "END COMBAT MOVE")
    return table


def battle_id(table: GameTable) -> str:
    return table.game.battle_order()[0].battle_id


# ---- purchase -------------------------------------------------------------------------------------


def test_buy_counts_unit_words_for_the_power_whose_turn_it_is():
    table = new_game()

    order = mail(table, "russia", "BUY 3 INF 1 ARM", rolls=[6] * 10)

    assert (order.type, order.data) == ("Purchase", {"power": "Russia", "units": {"infantry": 3, "armour": 1},
                                                     "factories": []})
    assert table.events_of(UnitsPurchased)[0].units == {"infantry": 3, "armour": 1}


@pytest.mark.parametrize("line, units", [
    ("buy 3 inf, 1 armour", {"infantry": 3, "armour": 1}),
    ("BUY 2 Fighters 1 TANK", {"fighter": 2, "armour": 1}),
    ("BUY 3INF 2ART", {"infantry": 3, "artillery": 2}),
    ("BUY 1 INF 2 INF and 1 AA", {"infantry": 3, "aa_gun": 1}),
    ("BUY 1 DD 1 TRN 1 SUB 1 CV 1 BB 1 BMR", {"destroyer": 1, "transport": 1, "submarine": 1, "carrier": 1,
                                            "battleship": 1, "bomber": 1}),
])
def test_buy_reads_unit_words_case_and_plurals_aside(line, units):
    assert read(new_game(), "russia", line).data["units"] == units


def test_buy_an_ic_with_its_territory_and_nothing_at_all():
    table = new_game().at("UK", Phase.PURCHASE)

    assert read(table, "uk", "BUY 1 IC India").data == {"power": "UK", "units": {}, "factories": ["India"]}
    assert read(table, "uk", "BUY 2 INF 1 IC union of south africa 1 ART").data["factories"] == \
        ["Union of South Africa"]
    assert read(table, "uk", "BUY NOTHING").data == {"power": "UK", "units": {}, "factories": []}
    mail(table, "uk", "BUY 1 IC India", rolls=[6] * 20)
    assert table.events_of(UnitsPurchased)[0].factories == ("India",)


@pytest.mark.parametrize("line, words", [
    ("BUY 3 PANZERS", ["'PANZERS' is no unit", "INF, ART, ARM"]),
    ("BUY 3 INF 2 PANZER", ["'PANZER' is no unit"]),
    ("BUY 2 IC India", ["one at a time", "1 IC India"]),
    ("BUY lots", ["'lots' is not counted units"]),
    ("BUY 0 INF", ["count at least one INF, not 0"]),
    ("BUY 1 BB:HIT", ["in an order of losses only"]),
])
def test_buy_names_the_word_it_cannot_read_and_what_it_expected(line, words):
    error = refusal(new_game(), "russia", line)
    assert error.reason.startswith("BUY: ") and all(w in error.reason for w in words), error.reason
    assert any(h.startswith("BUY ") for h in error.hint)


def test_the_power_is_the_one_whose_turn_it_is_when_a_seat_holds_two():
    seats = {"axis": ("Germany", "Japan"), "allies": ("Russia", "UK", "US")}
    table = GameTable(seats=seats).at("Japan", Phase.PURCHASE)

    assert read(table, "axis", "BUY 2 INF").data["power"] == "Japan"


# ---- standing orders ------------------------------------------------------------------------------


def test_standing_orders_state_the_order_of_losses_and_the_retreat_rule():
    table = new_game()

    order = mail(table, "russia", "STANDING ORDERS INF ART ARM FTR RETREAT BELOW 30%")

    assert order.data["order_of_losses"] == ["infantry", "artillery", "armour", "fighter"]
    assert order.data["retreat_below"] == "3/10" and order.data["interactive"] is False
    orders = table.game.orders_of("Russia")
    assert (orders.order_of_losses, str(orders.retreat_below)) == (("infantry", "artillery", "armour", "fighter"),
                                                                   "3/10")


@pytest.mark.parametrize("line, expected", [
    ("STANDING ORDERS INF BB:HIT INF RETREAT AFTER ROUND 2", {"order_of_losses": ["infantry", "battleship:hit"],
                                                              "retreat_after_round": 2}),
    ("standing orders inf submerge interactive keep factories no emergency",
     {"order_of_losses": ["infantry"], "submerge": True, "interactive": True, "destroy_factories": False,
      "emergency_infantry": False}),
    ("STANDING ORDER ART RETREAT UNDER 1/3", {"order_of_losses": ["artillery"], "retreat_below": "1/3"}),
    ("STANDING ORDERS", {"order_of_losses": [], "retreat_below": None, "interactive": False}),
])
def test_standing_orders_rules_in_any_order(line, expected):
    table = new_game()
    order = mail(table, "russia", line)
    assert {k: order.data[k] for k in expected} == expected
    assert table.events_of(StandingOrdersSet)


def test_standing_orders_any_time_naming_the_power_when_the_seat_is_offered_nothing():
    """Standing orders are taken at any time; legal-commands offers them at the turn's start only."""
    table = new_game()
    assert offers(table, "germany") == []

    mail(table, "germany", "STANDING ORDERS FOR Germany INF ART ARM")

    assert table.game.orders_of("Germany").order_of_losses == ("infantry", "artillery", "armour")
    assert "needs the power (one of Germany" in refusal(table, "germany", "STANDING ORDERS INF").reason


@pytest.mark.parametrize("line, words", [
    ("STANDING ORDERS INF PANZER", ["'PANZER' is no unit or standing rule", "RETREAT BELOW 30%"]),
    ("STANDING ORDERS INF RETREAT BELOW lots", ["'lots' is no chance"]),
    ("STANDING ORDERS INF RETREAT BELOW 150%", ["between 0% and 100%"]),
    ("STANDING ORDERS INF RETREAT AFTER ROUND", ["needs a value"]),
])
def test_standing_orders_name_the_word_they_cannot_read(line, words):
    error = refusal(new_game(), "russia", line)
    assert all(w in error.reason for w in words), error.reason


# ---- moves ----------------------------------------------------------------------------------------


def test_move_counted_units_along_a_route():
    table = new_game().at("Russia", Phase.COMBAT_MOVE)

    order = mail(table, "russia", "MOVE 3 INF 1 ARM Archangel -> West Russia")

    assert order.data == {"power": "Russia", "units": {"infantry": 3, "armour": 1},
                          "route": ["Archangel", "West Russia"], "cargo": {}, "load_from": None, "unload_to": None,
                          "bombing": False}
    assert table.events_of(UnitsMoved)[0].route == ("Archangel", "West Russia")


@pytest.mark.parametrize("line, units, route", [
    ("MOVE 2 INF 1 ARM Karelia S.S.R. -> Archangel", {"infantry": 2, "armour": 1}, ["Karelia S.S.R.", "Archangel"]),
    ("move 1 arm karelia ssr->west russia -> ukraine s.s.r.", {"armour": 1},
     ["Karelia S.S.R.", "West Russia", "Ukraine S.S.R."]),
    ("MOVE 1 SUB SZ 4 -> 3 SZ -> Sea Zone 2", {"submarine": 1}, ["4 Sea Zone", "3 Sea Zone", "2 Sea Zone"]),
    ("MOVE 1 SUB 4 Sea Zone → 3 Sea Zone", {"submarine": 1}, ["4 Sea Zone", "3 Sea Zone"]),
    ("MOVE 1 FTR Karelia S.S.R. -> Nowhere Land", {"fighter": 1}, ["Karelia S.S.R.", "Nowhere Land"]),
    ("MOVE 1 FTR Karelia -> Ukraine -> Western", {"fighter": 1}, ["Karelia S.S.R.", "Ukraine S.S.R.", "Western"]),
    ("MOVE 2 INF Kwangtung -> FIC -> Philippines", {"infantry": 2}, ["Kwantung", "French Indochina",
                                                                     "Philipine Islands"]),
])
def test_move_reads_routes_with_names_case_dots_and_sea_zones_aside(line, units, route):
    data = read(new_game().at("Russia", Phase.COMBAT_MOVE), "russia", line).data
    assert (data["units"], data["route"]) == (units, route)


def test_a_transport_move_carries_cargo_from_and_to_land():
    table = new_game().at("Germany", Phase.COMBAT_MOVE)
    table.units("5 Sea Zone", Germany={"transport": 1})
    table.units(EASTERN_EUROPE, Germany={"infantry": 2})
    table.units(KARELIA, Russia={"infantry": 1})

    order = mail(table, "germany", "MOVE 1 TRN 5 Sea Zone CARRYING 2 INF FROM Eastern Europe TO Karelia S.S.R.")

    assert (order.data["units"], order.data["route"], order.data["cargo"]) == ({"transport": 1}, ["5 Sea Zone"],
                                                                              {"infantry": 2})
    assert (order.data["load_from"], order.data["unload_to"]) == (EASTERN_EUROPE, KARELIA)
    full = read(table, "germany", "MOVE 1 TRN 7 Sea Zone -> 8 Sea Zone CARRYING 1 INF 1 ARM FROM United Kingdom "
                                  "TO Western Europe").data
    assert (full["route"], full["cargo"], full["load_from"], full["unload_to"]) == \
        (["7 Sea Zone", "8 Sea Zone"], {"infantry": 1, "armour": 1}, "United Kingdom", "Western Europe")


def test_bombers_sent_to_raid_an_industrial_complex():
    table = new_game().at("UK", Phase.COMBAT_MOVE)

    order = mail(table, "uk", "MOVE 1 BMR United Kingdom -> 6 Sea Zone -> Western Europe -> Germany BOMBING",
                 rolls=[6])

    assert order.data["bombing"] is True and order.data["route"][-1] == "Germany"


def test_a_move_legal_commands_gives_no_example_of_is_still_read():
    """legal-commands offers a few example moves; any other move is read and the rules judge it."""
    table = new_game().at("Russia", Phase.COMBAT_MOVE)
    only_the_end = [b for b in offers(table, "russia") if b["type"] == "EndCombatMove"]

    order = parse_order("MOVE 1 FTR Russia -> West Russia", RS, only_the_end)

    assert (order.type, order.data["power"]) == ("MoveUnits", "Russia")


@pytest.mark.parametrize("line, words", [
    ("MOVE 2 INF 1 PANZER Karelia S.S.R. -> Archangel", ["'PANZER' is no unit", "INF, ART, ARM"]),
    ("MOVE Karelia S.S.R. -> Archangel", ["start with counted units"]),
    ("MOVE 2 INF Karelia S.S.R.", ["write the route with ->"]),
    ("MOVE 2 INF -> Archangel", ["name where they start"]),
    ("MOVE 1 IC Russia -> Archangel", ["an IC is bought"]),
    ("MOVE 1 TRN 5 Sea Zone CARRYING lots", ["'lots' is not counted units"]),
])
def test_move_names_the_word_it_cannot_read(line, words):
    error = refusal(new_game().at("Russia", Phase.COMBAT_MOVE), "russia", line)
    assert error.reason.startswith("MOVE: ") and all(w in error.reason for w in words), error.reason


def test_the_end_of_each_move():
    table = new_game().at("Russia", Phase.COMBAT_MOVE)

    assert mail(table, "russia", "END COMBAT MOVE").type == "EndCombatMove"
    assert table.game.phase is Phase.NON_COMBAT_MOVE  # no battle
    assert mail(table, "russia", "end non-combat move").type == "EndNonCombatMove"
    assert table.game.phase is Phase.PLACE


def test_rockets_from_an_aa_gun_at_an_enemy_factory():
    table = new_game().at("Germany", Phase.COMBAT_MOVE)

    order = read(table, "germany", "FIRE ROCKETS FROM western europe AT united kingdom")

    assert (order.type, order.data) == ("FireRockets", {"power": "Germany", "launch": "Western Europe",
                                                        "target": "United Kingdom"})


# ---- battles --------------------------------------------------------------------------------------


def test_losses_for_the_battle_that_waits():
    table = karelia_attack()

    order = mail(table, "germany", "LOSSES INF INF ARM")

    # an order of losses: each type once, in the order its units are lost
    assert order.data == {"power": "Germany", "battle_id": battle_id(table), "losses": ["infantry", "armour"]}
    chosen = table.events_of(LossesChosen)[0]
    assert (chosen.order, chosen.source) == (("infantry", "armour"), Source.PLAYER)
    assert read(table, "russia", "LOSSES 2 INF 1 BB:HIT BB").data["losses"] == ["infantry", "battleship:hit",
                                                                               "battleship"]
    assert "'PANZER' is no unit" in refusal(table, "russia", "LOSSES INF PANZER").reason


def test_press_on_then_retreat_to_where_the_attack_came_from():
    table = karelia_attack()
    mail(table, "russia", "USE STANDING ORDERS")
    mail(table, "germany", "PRESS ON")
    table.fight(MISS_ROUND)

    refused = refusal(table, "germany", "RETREAT TO Belorussia")
    order = mail(table, "germany", "retreat to eastern europe")

    assert "to Belorussia is not open to you now (one of Eastern Europe)" in refused.reason
    assert order.data == {"power": "Germany", "battle_id": battle_id(table), "to": EASTERN_EUROPE}
    assert table.events_of(AttackPressed)[-1].to == EASTERN_EUROPE


def test_emergency_infantry_at_a_victory_city_attacked_before_its_defenders_first_turn():
    table = new_game().at("Russia", Phase.COMBAT_MOVE)
    table.units("Ukraine S.S.R.", Germany={"infantry": 1})
    table.units("Caucasus", Russia={"armour": 2})
    table.orders("Germany", interactive=True)
    mail(table, "russia", "MOVE 2 ARM Caucasus -> Ukraine S.S.R.")
    mail(table, "russia", "END COMBAT MOVE")

    assert read(table, "germany", "NO EMERGENCY INF").data["count"] == 0
    mail(table, "germany", "EMERGENCY 1 INF")

    assert table.events_of(EmergencyInfantryBought)[0].count == 1


# ---- placement and research -----------------------------------------------------------------------


def test_place_units_at_a_territory_and_ships_in_a_sea_zone_beside_it():
    table = new_game().at("UK", Phase.PLACE).set_game(bought={"destroyer": 1, "infantry": 2})

    mail(table, "uk", "PLACE 1 DD United Kingdom AT 7 Sea Zone")
    order = mail(table, "uk", "place 2 inf united kingdom")

    assert order.data == {"power": "UK", "territory": "United Kingdom", "units": {"infantry": 2}, "zone": None}
    assert [(e.units, e.space) for e in table.events_of(UnitsPlaced)] == [({"destroyer": 1}, "7 Sea Zone"),
                                                                          ({"infantry": 2}, "United Kingdom")]
    assert mail(table, "uk", "END PLACEMENT").type == "EndPlacement"
    assert "start with counted units" in refusal(new_game().at("UK", Phase.PLACE).set_game(bought={"infantry": 1}),
                                                 "uk", "PLACE United Kingdom").reason


def test_research_dice_for_an_advance_or_none():
    table = new_game().at("Russia", Phase.RESEARCH)

    assert read(table, "russia", "NO RESEARCH").data == {"power": "Russia", "dice": 0, "advance": ""}
    assert read(table, "russia", "RESEARCH 2 Jet Power").data["advance"] == "jet_power"
    order = mail(table, "russia", "RESEARCH 2 DICE FOR jet_power", rolls=[1, 2])

    assert order.data == {"power": "Russia", "dice": 2, "advance": "jet_power"}
    assert table.events_of(WeaponsDeveloped)[0].dice == 2


# ---- HELP -----------------------------------------------------------------------------------------


def test_help_writes_every_offer_of_a_turn_as_a_short_form_that_reads_back():
    table = new_game()
    assert help_reads_back(table, "russia") == ["STANDING ORDERS", "BUY 8 INF"]
    mail(table, "russia", "STANDING ORDERS INF ART ARM FTR RETREAT BELOW 1/3 SUBMERGE")
    assert help_reads_back(table, "russia")[0] == "STANDING ORDERS INF ART ARM FTR RETREAT BELOW 1/3 SUBMERGE"
    mail(table, "russia", "BUY 3 INF 1 ARM", rolls=[6] * 10)

    moves = help_reads_back(table, "russia")
    assert moves[0] == "END COMBAT MOVE" and moves[1].startswith("MOVE ") and " -> " in moves[1]
    for phase, bought in ((Phase.PLACE, {"infantry": 1}), (Phase.RESEARCH, {})):
        lines = help_reads_back(new_game().at("Russia", phase).set_game(bought=bought), "russia")
        assert all(line.split()[0] in ("END", "PLACE", "NO", "RESEARCH") for line in lines), lines


def test_help_in_a_battle_and_the_usage_beside_the_first_offer_of_each_kind():
    table = karelia_attack()

    assert help_reads_back(table, "germany") == ["USE STANDING ORDERS", "LOSSES", "PRESS ON"]
    notes = help_lines(RS, offers(table, "germany"))
    assert notes[1].endswith("; e.g. LOSSES INF INF ARM)")


def test_a_line_naming_no_order_of_the_game_hints_in_its_own_forms():
    table = new_game().at("Germany", Phase.COMBAT_MOVE)

    error = refusal(table, "russia", "BUY 3 INF")

    assert error.reason == "Purchase is not open to you now."
    assert "STANDING ORDERS INF ART ARM FTR RETREAT BELOW 30%" in error.hint[0]


def test_every_form_of_the_game_is_read_by_a_known_reader():
    forms = [f for f in short_forms(RS) if f.type in {c.__name__ for c in cmd.GAME_COMMANDS}]
    assert {f.type for f in forms} == {c.__name__ for c in cmd.GAME_COMMANDS}
    assert all(f.match.fullmatch(f.usage) for f in forms)


# ---- any text at all ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def aa_offers() -> list[tuple[str, list[dict]]]:
    """Russia's purchase, its combat move, and Germany in a battle that waits for it."""
    battle = karelia_attack()
    return [("russia", offers(new_game(), "russia")),
            ("russia", offers(new_game().at("Russia", Phase.COMBAT_MOVE), "russia")),
            ("germany", offers(battle, "germany")), ("germany", [])]


WORDS = ["BUY", "MOVE", "PLACE", "LOSSES", "STANDING", "ORDERS", "RETREAT", "TO", "BELOW", "AFTER", "ROUND",
         "RESEARCH", "NO", "END", "COMBAT", "PRESS", "ON", "EMERGENCY", "FOR", "CARRYING", "FROM", "AT", "BOMBING",
         "ROCKETS", "3", "0", "99999", "1/0", "30%", "INF", "ARM", "IC", "BB:HIT", "BB:", ":hit", "India", "Karelia",
         "S.S.R.", "7", "Sea", "Zone", "SZ", "->", "→", "-", ",", "and", "Germany", "jet_power", "x", "=", "{", "}"]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.text(max_size=120), st.lists(st.sampled_from(WORDS), max_size=12).map(" ".join)),
       st.integers(0, 3))
def test_any_line_gives_an_order_or_an_order_error(aa_offers, line, which):
    seat, legal = aa_offers[which]
    try:
        order = parse_order(line, RS, legal)
    except OrderError as error:
        assert error.reason and isinstance(error.reason, str) and all(isinstance(h, str) for h in error.hint)
    else:
        assert isinstance(order.data, dict) and order.type in {c.__name__ for c in RS.commands}


@pytest.mark.rule("AAR1-victory")
def test_a_side_bids_for_the_game_length_by_mail():
    """AAR1-victory, minor: ``BID 12 TURNS`` bids for the seat's side (the one offered), ``BID 9 FOR
    ALLIES`` names it; HELP writes the offer so that it reads back."""
    table = GameTable(victory="minor")

    axis = mail(table, "germany", "bid 12 turns")
    allies = mail(table, "uk", "BID 9 FOR ALLIES")

    assert (axis.type, axis.data) == ("BidTurns", {"side": "Axis", "turns": 12})
    assert allies.data == {"side": "Allies", "turns": 9} and table.game.options.minor_turns == 12
    assert help_reads_back(GameTable(victory="minor"), "us") == ["BID 10 TURNS FOR Allies"]
