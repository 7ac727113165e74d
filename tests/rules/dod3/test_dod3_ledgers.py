"""Steps D (bonus bid points), E (military affairs), F (production) and G (US entry)."""
from dataclasses import replace
from fractions import Fraction

import pytest

from domain.dod3.commands import (
    BuyPoints, EndMilitaryAffairs, EndProduction, RecordCapture, RecordMilitaryPoints, RecordSearchAndSeizure,
    RecordWarStatus,
)
from domain.dod3.economy import bonus_bid_points, pay
from domain.dod3.events import BonusBidPointsEarned, IncomeCollected, NavalRatiosRecalculated, USEntryAdjusted
from domain.dod3.state import PointKind, Step, USEntryShift
from domain.kernel import RuleViolation


@pytest.fixture
def military_affairs(table):
    """Turn 1 after political affairs (everyone passed): step E."""
    table.roll_weather()
    table.pass_political_affairs()
    return table


@pytest.fixture
def production(military_affairs):
    military_affairs.moderator(EndMilitaryAffairs())
    return military_affairs


@pytest.mark.rule("DOD3-D")
def test_powers_that_played_no_option_earn_their_pe_in_bid_points(table):
    """Rule 5 D: "Every major power that did not get to choose an option this turn earns bid points
    equal to its current modified political effectiveness." Given Germany's printed PE 5 with a +2
    modifier and Italy's 4 with a -1; when every power passes; then Germany earns 7 and Italy 3
    (the modified PE, not the printed one)."""
    table.given_power("GE", pe_modifier=2)
    table.given_power("IT", pe_modifier=-1)
    table.roll_weather()

    table.pass_political_affairs()

    earned = {e.power: e.bid_points for e in table.log if isinstance(e, BonusBidPointsEarned)}
    assert earned == {"CH": 2, "CW": 3, "FR": 3, "US": 2, "GE": 7, "IT": 3, "JA": 3, "RU": 3}
    assert table.state.powers["GE"].bid_points == 7


@pytest.mark.rule("DOD3-D")
def test_a_face_down_pe_award_is_sealed_for_its_own_seat(military_affairs):
    """Rule 3.2/D: the award equals the PE, so while the US and USSR PE are face down their awards
    (and the bid pools they fill) are seen only by their own seat."""
    sealed = {e.power: e.seal() for e in military_affairs.log if isinstance(e, BonusBidPointsEarned)}

    assert {p for p, seal in sealed.items() if seal is not None} == {"US", "RU"}
    assert sealed["US"].seats == {military_affairs.seat("US")}
    assert military_affairs.view(military_affairs.seat("GE"))["powers"]["US"]["bid_points"] is None
    assert military_affairs.view(military_affairs.seat("US"))["powers"]["US"]["bid_points"] == 2


@pytest.mark.rule("DOD3-D")
def test_a_negative_pe_costs_money_even_past_the_credit_limit(table):
    """Rule 5 D: "If you have a negative modified political effectiveness you must lose money equal
    to your negative modified PE. This can send you below your credit limit." Given Italy's printed
    PE -1 with a -2 modifier (modified -3) and 6 debt (its credit limit); when every power passes;
    then Italy loses 3 (not the printed 1), to a debt of 9, and earns no bid points."""
    table.given_power("IT", political_effectiveness=-1, pe_modifier=-2, money=-6)
    table.roll_weather()

    table.pass_political_affairs()

    assert (table.state.powers["IT"].money, table.state.powers["IT"].credit_limit) == (-9, 6)
    assert table.state.powers["IT"].bid_points == 0


@pytest.mark.rule("DOD3-D")
def test_a_power_that_played_an_option_earns_nothing(military_affairs):
    """Rule 5 D: only powers that "did not get to choose an option this turn" earn bid points."""
    state = military_affairs.state
    played = replace(state, political=replace(state.political, played={"GE": 1}))

    earned = {e.power for e in bonus_bid_points(played)}

    assert "GE" not in earned and len(earned) == 7


