"""The charts page folds a game's log once (gap 1 of issue 24): each event is read at most once
however many turns are charted, a repeat view reads none, and every point equals the projection
``GET projections/{name}?at=N`` gives for its version, undo included (incremental state equals a
full rebuild)."""
from __future__ import annotations

import re

import pytest

from service.config import Config
from service.http.app import create_app
from service.web import charts
from tests.support.api import TINY, create_table
from tests.support.dod3_api import (
    create_dod3_table,
    finish_turn,
    legal,
    pass_every_option,
    play,
    roll_weather,
    turn,
)

BROWSER = {"Accept": "text/html"}


@pytest.fixture
def client(tmp_path):
    return create_app(Config(database=str(tmp_path / "charts.db"), extra_rulesets=(TINY,))).test_client()


def _counting_reads(client, monkeypatch) -> list[int]:
    """The number of events each read of the store returns, from now on."""
    store = client.application.extensions["casus_services"].games.store
    read = store.read
    returned: list[int] = []

    def counting(game_id, *args, **kwargs):
        found = read(game_id, *args, **kwargs)
        returned.append(len(found))
        return found

    monkeypatch.setattr(store, "read", counting)
    return returned


def _table_rows(html: str, title: str) -> list[list[str]]:
    """The rows (when, version, a value per power) of a chart's table."""
    table = html.split(f"{title}: the values behind the chart</caption>", 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr><th scope=\"row\">(.*?)</th>(.*?)</tr>", table)
    return [[when, *re.findall(r"<td>(?:<a [^>]*>)?([^<]*)", cells)] for when, cells in rows]


def _initiative(dod3) -> None:
    """Step A: each awaited power sends the example of what it is offered (bids, moving down)."""
    for _ in range(40):
        now = turn(dod3)
        if now["step"] != "A":
            return
        awaited = now["awaiting"][0]
        spec = next(c for c in legal(dod3, awaited["seat"]) if c["power"] == awaited["power"])
        play(dod3, awaited["seat"], spec["type"], spec["example"]["data"])
    raise AssertionError("the initiative step did not end")


def _three_turns_with_an_undo(client):
    dod3 = create_dod3_table(client)
    roll_weather(dod3)
    play(dod3, "moderator", "RequestUndo", {"to_version": 1})  # the moderator's undo reverts at once
    for _ in range(3):
        _initiative(dod3)
        roll_weather(dod3)
        pass_every_option(dod3)
        finish_turn(dod3, {"GE": 1})
    _initiative(dod3)
    roll_weather(dod3)
    return dod3


def test_charts_read_each_event_once_and_a_repeat_view_none(client, monkeypatch):
    dod3 = _three_turns_with_an_undo(client)
    returned = _counting_reads(client, monkeypatch)
    html = client.get(f"/table/games/{dod3.game_id}/charts", headers=BROWSER).get_data(as_text=True)
    assert "<polyline" in html
    # Each event once, and the undo's rewind to version 1 reads GameCreated again (twice: the rules, the fold).
    assert sum(returned) <= dod3.version() + 2, returned
    returned.clear()
    client.get(f"/table/games/{dod3.game_id}/charts", headers=BROWSER)
    assert sum(returned) == 0, returned
    roll_weather_again = dod3.version()
    pass_every_option(dod3)
    returned.clear()
    client.get(f"/table/games/{dod3.game_id}/charts", headers=BROWSER)
    assert sum(returned) == dod3.version() - roll_weather_again, returned


def test_every_point_is_the_projection_at_its_version(client):
    dod3 = _three_turns_with_an_undo(client)
    html = client.get(f"/table/games/{dod3.game_id}/charts", headers=BROWSER).get_data(as_text=True)
    rows = _table_rows(html, "Money (savings)")
    assert len(rows) == 4  # three turn ends and now
    assert int(rows[-1][1]) == dod3.version()
    powers = re.findall(r"<th scope=\"col\">([A-Z]{2})</th>", html.split("Money (savings): the values", 1)[1].split("</thead>", 1)[0])
    for when, version, *values in rows:
        money = dod3.projection("money", None, at=int(version))
        assert values == [f"{money[p]['savings']:g}" if money[p]["savings"] is not None else "hidden"
                          for p in powers], (when, version)
        label = dod3.projection("turn", None, at=int(version))["label"]
        assert when == label


