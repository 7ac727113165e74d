"""AAG-neutral and AAG40-mongolia (``domain.aa.global1940.neutrals``): the kinds of neutral, a friendly
neutral taken in the non-combat move with its garrison joining the mover, an attack on a true
neutral turning the others, and the Soviet-Mongolian pact with its exceptions."""
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
    apply_move,
    check_move,
    load_board,
    starting_position,
)
from domain.aa.board.relations import Stance, stances
from domain.aa.global1940 import neutrals, politics
from domain.aa.global1940.extra_rules import load_extra_rules
from domain.aa.global1940.neutrals import NeutralTaken
from domain.kernel import RuleViolation


@functools.cache
def board() -> Board:
    return load_board(yaml.safe_load(
        resources.files(GLOBAL_BOARD_FILE[0]).joinpath(GLOBAL_BOARD_FILE[1]).read_text("utf-8")))


@functools.cache
def mongolia_rules():
    raw = yaml.safe_load(resources.files("domain.aa.global1940.data").joinpath("extra_rules.yaml").read_text("utf-8"))
    return load_extra_rules(raw).mongolia


B = board()
START: GlobalPosition = starting_position(B)
MONGOLIA = ("Olgiy", "Dzavhan", "Tsagaan Olom", "Central Mongolia", "Ulaanbaatar", "Buyant-Uhaa")


def declared(position: GlobalPosition, power: str, target: str, round: int = 1) -> GlobalPosition:
    relations = position.relations
    for event in politics.declare_war(B, relations, power, target, round):
        relations = politics.relations_after(relations, event)
    return replace(position, relations=relations)


def stance(position, power, territory) -> Stance:
    return stances(B, position, power).of(position.owner(territory))


@pytest.mark.rule("AAG-neutral")
def test_three_kinds_of_neutral_at_the_start():
    """AAG-neutral: "True, pro-Axis and pro-Allied neutrals". Given the start, then 22 true neutrals
    and the 6 Mongolian territories are true neutrals, 3 are pro-Axis and 8 pro-Allied."""
    kinds = neutrals.neutral_territories(B, START)
    assert {k: sum(1 for v in kinds.values() if v == k) for k in set(kinds.values())} == {
        "true": 28, "pro_axis": 3, "pro_allies": 8}
    assert (kinds["Spain"], kinds["Bulgaria"], kinds["Greece"], kinds["Ulaanbaatar"]) == (
        "true", "pro_axis", "pro_allies", "true")
    assert neutrals.garrison(B, START, "Turkey") == {"infantry": 8}


@pytest.mark.rule("AAG-neutral")
def test_a_friendly_neutral_is_taken_in_the_non_combat_move_and_its_garrison_joins():
    """AAG-neutral: "Friendly neutrals are taken in NCM; the garrison joins the mover and can't move
    that turn". Given German infantry moving Romania -> Bulgaria in the non-combat move, then Bulgaria
    is Germany's, taken this turn, with 5 German infantry, the 4 that joined with no movement left."""
    move = Move({"infantry": 1}, ("Romania", "Bulgaria"))
    event = neutrals.taken_by_move(B, START, "Germany", "noncombat", move)
    assert event == NeutralTaken("Germany", "Bulgaria", "Pro-Axis neutral", (("infantry", 4),))
    after = neutrals.take(B, apply_move(B, START, "Germany", "noncombat", move), event)
    assert after.owner("Bulgaria") == "Germany" and "Bulgaria" in after.conquered
    assert after.count("Bulgaria", "Germany", "infantry") == 5 and not neutrals.garrison(B, after, "Bulgaria")
    assert check_move(B, after, "Germany", "noncombat", Move({"infantry": 4}, ("Bulgaria", "Greece"))) is not None


@pytest.mark.rule("AAG-neutral")
@pytest.mark.parametrize("power, phase, units, route", [
    ("Germany", "combat", {"infantry": 1}, ("Romania", "Bulgaria")),
    ("UK", "noncombat", {"infantry": 1}, ("West India", "Afghanistan")),
    ("Germany", "noncombat", {"infantry": 1}, ("Romania", "Romania")),
])
def test_nothing_else_takes_a_neutral(power, phase, units, route):
    """AAG-neutral: only the non-combat move into a friendly neutral takes it; a combat move, a true
    neutral or a move that stays put takes nothing."""
    assert neutrals.taken_by_move(B, START, power, phase, Move(units, route)) is None


@pytest.mark.rule("AAG-neutral")
def test_cargo_put_ashore_takes_a_friendly_neutral():
    """AAG-neutral: land units ending in a friendly neutral take it, cargo too. Given UK infantry
    unloaded from 80 Sea Zone into pro-Allied Persia, then the UK takes Persia and its 2 infantry."""
    move = Move({"transport": 1}, ("80 Sea Zone", "80 Sea Zone"), cargo={"infantry": 1}, unload_to="Persia")
    assert neutrals.taken_by_move(B, START, "UK", "noncombat", move) == NeutralTaken(
        "UK", "Persia", "Pro-Allied neutral", (("infantry", 2),))


@pytest.mark.rule("AAG-neutral")
def test_an_attack_on_a_true_neutral_turns_the_others():
    """AAG-neutral: "an attack on a true neutral turns the others"; reference: "Declaring war on true
    neutrals makes the rest, and Mongolia, friendly to the other side". Given Germany attacking Spain,
    then the Axis are at war with every true neutral and Mongolia, which welcome the Allies at war."""
    found = neutrals.attack_on_neutral(B, START, "Germany", "Spain", 2)
    assert found == (politics.WarDeclared("Germany", "True neutral", 2,
                                          leanings=(("True neutral", "Allies"), ("Mongolia", "Allies"))),)
    after = replace(START, relations=politics.relations_after(START.relations, found[0]))
    assert [stance(after, "Italy", t) for t in ("Spain", "Sweden", "Ulaanbaatar")] == [Stance.AT_WAR] * 3
    assert [stance(after, "UK", t) for t in ("Spain", "Sweden", "Ulaanbaatar")] == [Stance.WELCOMING] * 3
    assert neutrals.kind_of(B, after, "Sweden") == "pro_allies"
    assert check_move(B, after, "Italy", "combat", Move({"infantry": 2}, ("Northern Italy", "Switzerland"))) is None


