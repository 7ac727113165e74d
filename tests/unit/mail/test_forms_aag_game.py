"""The short order forms of Axis & Allies Global 1940 as a whole game (mode: game), form by form:
each line read against what the decider's legal-commands offer the seat now (as the order desk
reads it) into the real command, which the decider then accepts; what names nothing is refused
with the word and what was expected; HELP writes every offer as a short form that reads back.
Global's own forms: research on a chart, politics, a purchase from one of the UK's two treasuries,
repairs, standing orders that scramble and spend kamikaze tokens. The battle calculator's forms
(CONFIRM, ADVANCE) are tested with the other rulesets' (tests/unit/mail/test_orders.py)."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain import registry
from domain.aa.global1940.game import commands as cmd
from domain.aa.global1940.game.events import ResearchRolled, UnitsPurchased
from domain.aa.global1940.politics import WarDeclared
from domain.aa.revised_phase_one.game.events import LossesChosen, StandingOrdersSet, UnitsMoved, UnitsPlaced
from domain.aa.revised_phase_one.game.state import Phase
from service.http.command_schemas import ruleset_docs
from service.mail.form_files import form_words
from service.mail.forms_aa import read_standing
from service.mail.forms_aa_write import write_standing
from service.mail.orders import OrderError, parse_order, short_forms
from tests.rules.aa.test_aag_game_table import GlobalTable, new_game
from tests.support.mail_desk import Desk

RS = registry.get("aa-global1940")
REVISED = registry.get("aa-revised-phase-one")
MISS_ROUND = [6] * 12


DESK = Desk("aa-global1940")  # the helpers below read and send lines as the mail desk does
offers, read, mail, refusal = DESK.offers, DESK.read, DESK.mail, DESK.refusal
reads_back, help_reads_back = DESK.reads_back, DESK.help_reads_back


# ---- research -------------------------------------------------------------------------------------


def test_no_research_ends_the_step():
    table = new_game()

    order = mail(table, "germany", "NO RESEARCH")

    assert (order.type, order.data) == ("Research", {"power": "Germany", "dice": 0, "chart": ""})
    assert table.game.phase is Phase.PURCHASE


@pytest.mark.parametrize("line, dice, chart", [
    ("RESEARCH 2 DICE ON AIR NAVAL", 2, "air_naval"),
    ("research 1 land_production", 1, "land_production"),
    ("RESEARCH 1 DIE FOR Land-Production", 1, "land_production"),
    ("Research 3 dice on air_naval", 3, "air_naval"),
])
def test_research_dice_on_a_chart_in_its_words_with_space_or_underscore(line, dice, chart):
    table = new_game()

    order = mail(table, "germany", line, rolls=[1] * dice)

    assert order.data == {"power": "Germany", "dice": dice, "chart": chart}
    rolled = table.events_of(ResearchRolled)[0]
    assert (rolled.dice, rolled.chart, rolled.cost) == (dice, chart, 5 * dice)


def test_research_names_the_charts_it_reads():
    error = refusal(new_game(), "germany", "RESEARCH 2 jet power")
    assert error.reason == ("RESEARCH: 'jet power' is no research chart; write LAND PRODUCTION or AIR NAVAL "
                            "(RESEARCH 2 DICE ON AIR NAVAL)"), error.reason
    assert error.hint[-1].startswith("RESEARCH 1 DICE ON LAND PRODUCTION")


# ---- purchase and repairs -------------------------------------------------------------------------


def test_buy_counts_globals_unit_words_from_the_offered_treasury():
    table = new_game().at("Germany", Phase.PURCHASE)

    order = mail(table, "germany", "BUY 3 INF 1 MECH 1 TAC")

    assert (order.type, order.data) == ("Purchase", {"power": "Germany", "economy": "Germany", "repairs": {},
                                                     "units": {"infantry": 3, "mech_infantry": 1,
                                                               "tactical_bomber": 1}})
    assert table.events_of(UnitsPurchased)[0].units == {"infantry": 3, "mech_infantry": 1, "tactical_bomber": 1}


@pytest.mark.parametrize("line, units", [
    ("BUY 1 CA 1 CRU 1 cruiser", {"cruiser": 3}),
    ("buy 2 mech, 1 tac and 1 BMR", {"mech_infantry": 2, "tactical_bomber": 1, "bomber": 1}),
    ("BUY 1 MIC 1 AB 1 NB", {"minor_industrial_complex": 1, "air_base": 1, "naval_base": 1}),
    ("BUY 1 IC 1 MAJOR", {"minor_industrial_complex": 1, "major_industrial_complex": 1}),
    ("BUY 1 DD 1 SUB 1 CV 1 BB 1 TRN 1 AAA", {"destroyer": 1, "submarine": 1, "carrier": 1, "battleship": 1,
                                             "transport": 1, "aa_gun": 1}),
])
def test_buy_reads_globals_unit_and_facility_words(line, units):
    assert read(new_game().at("Germany", Phase.PURCHASE), "germany", line).data["units"] == units


def test_buy_nothing():
    table = new_game().at("Germany", Phase.PURCHASE)

    order = mail(table, "germany", "BUY NOTHING")

    assert order.data == {"power": "Germany", "units": {}, "repairs": {}, "economy": "Germany"}
    assert table.game.phase is Phase.POLITICS


def test_the_uk_buys_for_each_of_its_two_treasuries():
    table = new_game().at("UK", Phase.PURCHASE)

    pacific = mail(table, "uk", "BUY 3 INF FOR UK Pacific")
    europe = mail(table, "uk", "BUY 1 DD")  # without FOR: the treasury offered now

    assert (pacific.data["economy"], europe.data["economy"]) == ("UK Pacific", "UK Europe")
    assert [(e.treasury, e.units) for e in table.events_of(UnitsPurchased)] == [
        ("UK Pacific", {"infantry": 3}), ("UK Europe", {"destroyer": 1})]
    assert table.game.phase is Phase.POLITICS
    fresh = new_game().at("UK", Phase.PURCHASE)
    assert read(fresh, "uk", "buy nothing for uk_pacific").data["economy"] == "UK Pacific"
    assert read(fresh, "uk", "BUY 2 ART FOR europe").data["economy"] == "UK Europe"


def test_repairs_of_a_damaged_complex_alone_or_beside_units():
    table = new_game().at("Germany", Phase.PURCHASE).damage("Western Germany", major_industrial_complex=5)

    assert read(table, "germany", "REPAIR 3 Western Germany").data == {
        "power": "Germany", "units": {}, "repairs": {"Western Germany": 3}, "economy": "Germany"}
    assert read(table, "germany", "REPAIR 2 western germany FOR Germany").data["repairs"] == {"Western Germany": 2}
    order = mail(table, "germany", "BUY 2 INF REPAIR 3 Western Germany")

    assert (order.data["units"], order.data["repairs"]) == ({"infantry": 2}, {"Western Germany": 3})
    bought = table.events_of(UnitsPurchased)[0]
    assert (bought.repairs, bought.cost, bought.damage) == ({"Western Germany": 3}, 9,
                                                            {"Western Germany": {"major_industrial_complex": 2}})


@pytest.mark.parametrize("line, words", [
    ("BUY 3 PANZERS", ["'PANZERS' is no unit", "INF, MECH, ART, ARM"]),
    ("BUY 1 IC Poland", ["'Poland' is not counted units", "BUY 3 INF 1 ARM)"]),
    ("BUY lots", ["'lots' is not counted units"]),
    ("REPAIR Western Germany", ["'Western' is no count of damage points"]),
    ("BUY 2 INF REPAIR 3", ["name the territory after the 3 damage points"]),
])
def test_buy_and_repair_name_the_word_they_cannot_read(line, words):
    error = refusal(new_game().at("Germany", Phase.PURCHASE), "germany", line)
    assert all(w in error.reason for w in words), error.reason


# ---- politics -------------------------------------------------------------------------------------


def test_declare_war_on_an_offered_target_and_end_politics():
    table = new_game().at("Germany", Phase.POLITICS)

    refused = refusal(table, "germany", "DECLARE WAR ON UK")  # at war already: not offered
    order = mail(table, "germany", "declare war on ussr")
    mail(table, "germany", "END POLITICS")

    assert "target UK is not open to you now (one of USSR" in refused.reason, refused.reason
    assert order.data == {"power": "Germany", "target": "USSR"}
    assert [(e.power, e.target) for e in table.events_of(WarDeclared)] == [("Germany", "USSR")]
    assert table.game.phase is Phase.COMBAT_MOVE
    assert read(new_game().at("Germany", Phase.POLITICS), "germany", "DECLARE WAR True Neutral").data["target"] == \
        "True neutral"


# ---- standing orders ------------------------------------------------------------------------------


def test_standing_orders_scramble_and_spend_kamikaze_tokens_on_ships_named_first():
    table = new_game().at("Japan", Phase.RESEARCH)

    order = mail(table, "japan", "STANDING ORDERS INF ART SCRAMBLE KAMIKAZE 2 AT BB CV RETREAT BELOW 30%")

    assert {k: order.data[k] for k in ("order_of_losses", "scramble", "kamikaze", "kamikaze_targets",
                                       "retreat_below")} == {
        "order_of_losses": ["infantry", "artillery"], "scramble": True, "kamikaze": 2,
        "kamikaze_targets": ["battleship", "carrier"], "retreat_below": "3/10"}
    orders = table.game.orders_of("Japan")
    assert (orders.scramble, orders.kamikaze, orders.kamikaze_targets) == (True, 2, ("battleship", "carrier"))
    assert table.events_of(StandingOrdersSet)


@pytest.mark.parametrize("line, expected", [
    ("STANDING ORDERS FOR Japan KAMIKAZE 1", {"kamikaze": 1, "kamikaze_targets": [], "scramble": False}),
    ("standing orders inf kamikaze 3 cv interactive", {"kamikaze": 3, "kamikaze_targets": ["carrier"],
                                                       "interactive": True, "order_of_losses": ["infantry"]}),
    ("STANDING ORDERS SCRAMBLE NO SCRAMBLE SUBMERGE", {"scramble": False, "submerge": True}),
    ("STANDING ORDERS", {"order_of_losses": [], "scramble": False, "kamikaze": 0, "kamikaze_targets": []}),
])
def test_standing_orders_global_rules_in_any_order_any_time(line, expected):
    table = new_game()  # Germany's research: Japan's seat is offered nothing, standing orders are unlisted
    order = mail(table, "japan", line if "FOR" in line else line.replace("ORDERS", "ORDERS FOR Japan", 1)
                 .replace("orders", "orders for Japan", 1))
    assert {k: order.data[k] for k in expected} == expected


@pytest.mark.parametrize("line, words", [
    ("STANDING ORDERS INF KEEP FACTORIES", ["'KEEP' is no unit or standing rule", "SCRAMBLE, KAMIKAZE 2 AT BB CV"]),
    ("STANDING ORDERS INF NO EMERGENCY", ["'NO' is no unit or standing rule"]),
    ("STANDING ORDERS KAMIKAZE lots", ["KAMIKAZE needs a count of tokens, not 'lots'"]),
    ("STANDING ORDERS KAMIKAZE", ["KAMIKAZE needs a value"]),
    ("STANDING ORDERS KAMIKAZE 2 AT", ["names the ships struck first"]),
])
def test_standing_orders_read_only_the_rules_global_has(line, words):
    error = refusal(new_game().at("Japan", Phase.RESEARCH), "japan", line)
    assert all(w in error.reason for w in words), error.reason


def test_scramble_and_kamikaze_are_read_and_written_only_where_the_command_has_them():
    """Revised's standing orders have no scramble nor kamikaze: its forms read and write as before."""
    revised, global_ = form_words(REVISED), form_words(RS)
    revised_fields = frozenset(ruleset_docs(REVISED)["SetStandingOrders"].data_schema["properties"])
    global_fields = frozenset(ruleset_docs(RS)["SetStandingOrders"].data_schema["properties"])

    with pytest.raises(ValueError, match=r"'SCRAMBLE' is no unit or standing rule.*KEEP FACTORIES, NO EMERGENCY \("):
        read_standing({"order": "INF SCRAMBLE"}, revised, revised_fields)
    got = read_standing({"order": "INF KAMIKAZE 1 AT DD"}, global_, global_fields)
    assert (got["kamikaze"], got["kamikaze_targets"]) == (1, ["destroyer"]) and "destroy_factories" not in got
    assert "scramble" not in read_standing({"order": "INF KEEP FACTORIES"}, revised, revised_fields)
    revised_orders = {"order_of_losses": ["infantry"], "destroy_factories": False}
    global_orders = {"order_of_losses": ["infantry"], "scramble": True, "kamikaze": 2,
                     "kamikaze_targets": ["battleship", "carrier"]}
    assert write_standing(revised_orders, revised) == " INF KEEP FACTORIES"
    assert write_standing(global_orders, global_) == " INF SCRAMBLE KAMIKAZE 2 AT BB CV"


