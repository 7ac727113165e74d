"""AAG-politics: relations between the powers as plain state changed only by declarations of war
(``domain.aa.global1940.politics``): who may declare when, what a declaration brings, the USA at war
after its round-3 turn, and what relations change in movement. Each refusal names its condition."""
import functools
from dataclasses import replace
from importlib import resources

import pytest
import yaml

from domain.aa.board import (
    GLOBAL_BOARD_FILE,
    Board,
    GlobalPosition,
    Move,
    check_move,
    load_board,
    starting_position,
)
from domain.aa.board.relations import Relations, Stance
from domain.aa.global1940 import politics
from domain.aa.global1940.politics import WarDeclared
from domain.kernel import RuleViolation
from domain.kernel.plain import to_plain
from events.codec import from_plain


@functools.cache
def board() -> Board:
    return load_board(yaml.safe_load(
        resources.files(GLOBAL_BOARD_FILE[0]).joinpath(GLOBAL_BOARD_FILE[1]).read_text("utf-8")))


B = board()
START: GlobalPosition = starting_position(B)
RELATIONS = START.relations


def after(*events) -> Relations:
    relations = RELATIONS
    for event in events:
        relations = politics.relations_after(relations, event)
    return relations


def declared(relations, power, target, round=1, conditions=()):
    found = politics.declare_war(B, relations, power, target, round, conditions)
    assert not isinstance(found, RuleViolation), found
    return after_on(relations, *found)


def after_on(relations, *events):
    for event in events:
        relations = politics.relations_after(relations, event)
    return relations


def refusal(relations, power, target, round=1, conditions=()) -> tuple[str, str]:
    found = politics.declare_war(B, relations, power, target, round, conditions)
    assert isinstance(found, RuleViolation), found
    return found.rule_id, found.message


@pytest.mark.rule("AAG-politics")
@pytest.mark.parametrize("power, target", [("Germany", "USSR"), ("Italy", "USSR"), ("Japan", "USSR"),
                                           ("Germany", "USA"), ("Japan", "USA"), ("Germany", "China")])
def test_the_axis_may_declare_on_the_ussr_the_usa_or_china_at_any_time(power, target):
    """AAG-politics, reference: "The Axis may declare on the USSR, US or China at any time". Given
    round 1, when the Axis power declares, then the two are at war, and nobody else is."""
    found = politics.declare_war(B, RELATIONS, power, target, 1)
    assert found == (WarDeclared(power, target, 1, wars=((power, target),)),)
    assert politics.relations_after(RELATIONS, found[0]).wars == RELATIONS.wars | {(power, target)}


@pytest.mark.rule("AAG-politics")
def test_the_ussr_waits_for_round_four():
    """AAG-politics, reference: "The USSR may declare on GER/ITA from round 4, or after London falls,
    or when already at war with the other". Given round 3 and none of these, then the refusal names
    every way in."""
    assert refusal(RELATIONS, "USSR", "Germany", round=3) == (
        "AAG-politics", ("USSR may not declare war on Germany yet: only from round 4, when London has fallen or "
                        "once at war with Germany or Italy (it is round 3)"))


@pytest.mark.rule("AAG-politics")
@pytest.mark.parametrize("round, conditions, relations", [
    (4, (), RELATIONS),
    (2, ("london_fallen",), RELATIONS),
    (2, (), after(WarDeclared("Italy", "USSR", 1, wars=(("Italy", "USSR"),)))),
], ids=["round 4", "London fallen", "at war with Italy"])
def test_the_ussr_declares_on_germany_when_a_condition_holds(round, conditions, relations):
    """AAG-politics: the USSR's three ways in, each on its own."""
    assert politics.relations_after(relations, politics.declare_war(B, relations, "USSR", "Germany", round,
                                                                    conditions)[0]).at_war("USSR", "Germany")