@pytest.mark.rule("DOD3-E")
def test_military_affairs_run_in_reverse_initiative_order(table):
    """Rule 5 E: lend-lease, naval strikes and moves, naval combat, army moves and combat
    announcements "In reverse initiative order"; "All sides record commitments"; "Resolve the
    combats in initiative order"; then captured resources and factories. Given turn 2, where the
    USA and China bid and so lead this turn's track (US, CH, GE, IT, CW, FR, RU, JA - not last
    turn's order nor the chart's); when military affairs begin; then the order is this turn's
    track reversed, and forwards for resolving combats."""
    table.finish_turn()
    table.bid({"US": 2, "CH": 1})
    table.roll_weather()
    table.pass_political_affairs()

    order = table.view("player1")["military_affairs"]["order"]

    reverse = ["JA", "RU", "FR", "CW", "IT", "GE", "CH", "US"]
    assert [o["step"] for o in order] == [
        "announce lend-lease", "surprise naval strikes, then naval moves", "naval combat", "army moves",
        "announce land combats", "record land combat commitments", "resolve land combats",
        "resolve captured resources and factories"]
    assert [o["powers"] for o in order] == [reverse] * 5 + ["all sides", list(reversed(reverse)), "all sides"]


@pytest.mark.rule("DOD3-E")
def test_the_moderator_records_military_results_as_validated_events(military_affairs):
    """Rule 5 E: until its combat system is supplied, the moderator records army/naval point
    changes and captures."""
    table = military_affairs

    table.moderator(RecordMilitaryPoints("GE", army_change=-2, naval_change=1, note="Battle of the Bulge"))
    table.moderator(RecordMilitaryPoints("CC", army_change=1))
    table.moderator(RecordCapture("Rhineland", "FR"))

    assert (table.state.powers["GE"].army_points, table.state.powers["GE"].naval_points) == (4, 3)
    assert table.state.forces["CC"].army_points == 3
    assert table.state.territory_control["Rhineland"] == "FR"


@pytest.mark.rule("DOD3-E")
@pytest.mark.parametrize("seat, command, why", [
    ("player1", RecordMilitaryPoints("GE", army_change=1), "only the moderator"),
    ("moderator", RecordMilitaryPoints("GE", army_change=-7), "cannot lose 7"),
    ("moderator", RecordMilitaryPoints("GE"), "record a change"),
    ("moderator", RecordMilitaryPoints("XX", army_change=1), "neither a major power"),
    ("moderator", RecordCapture("Berlin", "GE"), "already held"),
    ("moderator", RecordWarStatus("GE", "GE"), "two different"),
])
def test_military_records_are_validated(military_affairs, seat, command, why):
    """Rule 5 E: the records must be possible results of military affairs."""
    violation = military_affairs.refused(seat, command)

    assert violation.rule_id == "DOD3-E" and why in violation.message


@pytest.mark.rule("DOD3-F")
def test_income_is_collected_first(production):
    """Rule 5 F: "1. Calculate your major power's income." (base income times the production
    multiple; the USA starts in its 1/2 box)."""
    income = next(e for e in production.log if isinstance(e, IncomeCollected)).income

    assert income["GE"] == 8 and income["US"] == 6
    assert production.state.powers["GE"].money == 10 + 8


@pytest.mark.rule("DOD3-F")
def test_income_is_rounded_once_at_the_end(table):
    """Rule 1.1 in step F: France at production multiple 5/4 earns 6 x 5/4 = 7.5, rounded to 8."""
    table.given_power("FR", production_multiple=1)
    table.roll_weather()
    table.pass_political_affairs()

    table.moderator(EndMilitaryAffairs())

    assert next(e for e in table.log if isinstance(e, IncomeCollected)).income["FR"] == 8


@pytest.mark.rule("DOD3-F")
def test_points_are_bought_within_the_credit_limit(production):
    """Rule 5 F: "You may buy bid points, army points and naval points ... so long as you don't go
    beyond your credit limit." Italy has 10 money and a credit limit of 6: 8 army points (16) fit,
    a ninth does not."""
    production.act("IT", BuyPoints("IT", PointKind.ARMY, 8))

    violation = production.refused(production.seat("IT"), BuyPoints("IT", PointKind.BID, 1))

    assert production.state.powers["IT"].money == -6 and production.state.powers["IT"].army_points == 12
    assert violation.rule_id == "DOD3-F" and "credit limit" in violation.message


