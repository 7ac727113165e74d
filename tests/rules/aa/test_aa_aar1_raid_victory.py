"""AAR1 (seed 001 "phase one" house rules): commerce raiding (both versions), victory conditions
and the optional rules (national units, Italian forces, lend-lease, infrastructure defence)."""
import pytest

from domain.aa.revised_phase_one import optional, raiding, victory
from domain.kernel import RuleViolation
from tests.rules.aa.aar1_house import house_rules, owners, unit_prices

R = house_rules()
EGYPT_TAKEN = {"Anglo Egypt": "Germany"}
# The Axis take Moscow, Stalingrad, Leningrad and Novosibirsk (26 + 12 = 38 VCPs).
AXIS_38 = {"Russia": "Germany", "Caucasus": "Germany", "Karelia S.S.R.": "Germany", "Novosibirsk": "Japan"}


@pytest.mark.rule("AAR1-raid")
def test_first_version_cap_uk_22():
    """Seed: "Let's say UK counts up 30 IPCs before raiding. The maximum that can be raided from UK
    territory is 30 (since 30 is less than 4 times the IPC value of 8) minus 8 (since no other
    territories are connected to the island of UK). This is 30-8=22." """
    assert raiding.connected_ipcs(R, owners(), "UK", "United Kingdom") == 8
    assert raiding.raid_cap(R, owners(), "UK", "United Kingdom", 30, version="first") == 22


@pytest.mark.rule("AAR1-raid")
def test_first_version_cap_eastern_canada_8():
    """Seed: "Now let's do E. Canada with UK cashing out at 30 again. 12 (just 4*3) - 4 (E. Canada is
    connected to W. Canada 3+1=4... don't count up US territory IPCs when calculating total connected
    IPCs for UK). 12 - 4 = 8." """
    assert raiding.connected_ipcs(R, owners(), "UK", "Eastern Canada") == 4
    assert raiding.raid_cap(R, owners(), "UK", "Eastern Canada", 30, version="first") == 8


@pytest.mark.rule("AAR1-raid")
def test_first_version_cap_india_7_with_egypt_lost():
    """Seed: "Now India (still cashed out at 30) and only UK territory taken so far is Egypt. 12 - 5
    (3 for India + 1 for Persia + 1 for Trans-Jordan)= 7." """
    held = owners(EGYPT_TAKEN)
    assert raiding.connected_ipcs(R, held, "UK", "India") == 5
    assert raiding.raid_cap(R, held, "UK", "India", 30, version="first") == 7


@pytest.mark.rule("AAR1-raid")
def test_changed_version_is_three_times_the_value_without_subtraction():
    """Seed: "A change was submitted and it made the multiplyer from 4 to 3 and removed the need to
    subtract." (the later text, the default). Given UK at 30 IPCs: UK 24, E. Canada 9; at 20 IPCs
    the UK island is capped by the income."""
    assert raiding.raid_cap(R, owners(), "UK", "United Kingdom", 30) == 24
    assert raiding.raid_cap(R, owners(), "UK", "Eastern Canada", 30) == 9
    assert raiding.raid_cap(R, owners(), "UK", "United Kingdom", 20) == 20


@pytest.mark.rule("AAR1-raid")
def test_dice_hit_only_at_the_units_attack_value():
    """Seed: "units only do damage on rolls that would be considered a hit during combat when they are
    the attacking. For example, BBs will only do 1-4 IPCs ... Fighters will only do 1-3"."""
    assert raiding.roll_damage(R, "battleship", 4) == 4
    assert raiding.roll_damage(R, "battleship", 5) == 0
    assert raiding.roll_damage(R, "fighter", 3) == 3
    assert raiding.roll_damage(R, "fighter", 4) == 0


