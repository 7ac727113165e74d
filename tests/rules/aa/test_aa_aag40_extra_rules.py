"""AAG40 extra rules (seed 004): US industrial complexes, San Francisco, the Soviet-Mongolian pact,
research & development and China, through the public rule functions of domain.aa.global1940."""
from importlib import resources

import pytest
import yaml
from marshmallow import ValidationError

from domain.aa.global1940 import china, industry, mongolia, research
from domain.aa.global1940.extra_rules import load_extra_rules
from domain.kernel import RuleViolation, ScriptedDice

AXIS = {"Germany", "Japan", "Italy"}


@pytest.fixture(scope="module")
def raw():
    return yaml.safe_load(resources.files("domain.aa.global1940.data").joinpath("extra_rules.yaml").read_text())


@pytest.fixture(scope="module")
def rules(raw):
    return load_extra_rules(raw)


# --- AAG40-us-ic --------------------------------------------------------------------------------------

@pytest.mark.rule("AAG40-us-ic")
def test_us_complexes_start_minor(rules):
    """Seed 004: "Промышленные комплексы в восточной части США, центральных США и западной части США
    начинают игру в качестве малых комплексов." (The Eastern, Central and Western US complexes start as
    minor complexes.)"""
    assert industry.us_complexes_at_start(rules.us_industry) == {
        "Eastern United States": "minor_industrial_complex",
        "Central United States": "minor_industrial_complex",
        "Western United States": "minor_industrial_complex",
    }


@pytest.mark.rule("AAG40-us-ic")
def test_us_entry_upgrades_the_three_complexes_for_free(rules):
    """Seed 004: "Они будут модернизированы до крупных бесплатно, когда Соединенные Штаты вступают в войну
    и сразу могут быть использованы." (They are upgraded to major for free when the USA enters the war.)
    Given the three starting minors, when the USA enters, then all three are major and cost nothing."""
    at_start = industry.us_complexes_at_start(rules.us_industry)
    upgraded = industry.us_entry_upgrades(rules.us_industry, at_start)
    assert set(upgraded.values()) == {"major_industrial_complex"}
    assert len(upgraded) == 3
    assert industry.upgrade_cost(rules.us_industry, "Central United States", at_war=True, normal_cost=20) == 0


@pytest.mark.rule("AAG40-us-ic")
def test_before_entry_complexes_upgrade_only_the_normal_way(rules):
    """Seed 004: "До вступления в войну, эти комплексы могут быть модернизированы только в обычном порядке."
    (Before entry they can be upgraded only the normal way.) Given peace, an upgrade costs the normal 20;
    a complex already upgraded that way is not upgraded again at entry."""
    assert industry.upgrade_cost(rules.us_industry, "Western United States", at_war=False, normal_cost=20) == 20
    complexes = {"Eastern United States": "major_industrial_complex",
                 "Central United States": "minor_industrial_complex"}
    assert industry.us_entry_upgrades(rules.us_industry, complexes) == {
        "Central United States": "major_industrial_complex"}


# --- AAG40-sf -----------------------------------------------------------------------------------------

@pytest.mark.rule("AAG40-sf")
def test_san_francisco_is_not_a_capital(rules):
    """Seed 004: "Сан-Франциско не считается столицей США, поэтому они не теряют свои неизрасходованные
    финансовые средства, если западные США захвачены войсками противника." (San Francisco is not a US
    capital, so the USA keeps its unspent money when Western US is captured.)"""
    assert not industry.is_capital(rules.us_industry, "Western United States")
    assert industry.money_lost_on_capture(rules.us_industry, "Western United States", unspent=52) == 0


@pytest.mark.rule("AAG40-sf")
def test_losing_the_real_capital_still_loses_the_money(rules):
    """AAG40-sf contrast: only the US capital (Eastern US on the map) takes the unspent IPC."""
    assert industry.money_lost_on_capture(rules.us_industry, "Eastern United States", unspent=52) == 52


# --- AAG40-mongolia -----------------------------------------------------------------------------------

NEUTRAL_MONGOLIA = {t: "neutral" for t in
                    ("Olgiy", "Dzavhan", "Tsagaan Olom", "Central Mongolia", "Ulaanbaatar", "Buyant-Uhaa")}


