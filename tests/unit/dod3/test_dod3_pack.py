"""The DoD III data pack: the default loads, stand-ins are listed, and a bad pack's errors name the
file, the path of the bad field and what was expected (as `casus data validate PACK` shows them)."""
from importlib import resources

import pytest

from domain import registry
from domain.dod3 import RULESET
from service.packs import PackError, load_pack_file, parse_pack

DEFAULT = resources.files("domain.dod3.data").joinpath("default.yaml").read_text(encoding="utf-8")


def test_the_ruleset_is_registered():
    assert registry.get("dod3") is RULESET
    assert {p.name for p in RULESET.projections} == {
        "initiative-track", "political-effectiveness", "money", "treaty-levels", "us-entry", "turn", "minors",
        "status-display.svg"}


def test_the_default_pack_holds_the_seeds_values(pack):
    assert (pack.id, pack.version) == ("dod3-default", "1.0.0")
    assert pack.bid_modifiers == (4, 3, 3, 2, 2, 1, 1, 0)
    assert pack.start_track == ("GE", "IT", "CW", "FR", "RU", "JA", "US", "CH")
    assert {p: pack.powers[p].objectives_needed for p in ("CH", "CW", "FR", "US", "IT", "RU")} == {
        "CH": 3, "CW": 23, "FR": 7, "US": 17, "IT": 8, "RU": 17}
    assert {p: pack.powers[p].historical_high_point for p in ("CH", "CW", "FR", "US", "IT", "RU")} == {
        "CH": 2, "CW": 21, "FR": 7, "US": 19, "IT": 6, "RU": 15}
    assert len({o.name for o in pack.objectives}) == 67
    assert pack.weather_chart["Sep/Oct"][3] == "fine"


def test_every_stand_in_value_is_listed_as_provisional(pack):
    provisional = set(pack.provisional)

    assert {"powers.GE.money", "powers.US.political_effectiveness", "powers.GE.objectives_needed",
            "powers.JA.historical_high_point", "weather", "objectives", "production.prices.army_points",
            "us_entry.adjustments.search_and_seizure", "powers.CH.capital"} <= provisional
    assert not {"powers.CW.objectives_needed", "powers.IT.objectives_needed", "initiative.bid_modifiers",
                "calendar"} & provisional


def test_the_default_pack_marks_each_stand_in_with_a_comment():
    lines = [line for line in DEFAULT.splitlines() if "provisional: true" in line and "{value:" in line]

    assert lines and all("#" in line for line in lines)


@pytest.mark.parametrize("old, new, expected", [
    ("money: {value: 10, provisional: true}", "money: ten", "powers.GE.money: expected a whole number"),
    ("money: {value: 10, provisional: true}", "money: {amount: 10}",
     "powers.GE.money: expected a value or {value: ..., provisional: true}"),
    ("start_track: [GE, IT, CW, FR, RU, JA, US, CH]", "start_track: [GE, IT, CW, FR, RU, JA, US, US]",
     "initiative.start_track: expected each of the eight major powers exactly once"),
    ("bid_modifiers: [4, 3, 3, 2, 2, 1, 1, 0]", "bid_modifiers: [4, 3]",
     "initiative.bid_modifiers: expected 8 modifiers, one per initiative position"),
    ("Sep/Oct: [rain, rain, rain, fine,", "Sep/Oct: [rain, fine,", "weather.chart.Sep/Oct: expected 10 results"),
    ("Sep/Oct: [rain, rain, rain, fine,", "Sep/Oct: [rain, rain, rain, hail,",
     "weather.chart.Sep/Oct: unknown result hail"),
    ("{name: Aden, territory: Aden, controller: CW}", "{name: Aden, territory: Aden, controller: null}",
     "objectives.items.0.capital_distances: expected distances"),
    ("{name: Aden, territory: Aden, controller: CW}", "{name: Aden, territory: Aden, controller: DE}",
     "objectives.items.0.controller: expected a major power"),
    ("schema_version: 1", "schema_version: 2", "schema_version: expected 1"),
    ("first_turn_options: 1", "first_turn_options: 1\n  colour: red", "initiative.colour: Unknown field."),
    ("    money: {value: 10, provisional: true}  # money track start, not in the seed\n", "",
     "powers.GE.money: missing; expected a value"),
    ("production_multiples: {value: [1, 1.25, 1.5, 1.75, 2]", "production_multiples: {value: [1, x]",
     "powers.GE.production_multiples.1: expected a number or a fraction"),
    ("serves_with: RU", "serves_with: USSR", "subordinates.CC.serves_with: expected a major power"),
])
def test_errors_name_the_file_the_field_path_and_what_was_expected(old, new, expected):
    assert old in DEFAULT

    with pytest.raises(PackError) as raised:
        parse_pack(RULESET, DEFAULT.replace(old, new, 1), "our-pack.yaml")

    assert str(raised.value).startswith("our-pack.yaml: ")
    assert any(problem.startswith(expected) for problem in raised.value.problems), raised.value.problems


def test_a_group_can_load_its_own_pack_from_a_file(tmp_path):
    own = tmp_path / "club.yaml"
    own.write_text(DEFAULT.replace("pack: dod3-default", "pack: club").replace(
        "political_effectiveness: {value: 5, provisional: true}", "political_effectiveness: 6"), encoding="utf-8")

    pack = load_pack_file(RULESET, own)

    assert (pack.id, pack.powers["GE"].political_effectiveness) == ("club", 6)
    assert "powers.GE.political_effectiveness" not in pack.provisional


def test_a_broken_file_names_itself(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("powers: [unclosed", encoding="utf-8")

    with pytest.raises(PackError) as raised:
        load_pack_file(RULESET, broken)

    assert str(raised.value).startswith(f"{broken}: <root>: not valid YAML")
