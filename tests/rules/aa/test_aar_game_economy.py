"""Purchase, income and commerce raiding through the whole game's decider (AAR-purchase,
AAR1-ic-cost, AAR1-optional, AAR-income, AAR1-raid, AAR-capital)."""
import pytest

from domain.aa.revised_phase_one.game import commands as cmd
from domain.aa.revised_phase_one.game.events import CommerceRaided, IncomeCollected, LendLeaseGranted, UnitsPurchased
from domain.aa.revised_phase_one.game.state import Phase
from domain.kernel import RuleViolation
from tests.rules.aa.test_aar_game_table import GameTable, new_game

QUIET = {"Balkans": {"Germany": {"infantry": 2}}, "Ukraine S.S.R.": {"Germany": {"infantry": 3}}}


def russia_without_raiders(**options) -> GameTable:
    """Russia's purchase with the German fighters beside 16 Sea Zone grounded elsewhere."""
    table = new_game(**options)
    for space, units in QUIET.items():
        table.units(space, **units)
    return table


# ---- purchase --------------------------------------------------------------------------------------


@pytest.mark.rule("AAR-purchase")
def test_units_are_bought_at_their_cost_from_the_treasury():
    """AAR-purchase: "Units bought at their cost from the treasury". Given Russia's 24 IPCs, when
    it buys 3 infantry and an armour (3 x 3 + 5), then 10 are left before income."""
    table = russia_without_raiders()

    table.send("russia", cmd.Purchase("Russia", {"infantry": 3, "armour": 1}))

    bought = table.events_of(UnitsPurchased)[0]
    assert (bought.cost, bought.treasury) == (14, 10)
    assert table.game.bought == {"infantry": 3, "armour": 1}


@pytest.mark.rule("AAR-purchase")
def test_a_purchase_beyond_the_treasury_is_refused():
    """AAR-purchase: the treasury pays. Given 24 IPCs, when Russia buys 3 bombers (45), then it is
    refused and nothing is bought."""
    table = new_game()

    assert table.refused("russia", cmd.Purchase("Russia", {"bomber": 3})).rule_id == "AAR-purchase"


@pytest.mark.rule("AAR-purchase")
@pytest.mark.rule("AAR-capital")
def test_no_capital_no_purchase_no_income():
    """AAR-capital / AAR-purchase: without its capital a power has no purchase and no income. Given
    Russia's turn begins with Moscow in German hands, when the US ends the round, then Russia's
    purchase is passed by and its income is 0."""
    table = new_game().owner("Russia", "Germany").at("US", Phase.RESEARCH)
    table.units("Russia", Germany={"infantry": 1})

    table.send("us", cmd.DevelopWeapons("US"))

    income = table.events_of(IncomeCollected)[-1]
    assert (income.power, income.collected, income.note) == ("Russia", 0, "no capital: no income")
    assert (table.game.power, table.game.phase) == ("Russia", Phase.COMBAT_MOVE)


# ---- industrial complexes -------------------------------------------------------------------------


@pytest.mark.rule("AAR1-ic-cost")
def test_an_ic_costs_15_less_ipcs_times_vcps():
    """AAR1-ic-cost: "An IC in W. Europe or C. US now costs only 15 - (6 IPCs)(2 VCPs) = 3 IPCs."
    Given Germany's 40 IPCs, when it buys an IC declared in Western Europe, then it pays 3."""
    table = new_game().at("Germany", Phase.PURCHASE)

    table.send("germany", cmd.Purchase("Germany", {}, ("Western Europe",)), rolls=[6] * 10)

    bought = table.events_of(UnitsPurchased)[0]
    assert (bought.cost, bought.factories) == (3, ("Western Europe",))


