"""The golden Days of Decision III games (tests/golden/make_golden.py), driven as their players
drive them: each step from what /legal-commands offers and what the projections show, since the
dice are the server's."""
from __future__ import annotations

import copy
import tempfile
from importlib import resources
from pathlib import Path

import yaml

from golden_client import MODERATOR, Game, cli


def dod3_turn(game: Game) -> dict:
    return game.projection("turn")


def dod3_weather(game: Game) -> dict:
    """Step B: the first power on the track rolls the weather (an audited d10)."""
    (awaited,) = dod3_turn(game)["awaiting"]
    return game.command(awaited["seat"], "RollWeather")


def dod3_activation(game: Game, seat: str, spec: dict, move: bool) -> dict | None:
    """ActivateMinor from the spec /legal-commands offers: every modifier in the offered order;
    with ``move`` a negative modifier moves the minor one hex away (the cheapest reachable hex),
    falling back to no move when the server refuses that path."""
    choices = spec["choices"]
    plain = [{"nationality": m["nationality"], "path": []} for m in choices["modifiers"]]
    if move:
        for index, modifier in enumerate(choices["modifiers"]):
            if modifier["value"] < 0 and modifier["reachable"]:
                cheapest = min(modifier["reachable"].items(), key=lambda kv: (kv[1], kv[0]))[0]
                moves = copy.deepcopy(plain)
                moves[index]["path"] = [cheapest]
                done = game.attempt(seat, "ActivateMinor", power=spec["power"], minor=choices["minor"], moves=moves)
                if done is not None:
                    return done
    return game.attempt(seat, "ActivateMinor", power=spec["power"], minor=choices["minor"], moves=plain)


def dod3_political_affairs(game: Game, plan: dict[str, list[tuple[str, str | None]]],
                           prefer_minors: tuple[str, ...] = ()) -> None:
    """Step C: the awaited power plays the next option of its plan that /legal-commands offers
    (and activates a minor when it must), else passes; until the step ends (every option played
    or passed, or an end roll of 1 or less, rule 8.6)."""
    plan = {power: list(options) for power, options in plan.items()}
    for _ in range(80):
        now = dod3_turn(game)
        if now["step"] != "C":
            return
        (awaited,) = now["awaiting"]
        power, seat = awaited["power"], awaited["seat"]
        offers = [c for c in game.legal(seat) if c["power"] == power]
        activations = [c for c in offers if c["type"] == "ActivateMinor"]
        if activations:
            activations.sort(key=lambda c: (c["choices"]["minor"] not in prefer_minors, c["choices"]["minor"]))
            if not any(dod3_activation(game, seat, spec, move=True) for spec in activations):
                raise RuntimeError(f"{power} could not activate any offered minor: {activations}")
            continue
        played = False
        while plan.get(power) and not played:
            option, target = plan[power].pop(0)
            spec = next((c for c in offers if c["type"] == "PlayOption" and c["choices"].get("option") == option), None)
            if spec is None:
                continue
            targets = spec["choices"].get("target")
            if target is not None and (not isinstance(targets, list) or target not in targets):
                continue
            data = {"power": power, "option": option, **({"target": target} if target is not None else {})}
            played = game.attempt(seat, "PlayOption", **data) is not None
        if not played:
            game.command(seat, "PassOption", power=power)
    raise RuntimeError("political affairs did not end")


def dod3_military_affairs(game: Game, turn: int) -> None:
    """Step E, recorded by the moderator: military points, search and seizure, a war and a capture."""
    game.command(MODERATOR, "RecordMilitaryPoints", force="GE", army_change=1, naval_change=0, note=f"turn {turn}")
    game.command(MODERATOR, "RecordMilitaryPoints", force="CW", army_change=0, naval_change=1, note="Home Fleet")
    if turn == 1:
        game.command(MODERATOR, "RecordSearchAndSeizure", by="CW", note="North Sea")
    if turn == 2:
        game.command(MODERATOR, "RecordWarStatus", belligerent="JA", enemy="CH", at_war=True)
        game.command(MODERATOR, "RecordCapture", territory="Netherlands", captor="GE")
    game.command(MODERATOR, "EndMilitaryAffairs")


