"""The unit tables are data: both editions' packs load, carry the reference values, and a bad pack
fails naming the field."""
from importlib import resources

import pytest
import yaml

from domain import registry
from service.packs import PackError, parse_pack
from tests.rules.aa.aa_driver import GLOBAL, REVISED, pack


def values(ruleset_id, unit):
    u = pack(ruleset_id).units[unit]
    return u.attack, u.defence, u.move, u.cost, u.hits


@pytest.mark.parametrize("ruleset_id, unit, expected", [
    (REVISED, "infantry", (1, 2, 1, 3, 1)),
    (REVISED, "bomber", (4, 1, 6, 15, 1)),
    (REVISED, "battleship", (4, 4, 2, 24, 2)),
    (REVISED, "carrier", (1, 3, 2, 16, 1)),
    (REVISED, "transport", (0, 1, 2, 8, 1)),
    (GLOBAL, "mech_infantry", (1, 2, 2, 4, 1)),
    (GLOBAL, "tactical_bomber", (3, 3, 4, 11, 1)),
    (GLOBAL, "carrier", (0, 2, 2, 16, 2)),
    (GLOBAL, "battleship", (4, 4, 2, 20, 2)),
    (GLOBAL, "submarine", (2, 1, 2, 6, 1)),
])
def test_reference_unit_values(ruleset_id, unit, expected):
    assert values(ruleset_id, unit) == expected


def test_global_1940_chart_has_twelve_advances_on_two_rows():
    techs = pack(GLOBAL).techs.values()
    assert sorted((t.chart, t.roll) for t in techs) == sorted(
        (chart, roll) for chart in ("land_production", "air_naval") for roll in range(1, 7))


def default_text(ruleset_id):
    package, name = registry.get(ruleset_id).default_pack
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


def broken(ruleset_id, edit) -> PackError:
    raw = yaml.safe_load(default_text(ruleset_id))
    edit(raw)
    with pytest.raises(PackError) as bad:
        parse_pack(registry.get(ruleset_id), yaml.safe_dump(raw), "test.yaml")
    return bad.value


@pytest.mark.parametrize("edit, field", [
    (lambda raw: raw["units"]["fighter"].update(attack="three"), "units.fighter.value.attack"),
    (lambda raw: raw["units"]["fighter"].update(abilities=["teleport"]), "units.fighter.value.abilities.0"),
    (lambda raw: raw["units"]["artillery"]["supports"].update(targets=["zeppelin"]),
     "units.artillery.supports.targets.0"),
    (lambda raw: raw["techs"]["jet_fighters"]["effects"][0].update(unit="zeppelin"), "techs.jet_fighters.effects.0.unit"),
    (lambda raw: raw["combat"].pop("aa_fire"), "combat.aa_fire"),
])
def test_a_bad_pack_names_the_field(edit, field):
    error = broken(GLOBAL, edit)
    assert any(problem.startswith(field) for problem in error.problems), error.problems


def test_sides_place_every_power_once_and_a_pack_without_them_keeps_every_other_power_an_enemy():
    """Attacks go against enemies (the pack's sides); a pack written before sides existed still
    loads, every other power its enemy."""
    import copy

    from marshmallow import ValidationError

    from domain.aa.pack_schema import EditionPackSchema

    raw = yaml.safe_load(resources.files("domain.aa.global1940.data").joinpath("default.yaml").read_text())
    raw.pop("include", None)  # the whole game's parts, read by the edge beside the pack
    loaded = EditionPackSchema().load(raw)
    assert loaded.enemies("Germany", "USSR") and not loaded.enemies("Germany", "Italy")
    legacy = copy.deepcopy(raw)
    del legacy["sides"]
    old = EditionPackSchema().load(legacy)
    assert old.enemies("Germany", "Italy") and not old.enemies("Germany", "Germany")
    broken = copy.deepcopy(raw)
    broken["sides"]["Axis"].append("USSR")
    with pytest.raises(ValidationError) as error:
        EditionPackSchema().load(broken)
    assert "sides" in error.value.messages
