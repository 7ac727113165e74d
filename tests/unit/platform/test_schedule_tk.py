"""CORE-deadline with Totaler Krieg!: the ruleset declares explicitly that it has no timed step
(chapter 13 has no turn sequence; no seat ever owes an order), so SetSchedule is refused with
that reason, as a problem+json 422 that changes nothing; and the premise is checked on random
play: the game never names a seat it waits for.

CORE-deadline: "Deadlines, reminders, pauses and missed-order policies are events; a passed
deadline applies its policy once, as a logged system command."""
import random

import pytest

from domain.kernel import RuleViolation
from domain.totaler_krieg.deadlines import REASON
from service.http.app import create_app
from service.config import Config
from tests.support.api import MODERATOR, PROBLEM_JSON, Table
from tests.support.random_play import RandomGame, drawing
from tests.unit.platform.test_schedule_aa import scheduled_game

pytestmark = pytest.mark.rule("CORE-deadline")


def test_set_schedule_is_refused_naming_why_there_is_nothing_to_time(tmp_path):
    """Given a Totaler Krieg! game, when the moderator sets a schedule (defaults, or hours for a
    step kind), then it is refused under CORE-deadline with the reason (no turn sequence in
    chapter 13: nothing a seat owes), and the log is unchanged."""
    game = scheduled_game(tmp_path / "tk.db", "totaler-krieg", "three-player")
    version = game.service.store.version(game.id)
    for data in ({}, {"hours": {"policy": 24}}):
        with pytest.raises(RuleViolation) as refused:
            game.play("moderator", "SetSchedule", **data)
        assert refused.value.rule_id == "CORE-deadline"
        assert "no turn sequence" in str(refused.value) and REASON in str(refused.value)
    assert game.service.store.version(game.id) == version and game.state.schedule is None
    assert game.later(24 * 365) == 0


def test_over_http_the_refusal_is_a_problem_json_422_and_changes_nothing(tmp_path):
    """Given a Totaler Krieg! game over HTTP, when the moderator posts SetSchedule, then the
    answer is problem+json 422 CORE-deadline whose detail gives the reason; the version stays."""
    client = create_app(Config(database=str(tmp_path / "api.db"))).test_client()
    body = client.post("/games", json={"ruleset": "totaler-krieg", "preset": "three-player"}).json
    table = Table(client, body["game_id"], body["tokens"], body["moderator_token"])
    version = table.version()
    response = table.command(MODERATOR, "SetSchedule", {"reminders": [12]})
    assert response.status_code == 422 and response.content_type == PROBLEM_JSON
    assert response.json["rule_id"] == "CORE-deadline" and "no turn sequence" in response.json["detail"]
    assert table.version() == version


@pytest.mark.timeout(120)
@pytest.mark.parametrize("seed", [0, 1])
def test_the_game_never_waits_for_a_seat(seed):
    """The premise of the declaration: given random play of Totaler Krieg! (bodies taken from
    legal commands), then at no point does any seat's view name a turn or seats it waits for,
    so a seat never owes an order a deadline could time (if a turn sequence is added, this
    fails and the ruleset must declare its timed steps)."""
    game = RandomGame("totaler-krieg", "three-player", dice_seed=seed)
    draw = drawing(random.Random(seed))
    seen = 0
    for _ in range(25):  # bounded walk
        for seat in game.seats:
            view = game.decider.view(game.state, seat)
            assert "turn" not in view and "awaiting" not in view and "phase" not in view
        if not game.step(draw):
            break
        seen += 1
    assert seen > 0 and game.events  # the walk did play