# ---- moves ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("line, units, route", [
    ("MOVE 2 INF 1 MECH Germany -> Western Germany", {"infantry": 2, "mech_infantry": 1},
     ["Germany", "Western Germany"]),
    ("move 1 tac western germany->holland/belgium", {"tactical_bomber": 1}, ["Western Germany", "Holland Belgium"]),
    ("MOVE 1 BB SZ 113 -> 112 SZ -> Sea Zone 110", {"battleship": 1}, ["113 Sea Zone", "112 Sea Zone",
                                                                      "110 Sea Zone"]),
    ("MOVE 1 CA 114 Sea Zone → 115 Sea Zone", {"cruiser": 1}, ["114 Sea Zone", "115 Sea Zone"]),
    ("MOVE 2 INF Kwangtung -> FIC", {"infantry": 2}, ["Kwangtung", "French Indo China"]),
])
def test_move_reads_globals_names_and_sea_zones(line, units, route):
    data = read(new_game().at("Germany", Phase.COMBAT_MOVE), "germany", line).data
    assert (data["units"], data["route"]) == (units, route)


def test_a_move_then_the_end_of_each_move():
    table = new_game().at("Germany", Phase.NON_COMBAT_MOVE)

    order = mail(table, "germany", "MOVE 2 INF 1 ART Germany -> Western Germany")
    mail(table, "germany", "END NONCOMBAT MOVE")

    assert order.data == {"power": "Germany", "units": {"infantry": 2, "artillery": 1},
                          "route": ["Germany", "Western Germany"], "cargo": {}, "load_from": None,
                          "unload_to": None, "bombing": False}
    assert table.events_of(UnitsMoved)[0].route == ("Germany", "Western Germany")
    assert table.game.phase is Phase.PLACE
    quiet = new_game().at("Germany", Phase.COMBAT_MOVE)
    assert mail(quiet, "germany", "END COMBAT MOVE").type == "EndCombatMove"
    assert quiet.game.phase is Phase.NON_COMBAT_MOVE  # no battle