@pytest.mark.rule("AAG-politics")
def test_london_fallen_is_worked_out_from_the_position_and_lasts():
    """AAG-politics: conditions "such as London fallen" come from the position; TripleA keeps the
    switch once set. Given the Axis holding the United Kingdom, then "london_fallen" is met; given
    the UK back, it is still met when it was before."""
    taken = replace(START, owners={**START.owners, "United Kingdom": "Germany"})
    assert "london_fallen" in politics.conditions_met(B, taken)
    assert "london_fallen" not in politics.conditions_met(B, START)
    assert "london_fallen" in politics.conditions_met(B, START, earlier={"london_fallen"})


@pytest.mark.rule("AAG-politics")
def test_the_usa_waits_for_round_four_or_a_provocation():
    """AAG-politics, reference: "The US may declare from round 4, or when at war with one Axis power,
    or after Japan attacked the UK/ANZAC, or after London fell or the Axis landed in Canada"."""
    assert refusal(RELATIONS, "USA", "Japan", round=2) == (
        "AAG-politics", ("USA may not declare war on Japan yet: only from round 4, once at war with Germany, Italy "
                        "or Japan, once Japan has declared war on UK or ANZAC, when London has fallen or when the "
                        "Axis have taken land in Canada (it is round 2)"))


@pytest.mark.rule("AAG-politics")
def test_japan_attacking_the_uk_frees_the_usa():
    """AAG-politics: "after Japan attacked the UK/ANZAC". Given Japan declared war on the UK, when the
    USA declares on Japan in round 2, then it may."""
    provoked = declared(RELATIONS, "Japan", "UK")
    assert declared(provoked, "USA", "Japan", round=2).at_war("USA", "Japan")


@pytest.mark.rule("AAG-politics")
def test_an_unprovoked_british_declaration_does_not_free_the_usa():
    """AAG-politics, reference: "A UK/ANZAC declaration on Japan is Unprovoked and does not free the
    US". Given the UK declared war on Japan, then the USA still may not in round 2."""
    unprovoked = declared(RELATIONS, "UK", "Japan")
    assert refusal(unprovoked, "USA", "Japan", round=2)[1].startswith("USA may not declare war on Japan yet")


@pytest.mark.rule("AAG-politics")
@pytest.mark.parametrize("power, target, wars", [
    ("Japan", "UK", {("Japan", "UK"), ("Japan", "ANZAC"), ("Japan", "Dutch")}),
    ("Japan", "ANZAC", {("Japan", "UK"), ("Japan", "ANZAC"), ("Japan", "Dutch")}),
    ("UK", "Japan", {("UK", "Japan"), ("ANZAC", "Japan"), ("Dutch", "Japan")}),
    ("Japan", "France", {("Japan", "France")}),
])
def test_a_war_with_the_uk_or_anzac_is_a_war_with_both_and_the_dutch(power, target, wars):
    """AAG-politics (TripleA: Japan_War_UK brings UK, UK_Pacific, ANZAC and the Dutch; France apart).
    Given the declaration, then exactly these pairs are at war, declarer first."""
    assert set(politics.declare_war(B, RELATIONS, power, target, 1)[0].wars) == wars


@pytest.mark.rule("AAG-politics")
def test_the_usa_is_at_war_after_its_round_three_turn():
    """AAG-politics: "the US at war after its round-3 turn". Given the end of the USA's turn of round 2,
    then nothing; of round 3, then war with Germany, Italy and Japan (none of them declared before)."""
    assert politics.automatic_wars(B, RELATIONS, "USA", 2) == ()
    found = politics.automatic_wars(B, RELATIONS, "USA", 3)
    assert [(e.target, e.automatic) for e in found] == [("Germany", True), ("Italy", True), ("Japan", True)]
    relations = after(*found)
    assert all(relations.at_war("USA", axis) for axis in ("Germany", "Italy", "Japan"))
    assert politics.automatic_wars(B, after(WarDeclared("Japan", "USA", 2, wars=(("Japan", "USA"),))), "USA", 3) \
        == tuple(e for e in found if e.target != "Japan")


