"""AAG40-rd against the combat pack: the research charts name the same advances, on the same chart and
die face, as the AAG40-tech chart in default.yaml, so a rolled advance can be handed to a battle."""
from importlib import resources

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.aa.global1940 import research
from domain.aa.global1940.extra_rules import load_extra_rules
from domain.kernel import ScriptedDice
from tests.rules.aa.aa_driver import GLOBAL, fought, pack

RULES = load_extra_rules(yaml.safe_load(
    resources.files("domain.aa.global1940.data").joinpath("extra_rules.yaml").read_text()))


@pytest.mark.rule("AAG40-rd")
def test_research_charts_match_the_tech_chart_of_the_combat_pack():
    """Seed 004, step 3: "выберите один из двух исследовательских рядов на карточке «Открытия и достижения» и
    бросьте кубик" (choose one of the two rows of the chart and roll a die). Given both packs, every chart
    face names the advance the combat pack lists on that chart and roll."""
    techs = pack(GLOBAL).techs
    for chart, advances in RULES.research.charts:
        for face, advance in enumerate(advances, start=1):
            assert (techs[advance].chart, techs[advance].roll) == (chart, face)


@pytest.mark.rule("AAG40-rd")
@settings(max_examples=60, deadline=None)
@given(rolls=st.lists(st.integers(1, 6), min_size=1, max_size=6), face=st.integers(1, 6))
def test_research_succeeds_exactly_when_a_six_is_rolled(rolls, face):
    """Seed 004, step 2: "Если Вы выбросили хотя бы одно значение "6" на любом из кубиков, исследование прошло
    успешно." (Any 6 on any research die succeeds.) For any rolls, success iff a 6 is among them, and the cost
    is 5 IPC a die."""
    result = research.research(RULES.research, ScriptedDice([*rolls, face]), "Germany", ipcs=100,
                               dice_bought=len(rolls), chart="land_production")
    assert result.succeeded == (6 in rolls)
    assert result.cost == 5 * len(rolls)


@pytest.mark.rule("AAG40-rd")
def test_a_researched_advance_takes_effect_at_once_in_battle():
    """Seed 004, step 4: "Новое исследование вступает в силу немедленно." (The new advance takes effect at
    once.) Given Germany rolls 6 then 1 on Air & Naval (Super Submarines), when its submarine strikes the same
    turn, then it needs a 3, not a 2."""
    result = research.research(RULES.research, ScriptedDice([6, 1]), "Germany", ipcs=5, dice_bought=1,
                               chart="air_naval")
    battle = fought(GLOBAL, "sea", {"submarine": 1}, {"cruiser": 1}, attacker_techs=result.advances, rolls=[3])
    assert result.advance == "super_submarines"
    assert battle.needed("surprise_strike") == [("submarine", 3)]