@pytest.mark.rule("AAG40-mongolia")
def test_japanese_attack_on_soviet_border_territory_hands_mongolia_to_the_ussr(rules):
    """Seed 004: "Если Япония атакует любую начальную советскую территорию, которая примыкает к какой-либо
    территории Монголии, все монгольские территории ... передаются под контроль СССР в конце фазы боевого
    передвижения Японии." (If Japan attacks an original Soviet territory bordering Mongolia, the Mongolian
    territories pass to Soviet control at the end of Japan's combat move.) Given Japan attacks Amur."""
    after = mongolia.end_of_japanese_combat_move(rules.mongolia, NEUTRAL_MONGOLIA, japan_attacked=["Amur"])
    assert after == {t: "USSR" for t in NEUTRAL_MONGOLIA}


@pytest.mark.rule("AAG40-mongolia")
def test_pro_axis_mongolian_territories_are_not_handed_over(rules):
    """Seed 004: only territories "которые были нейтральным или просоюзническими, или присоединились к
    союзникам" (neutral, pro-Allied or joined the Allies) pass to the USSR."""
    given = {**NEUTRAL_MONGOLIA, "Olgiy": "pro_axis", "Dzavhan": "allied"}
    after = mongolia.end_of_japanese_combat_move(rules.mongolia, given, japan_attacked=["Yenisey"])
    assert after["Olgiy"] == "pro_axis"
    assert after["Dzavhan"] == "USSR"


@pytest.mark.rule("AAG40-mongolia")
def test_attack_on_a_soviet_territory_away_from_mongolia_changes_nothing(rules):
    """AAG40-mongolia: only original Soviet territories bordering Mongolia trigger the pact."""
    after = mongolia.end_of_japanese_combat_move(rules.mongolia, NEUTRAL_MONGOLIA, japan_attacked=["Siberia"])
    assert after == NEUTRAL_MONGOLIA


@pytest.mark.rule("AAG40-mongolia")
def test_soviet_attack_on_korea_keeps_mongolia_neutral(rules):
    """Seed 004: "Исключение: Если СССР нападает на Корею или любую начальную территорию Японии, граничащую
    с монгольской территорией, Монголия по-прежнему сохраняет нейтралитет." (Exception: if the USSR attacks
    Korea or an original Japanese territory bordering Mongolia, Mongolia stays neutral.)"""
    after = mongolia.end_of_japanese_combat_move(rules.mongolia, NEUTRAL_MONGOLIA, japan_attacked=["Amur"],
                                                 ussr_attacked=["Korea"])
    assert after == NEUTRAL_MONGOLIA
    assert not mongolia.pact_triggered(rules.mongolia, ["Buryatia"], ["Manchuria"])


@pytest.mark.rule("AAG40-mongolia")
def test_mongolia_never_joins_the_axis_unless_the_ussr_attacks_it(rules):
    """Seed 004: the Mongolian territories "никогда не станут на сторону Оси, если только одна или несколько
    из них не подвергнется нападению со стороны СССР" (never side with the Axis unless the USSR attacks one)."""
    assert not mongolia.may_join_axis(rules.mongolia, ussr_attacked=["Manchuria"])
    assert mongolia.may_join_axis(rules.mongolia, ussr_attacked=["Ulaanbaatar"])


@pytest.mark.rule("AAG40-mongolia")
def test_japanese_attack_on_mongolia_makes_the_other_mongolian_neutrals_pro_allied(rules):
    """Seed 004: "если нейтральная монгольская территория подвергается нападению Японии, все остальные строго
    нейтральные территории стают просоюзническими" (if Japan attacks a neutral Mongolian territory, every
    other strict neutral becomes pro-Allied)."""
    after = mongolia.after_japanese_attack_on_mongolia(rules.mongolia, NEUTRAL_MONGOLIA, ["Buyant-Uhaa"])
    assert after["Buyant-Uhaa"] == "neutral"
    assert after["Ulaanbaatar"] == "pro_allies"


# --- AAG40-rd -----------------------------------------------------------------------------------------

@pytest.mark.rule("AAG40-rd")
def test_any_six_succeeds_and_the_chart_die_picks_the_advance(rules):
    """Seed 004, steps 1-4: "Каждый кубик исследования стоит 5 IPCs ... Если Вы выбросили хотя бы одно
    значение "6" ... выберите один из двух исследовательских рядов ... и бросьте кубик" (each die costs 5 IPC;
    any 6 succeeds; choose a chart and roll for the advance). Given 3 dice rolling 2, 6, 4 then a 2 on
    Air & Naval, then Jet Fighters, for 15 IPC."""
    result = research.research(rules.research, ScriptedDice([2, 6, 4, 2]), "Germany", ipcs=30, dice_bought=3,
                               chart="air_naval")
    assert result.rolls == (2, 6, 4)
    assert result.cost == 15
    assert (result.advance_roll, result.advance) == (2, "jet_fighters")
    assert result.advances == {"jet_fighters"}


