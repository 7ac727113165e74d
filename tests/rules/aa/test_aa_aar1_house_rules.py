"""AAR1 (seed 001 "phase one" house rules): turn sequence, victory cities, infantry placement at
VCs (both versions), emergency infantry, and the IC limit, cost and placement rules."""
import pytest
from marshmallow import ValidationError

from domain.aa.revised_phase_one import industry, placement, sequence, victory_cities
from domain.aa.revised_phase_one.house_rules import load_house_rules
from domain.kernel import RuleViolation
from tests.rules.aa.aar1_house import house_rules, owners, raw_house_rules, unit_prices

R = house_rules()


@pytest.mark.rule("AAR1-seq")
def test_turn_sequence_collects_income_before_movement():
    """Seed: "1. Purchase units 2. Collect income 3. Movement 4. Combat 5. Non-Combat movement
    6. Place newly purchased units 7. Determine Victory Conditions 8. Develop weapons".
    Given the house sequence, when asking what follows each phase, then the seed's order comes back."""
    assert R.turn_sequence == ("purchase_units", "collect_income", "combat_move", "combat",
                               "non_combat_move", "place_units", "determine_victory", "develop_weapons")
    assert sequence.next_phase(R, "purchase_units") == "collect_income"
    assert sequence.next_phase(R, "collect_income") == "combat_move"
    assert sequence.next_phase(R, "develop_weapons") is None


@pytest.mark.rule("AAR1-seq")
def test_a_phase_cannot_be_entered_out_of_order():
    """Seed: the turn sequence runs in order. Given placement is under way, when going back to
    combat, then the move is refused."""
    sequence.check_phase_order(R, "collect_income", "combat_move")
    with pytest.raises(RuleViolation) as err:
        sequence.check_phase_order(R, "place_units", "combat")
    assert err.value.rule_id == "AAR1-seq"


@pytest.mark.rule("AAR1-vc")
def test_twenty_five_victory_cities_five_per_nation():
    """Seed: "Every nation starts with 5 victory cities ... 1 is designated as a capital (worth 5
    VCPs), 1 other ... major VC (worth 3 VCPs), 2 others ... moderate VCs (worth 2 VCPs), and the
    last one ... minor VC (worth 1 VCP)." Russia: "Moscow (5)-Russia, Stalingrad (3)-Caucasus,
    Leningrad (2)-Karelia, Novosibirsk (2)-Novosibirsk, Vladivostok (1)-Buryatia"."""
    assert len(R.victory_cities) == 25
    for power in ("Russia", "Germany", "UK", "Japan", "US"):
        assert sorted(vc.vcp for vc in victory_cities.victory_cities_of(R, power)) == [1, 2, 2, 3, 5]
    assert [(vc.city, vc.vcp, vc.territory) for vc in victory_cities.victory_cities_of(R, "Russia")] == [
        ("Moscow", 5, "Russia"), ("Stalingrad", 3, "Caucasus"), ("Leningrad", 2, "Karelia S.S.R."),
        ("Novosibirsk", 2, "Novosibirsk"), ("Vladivostok", 1, "Buryatia S.S.R.")]
    assert R.vc("Chongqing").territory == "China" and R.vc("Manila").vcp == 1


@pytest.mark.rule("AAR1-vc")
def test_vcps_held_by_each_side_at_the_start():
    """Seed: each VC is worth its VCPs to whoever holds its territory. Given the starting map, then
    the Axis (Germany, Japan) hold 26 VCPs and the Allies 39."""
    assert victory_cities.vcp_held(R, owners(), "Axis") == 26
    assert victory_cities.vcp_held(R, owners(), "Allies") == 39
    assert victory_cities.vcp_in(R, "India") == 2 and victory_cities.vcp_in(R, "Brazil") == 0


