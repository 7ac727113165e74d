"""The whole game's data (AAG-board, AAG-income, AAG-facilities): the parts ``default.yaml`` includes
are validated on load, each error naming its field path; a pack without them plays battles only."""
import copy
from importlib import resources

import pytest
import yaml

from domain import registry
from domain.kernel import RuleViolation, Setup
from service.packs import PackError, parse_pack_data, with_includes

DATA = "domain.aa.global1940.data"
RULESET = registry.get("aa-global1940")


def raw_pack() -> dict:
    folder = resources.files(DATA)
    text = folder.joinpath("default.yaml").read_text(encoding="utf-8")
    return with_includes(yaml.safe_load(text), lambda name: folder.joinpath(name).read_text(encoding="utf-8"), "t")


@pytest.mark.rule("AAG-income")
@pytest.mark.parametrize("edit, path", [
    (lambda r: r["objectives"]["objectives"]["Germany"][0].update(ipcs=0), "objectives.objectives.Germany"),
    (lambda r: r["objectives"]["objectives"]["Italy"][0].update(holds_all=["Atlantis"]), "objectives.Italy.0"),
    (lambda r: r["objectives"]["objectives"].update({"Prussia": []}), "objectives.Prussia"),
    (lambda r: r["game_rules"]["convoy"].update(hits_at_most=0), "game_rules.convoy.hits_at_most"),
    (lambda r: r["game_rules"].update(turn_sequence=list(reversed(r["game_rules"]["turn_sequence"]))),
     "game_rules.turn_sequence"),
    (lambda r: r["game_rules"]["bombing"].update(targets=["zeppelin_shed"]), "game_rules"),
])
def test_a_wrong_part_of_the_whole_game_names_its_field(edit, path):
    """AAG-income: "national objectives per power as data", validated on load: a bad objective or
    number fails naming its path."""
    raw = copy.deepcopy(raw_pack())
    edit(raw)

    with pytest.raises(PackError) as bad:
        parse_pack_data(RULESET, raw, "test.yaml")

    assert any(problem.startswith(path) for problem in bad.value.problems), bad.value.problems


@pytest.mark.rule("AAG-board")
def test_a_pack_without_the_board_plays_battles_only():
    """AAG-board: the board is part of the whole game's pack; a pack without its parts (an old game's
    own) still plays battles, and a whole game on it is refused."""
    raw = {k: v for k, v in raw_pack().items() if k not in ("board", "geometry", "extra_rules", "game_rules",
                                                               "objectives")}
    pack = parse_pack_data(RULESET, raw, "test.yaml")
    seats = dict(RULESET.seat_presets["one-per-power"])

    battles = RULESET.make_decider(pack).initial_state(Setup(seats, {}, pack))
    with pytest.raises(RuleViolation) as refused:
        RULESET.make_decider(pack).initial_state(Setup(seats, {"mode": "game"}, pack))

    assert battles.game is None and refused.value.rule_id == "AAG-board"


@pytest.mark.rule("AAG-order")
def test_a_new_game_records_the_whole_game_and_its_own_projections():
    """AAG-order: a new game is the whole game unless its creator asks for the battle calculator; its
    projections are the whole game's."""
    names = [p.name for p in RULESET.for_game(RULESET.new_game_options, parse_pack_data(RULESET, raw_pack(), "t"))
             .projections]

    assert RULESET.new_game_options == {"mode": "game"}
    assert names == ["battles", "board", "economy", "victory-cities", "turn", "politics", "board.svg"]