@pytest.mark.rule("AAG-neutral")
def test_an_allied_attack_turns_the_true_neutrals_but_not_mongolia():
    """AAG-neutral (TripleA: "Allies declaring war on Strict Neutrals does not flip Mongolians"). Given
    the UK attacking Turkey, then the true neutrals welcome the Axis and Mongolia stays strict."""
    after = declared(START, "UK", "True neutral")
    assert (neutrals.kind_of(B, after, "Spain"), neutrals.kind_of(B, after, "Ulaanbaatar")) == ("pro_axis", "true")


@pytest.mark.rule("AAG-neutral")
def test_a_turned_neutral_is_not_attacked_by_declaration_again():
    """AAG-neutral: once turned, a true neutral is attacked without a declaration. Given Germany
    attacked Spain, when Italy means to attack Portugal, then the refusal says so."""
    after = declared(START, "Germany", "True neutral")
    found = neutrals.attack_on_neutral(B, after, "Italy", "Portugal", 2)
    assert (found.rule_id, found.message) == (
        "AAG-neutral", "True neutral already sides with the Allies: Italy may attack it without a declaration")
    assert isinstance(neutrals.attack_on_neutral(B, START, "Italy", "France", 1), RuleViolation)


@pytest.mark.rule("AAG-neutral")
def test_the_ussr_joins_the_neutrals_politics_only_at_war():
    """AAG-neutral (TripleA: the USSR declares on the true neutrals only at war with Germany or Italy).
    Given round 1, then the USSR's attack on Turkey is refused naming the condition."""
    found = neutrals.attack_on_neutral(B, START, "USSR", "Turkey", 1)
    assert (found.rule_id, found.message) == (
        "AAG-neutral", ("USSR may not declare war on True neutral yet: only once at war with Germany or Italy "
                       "(it is round 1)"))


@pytest.mark.rule("AAG40-mongolia")
def test_a_japanese_attack_on_a_soviet_border_territory_hands_mongolia_to_the_ussr():
    """AAG40-mongolia: "If Japan attacks any original Soviet territory bordering Mongolia, all Mongolian
    territories that were neutral or pro-Allied ... pass to Soviet control at the end of Japan's combat
    move ... the Mongolian army is placed from Soviet pieces ... regardless of the relations". Given
    Japan attacking Amur, then the six territories and their infantry become Soviet."""
    found = neutrals.mongolian_pact(B, START, mongolia_rules(), japan_attacked=["Amur"])
    assert {e.territory for e in found} == set(MONGOLIA)
    assert {e.territory: e.garrison for e in found if e.garrison} == {
        "Olgiy": (("infantry", 2),), "Dzavhan": (("infantry", 1),), "Ulaanbaatar": (("infantry", 1),),
        "Buyant-Uhaa": (("infantry", 2),)}
    after = START
    for event in found:
        after = neutrals.take(B, after, event)
    assert after.owner("Ulaanbaatar") == "USSR" and after.count("Buyant-Uhaa", "USSR", "infantry") == 2


@pytest.mark.rule("AAG40-mongolia")
@pytest.mark.parametrize("japan_attacked, ussr_attacked", [
    (["Amur"], ["Korea"]),
    (["Soviet Far East"], []),
    ([], []),
], ids=["the USSR attacked Korea", "not a border territory", "no attack"])
def test_the_pact_s_exceptions(japan_attacked, ussr_attacked):
    """AAG40-mongolia: "Exception: if the USSR attacks Korea or any original Japanese territory
    bordering Mongolia, Mongolia stays neutral"; only territories bordering Mongolia trigger it."""
    assert neutrals.mongolian_pact(B, START, mongolia_rules(), japan_attacked, ussr_attacked) == ()


@pytest.mark.rule("AAG40-mongolia")
def test_mongolia_siding_with_the_axis_is_not_handed_over():
    """AAG40-mongolia: "never join the Axis unless the USSR attacks them": after the USSR (at war with
    Japan) declared war on Mongolia, Mongolia welcomes the Axis and the pact hands nothing over."""
    at_war = replace(START, relations=politics.relations_after(
        START.relations, politics.WarDeclared("Japan", "USSR", 1, wars=(("Japan", "USSR"),))))
    turned = declared(at_war, "USSR", "Mongolia", 2)
    assert neutrals.kind_of(B, turned, "Ulaanbaatar") == "pro_axis"
    assert neutrals.mongolian_pact(B, turned, mongolia_rules(), japan_attacked=["Amur"]) == ()


@pytest.mark.rule("AAG40-mongolia")
def test_a_japanese_attack_on_mongolia_turns_the_true_neutrals():
    """AAG40-mongolia: "if a neutral Mongolian territory is attacked by Japan, all other strict neutrals
    become pro-Allied". Given Japan declaring war on Mongolia, then Spain welcomes the Allies."""
    after = declared(START, "Japan", "Mongolia")
    assert (neutrals.kind_of(B, after, "Spain"), neutrals.kind_of(B, after, "Buyant-Uhaa")) == (
        "pro_allies", "pro_allies")
    assert check_move(B, after, "Japan", "combat", Move({"infantry": 2}, ("Manchuria", "Buyant-Uhaa"))) is None