def dod3_production(game: Game, wishes: dict[str, list[tuple]]) -> None:
    """Step F: each awaited power buys what its wishes name and /legal-commands lets it afford
    ((kind, amount) or (kind, amount, recipient)), then ends production."""
    now = dod3_turn(game)
    assert now["step"] == "F", now
    for awaited in now["awaiting"]:
        power, seat = awaited["power"], awaited["seat"]
        for wish in wishes.get(power, []):
            kind, amount, recipient = (*wish, None)[:3]
            spec = next((c for c in game.offered(seat, "BuyPoints", power) if c["choices"]["kind"] == kind
                         and c["choices"].get("recipient") == recipient), None)
            if spec is not None and spec["choices"]["max_amount"] >= amount:
                extra = {} if recipient is None else {"recipient": recipient}
                game.command(seat, "BuyPoints", power=power, kind=kind, amount=amount, **extra)
        game.command(seat, "EndProduction", power=power)


def dod3_bids(game: Game, bids: dict[str, tuple[int, int]], leave_out: tuple[str, ...] = ()) -> None:
    """Step A: every power offered SubmitBid bids (points, options) from its plan (else no bid),
    except ``leave_out`` (their bids stay outstanding: the others stay sealed)."""
    for seat in game.seats:
        for spec in game.offered(seat, "SubmitBid"):
            power = spec["power"]
            if power in leave_out:
                continue
            points, options = bids.get(power, (0, 1))
            points = min(points, spec["choices"]["points"]["max"])
            data = {"power": power, "points": points, **({"options": options} if points else {})}
            game.command(seat, "SubmitBid", **data)


def dod3_democrat_moves(game: Game, move_down: dict[str, int]) -> None:
    """Rule 6.5: each Democrat in the queue moves down by the places given, or keeps its place."""
    for _ in range(8):
        if dod3_turn(game)["phase"] != "democrat_moves":
            return
        power = game.projection("initiative-track")["democrat_queue"][0]
        seat = game.holder(power)
        spec = next(iter(game.offered(seat, "MoveDownInitiative", power)), None)
        places = move_down.get(power, 0)
        if spec is not None and places:
            positions = spec["choices"]["position"]
            game.command(seat, "MoveDownInitiative", power=power, position=positions[min(places, len(positions)) - 1])
        else:
            game.command(seat, "KeepInitiativePosition", power=power)
    raise RuntimeError("the Democrats' moves did not end")


TURN1_OPTIONS = {  # every power one option, in set-up order (rule 5 step C on turn 1)
    "GE": [("IPO 19", "FR")],  # Embargo on France, then an activation
    "IT": [("IPO 12", "Yugoslavia")],  # Guarantee
    "CW": [("CW 3", "FR")],  # a treaty with France, waiting for France's approval
    "FR": [("FR 0(f)", "CW")],  # France approves the Commonwealth's treaty
    "RU": [("IPO 15", "US")],  # Reveal Political Effectiveness
}
TURN2_OPTIONS = {
    "GE": [("GE 4", "Czechoslovakia"), ("IPO 12", "Austria")],  # war on a minor, then a guarantee
    "RU": [("IPO 12", "Finland")],
    "CW": [("IPO 12", "Belgium")],
}


