"""The political projections (rule 8.1): ``minors`` and ``status-display.svg``, built from a seat's
view like every projection, and served by the generic endpoint as an image."""
import xml.dom.minidom

from domain.dod3 import RULESET
from domain.dod3.commands import PlayOption, RollWeather
from domain.kernel import MODERATOR


def svg_of(view):
    return RULESET.projection("status-display.svg").build(view)


def test_the_svg_projection_is_an_image(game):
    projection = RULESET.projection("status-display.svg")

    assert projection.media_type == "image/svg+xml"
    document = xml.dom.minidom.parseString(svg_of(game.decider.view(game.state, "spectator")))
    assert document.documentElement.tagName == "svg"


def test_the_svg_shows_every_hex_power_and_lettered_edge(game):
    svg = svg_of(game.decider.view(game.state, "spectator"))

    assert svg.count("<polygon") == len(game.pack.display.hexes)
    assert all(f">{power}</text>" in svg for power in game.state.powers)
    assert all(f">{letter}</text>" in svg for letter in game.pack.display.wrap)


def test_the_svg_shows_markers_once_placed(game):
    game.play("player1", RollWeather(), [5])
    game.play("player1", PlayOption("GE", "GE 4", target="Czechoslovakia"), [10])

    svg = svg_of(game.decider.view(game.state, "player2"))

    assert "GE-11" in svg


def test_the_minors_projection(game):
    data = RULESET.projection("minors").build(game.decider.view(game.state, "player3"))
    czech = data["minors"]["Czechoslovakia"]

    assert (czech["hex"], czech["zone"], czech["ideology"], czech["controller"]) == ("D10", "liberal", "democracy", "FR")
    assert (czech["faction_distance"], czech["allies"], czech["markers"]) == (0, ["FR"], {})
    assert data["minors"]["Yugoslavia"]["controller"] is None
    assert data["minors"]["Belgian Congo"]["colony_of"] == "Belgium"
    assert "Honduras" not in data["minors"]


def test_every_seat_sees_the_same_status_display(game):
    views = [game.decider.view(game.state, seat) for seat in ("player1", "player2", "spectator", MODERATOR)]

    assert len({svg_of(v) for v in views}) == 1
    assert len({str(RULESET.projection("minors").build(v)) for v in views}) == 1


def test_the_svg_has_a_heading_with_turn_date_step_and_who_is_awaited(game):
    svg = svg_of(game.decider.view(game.state, "spectator"))

    assert ">Turn 1 of 66: Jan/Feb 1936</text>" in svg
    assert "step B Weather; awaiting GE (player1)</text>" in svg


def test_every_hex_is_labelled_so_a_minor_in_the_key_can_be_found(game):
    svg = svg_of(game.decider.view(game.state, "spectator"))

    assert "Austria [AUS] D4" in svg
    assert all(f'fill="#555">{hex_id}</text>' in svg for hex_id in game.pack.display.hexes)


def test_a_stack_of_minors_says_how_many_and_the_key_explains_the_colours(game):
    svg = svg_of(game.decider.view(game.state, "spectator"))

    assert ">13 minors</text>" in svg and "+12" not in svg
    assert ">Key</text>" in svg and "a major power's marker" in svg
    assert all(f"{ideology}: " in svg for ideology in ("democracy", "fascism", "communism"))