@pytest.mark.rule("AAG40-rd")
def test_no_six_fails_and_no_chart_die_is_rolled(rules):
    """Seed 004: "Если вы не выбросили "6", исследование не удалось." (No 6: the research fails.)"""
    dice = ScriptedDice([5, 1])
    result = research.research(rules.research, dice, "UK", ipcs=10, dice_bought=2, chart="land_production",
                               known=["radar"])
    assert not result.succeeded
    assert result.cost == 10
    assert result.advances == {"radar"}
    assert dice.rolled == [(6, 5), (6, 1)]


@pytest.mark.rule("AAG40-rd")
def test_land_chart_six_is_improved_mechanized_infantry(rules):
    """Seed 004, row 1, 6: "Улучшение моторизированных подразделений" on the Land & Production chart."""
    result = research.research(rules.research, ScriptedDice([6, 6]), "USA", ipcs=5, dice_bought=1,
                               chart="land_production")
    assert result.advance == "improved_mechanized_infantry"


@pytest.mark.rule("AAG40-rd")
def test_one_attempt_per_turn(rules):
    """Seed 004: "В один свой ход, активный игрок может попытаться провести исследование только один раз"
    (one research attempt a turn)."""
    with pytest.raises(RuleViolation) as err:
        research.research(rules.research, ScriptedDice([6]), "Japan", ipcs=40, dice_bought=1,
                          chart="air_naval", attempts_this_turn=1)
    assert err.value.rule_id == "AAG40-rd"


@pytest.mark.rule("AAG40-rd")
def test_china_may_not_research(rules):
    """Seed 004: "Исключение: Китай не может проводить эти разработки." (China may not research.)"""
    with pytest.raises(RuleViolation, match="China may not research"):
        research.research(rules.research, ScriptedDice([6]), "China", ipcs=12, dice_bought=1, chart="air_naval")


@pytest.mark.rule("AAG40-rd")
def test_dice_must_be_paid_for(rules):
    """AAG40-rd step 1: 5 IPC a die; 3 dice need 15 IPC. Given 14 IPC, the purchase is refused."""
    with pytest.raises(RuleViolation, match="15 IPC"):
        research.research(rules.research, ScriptedDice([6, 6, 6]), "Italy", ipcs=14, dice_bought=3,
                          chart="air_naval")


@pytest.mark.rule("AAG40-rd")
def test_advances_are_not_shared_between_allies(rules):
    """Seed 004: "Страны союзники не могут делиться своими технологиями." (Allies do not share advances.)
    Given the UK holding Radar, when the USA succeeds with a 2 on Air & Naval, then the USA holds Jet
    Fighters only: the result carries the researching power's own advances, never an ally's."""
    uk_advances = frozenset({"radar"})
    usa = research.research(rules.research, ScriptedDice([6, 2]), "USA", ipcs=5, dice_bought=1,
                            chart="air_naval", known=())
    assert usa.advances == {"jet_fighters"}
    assert uk_advances == {"radar"}


# --- AAG40-china --------------------------------------------------------------------------------------

ROAD_OPEN = {"India": "UK", "Burma": "UK", "Yunnan": "China", "Szechwan": "China"}
ROAD_CUT = {**ROAD_OPEN, "Burma": "Japan"}


@pytest.mark.rule("AAG40-china")
def test_china_has_no_capital_and_keeps_its_money(rules):
    """Seed 004: "у него нет столицы ... Даже если все китайские территории захвачены Японией, Китай
    сохраняет свои неизрасходованные IPC" (no capital; China keeps its unspent IPC even when overrun)."""
    assert not china.has_capital(rules.china)
    assert china.money_lost_when_overrun(rules.china, unspent=9) == 0


@pytest.mark.rule("AAG40-china")
def test_burma_road_gives_six_ipc_while_allied(rules):
    """Seed 004: "Когда вся территория этой дороги находится под контролем союзников ... Китай получает к
    доходу бонус в 6 IPC." (While the Allies hold the whole Burma Road, China gets +6 IPC.)"""
    assert china.income_bonus(rules.china, ROAD_OPEN, AXIS) == 6
    assert china.income_bonus(rules.china, ROAD_CUT, AXIS) == 0


