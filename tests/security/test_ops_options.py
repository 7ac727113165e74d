"""Poisoned games (issue 11, item 11): a game created with an option value that is no JSON
scalar, or not of the type its ruleset declares, is refused with a 422 problem naming the option
before anything is stored; and a log stored by an older version with such options still reads
(no read answers 500), on both backends."""
import uuid

import pytest

from domain import registry
from domain.kernel import MODERATOR
from domain.kernel.platform import GameCreated
from events import dice
from tests.support.api import Table, assert_problem

BAD_OPTIONS = [
    ("totaler-krieg", "three-player", {"random_campaign": [1]}, "options.random_campaign"),
    ("totaler-krieg", "three-player", {"scenario": 1939}, "options.scenario"),
    ("gathering-storm", None, {"first_turn": True}, "options.first_turn"),
    ("dod3", "3", {"bitter_end": "yes"}, "options.bitter_end"),
    ("aa-global1940", "axis-allies", {"aa_rule": {"box": 1}}, "options.aa_rule"),
    ("tiny", "duel", {"x": [1]}, "options.x"),
    ("tiny", "duel", {"x": {"nested": True}}, "options.x"),
]


@pytest.mark.parametrize("ruleset, preset, options, field", BAD_OPTIONS)
def test_a_bad_option_value_is_422_naming_it_and_stores_nothing(client, ruleset, preset, options, field):
    before = client.get("/games?limit=1000").json["games"]
    preset = preset or next(iter(registry.get(ruleset).seat_presets))
    answer = client.post("/games", json={"ruleset": ruleset, "preset": preset, "options": options})
    problem = assert_problem(answer, 422, "validation-error")
    assert list(problem["errors"]) == [field]
    assert client.get("/games?limit=1000").json["games"] == before


def test_declared_options_of_the_right_type_still_create_games(client):
    created = client.post("/games", json={"ruleset": "totaler-krieg", "preset": "three-player",
                                          "options": {"random_campaign": True}})
    assert created.status_code == 201, created.json


def store_legacy_game(app, ruleset_id: str, seats: dict, options: dict) -> Table:
    """What an older version stored: GameCreated with options it did not check, written through
    the store (with its tokens and seed), as that version's create_game did."""
    games = app.extensions["casus_services"].games
    ruleset = registry.get(ruleset_id)
    seed = dice.new_seed()
    created = GameCreated(ruleset.id, ruleset.version, {s: tuple(p) for s, p in seats.items()}, options, None,
                          dice.commitment(seed))
    rules = games.rules_for(created)
    game_id = uuid.uuid4().hex
    tokens = {seat: uuid.uuid4().hex for seat in (*seats, MODERATOR)}
    games.secrets.put(game_id, "dice_seed", seed)
    games.put_tokens(game_id, tokens)
    envelope = games._new_event(rules, created, MODERATOR, None, None, rules.platform.initial_state(game_id), uuid.uuid4().hex)
    games.store.append(game_id, [envelope], expected_version=0)
    return Table(app.test_client(), game_id, {s: t for s, t in tokens.items() if s != MODERATOR}, tokens[MODERATOR])


@pytest.mark.parametrize("ruleset, seats, options, projection", [
    ("tiny", {"north": ["N"], "south": ["S"]}, {"x": [1], "y": {"deep": [2]}}, "totals"),
    ("totaler-krieg", {"axis": ["axis"], "western": ["western"], "soviet": ["soviet"]}, {"random_campaign": [1]},
     "countries"),
])
def test_a_stored_log_with_such_options_still_reads(app, ruleset, seats, options, projection):
    table = store_legacy_game(app, ruleset, seats, options)
    client = table.client
    game = f"/games/{table.game_id}"
    seat = next(iter(seats))
    for url, headers in [(game, {}), (f"{game}/state", {}), (f"{game}/state", table.auth(seat)),
                         (f"{game}/events", {}), (f"{game}/legal-commands", table.auth(seat)),
                         (f"{game}/projections/{projection}", {}), (f"{game}/verify", {}), ("/games", {})]:
        answer = client.get(url, headers=headers)
        assert answer.status_code == 200, (url, answer.status_code, answer.get_data(as_text=True)[:300])
    assert client.get(f"{game}/events").json["events"][0]["data"]["options"] == options
    app.extensions["casus_services"].games.forget(table.game_id)  # as after a restart: folded from the log
    assert client.get(f"{game}/state").status_code == 200