def test_rockets_from_an_air_base_at_an_enemy_complex():
    table = new_game().at("Germany", Phase.COMBAT_MOVE)

    order = read(table, "germany", "FIRE ROCKETS FROM western germany AT united kingdom")

    assert (order.type, order.data) == ("FireRockets", {"power": "Germany", "launch": "Western Germany",
                                                        "target": "United Kingdom"})


# ---- battles --------------------------------------------------------------------------------------


def france_attack() -> GlobalTable:
    """Germany's 2 infantry and armour attack France's one infantry from Western Germany; the battle waits."""
    table = new_game().at("Germany", Phase.COMBAT_MOVE)
    table.units("France", France={"infantry": 1})
    table.units("Western Germany", Germany={"infantry": 2, "armour": 1})
    table.orders("Germany", interactive=True)
    table.orders("France", interactive=True)
    mail(table, "germany", "MOVE 2 INF 1 ARM Western Germany -> France")
    mail(table, "germany", "END COMBAT MOVE")
    return table


def battle_id(table: GlobalTable) -> str:
    return table.game.battle_order()[0].battle_id


def test_losses_press_on_and_retreat_in_a_battle_that_waits():
    table = france_attack()

    assert help_reads_back(table, "germany") == ["USE STANDING ORDERS", "LOSSES", "PRESS ON"]
    order = mail(table, "germany", "LOSSES INF INF ARM")
    mail(table, "france", "USE STANDING ORDERS")
    assert order.data == {"power": "Germany", "battle_id": battle_id(table), "losses": ["infantry", "armour"]}
    assert table.events_of(LossesChosen)[0].order == ("infantry", "armour")
    table.fight(MISS_ROUND)
    assert help_reads_back(table, "germany") == ["USE STANDING ORDERS", "LOSSES", "PRESS ON",
                                                 "RETREAT TO Western Germany"]
    mail(table, "germany", "PRESS ON")
    mail(table, "france", "LOSSES INF")
    table.fight(MISS_ROUND)

    refused = refusal(table, "germany", "RETREAT TO Holland Belgium")
    retreat = mail(table, "germany", "retreat to western germany")

    assert "to Holland Belgium is not open to you now (one of Western Germany)" in refused.reason, refused.reason
    assert retreat.data == {"power": "Germany", "battle_id": battle_id(table), "to": "Western Germany"}


