"""Placement through the whole game's decider (AAR-place, AAR1-inf, AAR1-ic-limit, AAR1-ic-place,
AAR-air): infantry at victory cities, other units at ICs there at the turn's start, units left
unplaced lost, then aircraft with nowhere to land."""
import pytest

from domain.aa.revised_phase_one.game import commands as cmd
from domain.aa.revised_phase_one.game.events import UnitsLost, UnitsPlaced
from domain.aa.revised_phase_one.game.state import Phase
from tests.rules.aa.test_aar_game_table import GameTable, new_game


def placing(power: str, bought: dict, **options) -> GameTable:
    return new_game(**options).at(power, Phase.PLACE).set_game(bought=bought)


@pytest.mark.rule("AAR-place")
def test_units_left_unplaced_are_lost():
    """AAR-place: "units left unplaced are lost". Given Russia bought 3 infantry and places 2 in
    Moscow, when it ends placement, then the third is lost."""
    table = placing("Russia", {"infantry": 3})

    table.send("russia", cmd.PlaceUnits("Russia", "Russia", {"infantry": 2}))
    table.send("russia", cmd.EndPlacement("Russia"))

    assert table.events_of(UnitsLost)[0].unplaced == {"infantry": 1}
    assert table.count("Russia", "Russia", "infantry") >= 2 and table.game.bought == {}


@pytest.mark.rule("AAR-place")
def test_sea_units_go_to_a_sea_zone_beside_the_factory():
    """AAR-place: "sea units in an adjacent sea zone". Given the UK bought a destroyer, when it is
    placed at the UK's IC in 7 Sea Zone, then it is there; a zone not beside the UK is refused."""
    table = placing("UK", {"destroyer": 1})

    assert table.refused("uk", cmd.PlaceUnits("UK", "United Kingdom", {"destroyer": 1}, "15 Sea Zone")).rule_id == \
        "AAR-place"
    table.send("uk", cmd.PlaceUnits("UK", "United Kingdom", {"destroyer": 1}, "7 Sea Zone"))
    assert table.count("7 Sea Zone", "UK", "destroyer") >= 1


@pytest.mark.rule("AAR1-inf")
def test_infantry_only_at_victory_cities_within_their_points():
    """AAR1-inf: "Infantry units are assembled only in territories containing VCs ... the maximum
    number of infantry ... per turn is equal to the corresponding value of VCPs". Given Russia bought
    8 infantry, then 5 go to Moscow, a sixth is refused there, and none go to Archangel (no VC)."""
    table = placing("Russia", {"infantry": 8})

    table.send("russia", cmd.PlaceUnits("Russia", "Russia", {"infantry": 5}))
    assert table.refused("russia", cmd.PlaceUnits("Russia", "Russia", {"infantry": 1})).rule_id == "AAR1-inf"
    assert table.refused("russia", cmd.PlaceUnits("Russia", "Archangel", {"infantry": 1})).rule_id == "AAR1-inf"


@pytest.mark.rule("AAR1-inf")
def test_uk_places_at_most_three_infantry_in_london():
    """AAR1-inf: "at most only 3 infantry may be placed at the capital VC (instead of 5)" for the UK
    and US. Given the UK bought 4 infantry, then 4 in London are refused and 3 are placed."""
    table = placing("UK", {"infantry": 4})

    assert table.refused("uk", cmd.PlaceUnits("UK", "United Kingdom", {"infantry": 4})).rule_id == "AAR1-inf"
    table.send("uk", cmd.PlaceUnits("UK", "United Kingdom", {"infantry": 3}))


@pytest.mark.rule("AAR1-inf")
def test_an_unconnected_vc_takes_one_infantry_in_the_later_version_its_points_in_the_first_draft():
    """AAR1-inf: "For every originally owned VC that is not connected to that same nation's capital,
    at most only 1 infantry may be placed there per turn" (the later text); the first draft gives the
    VC's points. Given Leningrad cut off from Moscow (Archangel German), then Russia places 1 there,
    or 2 under the first draft."""
    later = placing("Russia", {"infantry": 2}).owner("Archangel", "Germany")
    draft = placing("Russia", {"infantry": 2}, infantry_rule="first_draft").owner("Archangel", "Germany")

    assert later.refused("russia", cmd.PlaceUnits("Russia", "Karelia S.S.R.", {"infantry": 2})).rule_id == "AAR1-inf"
    later.send("russia", cmd.PlaceUnits("Russia", "Karelia S.S.R.", {"infantry": 1}))
    draft.send("russia", cmd.PlaceUnits("Russia", "Karelia S.S.R.", {"infantry": 2}))


