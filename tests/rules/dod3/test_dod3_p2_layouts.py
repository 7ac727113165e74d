"""Given-state helpers shared by the DoD III part 2 rule tests, and the test layout shaped like
rule 8.5's Czechoslovakia example (checked here to have the example's shape).

The layout is a parallelogram of axial hexes. The hexes the example names are called by their
role: CZ (Czechoslovakia's start, liberal faction), BE (the Belgium marker, liberal), N1 (the
neutral hex entered), H1 and H2 (free market), CW, FR and GE (the powers' markers)."""
from importlib import resources

import pytest

from domain.dod3 import RULESET
from domain.dod3.state import PoliticalAffairs, PoliticalStage, Step
from service.packs import parse_pack

DEFAULT = resources.files("domain.dod3.data").joinpath("default.yaml").read_text(encoding="utf-8")
DISPLAY_START = "\n# Rule 8.1a: the status display."
DISPLAY_END = "\n# Rules 8.4-8.7: the numbers the seed states"
SET_UP_ORDER = ("GE", "IT", "CW", "FR", "RU", "JA", "US", "CH")

CZECH_LAYOUT = """
status_display:
  ideologies:
    democracy: {factions: [free_market, liberal, social_democratic], centre: liberal}
    fascism: {factions: [authoritarian, fascist, national_socialist], centre: fascist}
    communism: {factions: [stalinist, leninist, socialist], centre: leninist}
  neutral_hex: NX
  boundaries: null
  wrap:
    A: ['-3/-4', '5/2']
  start:
    powers: {GE: GE, IT: '4/0', JA: '4/1', CW: CW, US: '-1/-3', FR: FR, CH: '-2/0', RU: '-3/0'}
    minors: {Czechoslovakia: CZ, Belgium: BE}
  hexes:
    - {id: '-3/-4', q: -3, r: -4, zone: stalinist}
    - {id: '-2/-4', q: -2, r: -4, zone: social_democratic}
    - {id: '-1/-4', q: -1, r: -4, zone: free_market}
    - {id: '0/-4', q: 0, r: -4, zone: free_market}
    - {id: '1/-4', q: 1, r: -4, zone: free_market}
    - {id: '2/-4', q: 2, r: -4, zone: free_market}
    - {id: '3/-4', q: 3, r: -4, zone: national_socialist}
    - {id: '4/-4', q: 4, r: -4, zone: national_socialist}
    - {id: '5/-4', q: 5, r: -4, zone: national_socialist}
    - {id: '-3/-3', q: -3, r: -3, zone: stalinist}
    - {id: '-2/-3', q: -2, r: -3, zone: social_democratic}
    - {id: '-1/-3', q: -1, r: -3, zone: free_market}
    - {id: '0/-3', q: 0, r: -3, zone: free_market}
    - {id: 'CW', q: 1, r: -3, zone: free_market}
    - {id: '2/-3', q: 2, r: -3, zone: free_market}
    - {id: '3/-3', q: 3, r: -3, zone: national_socialist}
    - {id: '4/-3', q: 4, r: -3, zone: national_socialist}
    - {id: '5/-3', q: 5, r: -3, zone: national_socialist}
    - {id: '-3/-2', q: -3, r: -2, zone: stalinist}
    - {id: '-2/-2', q: -2, r: -2, zone: social_democratic}
    - {id: '-1/-2', q: -1, r: -2, zone: free_market}
    - {id: '0/-2', q: 0, r: -2, zone: free_market}
    - {id: 'H2', q: 1, r: -2, zone: free_market}
    - {id: '2/-2', q: 2, r: -2, zone: free_market}
    - {id: '3/-2', q: 3, r: -2, zone: national_socialist}
    - {id: 'GE', q: 4, r: -2, zone: national_socialist}
    - {id: '5/-2', q: 5, r: -2, zone: national_socialist}
    - {id: '-3/-1', q: -3, r: -1, zone: leninist}
    - {id: '-2/-1', q: -2, r: -1, zone: social_democratic}
    - {id: '-1/-1', q: -1, r: -1, zone: free_market}
    - {id: 'H1', q: 0, r: -1, zone: free_market}
    - {id: 'BE', q: 1, r: -1, zone: liberal}
    - {id: '2/-1', q: 2, r: -1, zone: neutral}
    - {id: '3/-1', q: 3, r: -1, zone: fascist}
    - {id: '4/-1', q: 4, r: -1, zone: fascist}
    - {id: '5/-1', q: 5, r: -1, zone: fascist}
    - {id: '-3/0', q: -3, r: 0, zone: leninist}
    - {id: '-2/0', q: -2, r: 0, zone: social_democratic}
    - {id: '-1/0', q: -1, r: 0, zone: liberal}
    - {id: 'CZ', q: 0, r: 0, zone: liberal}
    - {id: 'N1', q: 1, r: 0, zone: neutral}
    - {id: 'NX', q: 2, r: 0, zone: neutral}
    - {id: '3/0', q: 3, r: 0, zone: fascist}
    - {id: '4/0', q: 4, r: 0, zone: fascist}
    - {id: '5/0', q: 5, r: 0, zone: fascist}
    - {id: '-3/1', q: -3, r: 1, zone: socialist}
    - {id: '-2/1', q: -2, r: 1, zone: social_democratic}
    - {id: 'FR', q: -1, r: 1, zone: liberal}
    - {id: '0/1', q: 0, r: 1, zone: liberal}
    - {id: '1/1', q: 1, r: 1, zone: neutral}
    - {id: '2/1', q: 2, r: 1, zone: neutral}
    - {id: '3/1', q: 3, r: 1, zone: authoritarian}
    - {id: '4/1', q: 4, r: 1, zone: authoritarian}
    - {id: '5/1', q: 5, r: 1, zone: authoritarian}
    - {id: '-3/2', q: -3, r: 2, zone: socialist}
    - {id: '-2/2', q: -2, r: 2, zone: social_democratic}
    - {id: '-1/2', q: -1, r: 2, zone: liberal}
    - {id: '0/2', q: 0, r: 2, zone: liberal}
    - {id: '1/2', q: 1, r: 2, zone: neutral}
    - {id: '2/2', q: 2, r: 2, zone: neutral}
    - {id: '3/2', q: 3, r: 2, zone: authoritarian}
    - {id: '4/2', q: 4, r: 2, zone: authoritarian}
    - {id: '5/2', q: 5, r: 2, zone: authoritarian}"""


