"""GET /games/{id}/battles/{battle_id}/odds (issue 23 item 6): the exact odds of a pending battle, one
request away, computed by the battle engine with the reader's own standing orders of losses and
the other side's default order; another seat's sealed orders never change the answer. Checked
against POST /combat/odds of the same forces and orders."""
from __future__ import annotations

from fractions import Fraction

import pytest

from service.config import Config
from service.http.app import create_app
from service.http.battle_odds import battle_odds
from tests.golden.golden_client import Game

RULESET = "aa-revised-phase-one"
KARELIA, WEST_RUSSIA = "Karelia S.S.R.", "West Russia"
RUSSIA_ORDER = ["armour", "infantry"]  # the attacker's standing order: armour first
GERMAN_ORDERS = (["armour", "artillery"], ["infantry"])  # two sealed orders of the defender
OUTCOMES = ("attacker_wins", "defender_wins", "mutual_destruction")


@pytest.fixture
def app(tmp_path):
    app = create_app(Config(database=str(tmp_path / "odds.db")))
    if "battle_odds" not in app.blueprints:  # until service/http/app.py registers it
        app.extensions["flask-smorest"]["apis"][""]["ext_obj"].register_blueprint(battle_odds)
    return app


def new_game(app, preset: str = "one-per-power", options: dict | None = None) -> Game:
    services = app.extensions["casus_services"]
    return Game.create(app.test_client(), services.jobs, RULESET, preset, options)


def attacking(app) -> tuple[Game, str]:
    """Round 1: Russia, choosing itself in battle, attacks West Russia (3 German infantry, an
    artillery and an armour) with 3 infantry from Karelia and an armour from Archangel; the
    battle waits for Russia before its first round."""
    game = new_game(app)
    game.command("russia", "SetStandingOrders", power="Russia", order_of_losses=RUSSIA_ORDER, interactive=True)
    game.command("russia", "Purchase", power="Russia", units={})
    game.command("russia", "MoveUnits", power="Russia", units={"infantry": 3}, route=[KARELIA, WEST_RUSSIA])
    game.command("russia", "MoveUnits", power="Russia", units={"armour": 1}, route=["Archangel", WEST_RUSSIA])
    game.command("russia", "EndCombatMove", power="Russia")
    battle = game.state()["combat"][0]
    assert (battle["space"], battle["status"], battle["waiting"]) == (WEST_RUSSIA, "waiting", ["Russia"])
    return game, battle["battle_id"]


@pytest.fixture
def attack(app) -> tuple[Game, str]:
    return attacking(app)


def after_round_one(app) -> tuple[Game, str]:
    """The attack pressed on for one round and still waiting for Russia: a new game until the
    dice leave both sides standing (they do about 19 times in 20)."""
    for _ in range(20):
        game, battle_id = attacking(app)
        game.command("russia", "PressAttack", power="Russia", battle_id=battle_id)
        if game.state()["combat"][0]["status"] == "waiting":
            return game, battle_id
    raise AssertionError("20 first rounds in a row ended the battle")


def odds(game: Game, battle_id: str, seat: str | None, **query) -> dict:
    path = f"/battles/{battle_id}/odds" + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")
    response = game.client.get(f"/games/{game.game_id}{path}", headers=game.auth(seat))
    assert response.status_code == 200, response.get_data(as_text=True)
    assert "Authorization" in response.headers.get("Vary", "")
    return response.json