@pytest.mark.rule("AAR1-inf")
def test_a_captured_capital_takes_half_its_points_in_the_later_version():
    """AAR1-inf: "the maximum number of infantry that may be placed ... in a captured capital VC is 2"
    (the later text); the first draft lets the Axis place 1 at a captured Allied VC. Given Germany
    holding Moscow since its turn began, then it places 2 infantry there, or 1 under the first draft."""
    later = new_game().owner("Russia", "Germany").at("Germany", Phase.PLACE).set_game(bought={"infantry": 2})
    draft = new_game(infantry_rule="first_draft").owner("Russia", "Germany").at("Germany", Phase.PLACE).set_game(
        bought={"infantry": 2})

    later.send("germany", cmd.PlaceUnits("Germany", "Russia", {"infantry": 2}))
    assert draft.refused("germany", cmd.PlaceUnits("Germany", "Russia", {"infantry": 2})).rule_id == "AAR1-inf"


@pytest.mark.rule("AAR1-inf")
def test_no_infantry_at_a_vc_taken_this_turn():
    """AAR1-inf: "that VC must have been in your control at the start of your turn". Given Germany
    took Karelia (Leningrad) this turn, then it places no infantry there."""
    table = new_game().owner("Karelia S.S.R.", "Germany", at_start=False).at("Germany", Phase.PLACE).set_game(
        bought={"infantry": 1}, owners_at_start=dict(new_game().game.owners_at_start))

    assert table.refused("germany", cmd.PlaceUnits("Germany", "Karelia S.S.R.", {"infantry": 1})).rule_id in (
        "AAR1-inf", "AAR1-ic-place")


@pytest.mark.rule("AAR1-ic-limit")
def test_non_infantry_at_an_ic_up_to_four_times_the_territorys_value():
    """AAR1-ic-limit: "The total IPC value of all non-infantry units placed per turn at any IC in a
    given territory may not exceed 4 times the IPC value of that territory." Given Russia bought 4
    armour, then 4 (20 IPCs) at Caucasus (4 IPCs: limit 16) are refused and 3 are placed."""
    table = placing("Russia", {"armour": 4})

    assert table.refused("russia", cmd.PlaceUnits("Russia", "Caucasus", {"armour": 4})).rule_id == "AAR1-ic-limit"
    table.send("russia", cmd.PlaceUnits("Russia", "Caucasus", {"armour": 3}))
    assert table.refused("russia", cmd.PlaceUnits("Russia", "Caucasus", {"armour": 1})).rule_id == "AAR1-ic-limit"


@pytest.mark.rule("AAR1-ic-limit")
def test_infantry_at_a_vc_do_not_count_against_its_ic():
    """AAR1-ic-limit: "the infantry placement limits for the VC are treated independently from the
    non-infantry placement limits for the IC". Given Russia bought 3 armour and 5 infantry, then both
    go to Moscow (8 IPCs: limit 32 for other units; 5 infantry for the capital)."""
    table = placing("Russia", {"armour": 3, "infantry": 5})

    table.send("russia", cmd.PlaceUnits("Russia", "Russia", {"armour": 3, "infantry": 5}))

    assert table.events_of(UnitsPlaced)[0].value == 15


@pytest.mark.rule("AAR1-ic-place")
def test_units_only_at_an_ic_there_at_the_turns_start_and_a_new_ic_is_put_down_at_the_end():
    """AAR1-ic-place: "non-infantry units may only be placed at an IC that was there at the start of
    your turn". Given Germany bought an IC for Western Europe and an armour, then the armour is refused
    there; when placement ends, the IC stands in Western Europe."""
    table = new_game().at("Germany", Phase.PLACE).set_game(bought={"armour": 1},
                                                           factories_bought=("Western Europe",))

    assert table.refused("germany", cmd.PlaceUnits("Germany", "Western Europe", {"armour": 1})).rule_id == \
        "AAR1-ic-place"
    table.send("germany", cmd.EndPlacement("Germany"))
    assert "Western Europe" in table.game.position.factories


@pytest.mark.rule("AAR-air")
def test_aircraft_with_nowhere_to_land_are_lost_after_placement():
    """AAR-air: "stranded aircraft are lost" (after placement, so a new carrier can still take them).
    Given a German fighter left in 5 Sea Zone, when placement ends, then it is lost; when Germany
    places a new carrier there first, then it stays."""
    lost = placing("Germany", {})
    lost.units("5 Sea Zone", Germany={"fighter": 1})
    saved = placing("Germany", {"carrier": 1})
    saved.units("5 Sea Zone", Germany={"fighter": 1})

    lost.send("germany", cmd.EndPlacement("Germany"))
    saved.send("germany", cmd.PlaceUnits("Germany", "Germany", {"carrier": 1}, "5 Sea Zone"))
    saved.send("germany", cmd.EndPlacement("Germany"))

    assert lost.events_of(UnitsLost)[0].reason == "no landing" and lost.count("5 Sea Zone", "Germany", "fighter") == 0
    assert saved.count("5 Sea Zone", "Germany", "fighter") == 1