# ---- placement ------------------------------------------------------------------------------------


def test_place_units_ships_beside_a_territory_and_a_facility_then_end_placement():
    table = new_game().at("Germany", Phase.PLACE).set_game(
        bought_by={"Germany": {"infantry": 2, "cruiser": 1, "minor_industrial_complex": 1}})

    assert help_reads_back(table, "germany")[0] == "END PLACEMENT"
    mail(table, "germany", "PLACE 1 CA Germany AT 113 Sea Zone")
    order = mail(table, "germany", "place 2 inf germany")
    mail(table, "germany", "PLACE 1 MIC Poland")
    mail(table, "germany", "END PLACEMENT")

    assert order.data == {"power": "Germany", "territory": "Germany", "units": {"infantry": 2}, "zone": None}
    assert [(e.units, e.space) for e in table.events_of(UnitsPlaced)] == [
        ({"cruiser": 1}, "113 Sea Zone"), ({"infantry": 2}, "Germany"), ({"minor_industrial_complex": 1}, "Poland")]
    assert (table.game.power, table.game.phase) == ("USSR", Phase.RESEARCH)


# ---- HELP -----------------------------------------------------------------------------------------


def test_help_writes_every_offer_of_germanys_turn_as_a_short_form_that_reads_back():
    table = new_game()
    assert help_reads_back(table, "germany") == ["STANDING ORDERS", "NO RESEARCH", "RESEARCH 1 DICE ON LAND PRODUCTION"]
    mail(table, "germany", "STANDING ORDERS INF ART ARM SCRAMBLE RETREAT AFTER ROUND 2")
    assert help_reads_back(table, "germany")[0] == "STANDING ORDERS INF ART ARM RETREAT AFTER ROUND 2 SCRAMBLE"
    mail(table, "germany", "NO RESEARCH")
    (buy,) = help_reads_back(table, "germany")
    assert buy.startswith("BUY ") and " INF" in buy and "FOR" not in buy
    mail(table, "germany", buy)
    assert help_reads_back(table, "germany")[:2] == ["END POLITICS", "DECLARE WAR ON USSR"]
    mail(table, "germany", "END POLITICS")
    moves = help_reads_back(table, "germany")
    assert moves[0] == "END COMBAT MOVE" and all(m.startswith("MOVE ") and " -> " in m for m in moves[1:])
    mail(table, "germany", "END COMBAT MOVE")
    assert help_reads_back(table, "germany")[0] == "END NONCOMBAT MOVE"
    mail(table, "germany", "END NONCOMBAT MOVE")
    places = help_reads_back(table, "germany")
    assert places[0] == "END PLACEMENT" and all(p.startswith("PLACE ") for p in places[1:]), places


