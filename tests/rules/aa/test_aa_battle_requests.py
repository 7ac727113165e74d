"""Who says what in a battle request (issue 14 item 14) and War Bonds (item 13).

The attacker's seat names only its own forces; the defending seat confirms its own before the
combat job fights; advances come from the record (the moderator's RecordAdvance), never from the
request; attacks go against enemies only (the pack's sides)."""
import pytest

from domain.aa.battles.messages import (
    BattleDeclared,
    BattleRequested,
    CollectWarBonds,
    ConfirmDefence,
    FightBattle,
    RecordAdvance,
    ResolveBattle,
    WarBondsCollected,
)
from domain.aa.combat import BattleKind, Forces, SeededDice
from domain.kernel import MODERATOR, SYSTEM, RuleViolation
from tests.rules.aa.aa_driver import GLOBAL, REVISED, game, options

SEATS = {"axis": ("Germany", "Japan", "Italy"), "allies": ("USSR", "USA", "China", "UK", "ANZAC", "France")}
ATTACK = Forces(BattleKind.LAND, {"infantry": 2, "fighter": 1}, {})


def refused(table, seat, command) -> RuleViolation:
    before = table.state
    with pytest.raises(RuleViolation) as error:
        table.send(seat, command)
    assert table.state == before
    return error.value


@pytest.mark.rule("AA-battle")
def test_an_attack_on_an_ally_is_refused():
    """Attacks go against enemies. Given Germany and Italy (both Axis), when Germany's seat resolves
    an attack on Italy, then it is refused and nothing is recorded; USSR vs UK likewise."""
    table = game(GLOBAL, SEATS)
    error = refused(table, "axis", ResolveBattle("b1", "Rome", "Germany", "Italy", ATTACK))
    assert error.rule_id == "AA-battle" and "ally" in error.message
    assert refused(table, MODERATOR, ResolveBattle("b1", "Karelia", "USSR", "UK", ATTACK)).rule_id == "AA-battle"


@pytest.mark.rule("AA-battle")
def test_the_defending_seat_names_its_own_forces_before_the_battle_is_fought():
    """The defender's forces come from the defending seat. Given Germany's seat declares an attack
    on the USSR naming an empty defence, then the battle waits: the combat job may not fight it,
    the attacker's seat may not confirm it; when the USSR's seat confirms 3 infantry, the battle is
    requested with those 3 infantry (not the empty defence)."""
    table = game(GLOBAL, SEATS)
    (declared,) = table.send("axis", ResolveBattle("b1", "Ukraine", "Germany", "USSR", ATTACK))
    assert isinstance(declared, BattleDeclared)
    assert refused(table, SYSTEM, FightBattle("b1")).rule_id == "AA-battle"
    assert refused(table, "axis", ConfirmDefence("b1", {})).rule_id == "AA-battle"
    (requested,) = table.send("allies", ConfirmDefence("b1", {"infantry": 3}))
    assert isinstance(requested, BattleRequested)
    assert requested.forces.defender == {"infantry": 3} and requested.forces.attacker == ATTACK.attacker
    events = table.send(SYSTEM, FightBattle("b1"), dice=SeededDice(3))
    assert events[-1].battle_id == "b1"
    assert refused(table, "allies", ConfirmDefence("b1", {})).rule_id == "AA-battle"  # fought: nothing waits


@pytest.mark.rule("AA-battle")
def test_a_confirmed_defence_is_checked_like_any_force():
    """Given a declared land battle, when the defending seat confirms a battleship, then it is
    refused naming the field; the battle still waits."""
    table = game(GLOBAL, SEATS)
    table.send("axis", ResolveBattle("b1", "Ukraine", "Germany", "USSR", ATTACK))
    error = refused(table, "allies", ConfirmDefence("b1", {"battleship": 1}))
    assert error.message.startswith("units.battleship")


@pytest.mark.rule("AAG40-tech")
def test_an_advance_never_researched_is_refused():
    """Seed 004: an advance "may be used only by the power that researched it". Given no advance is
    recorded, when Germany's seat asks for Jet Fighters, then it is refused (AAG40-tech); once the
    moderator records it, the request is accepted and carries it."""
    table = game(GLOBAL, SEATS)
    jets = ResolveBattle("b1", "Ukraine", "Germany", "USSR", ATTACK, options(attacker_techs=["jet_fighters"]))
    error = refused(table, "axis", jets)
    assert error.rule_id == "AAG40-tech" and "never researched" in error.message
    assert refused(table, "axis", RecordAdvance("Germany", "jet_fighters")).rule_id == "AAG40-tech"
    table.send(MODERATOR, RecordAdvance("Germany", "jet_fighters"))
    (declared,) = table.send("axis", jets)
    assert declared.options.attacker_techs == frozenset({"jet_fighters"})


@pytest.mark.rule("AAG40-tech")
def test_each_sides_advances_come_from_the_record_not_the_request():
    """Seed 004: "the new advance takes effect immediately". Given the USSR has Radar recorded,
    when Germany's seat declares an attack naming no advance, then the requested battle still
    gives the defender Radar (the attacker cannot leave it out); advances without a combat effect
    (War Bonds) are not battle options."""
    table = game(GLOBAL, SEATS)
    table.send(MODERATOR, RecordAdvance("USSR", "radar"))
    table.send(MODERATOR, RecordAdvance("Germany", "war_bonds"))
    table.send("axis", ResolveBattle("b1", "Ukraine", "Germany", "USSR", ATTACK))
    (requested,) = table.send("allies", ConfirmDefence("b1", {"infantry": 1, "aa_gun": 1}))
    assert requested.options.defender_techs == frozenset({"radar"})
    assert requested.options.attacker_techs == frozenset()


@pytest.mark.rule("AAG40-tech")
@pytest.mark.parametrize("variant, face, ipcs", [
    ("as_rolled", 1, 1), ("as_rolled", 2, 2), ("as_rolled", 6, 6),
    ("low_rolls_count_three", 1, 3), ("low_rolls_count_three", 2, 3), ("low_rolls_count_three", 3, 3),
    ("low_rolls_count_three", 5, 5),
])
def test_war_bonds_collect_the_die_with_the_optional_low_rolls_rule(variant, face, ipcs):
    """Seed 004, War Bonds: "During the income phase, roll a die and collect its value as extra
    IPCs. Optional: ... count 1, 2 as 3, the others as rolled." Given the game's variant and a
    power with War Bonds, when its die shows ``face``, then it collects ``ipcs``."""
    table = game(GLOBAL, SEATS, war_bonds=variant)
    table.send(MODERATOR, RecordAdvance("UK", "war_bonds"))
    (event,) = [e for e in table.send(MODERATOR, CollectWarBonds("UK"), [face]) if isinstance(e, WarBondsCollected)]
    assert (event.power, event.roll, event.ipcs) == ("UK", face, ipcs)


@pytest.mark.rule("AAG40-tech")
def test_war_bonds_need_the_advance_and_a_known_variant():
    """Given no War Bonds researched, the roll is refused; an unknown variant is refused at set-up;
    the default reads the die as rolled; Revised has no War Bonds option."""
    table = game(GLOBAL, SEATS)
    assert table.state.war_bonds == "as_rolled"
    assert refused(table, MODERATOR, CollectWarBonds("UK")).rule_id == "AAG40-tech"
    with pytest.raises(RuleViolation):
        game(GLOBAL, SEATS, war_bonds="double")
    with pytest.raises(RuleViolation):
        game(REVISED, {"axis": ("Germany", "Japan"), "allies": ("Russia", "UK", "US")}, war_bonds="as_rolled")