@pytest.mark.rule("DOD3-F")
def test_the_soviets_or_nationalist_chinese_buy_communist_chinese_points(production):
    """Rule 5 F: "(except the Communist Chinese whose points are bought by the Soviets or Nationalist
    Chinese)"."""
    production.act("RU", BuyPoints("RU", PointKind.ARMY, 1, recipient="CC"))
    production.act("CH", BuyPoints("CH", PointKind.ARMY, 1, recipient="CC"))

    assert production.state.forces["CC"].army_points == 4
    assert production.refused(production.seat("GE"), BuyPoints("GE", PointKind.ARMY, 1, "CC")).rule_id == "DOD3-F"
    assert production.refused(production.seat("RU"), BuyPoints("RU", PointKind.BID, 1, "CC")).rule_id == "DOD3-F"


@pytest.mark.rule("DOD3-F")
def test_naval_ratios_are_rechecked_after_all_production(production):
    """Rule 5 F: "3. After all production is done recalculate Naval ratios". Given every power but
    Japan has finished production; when Japan, the last, buys two naval points and finishes; then
    the ratios are recalculated once, after Japan's end of production, from Japan's 6 naval points
    (4 + 2) and the CW's 6."""
    for power in production.state.active_powers():
        if power != "JA":
            production.act(power, EndProduction(power))
    production.act("JA", BuyPoints("JA", PointKind.NAVAL, 2))

    events = production.act("JA", EndProduction("JA"))

    (ratios,) = [e for e in production.log if isinstance(e, NavalRatiosRecalculated)]
    assert production.types(events)[:2] == ["ProductionEnded", "NavalRatiosRecalculated"]
    assert ratios.naval_points["JA"] == 6 and ratios.naval_points["CW"] == 6


@pytest.mark.rule("DOD3-G")
def test_us_entry_shifts_for_war_with_china_a_democracy_or_search_and_seizure(military_affairs):
    """Rule 5 G: "Adjust the US entry values of major powers that are at war with China, or are at
    war with a Democracy, or that conducted search and seizures." """
    table = military_affairs
    table.moderator(RecordWarStatus("JA", "CH"))
    table.moderator(RecordWarStatus("GE", "FR"))
    table.moderator(RecordSearchAndSeizure("IT"))
    table.moderator(EndMilitaryAffairs())

    table.production()

    adjusted = next(e for e in table.log if isinstance(e, USEntryAdjusted))
    assert adjusted.shifts == (USEntryShift(1, "GE", Fraction(2), "at_war_with_democracy"),
                               USEntryShift(1, "IT", Fraction(1), "search_and_seizure"),
                               USEntryShift(1, "JA", Fraction(1), "at_war_with_china"))
    assert table.state.step is Step.CONQUEST
    assert table.view("player1")["us_entry"]["totals"] == {"CH": 0, "CW": 0, "FR": 0, "US": 0, "GE": 2, "IT": 1,
                                                           "JA": 1, "RU": 0}


@pytest.mark.rule("DOD3-8.4b")
def test_paying_spends_savings_then_debt_but_never_past_the_credit_limit(production):
    """Rule 8.4b: "You spend money by reducing your major power's savings, or increasing its debt,
    or a bit of both ... The maximum debt you can have is your credit limit ... except MP 5"
    (part 2 plays MP 5; here the ledger's rule)."""
    italy = production.state.powers["IT"]

    assert (pay(italy, 12, "DOD3-8.4b"), pay(italy, 16, "DOD3-8.4b")) == (-2, -6)
    with pytest.raises(RuleViolation) as raised:
        pay(italy, 17, "DOD3-8.4b")
    assert raised.value.rule_id == "DOD3-8.4b" and "credit limit of 6" in raised.value.message
    assert pay(italy, 17, "DOD3-8.4b", may_pass_credit_limit=True) == -7