def test_help_writes_kamikaze_the_uks_second_treasury_and_repairs():
    japan = new_game().at("Japan", Phase.RESEARCH)
    mail(japan, "japan", "STANDING ORDERS KAMIKAZE 2 AT CV")
    assert help_reads_back(japan, "japan")[0] == "STANDING ORDERS KAMIKAZE 2 AT CV"

    uk = new_game().at("UK", Phase.PURCHASE)
    mail(uk, "uk", "BUY NOTHING FOR UK Europe")
    (pacific,) = help_reads_back(uk, "uk")  # the treasury offered now is written without FOR
    assert pacific.startswith("BUY ") and "FOR" not in pacific

    legal = offers(new_game().at("Germany", Phase.PURCHASE), "germany")
    example = legal[0]["example"]["data"]
    repairs = {**legal[0], "example": {**legal[0]["example"], "data": {**example, "repairs": {"Western Germany": 3}}}}
    bare = {**legal[0], "example": {**legal[0]["example"], "data": {**example, "units": {}, "repairs": {"Germany": 2}}}}
    nothing = {**legal[0], "example": {**legal[0]["example"], "data": {**example, "units": {}, "economy": "Germany"}}}
    written = reads_back([repairs, bare, nothing])
    assert written[0].endswith(" REPAIR 3 Western Germany") and written[1:] == ["REPAIR 2 Germany", "BUY NOTHING"]


