"""Fixes to the whole game found while playing it through the API (issue 23 acceptance): each test
fails on the code before its fix."""
import pytest

from domain.aa.battles.messages import BattleEnded
from domain.aa.combat.model import Outcome
from domain.aa.revised_phase_one.game import commands as cmd
from domain.aa.revised_phase_one.game.events import (
    AaFired,
    BattleResultApplied,
    BombingRaidResolved,
)
from domain.aa.revised_phase_one.game.state import Phase
from domain.kernel import RuleViolation
from tests.rules.aa.test_aar_game_table import new_game

RAID_ROUTE = ("United Kingdom", "6 Sea Zone", "Western Europe", "Germany")
SHOT_DOWN = [1, 1]  # Western Europe's AA gun targets (1-2) and hits (1)


@pytest.mark.rule("AAR-sbr")
@pytest.mark.rule("AAR1-aa")
def test_a_bomber_shot_down_on_its_way_makes_no_bombing_raid():
    """AAR-sbr: "bombers attack a factory, AA fire first, each surviving bomber rolls a die of
    damage". AAR1-aa: AA guns fire at air units that fly over them. Given the UK's one bomber sent
    to raid Germany's IC and shot down over Western Europe, when the combat move ends, then no
    bomber is left to raid: the raid ends with nobody to fight and Germany loses no IPCs."""
    table = new_game().at("UK", Phase.COMBAT_MOVE)
    table.send("uk", cmd.MoveUnits("UK", {"bomber": 1}, RAID_ROUTE, bombing=True), rolls=SHOT_DOWN)
    assert table.events_of(AaFired)[0].lost == {"bomber": 1}
    treasury = table.game.treasury["Germany"]

    table.send("uk", cmd.EndCombatMove("UK"))

    assert table.events_of(BombingRaidResolved) == []
    assert [e.battle_id for e in table.events_of(BattleResultApplied)] == ["r1-UK-1"]
    assert table.game.phase is Phase.NON_COMBAT_MOVE
    assert table.game.treasury["Germany"] == treasury


@pytest.mark.rule("AAR-casualties")
def test_a_battleship_whose_first_hit_is_ordered_can_still_be_sunk():
    """AAR-casualties: "The owner of the hit units chooses its casualties (standing order of losses
    when it does not answer in time)"; an order lists units, "<unit>:hit" placing a battleship's
    first hit, unlisted units following. Given the UK's standing order naming only its battleship's
    first hit, when the UK battleship attacks a German one and is hit in two rounds (its own shots
    missing), then the second hit sinks it and Germany wins: the sinking is not left out of the order."""
    table = new_game().at("UK", Phase.COMBAT_MOVE)
    table.units("13 Sea Zone", UK={"battleship": 1})
    table.units("14 Sea Zone", Germany={"battleship": 1})
    table.orders("UK", order_of_losses=("battleship:hit",))
    table.send("uk", cmd.MoveUnits("UK", {"battleship": 1}, ("13 Sea Zone", "14 Sea Zone")))
    table.send("uk", cmd.EndCombatMove("UK"))

    table.fight([6, 1, 6, 1])

    assert table.events_of(BattleEnded)[0].outcome is Outcome.DEFENDER_WINS
    assert table.count("14 Sea Zone", "UK", "battleship") == 0


@pytest.mark.rule("AAR-casualties")
def test_an_order_of_losses_names_each_unit_once():
    """AAR-casualties: the owner chooses its casualties, by an order of losses naming units. Given
    Russia's standing order naming infantry twice, then it is refused naming the repeated entry: a
    unit counted twice would be lost twice over and its battle would never end."""
    table = new_game()

    with pytest.raises(RuleViolation) as refused:
        table.orders("Russia", order_of_losses=("infantry", "infantry"))

    assert refused.value.rule_id == "AAR-casualties" and "order_of_losses[1]" in refused.value.message

