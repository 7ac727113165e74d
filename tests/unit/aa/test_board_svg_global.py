"""Issue 25 item 9 (board.svg for the whole wrapped board): the Global 1940 board drawn from
``global1940/data/geometry.yaml`` by the Revised board's renderer (``domain/aa/board/svg.py``)."""
import functools
import xml.etree.ElementTree as ET
from importlib import resources

import yaml

from domain.aa.board import GLOBAL_BOARD_FILE, load_board
from domain.aa.board.svg import load_geometry, opening_picture, render_board

SVG = "{http://www.w3.org/2000/svg}"
DATA = "domain.aa.global1940.data"


@functools.cache
def geometry():
    return load_geometry(yaml.safe_load(resources.files(DATA).joinpath("geometry.yaml").read_text(encoding="utf-8")))


@functools.cache
def board():
    return load_board(yaml.safe_load(
        resources.files(GLOBAL_BOARD_FILE[0]).joinpath(GLOBAL_BOARD_FILE[1]).read_text(encoding="utf-8")))


@functools.cache
def opening_svg() -> ET.Element:
    picture = opening_picture(geometry(), board(), {"round": 1, "power": "Germany", "step": "research"})
    return ET.fromstring(render_board(geometry(), picture))


def outlines(root: ET.Element) -> dict[str, ET.Element]:
    return {p.get("data-territory"): p for p in root.iter(f"{SVG}path") if p.get("data-territory")}


def test_the_opening_board_is_an_svg_titled_for_global_1940():
    root = opening_svg()
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox").startswith(f"0 0 {geometry().width} ")
    assert root.find(f"{SVG}title").text == "Axis & Allies Global 1940, Round 1, Germany, research"


def test_every_space_of_the_board_has_an_outline_and_a_label():
    root = opening_svg()
    assert set(outlines(root)) == set(board().spaces)
    labels = {g.get("data-territory") for g in root.iter(f"{SVG}g") if g.get("class") == "label"}
    assert labels == set(board().spaces)


def test_owners_colour_their_territories_at_the_start():
    """The starting owner fills a territory (Manchuria is Japan's, though originally China's);
    neutrals are drawn by kind; the impassable Pripet Marshes in the neutral grey."""
    paths, powers, colours = outlines(opening_svg()), geometry().powers, geometry().colours
    assert paths["Manchuria"].get("fill") == powers["Japan"].fill
    assert paths["Spain"].get("fill") == powers["True neutral"].fill
    assert paths["Bulgaria"].get("fill") == powers["Pro-Axis neutral"].fill
    assert paths["Pripet Marshes"].get("fill") == colours["neutral"]
    assert paths["10 Sea Zone"].get("fill") == colours["sea"]


def test_the_copy_at_the_right_edge_is_drawn_as_british_columbia():
    """The map draws British Columbia's north again at the right edge: one outline of two polygons,
    reaching the board's right edge, in the UK's colour."""
    bc = outlines(opening_svg())["British Columbia"]
    assert bc.get("d").count("M") == 2 and f"{geometry().width - 1}," in bc.get("d")
    assert bc.get("fill") == geometry().powers["UK"].fill


def test_a_move_across_the_wrap_is_drawn_twice():
    """The board wraps east-west: Western United States (right edge) to Alberta (left edge) is drawn
    the short way round, leaving one edge and entering at the other."""
    picture = {"territories": {}, "moves": [{"from": "Western United States", "to": "Alberta Saskatchewan Manitoba",
                                            "power": "USA", "units": {"infantry": 1}}]}
    root = ET.fromstring(render_board(geometry(), picture))
    assert sum(1 for p in root.iter(f"{SVG}polygon") if p.get("class") == "move") == 2 + 1  # and the legend's


def test_factories_victory_cities_and_capitals_are_marked():
    root = opening_svg()
    marks = [e for e in root.iter() if e.get("class") in ("factory", "victory-city", "capital")]
    kinds = [e.get("class") for e in marks]
    assert kinds.count("factory") == len(board().original_factories) + 1  # one more in the legend
    assert kinds.count("capital") + kinds.count("victory-city") == len(board().victory_cities) + 2