@pytest.mark.rule("AAR1-vc")
def test_house_rules_pack_rejects_an_unknown_vc_territory():
    """The data pack is validated on load: a VC in a territory not on the map is refused."""
    raw = raw_house_rules()
    bad = {**raw, "victory_cities": {**raw["victory_cities"],
                                     "UK": [{"city": "London", "rank": "capital", "territory": "Atlantis"}]}}
    with pytest.raises(ValidationError) as err:
        load_house_rules(bad)
    assert err.value.messages == {"victory_cities.UK.0.territory": ["unknown territory 'Atlantis'"]}


@pytest.mark.rule("AAR1-inf")
def test_connected_own_vcs_place_up_to_their_vcps_unconnected_only_one():
    """Seed, "Unit Placement phase": "For every originally owned VC that is 'connected' to that same
    nation's capital, that nation may place any number of infantry there per turn up to the number of
    corresponding VCPs ... Tokyo on the island of Japan can never be connected to any other VC. For
    every originally owned VC that is not connected ... at most only 1 infantry"."""
    start = owners()
    assert placement.infantry_limit(R, "Stalingrad", "Russia", start) == 3
    assert placement.infantry_limit(R, "Kiev", "Germany", start) == 2
    assert placement.infantry_limit(R, "Tokyo", "Japan", start) == 5
    assert placement.infantry_limit(R, "Changchun", "Japan", start) == 1
    assert placement.infantry_limit(R, "Shanghai", "Japan", start) == 1


@pytest.mark.rule("AAR1-inf")
def test_a_cut_line_of_friendly_territories_disconnects_a_vc():
    """Seed: "A VC is connected to a capital VC if there exists any continuous line of friendly
    territories connecting the 2 VCs". Given Germany holds Archangel (and West Russia, as at the
    start), when Russia places at Leningrad, then it is unconnected: 1 infantry."""
    assert placement.infantry_limit(R, "Leningrad", "Russia", owners()) == 2
    assert placement.infantry_limit(R, "Leningrad", "Russia", owners({"Archangel": "Germany"})) == 1


@pytest.mark.rule("AAR1-inf")
def test_captured_vcs_place_half_their_vcps_rounded_down():
    """Seed: "For every captured VC ... up to 1/2 the number of corresponding VCPs (rounded down)
    ... in a captured minor VC is 0, in a captured moderate or major VC is 1, and in a captured
    capital VC is 2." """
    held = owners({"Caucasus": "Germany", "Russia": "Germany", "Norway": "UK", "Karelia S.S.R.": "Germany"})
    assert placement.infantry_limit(R, "Moscow", "Germany", held) == 2
    assert placement.infantry_limit(R, "Stalingrad", "Germany", held) == 1
    assert placement.infantry_limit(R, "Leningrad", "Germany", held) == 1
    assert placement.infantry_limit(R, "Oslo", "UK", held) == 0


@pytest.mark.rule("AAR1-inf")
def test_uk_and_us_are_always_connected_and_capped_at_three_in_the_capital():
    """Seed: "every VC is automatically considered connected to the capital VC and at most only 3
    infantry may be placed at the capital VC (instead of 5)." """
    start = owners()
    assert placement.infantry_limit(R, "London", "UK", start) == 3
    assert placement.infantry_limit(R, "Sydney", "UK", start) == 2
    assert placement.infantry_limit(R, "Washington", "US", start) == 3
    assert placement.infantry_limit(R, "Honolulu", "US", start) == 1


@pytest.mark.rule("AAR1-inf")
def test_first_draft_limits_by_rank_with_the_seeds_exceptions():
    """Seed (first draft): "the maximum number of infantry ... is equal to the corresponding value of
    VCPs. ... only 3 infantry per turn ... at the UK and US capitals and only 1 Japanese infantry per
    turn at each of the Japanese major and moderate VCs." """
    start = owners()
    limit = placement.infantry_limit
    assert limit(R, "Moscow", "Russia", start, "first_draft") == 5
    assert limit(R, "Leningrad", "Russia", start, "first_draft") == 2
    assert limit(R, "London", "UK", start, "first_draft") == 3
    assert limit(R, "Changchun", "Japan", start, "first_draft") == 1
    assert limit(R, "Singapore", "Japan", start, "first_draft") == 1
    assert limit(R, "Tokyo", "Japan", start, "first_draft") == 5


