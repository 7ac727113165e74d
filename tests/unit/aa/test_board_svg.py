"""Issue 23 item 9: ``board.svg``, the Revised board drawn from ``geometry.yaml`` (outlines, owners'
colours, units, factories, victory cities, battles, the last moves, a heading and a legend)."""
import copy
import functools
import xml.etree.ElementTree as ET
from importlib import resources

import pytest
import yaml
from marshmallow import ValidationError

from domain.aa.board import BOARD_FILE, load_board
from domain.aa.board.svg import load_geometry, opening_picture, render_board

SVG = "{http://www.w3.org/2000/svg}"
DATA = "domain.aa.revised_phase_one.data"
HOSTILE = '<script>alert("x")</script> & Co'


@functools.cache
def raw_geometry() -> dict:
    return yaml.safe_load(resources.files(DATA).joinpath("geometry.yaml").read_text(encoding="utf-8"))


@functools.cache
def geometry():
    return load_geometry(raw_geometry())


@functools.cache
def board():
    return load_board(yaml.safe_load(resources.files(BOARD_FILE[0]).joinpath(BOARD_FILE[1]).read_text(encoding="utf-8")))


def opening(**heading) -> dict:
    return opening_picture(geometry(), board(), heading or {"round": 1, "power": "Russia", "step": "purchase"})


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def outline(root: ET.Element, name: str) -> ET.Element:
    return next(p for p in root.iter(f"{SVG}path") if p.get("data-territory") == name)


def label_texts(root: ET.Element, name: str) -> list[str]:
    """The label's rows as written (each text is drawn twice: halo, then ink)."""
    group = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "label" and g.get("data-territory") == name)
    return ["".join(t.itertext()) for t in group.iter(f"{SVG}text") if t.get("stroke") != "#ffffff"]


def test_the_opening_board_is_an_svg_with_a_viewbox_and_a_title():
    root = parse(render_board(geometry(), opening()))
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox").startswith(f"0 0 {geometry().width} ")
    assert root.find(f"{SVG}title").text == "Axis & Allies Revised, Round 1, Russia, purchase"


def test_every_space_of_the_board_has_an_outline():
    root = parse(render_board(geometry(), opening()))
    drawn = {p.get("data-territory") for p in root.iter(f"{SVG}path") if p.get("data-territory")}
    assert drawn == set(board().spaces) == set(geometry().territories)
    assert {n for n, t in geometry().territories.items() if t.sea} == set(board().sea_zones)


def test_owners_colours_fill_their_territories_sea_and_neutrals():
    root = parse(render_board(geometry(), opening()))
    powers, colours = geometry().powers, geometry().colours
    assert outline(root, "Germany").get("fill") == powers["Germany"].fill
    assert outline(root, "United Kingdom").get("fill") == powers["UK"].fill
    assert outline(root, "Karelia S.S.R.").get("fill") == powers["Russia"].fill
    assert outline(root, "Japan").get("fill") == powers["Japan"].fill
    assert outline(root, "Hawaiian Islands").get("fill") == powers["US"].fill
    assert outline(root, "5 Sea Zone").get("fill") == colours["sea"]
    assert outline(root, "Sweden").get("fill") == colours["neutral"]


def test_a_captured_territory_takes_its_new_owners_colour():
    picture = opening()
    picture["territories"]["Karelia S.S.R."]["owner"] = "Germany"
    root = parse(render_board(geometry(), picture))
    assert outline(root, "Karelia S.S.R.").get("fill") == geometry().powers["Germany"].fill


def test_unit_counts_are_written_per_power_under_the_name():
    picture = opening()
    picture["territories"]["Ukraine S.S.R."]["units"] = {"Germany": {"armour": 1, "infantry": 3}, "Russia": {"fighter": 2}}
    root = parse(render_board(geometry(), picture))
    assert label_texts(root, "Ukraine S.S.R.") == ["Ukraine S.S.R.", "3", "Kiev", "R", "2 ftr", "G", "3 inf 1 arm"]


def test_the_opening_stacks_match_the_board_file():
    root = parse(render_board(geometry(), opening()))
    assert label_texts(root, "Germany") == ["Germany", "10", "Berlin", "G", "3 inf 2 arm 1 aa", "1 ftr 1 bmb"]
    assert label_texts(root, "5 Sea Zone") == ["5 Sea Zone", "G", "1 trn 2 sub 1 des"]


def test_factories_victory_cities_and_capitals_are_marked():
    root = parse(render_board(geometry(), opening()))
    labels = {g.get("data-territory"): g for g in root.iter(f"{SVG}g") if g.get("class") == "label"}

    def marks(name: str) -> set:
        return {e.get("class") for e in labels[name].iter() if e.get("class")}

    assert marks("Germany") >= {"factory", "capital"}
    assert "victory-city" in marks("Ukraine S.S.R.") and "factory" not in marks("Ukraine S.S.R.")
    assert sum("factory" in marks(n) for n in labels) == len(board().original_factories)
    assert sum(bool(marks(n) & {"capital", "victory-city"}) for n in labels) == len(board().victory_cities)