def test_a_game_without_turns_is_charted_on_a_grid_of_versions(client, monkeypatch):
    monkeypatch.setattr(charts, "MAX_POINTS", 5)
    spec = {"charts": [{"title": "Points", "projection": "totals", "field": "points"}]}
    monkeypatch.setitem(charts.specs(), "tiny", spec)
    table = create_table(client)
    for amount in range(1, 13):
        table.send("north", "AddPoints", power="N", amount=amount)
    games = client.application.extensions["casus_services"].games
    walk = charts.walk_to_now(games, table.game_id, games.rules(table.game_id), spec)
    points = charts.sample(walk)
    step = charts.grid_step(13)
    assert [v for v, _ in points] == [1, *range(step, 13, step), 13]
    for version, (label, built) in points:
        assert built["totals"] == table.projection("totals", None, at=version) and label == f"v{version}"


def test_every_charted_projection_is_its_rulesets():
    from domain import registry
    for ruleset_id, spec in charts.specs().items():
        ruleset = registry.get(ruleset_id)
        assert ruleset is not None, ruleset_id
        for chart in spec["charts"]:
            assert ruleset.projection(chart["projection"]) is not None, (ruleset_id, chart)


def test_the_global_game_charts_income_and_each_treasury(client):
    """Issue 25 item 9 on the table: a whole Global game charts its income and its treasuries (the
    UK's two among them); a battles-only Global game has nothing to chart."""
    created = client.post("/games", json={"ruleset": "aa-global1940", "preset": "one-per-power",
                                          "options": {"mode": "game"}}).json
    html = client.get(f"/table/games/{created['game_id']}/charts", headers=BROWSER).get_data(as_text=True)
    for title in ("Income (IPCs collected)", "Treasury (IPCs)"):
        assert f">{title}</h2>" in html
    treasury = _table_rows(html, "Treasury (IPCs)")[-1]
    economy = client.get(f"/games/{created['game_id']}/projections/economy").json["data"]
    assert sorted(treasury[2:], key=float) == sorted((f"{v:g}" for v in economy["treasury"].values()), key=float)
    assert "UK Pacific" in html.split("Treasury (IPCs): the values", 1)[1]
    battles_only = client.post("/games", json={"ruleset": "aa-global1940", "preset": "one-per-power",
                                               "options": {"mode": "battles"}}).json
    html = client.get(f"/table/games/{battles_only['game_id']}/charts", headers=BROWSER).get_data(as_text=True)
    assert "This ruleset has no charted projections yet." in html


def test_axis_and_allies_income_and_victory_cities_are_charted(client):
    created = client.post("/games", json={"ruleset": "aa-revised-phase-one", "preset": "one-per-power",
                                          "options": {"mode": "game"}}).json
    html = client.get(f"/table/games/{created['game_id']}/charts", headers=BROWSER).get_data(as_text=True)
    for title in ("Income (IPCs collected)", "Treasury (IPCs)", "Victory cities (VCPs held)",
                  "Victory cities (VCPs per side)"):
        assert f">{title}</h2>" in html
    economy = client.get(f"/games/{created['game_id']}/projections/economy").json["data"]
    treasury = _table_rows(html, "Treasury (IPCs)")[-1]
    powers = re.findall(r"<th scope=\"col\">(\w+)</th>",
                        html.split("Treasury (IPCs): the values", 1)[1].split("</thead>", 1)[0])[2:]
    assert treasury[0] == "Round 1, Russia" and treasury[2:] == [f"{economy['treasury'][p]:g}" for p in powers]
    cities = client.get(f"/games/{created['game_id']}/projections/victory-cities").json["data"]["cities"]
    held = _table_rows(html, "Victory cities (VCPs held)")[-1]
    powers = re.findall(r"<th scope=\"col\">(\w+)</th>",
                        html.split("Victory cities (VCPs held): the values", 1)[1].split("</thead>", 1)[0])[2:]
    assert held[2:] == [f"{sum(c['vcp'] for c in cities if c['holder'] == p):g}" for p in powers]
    battles_only = client.post("/games", json={"ruleset": "aa-revised-phase-one", "preset": "one-per-power",
                                               "options": {"mode": "battles"}}).json
    html = client.get(f"/table/games/{battles_only['game_id']}/charts", headers=BROWSER).get_data(as_text=True)
    assert "This ruleset has no charted projections yet." in html