@pytest.mark.rule("AAR1-raid")
def test_per_sea_zone_the_best_surface_roll_plus_the_best_three_sub_rolls():
    """Seed: "the total IPCs surrendered per SZ is the sum of 4 Numbers... the single best roll from
    surface/fighter units and the 3 best rolls from sub/s." Given a battleship rolling 5 (no hit), a
    fighter 3 and a destroyer 2, and two subs rolling 1, 2, 2 and 3, 1, 5: then 3 + (2 + 2 + 1) = 8."""
    rolls = [("battleship", 5), ("fighter", 3), ("destroyer", 2),
             ("submarine", 1), ("submarine", 2), ("submarine", 2),
             ("submarine", 3), ("submarine", 1), ("submarine", 5)]
    assert raiding.sea_zone_damage(R, rolls) == 8


@pytest.mark.rule("AAR1-raid")
def test_who_raids_and_the_cap_on_what_is_surrendered():
    """Seed: raiding happens "when ... an enemy naval unit is located in a SZ bordering an IC owned by
    that player and/or when an enemy fighter is located in a territory which borders one of those SZs
    ... An example of this is German fighters in W. Europe raiding either SZ 6 or 7." The loss per IC
    is capped (first version: 22 for the UK island)."""
    assert raiding.fighter_sea_zones(R, "Western Europe", ["United Kingdom"]) == frozenset({6, 7})
    assert raiding.raided_sea_zones(R, ["United Kingdom"]) == frozenset({2, 3, 6, 7, 8})
    assert raiding.ipcs_surrendered(R, owners(), "UK", 30, {"United Kingdom": 25}, version="first") == 22
    assert raiding.ipcs_surrendered(R, owners(), "UK", 30, {"United Kingdom": 5, "India": 4}) == 9
    with pytest.raises(RuleViolation) as err:
        raiding.roll_damage(R, "armour", 1)
    assert err.value.rule_id == "AAR1-raid"


@pytest.mark.rule("AAR1-victory")
def test_major_victory_axis_40_allies_50_at_the_end_of_a_us_turn():
    """Seed: "Major Victory: The Axis win if they control 40 VCPs at the end of any US player's turn.
    Likewise, the Allies win if they control 50 VCPs at the end of any US player's turn." """
    assert victory.major_victory(R, owners(AXIS_38), "US") is None
    axis_40 = owners({**AXIS_38, "India": "Japan"})
    assert victory.major_victory(R, axis_40, "Japan") is None
    assert victory.major_victory(R, axis_40, "US") == "Axis"
    allies_52 = owners({"Germany": "Russia", "Southern Europe": "UK", "Western Europe": "US", "Manchuria": "Russia"})
    assert victory.winner(R, "major", allies_52, "US") == "Allies"


@pytest.mark.rule("AAR1-victory")
def test_total_victory_controls_every_territory():
    """Seed: "Total Victory: The winning team is the first to control every territory by the end of
    any US player's turn." """
    everything = {t: "Germany" for t in R.ipc}
    assert victory.total_victory(R, owners(), "US") is None
    assert victory.total_victory(R, everything, "Japan") is None
    assert victory.winner(R, "total", everything, "US") == "Axis"


@pytest.mark.rule("AAR1-victory")
def test_minor_victory_bid_for_turns_then_majority_of_vcps():
    """Seed: "Both sides bid the number of turns ... The team that bids the higher number of turns
    gets to play as the Axis. The game will automatically end after the US player's turn on the turn
    number that won the bid. The team controlling the majority of the VCPs at that time wins"."""
    assert victory.minor_axis_team({"north": 8, "south": 6}) == "north"
    with pytest.raises(RuleViolation):
        victory.minor_axis_team({"north": 6, "south": 6})
    assert victory.minor_victory(R, owners(), 7, "US", agreed_turns=8) is None
    assert victory.minor_victory(R, owners(), 8, "Japan", agreed_turns=8) is None
    assert victory.winner(R, "minor", owners(), "US", turn=8, agreed_turns=8) == "Allies"
    with pytest.raises(RuleViolation) as err:
        victory.winner(R, "sudden_death", owners(), "US")
    assert err.value.rule_id == "AAR1-victory"


