"""Secrets under attack (issue 11): what a hostile client tries to read and must not."""
import pytest

from tests.support.api import assert_problem

SECRET = 555444333


@pytest.mark.rule("CORE-seal")
@pytest.mark.parametrize("name", ["spectator", "moderator", "system"])
def test_no_seat_may_take_the_anonymous_readers_name(client, name):
    """CORE-seal: "A sealed value is visible only to its seats": a seat named like the anonymous
    reader would make its sealed values everyone's."""
    response = client.post("/games", json={"ruleset": "tiny", "seats": {name: ["N"], "south": ["S"]}})
    problem = assert_problem(response, 422, "validation-error")
    assert "reserved" in str(problem)


@pytest.mark.rule("CORE-seal")
def test_an_undo_past_a_reveal_does_not_unseal_the_next_sealed_value(table):
    """CORE-seal: "a seal is unique for the life of the log, and an undo never unseals anything".
    North seals, the moderator reveals, the moderator undoes to version 1, north seals again: the
    new value must stay hidden from everyone else."""
    table.send("north", "SealValue", power="N", value=111)
    table.send("moderator", "RevealValues")
    table.send("moderator", "RequestUndo", to_version=1)
    table.send("north", "SealValue", power="N", value=SECRET)
    client, game = table.client, table.game_id
    for seat in (None, "south"):
        headers = table.auth(seat)
        texts = [client.get(f"/games/{game}/{path}", headers=headers).get_data(as_text=True)
                 for path in ("events?limit=100", "state")]
        texts.append(client.get(f"/games/{game}/events?follow=false", headers={**headers, "Accept": "text/event-stream"})
                     .get_data(as_text=True))
        assert all(str(SECRET) not in text for text in texts), seat
        assert "111" in texts[0]  # what was revealed before the undo stays revealed
    assert str(SECRET) in client.get(f"/games/{game}/events?limit=100", headers=table.auth("north")).get_data(as_text=True)


@pytest.mark.rule("CORE-dice")
def test_an_early_seed_reveal_commits_a_fresh_seed_so_later_rolls_stay_unknown(table):
    """CORE-dice: "the seed is revealed at the end or early by the moderator, and an early reveal
    commits a fresh seed for later rolls"."""
    from events import dice

    table.send("north", "RollDie", power="N", sides=20)
    revealed = table.send("moderator", "RevealDiceSeed")["events"][0]["data"]
    first_seed = bytes.fromhex(revealed["seed"])
    assert len(revealed["next_commitment"]) == 64
    predicted, rolled = [], []
    for _ in range(20):
        version = table.version() + 1
        predicted.append(dice.derive(first_seed, table.game_id, version, 0, 20))
        event = table.send("north", "RollDie", power="N", sides=20)["events"][0]
        rolled.append(event["data"]["rolls"][0]["value"])
    assert predicted != rolled  # 20 d20 rolls agreeing by chance: 1 in 20**20
    report = table.client.get(f"/games/{table.game_id}/verify").json
    assert report["ok"] and report["dice_verifiable"] and report["dice_checked"] == 21
    state = table.client.get(f"/games/{table.game_id}/state").json
    assert state["dice_commitment"] == revealed["next_commitment"] and state["dice_seed"] == revealed["seed"]