@pytest.mark.rule("AAR1-ic-cost")
def test_an_ic_in_india_costs_9_and_one_without_a_vc_15():
    """AAR1-ic-cost: "an IC in India, FIC or Kwangtung now costs 15 - (3 IPCs)(2 VCPs) = 9 IPCs ...
    All ICs in territories not containing a VC cost 15". Given the UK's 30 IPCs, when it declares
    ICs in India and in Persia (no VC), then it pays 9 + 15."""
    table = new_game().at("UK", Phase.PURCHASE)

    table.send("uk", cmd.Purchase("UK", {}, ("India", "Persia")), rolls=[6] * 20)

    assert table.events_of(UnitsPurchased)[0].cost == 24


@pytest.mark.rule("AAR1-ic-place")
def test_an_ic_is_declared_only_where_the_power_held_at_the_turn_start():
    """AAR1-ic-place: "An IC can only be placed in a territory that was in your possession at the
    start of your turn." Given Germany's purchase, when it declares an IC in Karelia (Russian), then
    it is refused; an IC in a territory that has one is refused too."""
    table = new_game().at("Germany", Phase.PURCHASE)

    assert table.refused("germany", cmd.Purchase("Germany", {}, ("Karelia S.S.R.",))).rule_id == "AAR1-ic-place"
    assert table.refused("germany", cmd.Purchase("Germany", {}, ("Germany",))).rule_id == "AAR1-ic-place"


# ---- optional rules -------------------------------------------------------------------------------


@pytest.mark.rule("AAR1-optional")
def test_national_units_make_russias_first_armour_cost_3():
    """AAR1-optional: "Russian T-34s: Russia only pays 3 IPCs for the first armor unit purchased every
    turn". Given national units on, when Russia buys 2 armour, then it pays 3 + 5."""
    table = russia_without_raiders(national_units="on")

    table.send("russia", cmd.Purchase("Russia", {"armour": 2}))

    assert table.events_of(UnitsPurchased)[0].cost == 8


@pytest.mark.rule("AAR1-optional")
def test_without_national_units_armour_costs_5():
    """AAR1-optional: the optional rules are off unless chosen. Given no options, when Russia buys 2
    armour, then it pays 10."""
    table = russia_without_raiders()

    table.send("russia", cmd.Purchase("Russia", {"armour": 2}))

    assert table.events_of(UnitsPurchased)[0].cost == 10


@pytest.mark.rule("AAR1-optional")
def test_a_wrong_option_value_is_refused():
    """AAR1-optional: options are typed and refused when wrong. Given a game asked with national
    units "bogus" or an unknown option, then the game is refused."""
    with pytest.raises(RuleViolation) as bad:
        new_game(national_units="bogus")
    assert bad.value.rule_id == "AAR1-optional"
    with pytest.raises(RuleViolation):
        new_game(zeppelins=True)


@pytest.mark.rule("AAR1-optional")
def test_italian_forces_count_southern_europe_and_libya_twice():
    """AAR1-optional: "During the Collect Income Phase of the German player's turn, the IPCs for
    Southern Europe and Lybia is double-counted (... 14 IPCs instead of just 7)". Given the option on,
    when Germany collects, then it counts 40 + 7."""
    table = new_game(italian_forces="on").at("Germany", Phase.PURCHASE)
    table.units("Karelia S.S.R.", Russia={"infantry": 3})

    table.send("germany", cmd.Purchase("Germany"))

    income = table.events_of(IncomeCollected)[0]
    assert (income.territories, income.italian, income.collected) == (40, 7, 47)


def italian_placement(version: str = "on") -> GameTable:
    """Germany's second turn with Italian Forces: its first income counted Southern Europe and Libya
    twice (7 extra: 14 Italian IPCs); it buys 5 infantry and 2 armour (25 IPCs) and places."""
    table = new_game(italian_forces=version).at("Germany", Phase.PURCHASE)
    table.send("germany", cmd.Purchase("Germany"), rolls=[6] * 20)  # round 1: nothing bought; income counts twice
    table.at("Germany", Phase.PURCHASE, round_=2)
    table.send("germany", cmd.Purchase("Germany", {"infantry": 5, "armour": 2}), rolls=[6] * 20)
    return table.at("Germany", Phase.PLACE, round_=2)