def test_a_line_naming_no_order_of_the_game_hints_in_its_own_forms():
    error = refusal(new_game().at("Germany", Phase.COMBAT_MOVE), "ussr", "BUY 3 INF")

    assert error.reason == "Purchase is not open to you now."
    assert "STANDING ORDERS INF ART ARM FTR RETREAT BELOW 30% SCRAMBLE" in error.hint[0]


def test_every_command_of_the_whole_game_has_a_form_each_reading_its_usage():
    forms = [f for f in short_forms(RS) if f.type in {c.__name__ for c in cmd.GAME_COMMANDS}]
    assert {f.type for f in forms} == {c.__name__ for c in cmd.GAME_COMMANDS}
    assert all(f.match.fullmatch(f.usage) for f in forms)
    assert {f.type for f in short_forms(RS)} >= {"ConfirmDefence", "RecordAdvance"}  # the battle calculator's


# ---- any text at all ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def aag_offers() -> list[tuple[str, list[dict]]]:
    """Germany's research, purchase, politics and combat move, the UK's purchase, and a battle."""
    return [("germany", offers(new_game(), "germany")),
            ("germany", offers(new_game().at("Germany", Phase.PURCHASE), "germany")),
            ("germany", offers(new_game().at("Germany", Phase.POLITICS), "germany")),
            ("germany", offers(new_game().at("Germany", Phase.COMBAT_MOVE), "germany")),
            ("uk", offers(new_game().at("UK", Phase.PURCHASE), "uk")),
            ("germany", offers(france_attack(), "germany")), ("japan", [])]


WORDS = ["BUY", "NOTHING", "FOR", "UK", "Pacific", "REPAIR", "RESEARCH", "DICE", "ON", "AIR", "NAVAL",
         "land_production", "NO", "DECLARE", "WAR", "END", "POLITICS", "STANDING", "ORDERS", "SCRAMBLE",
         "KAMIKAZE", "AT", "MOVE", "PLACE", "LOSSES", "RETREAT", "TO", "PRESS", "ROCKETS", "FROM", "3", "0",
         "99999", "30%", "INF", "MECH", "TAC", "CA", "MIC", "BB:HIT", "Western", "Germany", "Holland/Belgium", "/",
         "113", "Sea", "Zone", "SZ", "->", ",", "and", "=", "{", "}"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.text(max_size=120), st.lists(st.sampled_from(WORDS), max_size=12).map(" ".join)),
       st.integers(0, 6))
def test_any_line_gives_an_order_or_an_order_error(aag_offers, line, which):
    _, legal = aag_offers[which]
    try:
        order = parse_order(line, RS, legal)
    except OrderError as error:
        assert error.reason and isinstance(error.reason, str) and all(isinstance(h, str) for h in error.hint)
    else:
        assert isinstance(order.data, dict) and order.type in {c.__name__ for c in RS.commands}
