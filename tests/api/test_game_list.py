"""GET /games shows each listed game's ruleset, creation time, seats and whose move it is; a game
created unlisted is shown only to a reader holding one of its tokens (it stays readable by id)."""
from datetime import datetime

from tests.support.api import assert_problem, create_table


def _listed(client, token=None) -> dict[str, dict]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = client.get("/games?limit=1000", headers=headers)
    assert response.status_code == 200
    return {game["game_id"]: game for game in response.json["games"]}


def test_each_listed_game_shows_ruleset_created_time_seats_and_whose_move(client):
    table = create_table(client)
    dod3 = client.post("/games", json={"ruleset": "dod3", "preset": "3"}).json
    games = _listed(client)
    tiny = games[table.game_id]
    assert (tiny["ruleset"], tiny["seats"], tiny["awaiting"], tiny["visibility"], tiny["version"]) == \
        ("tiny", {"north": ["N"], "south": ["S"]}, ["north", "south"], "listed", 1)
    assert datetime.fromisoformat(tiny["created_at"]).tzinfo is not None
    # Turn 1 of DoD III opens with the weather, rolled by the first power on the track (GE, player1).
    assert games[dod3["game_id"]]["awaiting"] == ["player1"]


def test_an_unlisted_game_is_shown_only_to_its_own_tokens(client):
    other = create_table(client)
    created = client.post("/games", json={"ruleset": "tiny", "seats": {"north": ["N"]}, "visibility": "unlisted"})
    assert created.status_code == 201
    hidden = created.json
    assert hidden["game_id"] not in _listed(client)
    assert hidden["game_id"] not in _listed(client, other.tokens["north"])
    assert hidden["game_id"] in _listed(client, hidden["tokens"]["north"])
    assert hidden["game_id"] in _listed(client, hidden["moderator_token"])
    assert other.game_id in _listed(client, hidden["tokens"]["north"])  # listed games stay listed
    summary = client.get(f"/games/{hidden['game_id']}").json  # unlisted, not secret: readable by id
    assert summary["visibility"] == "unlisted"


def test_pages_fill_up_past_unlisted_games(client):
    listed = [create_table(client).game_id for _ in range(3)]
    for _ in range(3):
        client.post("/games", json={"ruleset": "tiny", "seats": {"north": ["N"]}, "visibility": "unlisted"})
    seen, url = [], "/games?limit=2"
    for _ in range(10):  # bounded: 3 listed games in pages of 2
        page = client.get(url).json
        seen += [game["game_id"] for game in page["games"]]
        if page["next"] is None:
            break
        url = page["next"]
    assert sorted(seen) == sorted(listed)


def test_a_bad_visibility_is_refused_and_creates_nothing(client):
    before = _listed(client)
    response = client.post("/games", json={"ruleset": "tiny", "seats": {"north": ["N"]}, "visibility": "secret"})
    body = assert_problem(response, 422, "validation-error")
    assert "visibility" in body["errors"]
    assert _listed(client) == before