@pytest.mark.rule("AAG40-china")
def test_china_buys_infantry_and_artillery_only_with_the_road_open(rules):
    """Seed 004: "Китай может потратить IPC, только чтобы приобрести пехоту ... может приобрести и артиллерию,
    но только если дорога открыта" (infantry only; artillery too while the Burma Road is open)."""
    china.validate_purchase(rules.china, {"infantry": 2, "artillery": 1}, ROAD_OPEN, AXIS)
    with pytest.raises(RuleViolation, match="artillery"):
        china.validate_purchase(rules.china, {"artillery": 1}, ROAD_CUT, AXIS)
    with pytest.raises(RuleViolation, match="armour"):
        china.validate_purchase(rules.china, {"armour": 1}, ROAD_OPEN, AXIS)


@pytest.mark.rule("AAG40-china")
def test_china_places_on_any_chinese_territory_it_controls(rules):
    """Seed 004: "Новые китайские подразделения могут быть выставлены на любой его территории, которая
    находится под контролем Китая" (new units go on any Chinese territory China controls)."""
    control = {"Hunan": "China", "Kiangsu": "Japan", "Burma": "China"}
    assert china.placement_territories(rules.china, control) == {"Hunan"}
    with pytest.raises(RuleViolation):
        china.validate_placement(rules.china, "Burma", control)


@pytest.mark.rule("AAG40-china")
def test_chinese_units_stay_in_china_kwangtung_and_burma(rules):
    """Seed 004: Chinese units "могут заходить только на территории, отмеченные китайским символом.
    Квантунская территория и Бирма являются исключением" (enter only Chinese territories; Kwangtung and
    Burma excepted). The Flying Tigers may not leave China either."""
    china.validate_move(rules.china, ("Yunnan", "Burma"))
    with pytest.raises(RuleViolation, match="India"):
        china.validate_move(rules.china, ("Burma", "India"))
    assert not china.may_embark(rules.china, "China")


@pytest.mark.rule("AAG40-china")
def test_china_holds_burma_only_while_india_is_axis(rules):
    """Seed 004: "Китай может даже временно управлять ими, но только если он отвоевывает их у Оси в то время
    как Индия находится под контролем Оси." (China may hold them only if retaken while India is Axis.)"""
    assert china.controller_on_capture(rules.china, "Burma", "UK", {"India": "Japan"}, AXIS) == "China"
    assert china.controller_on_capture(rules.china, "Burma", "UK", {"India": "UK"}, AXIS) == "UK"


@pytest.mark.rule("AAG40-china")
def test_japanese_complex_in_liberated_china_is_removed(rules):
    """Seed 004: a Japanese complex in China "позднее была захвачена китайцами или освобождена другим
    союзным государством, он удаляется из игры" (is removed when China or another Ally takes it)."""
    assert not china.japanese_complex_survives(rules.china, "Kiangsu", "UK", AXIS)
    assert china.japanese_complex_survives(rules.china, "Kwangtung", "UK", AXIS)


@pytest.mark.rule("AAG40-china")
def test_no_convoy_damage_and_flying_tigers(rules):
    """Seed 004: "на экономику Китая не воздействует нападение на конвои" and the Flying Tigers: "Если она
    уничтожена, США не может поставить другую истребительную эскадрилью" (no convoy damage; a lost Flying
    Tigers fighter is never replaced)."""
    assert china.convoy_damage(rules.china, "China", 4) == 0
    assert china.convoy_damage(rules.china, "UK", 4) == 4
    assert china.flying_tigers_at_start(rules.china) == ("fighter", "Szechwan")
    assert not china.may_replace_flying_tigers(rules.china, "USA")


# --- the data pack ------------------------------------------------------------------------------------

@pytest.mark.rule("AAG40-rd")
def test_a_chart_without_one_advance_per_face_is_refused(raw):
    """AAG40-rd: each chart is read with one d6, so it needs six advances; the schema names the field."""
    bad = {**raw, "research": {**raw["research"], "charts": {
        **raw["research"]["charts"], "air_naval": {"advances": ["radar"]}}}}
    with pytest.raises(ValidationError) as err:
        load_extra_rules(bad)
    assert "research" in err.value.messages
