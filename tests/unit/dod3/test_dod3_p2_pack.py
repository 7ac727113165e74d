"""The political half of the DoD III data pack (rules 2.6, 8.1-8.7): the reference status display
and the minors load, stand-ins are listed, and a bad layout's errors name the field."""
from importlib import resources

import pytest

from domain.dod3 import RULESET
from domain.dod3.political_affairs.control.status_display import NEUTRAL
from domain.dod3.powers import MAJOR_POWERS, Ideology
from service.packs import PackError, parse_pack

DEFAULT = resources.files("domain.dod3.data").joinpath("default.yaml").read_text(encoding="utf-8")


@pytest.fixture
def make_pack():
    def make(*replacements):
        text = DEFAULT
        for old, new in replacements:
            assert old in text, old
            text = text.replace(old, new, 1)
        return parse_pack(RULESET, text, "test-pack.yaml")

    return make


def test_the_reference_layout_is_provisional_and_complete(pack):
    display = pack.display

    assert "status_display" in pack.provisional and "minors" in pack.provisional
    assert len(display.hexes) == 136 and len(display.factions) == 9
    assert {f.ideology for f in display.factions.values()} == set(Ideology)
    assert set(display.start_powers) == set(MAJOR_POWERS)
    assert all(display.ideology(display.start_powers[p]) is pack.ideology(p) for p in MAJOR_POWERS)
    assert display.zone(display.neutral_hex) == NEUTRAL


def test_the_minors(pack):
    markers = [m for m in pack.minors.values() if m.political_marker]

    assert len(markers) == 28
    assert pack.minors["Belgian Congo"].colony_of == "Belgium"
    assert pack.minors["Czechoslovakia"].allies == ("FR",)
    assert set(pack.flags) == {"CH", "IT", "JA", "US"}
    assert frozenset({"Hungary", "Rumania"}) in pack.hostile
    assert all(minor in pack.war_chart for minor in (m.name for m in markers))


def test_seed_values_are_not_provisional(pack):
    provisional = set(pack.provisional)

    assert not {"war_chart.targets.Czechoslovakia.minor_effects.Czechoslovakia", "war_chart.targets.Poland.us_entry.1939",
                "treaty_chart.targets.RU.minor_effects.Finland", "treaty_chart.targets.IT.minor_effects.Austria",
                "politics", "war_chart.america_in_flames"} & provisional
    assert pack.options["IPO 2"].cost == 4 and pack.options["GE 3"].minor_effects == {"Finland": 1}


def test_every_option_number_groups_its_lettered_variants(pack):
    assert pack.options["FR 0(f)"].number == "FR 0"
    assert pack.options["IPO 11"].number == "IPO 11"


@pytest.mark.parametrize("old, new, expected", [
    ("neutral_hex: F6", "neutral_hex: F7x", "status_display.neutral_hex: expected a hex of the neutral zone"),
    ("    A: [A3, C1]", "    A: [A3, A3]", "status_display.wrap.A: expected two different hexes"),
    ("{id: A1, q: -5, r: -5, zone: fascist}", "{id: A1, q: -5, r: -5, zone: royalist}",
     "status_display.hexes.0: unknown zone 'royalist'"),
    ("powers: {GE: D2,", "powers: {GE: Z99,", "status_display.start.powers.GE: unknown hex"),
    ("    - [Hungary, Rumania]", "    - [Hungary, Ruritania]", "minors.hostile.0: expected two different minors"),
    ("    CH: [Siam]", "    CH: [Tibet]", "minors.flags.CH: unknown minor(s) Tibet"),
    ("approval: {option: 0(f)}  # rule 8.4", "approval: {option: 0(g)}  # rule 8.4",
     "options.cards.6.approval: no approving option 0(g)"),
])
def test_a_bad_political_section_is_refused_with_its_path(make_pack, old, new, expected):
    with pytest.raises(PackError) as raised:
        make_pack((old, new))

    assert any(problem.startswith(expected) for problem in raised.value.problems), raised.value.problems
