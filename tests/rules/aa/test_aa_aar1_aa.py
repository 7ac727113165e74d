"""AAR1-aa: seed 001's AA gun rule (at most 3 guns; 1-2 targets, then 1 hits; air and transports)."""
from fractions import Fraction

import pytest

from domain.aa.battles.messages import BattleRoundFought, ConfirmDefence, FightBattle, ResolveBattle
from domain.aa.combat import BattleKind, Forces, battle_odds
from domain.kernel import SYSTEM
from tests.rules.aa.aa_driver import REVISED, battle, fought, game

SEATS = {"axis": ("Germany", "Japan"), "allies": ("Russia", "UK", "US")}


@pytest.mark.rule("AAR1-aa")
def test_at_most_three_guns_fire_and_each_targets_on_1_or_2_then_hits_on_1():
    """Seed 001: "No more than 3 AA guns may fire in any 1 territory. ... Each AA gun (up to 3) rolls 1
    die to target an air unit. For every roll of a 1 or 2 an air unit has been targeted. For every
    successful target roll roll another die ... An air unit is shot down on a roll of a 1."
    Given 4 guns: gun 1 targets (1) and hits (1), gun 2 misses the target (3), gun 3 targets (2) but
    misses (2); the fourth gun never rolls."""
    battle = fought(REVISED, "land", {"fighter": 2}, {"aa_gun": 4, "infantry": 1},
                    rolls=[1, 1, 3, 2, 2, 3, 5])
    aa = battle.step("aa_fire")
    assert [(r.aim, r.values[0], r.hit) for r in aa.rolls] == [
        ("target", 1, True), ("hit", 1, True), ("target", 3, False), ("target", 2, True), ("hit", 2, False)]
    assert battle.lost("aa_fire") == {"fighter": 1}
    assert battle.outcome == "attacker_wins"
    assert battle.rolls_used == battle.rolls_given


@pytest.mark.rule("AAR1-aa")
def test_aa_guns_fire_at_each_unloading_transport_which_sinks_with_its_cargo():
    """Seed 001: "Roll 1 die for every AA gun (up to 3) to target 1 unloading transport. ... on a roll
    of a 1 or 2 ... roll another die ... The enemy transport is hit on a roll of a 1. Repeat again for
    all other unloading transports." Coastal defence: "the transport and all units it is carrying are
    destroyed before the units are unloaded."
    Given two transports: the first is targeted (2) and hit (1), the second is not targeted (4)."""
    battle = fought(REVISED, "land", {}, {"aa_gun": 1, "infantry": 1},
                    amphibious=[["infantry", "armour"], ["infantry"]], rolls=[2, 1, 4, 1, 3])
    assert battle.lost("aa_transports") == {"transport": 1, "infantry": 1, "armour": 1}
    assert battle.outcome == "attacker_wins"
    assert battle.attacker == {"infantry": 1}


@pytest.mark.rule("AAR1-aa")
def test_at_most_three_guns_fire_at_each_transport():
    """Seed 001: "No more than 3 AA gun units may fire during an amphibious assault."
    Given 5 guns and one transport, three targeting rolls (all missing), then the land battle."""
    battle = fought(REVISED, "land", {}, {"aa_gun": 5, "infantry": 1}, amphibious=[["infantry"]],
                    rolls=[3, 4, 5, 1, 6])
    assert [r.aim for r in battle.step("aa_transports").rolls] == ["target", "target", "target"]
    assert battle.outcome == "attacker_wins"


@pytest.mark.rule("AAR1-aa")
def test_infrastructure_defence_draft_rolls_once_for_the_whole_assault():
    """Seed 001 (earlier draft, an option): "during any amphibious assault on that territory each ID
    piece (up to 3) rolls a die for targeting. For every roll of 1 or 2, 1 die is then rolled and every
    roll of 1 hits a transport." Given three transports and two hits, the owner loses the two with the
    cheapest cargo (the infantry) and lands the armour."""
    battle = fought(REVISED, "land", {}, {"aa_gun": 3, "infantry": 1}, aa_rule="two_roll_id",
                    amphibious=[["infantry"], ["armour"], ["infantry"]], rolls=[1, 1, 2, 1, 5, 2, 4])
    assert battle.lost("aa_transports") == {"transport": 2, "infantry": 2}
    assert battle.attacker == {"armour": 1}


@pytest.mark.rule("AAR1-aa")
def test_exact_odds_of_a_bomber_against_three_firing_guns():
    """Seed 001: each firing gun shoots an aircraft down with 2/6 x 1/6 = 1/18, at most 3 guns fire.
    Given a bomber (attack 4) against 4 guns and an infantry (defence 2): it survives the guns with
    (17/18)^3, then wins 4/7 of the duels, loses 1/7 and trades 2/7."""
    model = battle(REVISED, "land", {"bomber": 1}, {"aa_gun": 4, "infantry": 1})
    odds = battle_odds(model, exact=True)
    survives = Fraction(17, 18) ** 3
    assert odds.attacker_wins == survives * Fraction(4, 7)
    assert odds.mutual_destruction == survives * Fraction(2, 7)
    assert odds.defender_wins == 1 - survives + survives * Fraction(1, 7)


@pytest.mark.rule("AAR1-aa")
def test_the_seed_rule_is_the_rulesets_default_and_its_rolls_are_recorded_in_the_events():
    """Seed 001 replaces the box AA fire. Given a game of the ruleset and a fighter attacking an AA gun
    and an infantry, when the combat job fights the battle, the first event records the targeting roll
    (1) and the hit roll (1) that shoot the fighter down."""
    table = game(REVISED, SEATS)
    table.send("axis", ResolveBattle("b1", "Karelia", "Germany", "Russia", Forces(BattleKind.LAND, {"fighter": 1}, {})))
    table.send("allies", ConfirmDefence("b1", {"aa_gun": 1, "infantry": 1}))
    events = table.send(SYSTEM, FightBattle("b1"), [1, 1])
    first = events[0]
    assert isinstance(first, BattleRoundFought)
    assert [(r.aim, r.values) for r in first.steps[0].rolls] == [("target", (1,)), ("hit", (1,))]
    assert events[-1].outcome.value == "defender_wins"


@pytest.mark.rule("AA-battle")
def test_box_aa_rule_as_an_option_fires_one_die_per_aircraft():
    """Reference (Revised): AA is "opening fire"; in the box rules one gun fires one die at each
    attacking aircraft, hitting on 1. Given the option, two fighters draw one die each (1, 4)."""
    battle = fought(REVISED, "land", {"fighter": 2}, {"aa_gun": 2, "infantry": 1}, aa_rule="edition",
                    rolls=[1, 4, 1, 6])
    assert [(r.target, r.values[0], r.hit) for r in battle.step("aa_fire").rolls] == [
        ("fighter", 1, True), ("fighter", 4, False)]
    assert battle.lost("aa_fire") == {"fighter": 1}

