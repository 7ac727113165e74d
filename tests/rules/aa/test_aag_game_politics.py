"""Politics, neutrals and the Soviet-Mongolian pact through the whole game's decider (AAG-politics,
AAG-neutral, AAG40-mongolia)."""
import pytest

from domain.aa.global1940.game import commands as cmd
from domain.aa.global1940.game.events import ConditionsMet
from domain.aa.global1940.neutrals import NeutralTaken
from domain.aa.global1940.politics import WarDeclared
from domain.aa.revised_phase_one.game.events import BattleFound, PhaseBegan
from domain.aa.revised_phase_one.game.state import Phase
from tests.rules.aa.test_aag_game_table import new_game

NO_CONVOY = [6] * 80


# ---- politics ------------------------------------------------------------------------------------------


@pytest.mark.rule("AAG-politics")
def test_war_is_declared_in_the_politics_step():
    """AAG-politics: "Relationships between powers change only by declarations of war". Given
    Germany's politics step, when it declares war on the USSR, then the two are at war and the USSR
    may declare on Germany now (being at war with it)."""
    table = new_game().at("Germany", Phase.POLITICS)

    table.send("germany", cmd.DeclareWar("Germany", "USSR"))

    assert table.events_of(WarDeclared)[0].wars == (("Germany", "USSR"),)
    assert table.game.position.relations.at_war("USSR", "Germany")


@pytest.mark.rule("AAG-politics")
def test_a_declaration_not_yet_allowed_names_its_conditions():
    """AAG-politics: "who may declare when (round, conditions)". Given the USSR's politics step of round
    1, when it declares war on Germany, then it is refused naming round 4, London's fall and a war with
    Germany or Italy."""
    table = new_game().at("USSR", Phase.POLITICS)

    refused = table.refused("ussr", cmd.DeclareWar("USSR", "Germany"))

    assert refused.rule_id == "AAG-politics"
    assert "from round 4" in refused.message and "London has fallen" in refused.message


@pytest.mark.rule("AAG-politics")
def test_a_declaration_is_made_only_in_the_politics_step():
    """AAG-politics: declarations belong to the politics step. Given Germany's combat move, then its
    declaration is refused."""
    table = new_game().at("Germany", Phase.COMBAT_MOVE)

    assert table.refused("germany", cmd.DeclareWar("Germany", "USSR")).rule_id == "AAG-order"


@pytest.mark.rule("AAG-politics")
def test_powers_not_at_war_do_not_enter_each_others_land():
    """AAG-politics: "powers not at war do not enter each other's territory". Given Germany at peace
    with the USSR, when its armour in Romania moves into Bessarabia, then it is refused; once at war
    the same move attacks."""
    peace = new_game().at("Germany", Phase.COMBAT_MOVE)
    war = new_game().at("Germany", Phase.COMBAT_MOVE).war("Germany", "USSR")
    move = cmd.MoveUnits("Germany", {"armour": 1}, ("Romania", "Bessarabia"))

    refused = peace.refused("germany", move)
    war.send("germany", move)
    war.send("germany", cmd.EndCombatMove("Germany"))

    assert refused.rule_id == "AAG-politics" and "not at war with USSR" in refused.message
    assert [b.space for b in war.events_of(BattleFound)] == ["Bessarabia"]


@pytest.mark.rule("AAG-politics")
def test_the_usa_is_at_war_after_its_turn_of_round_3():
    """AAG-politics: "the US at war after its round-3 turn". Given the USA's placement of round 3 at
    peace, when its turn ends, then it is at war with Germany, Italy and Japan; after round 2 it is not."""
    round2 = new_game().at("USA", Phase.PLACE, round_=2)
    round3 = new_game().at("USA", Phase.PLACE, round_=3)

    round2.send("usa", cmd.EndPlacement("USA"), rolls=NO_CONVOY)
    round3.send("usa", cmd.EndPlacement("USA"), rolls=NO_CONVOY)

    assert round2.events_of(WarDeclared) == []
    assert sorted(e.target for e in round3.events_of(WarDeclared) if e.automatic) == ["Germany", "Italy", "Japan"]
    assert round3.game.position.relations.at_war("USA", "Japan")


@pytest.mark.rule("AAG-politics")
def test_london_fallen_stays_met_and_opens_a_soviet_declaration():
    """AAG-politics: conditions such as "London fallen" are lasting. Given London in German hands at
    the end of Germany's turn, then the condition is met for good; the USSR may declare war on Germany
    in round 1 even after London is retaken."""
    table = new_game().at("Germany", Phase.PLACE).owner("United Kingdom", "Germany")

    table.send("germany", cmd.EndPlacement("Germany"), rolls=NO_CONVOY)
    table.owner("United Kingdom", "UK").at("USSR", Phase.POLITICS)
    table.send("ussr", cmd.DeclareWar("USSR", "Germany"))

    assert table.events_of(ConditionsMet)[0].conditions == ("london_fallen",)
    assert table.game.position.relations.at_war("USSR", "Germany")