def test_a_pending_battle_rings_its_space_and_marks_its_label():
    picture = opening()
    picture["territories"]["Karelia S.S.R."]["battle"] = True
    root = parse(render_board(geometry(), picture))
    rings = [p for p in root.iter(f"{SVG}path") if p.get("class") == "battle-ring"]
    assert [r.get("d") for r in rings] == [outline(root, "Karelia S.S.R.").get("d")]
    assert sum(1 for e in root.iter(f"{SVG}circle") if e.get("class") == "battle") == 2  # the label and the legend


def test_the_last_moves_are_arrows_and_the_wrap_is_crossed_the_short_way():
    picture = {**opening(), "moves": [
        {"from": "Germany", "to": "Ukraine S.S.R.", "power": "Germany", "units": {"armour": 2}},
        {"from": "Central United States", "to": "Eastern United States", "power": "US"}]}
    root = parse(render_board(geometry(), picture))
    heads = [p for p in root.iter(f"{SVG}polygon") if p.get("class") == "move"]
    assert len(heads) == 1 + 2 + 1  # one move, one drawn at both edges, the legend's
    assert heads[0].get("fill") == geometry().powers["Germany"].colour
    assert "2 arm" in ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


def test_the_heading_shows_round_power_and_step():
    root = parse(render_board(geometry(), opening(round=3, power="Germany", step="combat move")))
    heading = next(t for t in root.iter(f"{SVG}text") if t.get("class") == "heading")
    assert heading.text == "Round 3  ·  Germany  ·  combat move"


def test_the_legend_lists_every_power_with_its_colour_and_the_symbols():
    root = parse(render_board(geometry(), opening()))
    legend = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "legend")
    texts = ["".join(t.itertext()) for t in legend.iter(f"{SVG}text")]
    for power, style in geometry().powers.items():
        assert f"{power} ({style.side})" in texts
        assert style.fill in {r.get("fill") for r in legend.iter(f"{SVG}rect")}
    assert {"Sea", "Neutral", "industrial complex", "victory city", "capital", "last moves", "inf = infantry"} <= set(texts)


def test_a_picture_may_add_a_power_with_its_colours():
    picture = {**opening(), "powers": {"Italy": {"colour": "#1b5e20", "fill": "#a5d6a7", "mark": "I", "side": "Axis"}}}
    picture["territories"]["Southern Europe"]["owner"] = "Italy"
    root = parse(render_board(geometry(), picture))
    assert outline(root, "Southern Europe").get("fill") == "#a5d6a7"
    assert "Italy (Axis)" in ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


def test_hostile_strings_are_escaped():
    raw = copy.deepcopy(raw_geometry())
    raw["territories"][HOSTILE] = raw["territories"].pop("Germany")
    picture = opening(round=2, power="Germany", step=HOSTILE)
    picture["territories"][HOSTILE] = picture["territories"].pop("Germany")
    svg = render_board(load_geometry(raw), picture)
    assert "<script" not in svg
    root = parse(svg)
    assert outline(root, HOSTILE).get("data-territory") == HOSTILE
    assert label_texts(root, HOSTILE)[0] == HOSTILE
    assert root.find(f"{SVG}title").text.endswith(HOSTILE)


def test_a_hostile_colour_or_an_unknown_style_is_refused():
    with pytest.raises(ValueError, match="colours"):
        render_board(geometry(), {"powers": {"Germany": {"colour": '"/><script>x</script>'}}})
    with pytest.raises(ValueError, match="style"):
        render_board(geometry(), {"powers": {"Germany": {"onload": "x"}}})


def test_unknown_territories_and_powers_are_refused():
    with pytest.raises(ValueError, match="Atlantis"):
        render_board(geometry(), {"territories": {"Atlantis": {"owner": "Germany"}}})
    with pytest.raises(ValueError, match="Atlantis"):
        render_board(geometry(), {"moves": [{"from": "Germany", "to": "Atlantis"}]})
    with pytest.raises(ValueError, match="Prussia"):
        render_board(geometry(), {"territories": {"Germany": {"owner": "Prussia"}}})


def test_an_empty_picture_draws_the_bare_board():
    root = parse(render_board(geometry(), {}))
    assert outline(root, "Germany").get("fill") == geometry().colours["neutral"]


def test_geometry_errors_name_the_field_path():
    raw = copy.deepcopy(raw_geometry())
    raw["territories"]["Japan"]["outline"] = ["1,2 3"]
    raw["powers"]["UK"]["fill"] = "tan"
    with pytest.raises(ValidationError) as err:
        load_geometry(raw)
    assert set(err.value.messages) == {"territories.Japan.outline.0", "powers.UK.fill"}


def test_a_label_off_the_board_is_refused():
    raw = copy.deepcopy(raw_geometry())
    raw["territories"]["Alaska"]["label"] = [99999, 10]
    with pytest.raises(ValidationError) as err:
        load_geometry(raw)
    assert err.value.messages == {"territories.Alaska.label": ["lies outside the board"]}