def calculator(game: Game, attacker: dict, defender: dict, attacker_order=(), defender_order=()) -> dict:
    """POST /combat/odds of the same battle, exact."""
    body = {"ruleset": RULESET, "attacker": attacker, "defender": defender, "exact": True,
            "options": {"attacker_order": list(attacker_order), "defender_order": list(defender_order)}}
    response = game.client.post("/combat/odds", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.json["result"]


def outcomes(result: dict) -> dict:
    return {name: Fraction(result[name]) for name in OUTCOMES}


ATTACKERS = {"infantry": 3, "armour": 1}
DEFENDERS = {"infantry": 3, "artillery": 1, "armour": 1}


def test_a_seat_reads_the_odds_with_its_own_standing_orders_and_the_others_default(attack):
    """AAR-casualties: each seat's sealed standing order of losses decides its casualties. The
    attacking seat reads the pending battle's exact odds with its own order (armour first) and the
    defender's default: exactly what the battle calculator answers for that battle."""
    game, battle_id = attack

    read = odds(game, battle_id, "russia", exact="true")

    assert (read["space"], read["round"], read["status"], read["units"]) == (WEST_RUSSIA, 0, "waiting", 9)
    assert read["attacker"] == {"power": "Russia", "order_of_losses": RUSSIA_ORDER, "submerge": False,
                                "orders": "own standing orders"}
    assert read["defender"] == {"power": "Germany", "order_of_losses": [], "submerge": False, "orders": "default"}
    assert read["result"] == calculator(game, ATTACKERS, DEFENDERS, attacker_order=RUSSIA_ORDER)
    assert sum(outcomes(read["result"]).values()) == 1


def test_another_seats_sealed_orders_never_change_the_answer(attack):
    """Standing orders are sealed to their seat: whatever order Germany keeps, Russia's answer is the
    same bytes and names none of it; Germany's own answer follows its order, and the moderator,
    who reads both seats' orders, gets the odds with both."""
    game, battle_id = attack
    russia, germany, moderator = [], [], []
    for order in GERMAN_ORDERS:
        game.command("germany", "SetStandingOrders", power="Germany", order_of_losses=order)
        russia.append(odds(game, battle_id, "russia", exact="true"))
        germany.append(odds(game, battle_id, "germany", exact="true"))
        moderator.append(odds(game, battle_id, "moderator", exact="true"))

    assert russia[0]["version"] < russia[1]["version"]  # Germany's orders changed in between
    assert [{**r, "version": 0} for r in russia] == [{**russia[0], "version": 0}] * 2
    assert russia[0]["defender"]["order_of_losses"] == []
    for order, mine, both in zip(GERMAN_ORDERS, germany, moderator):
        assert mine["defender"] == {"power": "Germany", "order_of_losses": order, "submerge": False,
                                    "orders": "own standing orders"}
        assert mine["attacker"]["order_of_losses"] == [] and mine["attacker"]["orders"] == "default"
        assert mine["result"] == calculator(game, ATTACKERS, DEFENDERS, defender_order=order)
        assert both["result"] == calculator(game, ATTACKERS, DEFENDERS, RUSSIA_ORDER, order)
    assert germany[0]["result"] != germany[1]["result"]  # the order matters: it is the seat's own
    spectator = odds(game, battle_id, None, exact="true")
    assert spectator["result"] == calculator(game, ATTACKERS, DEFENDERS)


def test_after_a_round_the_odds_go_on_from_the_units_left(app):
    """AAR-battle: between rounds, the odds are those of the battle as it stands: the units left
    after round 1 fight on (a plain land battle: the same as a new battle of those units)."""
    game, battle_id = after_round_one(app)
    fought = next(e["data"] for e in game.events() if e["type"] == "BattleRoundFought")
    left = {side: {u["unit"]: u["count"] for u in fought[f"{side}_remaining"]} for side in ("attacker", "defender")}

    read = odds(game, battle_id, "russia", exact="true")

    assert read["round"] == 1 and read["units"] == sum(left["attacker"].values()) + sum(left["defender"].values())
    fresh = calculator(game, left["attacker"], left["defender"], attacker_order=RUSSIA_ORDER)
    assert outcomes(read["result"]) == outcomes(fresh)
    assert read["result"]["attacker_survivors"] == fresh["attacker_survivors"]


def test_a_battle_not_pending_has_no_odds(attack):
    """Unknown battles are 404; a battle that is over is refused naming AAR-battle."""
    game, battle_id = attack
    missing = game.client.get(f"/games/{game.game_id}/battles/r9-Russia-9/odds", headers=game.auth("russia"))
    assert missing.status_code == 404

    while game.state()["combat"][0]["status"] == "waiting":  # Russia presses on to the end
        game.command("russia", "PressAttack", power="Russia", battle_id=battle_id)
    over = game.client.get(f"/games/{game.game_id}/battles/{battle_id}/odds", headers=game.auth("russia"))
    assert over.status_code == 422 and over.json["rule_id"] == "AAR-battle", over.json


def test_a_declared_battle_of_a_battles_only_game_and_a_large_one_as_a_job(app):
    """A battles-only game: a battle the attacker declared waits for the defender's confirmation;
    its odds are the declared forces' (orders are the request's, public). A battle larger than
    POST /combat/odds answers at once is a combat job (202), whose result is the same answer."""
    game = new_game(app, "one-per-power", {"mode": "battles"})
    small = {"kind": "land", "attacker": {"infantry": 3, "armour": 1}, "defender": {"infantry": 2}}
    large = {"kind": "land", "attacker": {"infantry": 20, "armour": 6}, "defender": {"infantry": 12}}
    game.command("germany", "ResolveBattle", battle_id="k1", territory=KARELIA, attacker="Germany",
                 defender="Russia", forces=small)
    game.command("germany", "ResolveBattle", battle_id="k2", territory=KARELIA, attacker="Germany",
                 defender="Russia", forces=large)

    read = odds(game, "k1", "russia", exact="true")
    assert (read["status"], read["attacker"]["orders"], read["defender"]["orders"]) == (
        "awaiting_defence", "as requested", "as requested")
    assert read["result"] == calculator(game, small["attacker"], small["defender"])

    response = game.client.get(f"/games/{game.game_id}/battles/k2/odds", headers=game.auth("germany"))
    assert response.status_code == 202, response.get_data(as_text=True)
    game.jobs.wait(120)
    job = game.client.get(response.headers["Location"]).json
    assert job["status"] == "finished", job
    assert job["result"]["units"] == 38 and job["result"]["battle_id"] == "k2"
    assert abs(job["result"]["result"]["attacker_wins"] - 1) < 1e-3
    refused = game.client.get(f"/games/{game.game_id}/battles/k2/odds?exact=true", headers=game.auth("germany"))
    assert refused.status_code == 422 and "exact" in refused.json["errors"]