def pack_with_display(display: str):
    """The default pack with its status display replaced."""
    start, end = DEFAULT.index(DISPLAY_START), DEFAULT.index(DISPLAY_END)
    return parse_pack(RULESET, DEFAULT[:start] + "\n" + display + "\n" + DEFAULT[end:], "test-layout.yaml")


def czech_pack():
    return pack_with_display(CZECH_LAYOUT)


def at(table, **positions):
    """Markers moved to hexes (underscores stand for spaces in minors' names)."""
    moved = {name.replace("_", " "): hex_id for name, hex_id in positions.items()}
    return table.given(positions={**table.state.positions, **moved})


def markers(table, **by_minor):
    """Political effect markers in minors: ``markers(table, Czechoslovakia={"GE": -3})``."""
    placed = {name.replace("_", " "): dict(by) for name, by in by_minor.items()}
    return table.given(markers={**table.state.markers, **placed})


def political_affairs(table, order=SET_UP_ORDER, options=None, turn=None):
    """Step C under way with ``order`` bidding (one option each unless ``options`` says more)."""
    table.given(turn=turn or table.state.turn, step=Step.POLITICAL_AFFAIRS,
                political=PoliticalAffairs(tuple(order), options or {p: 1 for p in order}, last_card=order[-1]))
    return table


def activating(table, power, order=SET_UP_ORDER):
    """``power``'s turn in step C, its option played: it is to activate a minor."""
    political_affairs(table, order)
    index = order.index(power)
    table.given(political=PoliticalAffairs(tuple(order), {p: 1 for p in order}, index=index, last_card=order[-1],
                                           stage=PoliticalStage.ACTIVATE, activating="IPO 12"))
    return table


def test_the_czech_layout_has_the_examples_shape():
    """Rule 8.5 example: Czechoslovakia (CZ) next to the neutral zone (N1) and the Belgium marker
    (BE), one free market hex (H1) then another (H2) next to the CW; Germany beyond."""
    display = czech_pack().display
    d = display.distance

    assert [display.zone(h) for h in ("CZ", "BE", "N1", "H1", "H2", "CW", "FR")] == [
        "liberal", "liberal", "neutral", "free_market", "free_market", "free_market", "liberal"]
    assert all(display.adjacent(a, b) for a, b in (("CZ", "N1"), ("N1", "BE"), ("BE", "CZ"), ("CZ", "H1"),
                                                    ("H1", "H2"), ("H2", "CW"), ("H2", "BE")))
    assert d("N1", "GE") < d("CZ", "GE") and d("H2", "GE") < d("H1", "GE")
    assert d("N1", "FR") > d("CZ", "FR") and d("H1", "FR") > d("CZ", "FR") and d("H2", "FR") > d("H1", "FR")


@pytest.fixture
def czech_table(new_table):
    return new_table(pack=czech_pack())
