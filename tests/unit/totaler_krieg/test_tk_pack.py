"""The chapter 13 data pack: the default pack loads, keeps its stand-ins visible, and a bad pack fails
with the path of the bad field."""
from importlib import resources

import pytest
import yaml

from domain.registry import get
from service.packs import PackError, default_pack, parse_pack

RULESET = get("totaler-krieg")
TEXT = resources.files("domain.totaler_krieg.data").joinpath("default.yaml").read_text(encoding="utf-8")


def broken(edit) -> list[str]:
    raw = yaml.safe_load(TEXT)
    edit(raw)
    with pytest.raises(PackError) as error:
        parse_pack(RULESET, yaml.safe_dump(raw), "broken.yaml")
    return error.value.problems


def test_default_pack_loads_and_lists_its_stand_ins():
    pack = default_pack(RULESET)
    assert len(pack.places) == 62 and len(pack.countries) == 43
    assert "borders" in pack.provisional and "scenarios.1939" in pack.provisional
    assert not any(path.startswith("policies") or path.startswith("political_events") for path in pack.provisional)


def test_every_place_has_a_land_border_unless_it_is_an_island_or_a_box():
    pack = default_pack(RULESET)
    lonely = sorted(p for p, n in pack.neighbours.items() if not n)
    assert lonely == ["central_asia", "cyprus", "eastern_us_canada", "malta", "rhodes"]


def test_a_region_of_an_unknown_country_names_its_path():
    problems = broken(lambda raw: raw["places"]["bessarabia"].update(region_of_country="moldova"))
    assert problems == ["places.bessarabia.region_of_country: unknown country"]


def test_a_place_needs_exactly_one_disposition():
    problems = broken(lambda raw: raw["places"]["bessarabia"].update(core_of="rumania"))
    assert problems == ["places.bessarabia.core_of: give exactly one of core_of, dependent_of, region_of_country, "
                        "region_of_dependent, breakaway_of"]


def test_a_unit_listed_twice_and_a_bad_faction_are_reported():
    def edit(raw):
        raw["orders_of_battle"]["sweden"]["units"].append({"id": "ire-res", "kind": "infantry", "code": "Res"})
        raw["countries"]["britain"]["faction"] = "japanese"
    problems = broken(edit)
    assert "countries.britain.faction: Must be one of: axis, western, soviet." in problems


def test_a_setup_exception_naming_another_country_s_unit_is_reported():
    problems = broken(lambda raw: raw["setup_exceptions"]["italy"][0]["units"].append("pol-res"))
    assert problems == ["setup_exceptions.italy.0.units: pol-res is not a unit of italy"]


def test_a_scenario_with_an_unknown_policy_is_reported():
    problems = broken(lambda raw: raw["scenarios"]["blank"].update(posture={"britain": "neutrality"}))
    assert problems == ["scenarios.blank.posture.britain: unknown policy or truce neutrality"]