@pytest.mark.rule("AAR1-optional")
def test_national_units_later_list_is_the_default():
    """Seed (second list): "Russian T-34s: Russia only pays 3 IPCs for the first armor unit purchased
    every turn ... Japanese Zeros: Japan only pays 8 IPCs for the first fighter ... American Liberty
    ships: US only pays 6 IPCs for the first transport unit purchased every turn"."""
    prices = unit_prices()
    assert optional.purchase_cost(R, "Russia", {"armour": 2}, prices, "default") == 3 + 5
    assert optional.purchase_cost(R, "Japan", {"fighter": 2}, prices, "default") == 8 + 10
    assert optional.purchase_cost(R, "US", {"transport": 2, "infantry": 1}, prices, "default") == 6 + 8 + 3
    assert optional.purchase_cost(R, "Russia", {"armour": 2}, prices) == 10


@pytest.mark.rule("AAR1-optional")
def test_national_units_earlier_lists_as_options():
    """Seed: first list "Japanese Hakusan Maru class transports: Japan only pays 5 IPCs for the first
    transport"; "1st and 2nd German subs per turn costs 6 each (-2 each)"; "Changes in prices:
    Russia: 2 Armor for 8 once per round; Germany: pays 6 for each SUB"; "Russian shock armys:
    Russia only pays 5 IPC for two artillery units"."""
    prices = unit_prices()
    assert optional.purchase_cost(R, "Japan", {"transport": 2}, prices, "first") == 5 + 8
    assert optional.purchase_cost(R, "Germany", {"submarine": 3}, prices, "minus_two") == 6 + 6 + 8
    assert optional.purchase_cost(R, "Russia", {"armour": 3}, prices, "price_changes") == 8 + 5
    assert optional.purchase_cost(R, "Germany", {"submarine": 3}, prices, "price_changes") == 18
    assert optional.purchase_cost(R, "Russia", {"artillery": 3}, prices, "list_two") == 5 + 4
    with pytest.raises(RuleViolation) as err:
        optional.purchase_cost(R, "Russia", {"armour": 1}, prices, "phase_two")
    assert err.value.rule_id == "AAR1-optional"


@pytest.mark.rule("AAR1-optional")
def test_italian_forces_double_count_for_germany():
    """Seed (later): "the IPCs for Southern Europe and Lybia is double-counted (it's worth a total of
    14 IPCs instead of just 7 IPCs), however, all 14 IPCs must be used to place units in Southern
    Europe IC." (earlier: Southern Europe alone, 12 instead of 6)."""
    assert optional.italian_forces(R, "Germany", owners()) == (7, "Southern Europe")
    assert optional.italian_forces(R, "Germany", owners(), "first") == (6, "Southern Europe")
    assert optional.italian_forces(R, "Germany", owners({"Libya": "UK"})) == (6, "Southern Europe")
    assert optional.italian_forces(R, "Japan", owners())[0] == 0


@pytest.mark.rule("AAR1-optional")
def test_lend_lease_ten_ipcs_to_uk_and_russia_only():
    """Seed: "At the end of every US player's turn, the US player collects 10 extra IPCs and
    determines how to allocate those IPCs between the UK and Russian players. None of the 10 IPCs may
    be used by the US player himself." """
    assert optional.lend_lease(R, {"UK": 6, "Russia": 4}) == {"UK": 6, "Russia": 4}
    with pytest.raises(RuleViolation):
        optional.lend_lease(R, {"US": 10})
    with pytest.raises(RuleViolation):
        optional.lend_lease(R, {"UK": 5})


@pytest.mark.rule("AAR1-optional")
def test_infrastructure_defence_placed_in_any_territory_held_at_the_start():
    """Seed: "ID pieces cannot move but can be placed in any territory that started the turn under
    your control (this means ID pieces are not built by ICs)." Still costs 5 IPCs each."""
    assert R.infrastructure_defence == {"unit": "aa_gun", "cost": 5, "max_firing": 3}
    optional.check_infrastructure_site("UK", "Persia", owners())
    with pytest.raises(RuleViolation):
        optional.check_infrastructure_site("UK", "Persia", owners({"Persia": "Russia"}))