@pytest.mark.rule("AAG-politics")
def test_the_politics_step_passes_when_nobody_can_be_declared_on():
    """AAG-politics: a step with no decision passes. Given China's purchase in round 1 (no German or
    Italian unit in China, already at war with Japan), when China buys, then its politics step passes
    by itself to the combat move."""
    table = new_game().at("China", Phase.PURCHASE)

    table.send("china", cmd.Purchase("China", {"infantry": 1}))

    assert table.game.phase is Phase.COMBAT_MOVE
    assert [e.phase for e in table.events_of(PhaseBegan)] == [Phase.POLITICS, Phase.COMBAT_MOVE]


# ---- neutrals ------------------------------------------------------------------------------------------


@pytest.mark.rule("AAG-neutral")
def test_a_friendly_neutral_is_taken_in_the_non_combat_move_with_its_garrison():
    """AAG-neutral: "friendly neutrals taken in non-combat move": land units ending there take it and
    its garrison joins them. Given Germany's non-combat move, when its armour in Romania moves into
    pro-Axis Bulgaria, then Bulgaria is Germany's with its 4 infantry, which move no more this turn."""
    table = new_game().at("Germany", Phase.NON_COMBAT_MOVE)

    table.send("germany", cmd.MoveUnits("Germany", {"armour": 1}, ("Romania", "Bulgaria")))

    taken = table.events_of(NeutralTaken)[0]
    assert (taken.territory, taken.holder, taken.garrison) == ("Bulgaria", "Pro-Axis neutral", (("infantry", 4),))
    assert table.game.position.owner("Bulgaria") == "Germany" and table.count("Bulgaria", "Germany", "infantry") == 4


@pytest.mark.rule("AAG-neutral")
def test_a_friendly_neutral_is_not_entered_in_the_combat_move():
    """AAG-neutral: a friendly neutral is taken only in the non-combat move."""
    table = new_game().at("Germany", Phase.COMBAT_MOVE)

    refused = table.refused("germany", cmd.MoveUnits("Germany", {"armour": 1}, ("Romania", "Bulgaria")))

    assert refused.rule_id == "AAG-neutral"


@pytest.mark.rule("AAG-neutral")
def test_a_true_neutral_is_closed_until_war_is_declared_on_the_true_neutrals():
    """AAG-neutral: "an attack on a true neutral turns the others": a side declares war on the true
    neutrals in its politics step; then it attacks them (fighting the garrison) and every other true
    neutral, and Mongolia, welcomes the other side. Given Germany's infantry in Norway, then Sweden is
    closed; once Germany has declared, it attacks Sweden, and Spain is pro-Allied."""
    closed = new_game().at("Germany", Phase.COMBAT_MOVE)
    table = new_game().at("Germany", Phase.POLITICS)
    move = cmd.MoveUnits("Germany", {"infantry": 3}, ("Norway", "Sweden"))

    refused = closed.refused("germany", move)
    table.send("germany", cmd.DeclareWar("Germany", "True neutral"))
    table.send("germany", cmd.EndPolitics("Germany"))
    table.send("germany", move)
    table.send("germany", cmd.EndCombatMove("Germany"))

    assert refused.rule_id == "AAG-neutral" and "strictly neutral" in refused.message
    assert [(b.space, b.defender) for b in table.events_of(BattleFound)] == [("Sweden", "True neutral")]
    relations = table.game.position.relations
    assert relations.leaning("True neutral") == "Allies" and relations.leaning("Mongolia") == "Allies"


# ---- the Soviet-Mongolian pact ---------------------------------------------------------------------------


def japan_attacks_amur(**scene):
    table = new_game().at("Japan", Phase.COMBAT_MOVE).war("Japan", "USSR")
    table.units("Manchuria", Japan={"infantry": 4, "armour": 2})
    for power, territories in scene.items():
        for territory in territories:
            table.set_game(attacks={**table.game.attacks, power: table.game.attacked_by(power) | {territory}})
    table.send("japan", cmd.MoveUnits("Japan", {"infantry": 4, "armour": 2}, ("Manchuria", "Amur")))
    table.send("japan", cmd.EndCombatMove("Japan"))
    return table


@pytest.mark.rule("AAG40-mongolia")
def test_a_japanese_attack_on_soviet_land_beside_mongolia_hands_mongolia_to_the_ussr():
    """AAG40-mongolia: "a Japanese attack on an original Soviet territory bordering Mongolia hands them
    to the USSR at the end of Japan's combat move". Given Japan attacking Amur, then the six Mongolian
    territories are the USSR's, their armies Soviet."""
    table = japan_attacks_amur()

    handed = {e.territory for e in table.events_of(NeutralTaken)}
    assert handed == {"Olgiy", "Dzavhan", "Tsagaan Olom", "Central Mongolia", "Ulaanbaatar", "Buyant-Uhaa"}
    assert table.game.position.owner("Ulaanbaatar") == "USSR" and table.count("Olgiy", "USSR", "infantry") == 2


@pytest.mark.rule("AAG40-mongolia")
def test_no_pact_once_the_ussr_attacked_korea():
    """AAG40-mongolia: "exception when the USSR attacks Korea or Japanese territory bordering
    Mongolia". Given the USSR having attacked Korea, then Japan's attack on Amur hands nothing over."""
    table = japan_attacks_amur(USSR=["Korea"])

    assert table.events_of(NeutralTaken) == []
    assert table.game.position.owner("Ulaanbaatar") == "Mongolia"