@pytest.mark.rule("AAR1-optional")
def test_italian_forces_ipcs_must_all_be_placed_in_southern_europe():
    """AAR1-optional: "all 14 IPCs must be used to place units in Southern Europe IC". Given 14
    Italian IPCs and 25 IPCs of units bought, when Germany would place more than 11 IPCs of them
    elsewhere, then it is refused naming the rule; 3 infantry in Germany are accepted, a fourth is
    not, and 2 armour and 2 infantry go to Southern Europe. Legal-commands offers Southern Europe
    first."""
    table = italian_placement()

    offered = [s.example for s in table.legal("germany") if s.type == "PlaceUnits"]
    refused = table.refused("germany", cmd.PlaceUnits("Germany", "Germany", {"infantry": 4}))
    table.send("germany", cmd.PlaceUnits("Germany", "Germany", {"infantry": 3}))
    again = table.refused("germany", cmd.PlaceUnits("Germany", "Germany", {"infantry": 1}))
    table.send("germany", cmd.PlaceUnits("Germany", "Southern Europe", {"infantry": 2, "armour": 2}))

    assert table.count("Southern Europe", "Germany", "armour") >= 2
    assert refused.rule_id == again.rule_id == "AAR1-optional" and "Southern Europe" in refused.message
    assert offered[0]["territory"] == "Southern Europe"


@pytest.mark.rule("AAR1-optional")
def test_without_italian_forces_nothing_is_owed():
    """AAR1-optional: the quota is the option's: without it Germany places where it likes."""
    table = italian_placement("none")

    table.send("germany", cmd.PlaceUnits("Germany", "Germany", {"infantry": 5, "armour": 2}))

    assert table.game.italian_due == 0 and table.game.bought == {}


@pytest.mark.rule("AAR1-optional")
def test_lend_lease_splits_ten_ipcs_between_uk_and_russia():
    """AAR1-optional: "At the end of every US player's turn, the US player collects 10 extra IPCs and
    determines how to allocate those IPCs between the UK and Russian players." Given lend-lease and
    the US's standing split 7 to the UK, 3 to Russia, when the US ends its turn, then they get them."""
    table = new_game(lend_lease=True).at("US", Phase.RESEARCH).money(UK=0, Russia=0)
    table.orders("US", lend_lease={"UK": 7, "Russia": 3})

    table.send("us", cmd.DevelopWeapons("US"))

    assert table.events_of(LendLeaseGranted)[0].split == {"UK": 7, "Russia": 3}
    assert table.game.treasury["UK"] == 7


# ---- income and commerce raiding --------------------------------------------------------------------


@pytest.mark.rule("AAR-income")
def test_income_is_the_value_of_the_territories_held():
    """AAR-income: "Income is the IPC value of the territories held". Given Russia's 24 IPCs of land
    and no raiders, when it buys nothing, then it collects 24."""
    table = russia_without_raiders()

    table.send("russia", cmd.Purchase("Russia"))

    income = table.events_of(IncomeCollected)[0]
    assert (income.territories, income.raided, income.collected, income.treasury) == (24, 0, 24, 48)


@pytest.mark.rule("AAR1-raid")
def test_raiders_do_damage_only_on_a_hit_and_only_the_best_surface_roll_counts():
    """AAR1-raid: "units only do damage on rolls that would be considered a hit ... Fighters will
    only do 1-3 IPCs" and "Only 1 roll from a surface naval unit/ fighter ... per SZ per turn may be
    counted". Given the German fighters in the Balkans and Ukraine beside 16 Sea Zone (Caucasus's
    IC), when they roll 3 and 2, then Russia loses 3."""
    table = new_game()

    table.send("russia", cmd.Purchase("Russia"), rolls=[3, 2])

    raid = table.events_of(CommerceRaided)[0]
    assert (raid.zone, [r.damage for r in raid.rolls], raid.damage) == ("16 Sea Zone", [3, 2], 3)
    assert table.events_of(IncomeCollected)[0].collected == 21