@pytest.mark.rule("AAG-politics")
def test_the_usa_at_war_may_end_in_the_zones_banned_before():
    """AAG-politics: sea-zone bans before war. Given the USA's destroyer beside the Philippines, when it
    ends in 36 Sea Zone, then it is refused before the automatic war and accepted after it."""
    move = Move({"destroyer": 1}, ("35 Sea Zone", "36 Sea Zone"))
    at_war = replace(START, relations=after(*politics.automatic_wars(B, RELATIONS, "USA", 3)))
    assert check_move(B, START, "USA", "combat", move).rule_id == "AAG-politics"
    assert check_move(B, at_war, "USA", "combat", move) is None
    assert (politics.sea_ban_lifted(B, RELATIONS, "USA"), politics.sea_ban_lifted(B, at_war.relations, "USA")) == (
        False, True)


@pytest.mark.rule("AAG-politics")
@pytest.mark.parametrize("power, target, reason", [
    ("UK", "Germany", "UK is already at war with Germany"),
    ("USA", "UK", "USA and UK are on the same side"),
    ("Germany", "Germany", "Germany does not declare war on itself"),
    ("Germany", "Narnia", "there is no power or neutral 'Narnia'"),
    ("Japan", "Dutch", "Japan may not declare war on Dutch"),
    ("Germany", "Pro-Allied neutral", ("Pro-Allied neutral already sides with the Allies: Germany may attack it "
                                      "without a declaration")),
    ("China", "Germany", ("China may not declare war on Germany yet: only when Germany has units in China "
                         "(it is round 1)")),
])
def test_refusals_name_their_condition(power, target, reason):
    """AAG-politics: "Each refusal names its condition"."""
    assert refusal(RELATIONS, power, target) == ("AAG-politics", reason)


@pytest.mark.rule("AAG-politics")
def test_china_declares_on_germany_once_german_units_are_in_china():
    """AAG-politics (TripleA Chinese_War_Germans: German units in China). Given a German fighter in
    Yunnan, then China may declare war on Germany."""
    visited = replace(START, units={**START.units, "Yunnan": START.pieces("Yunnan") + (
        replace(START.pieces("Szechwan")[0], power="Germany", unit="fighter", count=1),)})
    conditions = politics.conditions_met(B, visited)
    assert "units_in_china:Germany" in conditions
    assert declared(RELATIONS, "China", "Germany", conditions=conditions).at_war("China", "Germany")


@pytest.mark.rule("AAG-politics")
def test_side_mates_are_allies_once_they_share_an_enemy():
    """AAG-politics (TripleA: Russians:British Allied when the USSR goes to war with Germany). Given
    the start, the USSR and the UK are at peace; after the USSR declares on Germany, allies."""
    assert politics.stance(B, RELATIONS, "USSR", "UK") is Stance.AT_PEACE
    relations = declared(RELATIONS, "USSR", "Germany", round=4)
    assert politics.stance(B, relations, "USSR", "UK") is Stance.ALLIED
    assert politics.stance(B, relations, "USSR", "China") is Stance.AT_PEACE


@pytest.mark.rule("AAG-politics")
def test_what_each_power_may_declare_now():
    """AAG-politics: the declarations a seat may make now, for its legal commands. Given round 1, then
    Germany may declare on the USSR, the USA, China, the true neutrals and Mongolia; the USSR only on
    Japan; the USA on nobody."""
    assert politics.may_declare_on(B, RELATIONS, "Germany", 1) == ("USSR", "USA", "China", "True neutral", "Mongolia")
    assert politics.may_declare_on(B, RELATIONS, "USSR", 1) == ("Japan",)
    assert politics.may_declare_on(B, RELATIONS, "USA", 1) == ()


@pytest.mark.rule("AAG-politics")
def test_relations_are_plain_state_that_round_trips_the_codec():
    """AAG-politics: "relationships ... as plain frozen state". Given a position after two
    declarations, when encoded and decoded as a decider's state is, then it is equal."""
    relations = declared(declared(RELATIONS, "Japan", "UK"), "Germany", "True neutral")
    position = replace(START, relations=relations)
    assert from_plain(GlobalPosition, to_plain(position)) == position
    assert from_plain(WarDeclared, to_plain(WarDeclared("Japan", "UK", 1, wars=(("Japan", "UK"),)))) == \
        WarDeclared("Japan", "UK", 1, wars=(("Japan", "UK"),))
