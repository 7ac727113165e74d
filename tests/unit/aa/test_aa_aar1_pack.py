"""The seed 001 house-rule data pack (house_rules.yaml) loads and its schema rejects bad data."""
import pytest
from marshmallow import ValidationError

from domain.aa.revised_phase_one.house_rules import load_house_rules
from tests.rules.aa.aar1_house import house_rules, raw_house_rules


def test_default_house_rules_load():
    rules = house_rules()
    assert len(rules.victory_cities) == 25
    assert sum(vc.vcp for vc in rules.victory_cities) == 65
    assert rules.original_ics == frozenset({"Caucasus", "Russia", "Southern Europe", "Germany", "United Kingdom",
                                            "Japan", "Eastern United States", "Western United States"})


def test_unknown_raiding_default_version_is_refused():
    raw = raw_house_rules()
    bad = {**raw, "raiding": {**raw["raiding"], "default_version": "third"}}
    with pytest.raises(ValidationError) as err:
        load_house_rules(bad)
    assert "raiding" in err.value.messages


def test_one_way_adjacency_is_refused():
    raw = raw_house_rules()
    india = {**raw["territories"]["India"], "land": ["Persia"]}
    bad = {**raw, "territories": {**raw["territories"], "India": india}}
    with pytest.raises(ValidationError) as err:
        load_house_rules(bad)
    assert err.value.messages == {
        "territories.French Indochina.land": ["'India' does not list 'French Indochina' back"]}


def test_unknown_key_is_refused():
    with pytest.raises(ValidationError) as err:
        load_house_rules({**raw_house_rules(), "phase_two": {}})
    assert "phase_two" in err.value.messages