@pytest.mark.rule("AAR1-raid")
def test_a_fighter_roll_above_its_attack_does_no_damage():
    """AAR1-raid: a fighter damages only on 1-3. Given the two German fighters, when they roll 4
    and 6, then Russia loses nothing."""
    table = new_game()

    table.send("russia", cmd.Purchase("Russia"), rolls=[4, 6])

    assert table.events_of(CommerceRaided)[0].damage == 0


@pytest.mark.rule("AAR1-raid")
def test_submarines_roll_three_dice_and_the_best_three_count():
    """AAR1-raid: "Submarines conducting commerce raiding roll 3 dice ... only the best 3 rolls from
    subs may be counted per SZ". Given two German subs in 16 Sea Zone (no fighters), when they roll
    1, 2, 2 and 1, 6, 6, then the best three (2, 2, 1) take 5."""
    table = russia_without_raiders()
    table.units("16 Sea Zone", Germany={"submarine": 2})

    table.send("russia", cmd.Purchase("Russia"), rolls=[1, 2, 2, 1, 6, 6])

    assert table.events_of(CommerceRaided)[0].damage == 5


@pytest.mark.rule("AAR1-raid")
def test_the_first_version_caps_by_output_less_connected_ipcs():
    """AAR1-raid (first version): "The maximum ... for each IC is equal to the maximum amount of IPC
    output of the IC less the number of connected IPCs": Caucasus's min(4 x 4, 24) less Russia's 24
    connected IPCs is nothing. Given that version, when a German battleship in 16 Sea Zone rolls 4,
    then Russia loses 0; under the later version (x3, no subtraction) it loses 4."""
    first = russia_without_raiders(raiding="first")
    first.units("16 Sea Zone", Germany={"battleship": 1})
    later = russia_without_raiders()
    later.units("16 Sea Zone", Germany={"battleship": 1})

    first.send("russia", cmd.Purchase("Russia"), rolls=[4])
    later.send("russia", cmd.Purchase("Russia"), rolls=[4])

    assert first.events_of(IncomeCollected)[0].raided == 0
    assert later.events_of(IncomeCollected)[0].raided == 4


@pytest.mark.rule("AAR1-raid")
def test_the_fighter_owner_chooses_the_zone_its_fighters_raid():
    """AAR1-raid: "Enemy fighters located on a territory bordering more than one SZ which borders an
    enemy IC can only conduct commerce raiding on 1 of the SZs (the owner of the fighter chooses
    which SZ). An example of this is German fighters in W. Europe raiding either SZ 6 or 7." Given
    Germany's standing choice of 7 Sea Zone, when the UK collects, then the fighter raids zone 7."""
    table = new_game().at("UK", Phase.PURCHASE)
    table.orders("Germany", raid_zones={"Western Europe": "7 Sea Zone"})

    table.send("uk", cmd.Purchase("UK"), rolls=[6] * 20)

    raids = {e.zone: [r.space for r in e.rolls] for e in table.events_of(CommerceRaided)}
    assert "Western Europe" in raids["7 Sea Zone"]
    assert "Western Europe" not in raids.get("6 Sea Zone", [])


@pytest.mark.rule("AAR1-raid")
def test_a_raid_zone_not_beside_the_territory_is_refused():
    """AAR1-raid: the fighter raids a zone its territory borders. Given Germany's standing orders,
    when it names 1 Sea Zone for Western Europe, then it is refused."""
    table = new_game()

    violation = table.refused("germany", cmd.SetStandingOrders("Germany", raid_zones={"Western Europe": "1 Sea Zone"}))
    assert violation.rule_id == "AAR1-raid"