def play_dod3(game: Game, turns: int = 2) -> None:
    """Preset "3" (player1 GE/JA/IT, player2 CW/FR/CH/US, player3 CC/RU). Turn 1: weather,
    options played and minors activated (audited end rolls), military affairs, production with an
    immediate undo of a purchase, conquest. Turn 2: sealed bids revealed by the last bid,
    Democrats moving down, the weather rolled, undone with the other seats' approval and rolled
    again, options, military affairs with an undo that is declined, production, conquest. Turn 3
    opens with some bids in (still sealed from the other seats); the moderator reveals the seed."""
    p1, p2, p3 = "player1", "player2", "player3"
    # -- turn 1
    dod3_weather(game)
    dod3_political_affairs(game, TURN1_OPTIONS, prefer_minors=("Belgium", "Poland", "Czechoslovakia"))
    dod3_military_affairs(game, 1)
    before = game.version()
    game.command(p1, "BuyPoints", power="GE", kind="army_points", amount=2)
    requested = game.undo(p1, before)  # own move, no dice: undone at once
    assert requested["approvers"] == [], requested
    dod3_production(game, {"GE": [("bid_points", 4)], "CW": [("bid_points", 6), ("naval_points", 1)],
                           "RU": [("bid_points", 2), ("army_points", 1, "CC")], "FR": [("army_points", 1)],
                           "IT": [("bid_points", 1)], "US": [("bid_points", 3)]})
    game.command(MODERATOR, "EndConquest")
    if turns < 2:
        return
    # -- turn 2
    assert dod3_turn(game)["number"] == 2
    dod3_bids(game, {"GE": (5, 2), "CW": (4, 1), "RU": (2, 1), "US": (1, 1)})
    dod3_democrat_moves(game, {"FR": 1, "US": 0, "CH": 1})
    before = game.version()
    dod3_weather(game)
    roller = game.events()[-1]["actor"]
    requested = game.undo(roller, before)  # a die was rolled: every other seat approves
    assert sorted(requested["approvers"]) == sorted(s for s in game.seats if s != roller), requested
    dod3_weather(game)
    dod3_political_affairs(game, TURN2_OPTIONS, prefer_minors=("Austria", "Belgium"))
    before = game.version()
    game.command(MODERATOR, "RecordMilitaryPoints", force="RU", army_change=2, naval_change=0, note="Far East")
    asked = game.command(p3, "RequestUndo", to_version=before)  # the moderator's record: all must agree
    assert next(e for e in asked["events"] if e["type"] == "UndoRequested")["data"]["approvers"]
    game.command(p2, "DeclineUndo")
    dod3_military_affairs(game, 2)
    dod3_production(game, {"GE": [("bid_points", 2), ("naval_points", 1)], "CW": [("bid_points", 3)],
                           "RU": [("bid_points", 1)], "JA": [("army_points", 1)], "CH": [("bid_points", 1)]})
    game.command(MODERATOR, "RecordCapture", territory="Netherlands", captor=None)
    game.command(MODERATOR, "EndConquest")
    # -- turn 3: bids in from player1 and player2, sealed; the Soviet bid is outstanding
    assert dod3_turn(game)["number"] == 3
    dod3_bids(game, {"GE": (3, 1), "IT": (1, 1), "CW": (2, 2), "FR": (1, 1)}, leave_out=("RU",))
    game.command(MODERATOR, "RevealDiceSeed")


def play_dod3_custom_pack(game: Game) -> None:
    """The same opening with a group's own pack (Germany's money and income changed): one turn."""
    play_dod3(game, turns=1)
    dod3_bids(game, {"GE": (6, 3), "CW": (2, 1)})
    dod3_democrat_moves(game, {})
    dod3_weather(game)
    game.command(MODERATOR, "RevealDiceSeed")


def dod3_custom_pack() -> dict:
    """The shipped DoD III pack with two values changed, checked with ``casus data validate``."""
    pack = yaml.safe_load(resources.files("domain.dod3.data").joinpath("default.yaml").read_text())
    pack["pack"] = "golden-house-pack"
    pack["powers"]["GE"]["money"] = {"value": 23}
    pack["powers"]["GE"]["base_income"] = {"value": 9}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pack.yaml"
        path.write_text(yaml.safe_dump(pack), encoding="utf-8")
        code, out, err = cli(["data", "validate", str(path), "--ruleset", "dod3"])
        if code != 0:
            raise RuntimeError(f"the custom pack is not valid: {out}{err}")
    return pack