@pytest.mark.rule("AAR1-inf")
def test_first_draft_captured_vcs_depend_on_the_captors_side():
    """Seed (first draft): "For captured Allied VCs, the occupying Axis nation may purchase and place
    no infantry at any captured minor VC and 1 infantry per turn at each of the other captured VCs.
    For captured Axis VCs, the occupying Allied nation may purchase and place 1 infantry per turn at
    each captured minor VC and 2 infantry per turn at each of other captured VCs." """
    held = owners({"Anglo Egypt": "Germany", "Russia": "Germany", "Norway": "UK", "Germany": "Russia"})
    limit = placement.infantry_limit
    assert limit(R, "Cairo", "Germany", held, "first_draft") == 0
    assert limit(R, "Moscow", "Germany", held, "first_draft") == 1
    assert limit(R, "Oslo", "UK", held, "first_draft") == 1
    assert limit(R, "Berlin", "Russia", held, "first_draft") == 2


@pytest.mark.rule("AAR1-inf")
def test_infantry_only_at_vcs_held_since_the_turns_start():
    """Seed: "ICs no longer build infantry units. Infantry units are assembled only in territories
    containing VCs. ... that VC must have been in your control at the start of your turn"."""
    assert placement.infantry_limit(R, "Stalingrad", "Germany", owners()) == 0
    placement.check_infantry_site(R, "Caucasus")
    with pytest.raises(RuleViolation) as err:
        placement.check_infantry_site(R, "Balkans")
    assert err.value.rule_id == "AAR1-inf"
    with pytest.raises(RuleViolation):
        placement.check_infantry_placement(R, "Japan", {"Changchun": 2}, owners())
    placement.check_infantry_placement(R, "Japan", {"Changchun": 1, "Tokyo": 5}, owners())


@pytest.mark.rule("AAR1-emergency")
def test_vc_attacked_before_defenders_first_turn_gets_emergency_infantry():
    """Seed: "If any territory containing a VC is attacked before the defender's first turn, then the
    defender ... gets to immediately purchase any number of infantry not exceeding ... the respective
    maximums ... it can apply to Russia attacking the Ukraine on Russia's first turn but cannot apply
    to Germany attacking Karelia on Germany's first turn"."""
    assert placement.emergency_infantry(R, "Kiev", "Germany", 2, owners(), defender_has_had_first_turn=False) == 2
    with pytest.raises(RuleViolation) as err:
        placement.emergency_infantry(R, "Kiev", "Germany", 3, owners(), defender_has_had_first_turn=False)
    assert err.value.rule_id == "AAR1-emergency"
    with pytest.raises(RuleViolation):
        placement.emergency_infantry(R, "Leningrad", "Russia", 1, owners(), defender_has_had_first_turn=True)


@pytest.mark.rule("AAR1-ic-limit")
def test_non_infantry_per_ic_at_most_four_times_the_territory_value():
    """Seed: "The total IPC value of all non-infantry units placed per turn at any IC in a given
    territory may not exceed 4 times the IPC value of that territory." Given India (3 IPCs): 12."""
    prices = unit_prices()
    assert industry.ic_placement_limit(R, "India") == 12
    assert industry.check_ic_placement(R, "India", {"armour": 2}, prices) == 10
    with pytest.raises(RuleViolation) as err:
        industry.check_ic_placement(R, "India", {"armour": 1, "fighter": 1}, prices)
    assert err.value.rule_id == "AAR1-ic-limit"
    with pytest.raises(RuleViolation):
        industry.check_ic_placement(R, "Germany", {"infantry": 1}, prices)


@pytest.mark.rule("AAR1-ic-cost")
def test_ic_cost_is_fifteen_less_ipcs_times_vcps():
    """Seed: "an IC in India, FIC or Kwangtung now costs 15 - (3 IPCs)(2 VCPs) = 9 IPCs. An IC in
    W. Europe or C. US now costs only 15 - (6 IPCs)(2 VCPs) = 3 IPCs. All ICs in territories not
    containing a VC cost 15 IPCs"."""
    assert [industry.ic_cost(R, t) for t in ("India", "French Indochina", "Kwantung")] == [9, 9, 9]
    assert [industry.ic_cost(R, t) for t in ("Western Europe", "Central United States")] == [3, 3]
    assert industry.ic_cost(R, "Brazil") == 15


@pytest.mark.rule("AAR1-ic-place")
def test_ic_bought_only_where_held_since_the_turns_start_and_declared():
    """Seed: "Any player purchasing an IC must declare where the IC will be placed during the
    'Purchase Units' phase. ... An IC can only be placed in a territory that was in your possession
    at the start of your turn." """
    assert industry.check_ic_purchase(R, "UK", "India", owners(), R.original_ics) == 9
    with pytest.raises(RuleViolation) as err:
        industry.check_ic_purchase(R, "Germany", "Karelia S.S.R.", owners(), R.original_ics)
    assert err.value.rule_id == "AAR1-ic-place"
    with pytest.raises(RuleViolation):
        industry.check_ic_purchase(R, "UK", None, owners(), R.original_ics)


@pytest.mark.rule("AAR1-ic-cost")
def test_ic_price_is_never_negative():
    """Seed: "multiply the number of IPCs for that territory by the number of VCPs within that
    territory and subtract this number from the base IC cost of 15". Given Germany (10 IPCs, Berlin
    5 VCPs: 15 - 50) and Eastern US (12 IPCs, Washington 5 VCPs: 15 - 60), when pricing an IC, then
    the price is 0, never -35 or -45; Caucasus (4 x 3 = 12) still costs 3."""
    assert industry.ic_cost(R, "Germany") == 0
    assert industry.ic_cost(R, "Eastern United States") == 0
    assert industry.ic_cost(R, "Caucasus") == 3
    assert min(industry.ic_cost(R, t) for t in R.ipc) == 0


@pytest.mark.rule("AAR1-ic-place")
def test_a_second_ic_where_one_stands_is_refused():
    """Seed: "The cost of purchasing new ICs now depends on the territory in which the IC will be
    placed" - one IC per territory. Given Germany's original IC, when Germany buys another there,
    then it is refused (not sold for -35); given an IC the UK already bought in India, a second
    one there is refused too, while one in Persia is sold."""
    with pytest.raises(RuleViolation) as err:
        industry.check_ic_purchase(R, "Germany", "Germany", owners(), R.original_ics)
    assert err.value.rule_id == "AAR1-ic-place" and "already stands" in err.value.message
    with pytest.raises(RuleViolation) as err:
        industry.check_ic_purchase(R, "UK", "India", owners(), R.original_ics | {"India"})
    assert err.value.rule_id == "AAR1-ic-place"
    assert industry.check_ic_purchase(R, "UK", "Persia", owners(), R.original_ics | {"India"}) == 15


@pytest.mark.rule("AAR1-ic-place")
def test_units_only_at_ics_present_at_the_turns_start():
    """Seed: "non-infantry units may only be placed at an IC that was there at the start of your
    turn." Given an IC bought this turn in India, then nothing is built there yet."""
    industry.check_units_at_ic("United Kingdom", frozenset({"United Kingdom"}))
    with pytest.raises(RuleViolation):
        industry.check_units_at_ic("India", frozenset({"United Kingdom"}))


@pytest.mark.rule("AAR1-ic-place")
def test_original_ics_are_permanent_bought_ones_destroyed_at_the_defenders_choice():
    """Seed: "All ICs that were present at the start of the game are permanent ... Purchased ICs can
    be destroyed at the defender's discretion when the attacker wins the battle"."""
    assert industry.ic_after_capture(R, "Caucasus", defender_destroys=False) is True
    with pytest.raises(RuleViolation):
        industry.ic_after_capture(R, "Caucasus", defender_destroys=True)
    assert industry.ic_after_capture(R, "India", defender_destroys=True) is False
    assert industry.ic_after_capture(R, "India", defender_destroys=False) is True
