"""Make the golden logs (issue 10 item 5): real games of every product ruleset, played with
today's code through the HTTP API, exported exactly as ``casus export`` writes them, with what
every reader reads of each game at its end. tests/golden/test_golden.py imports every log on
every CI run and compares; a change that breaks an old game fails it.

Run by hand, as a script from the repository root (not by pytest; it imports its siblings
golden_client, golden_dod3 and golden_games, which hold the games' moves):

    python tests/golden/make_golden.py                 # every game that has no golden file yet
    python tests/golden/make_golden.py --only dod3     # one game
    python tests/golden/make_golden.py --out /tmp/x    # somewhere else (a dry run)

For each game NAME it writes NAME.jsonl (one ``Envelope.to_dict()`` per line: the CLI's own
``export``) and NAME.expected.json: the final version and last hash, the ``casus verify`` report,
what the log holds (commands, undos, dice, the seed reveal, battles, the pack) and, for every
reader (anonymous, each seat, the moderator), every projection (JSON: its ``data``; drawn: the
sha256 of the body) and the ``state`` of GET /games/{id}/state.

Golden files are never edited: the script refuses to write a file that exists. A new event
schema, ruleset or pack is covered by a new game under a new name (add it to GAMES).

The dice are the server's (commit-reveal, from a fresh secret seed), so each game is driven as
its players would drive it: from what /legal-commands offers and what the projections show, not
from a fixed list of rolls. Only the HTTP API and the CLI (``export``, ``verify``,
``data validate``) are used."""
from __future__ import annotations

import argparse
import hashlib
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import orjson

from golden_aa_game import OPTIONS as AA_GAME_OPTIONS, play_aa_revised_game, whole_pack
from golden_aa_global_game import OPTIONS as AAG_GAME_OPTIONS, house_pack as aag_house_pack, play_aa_global1940_game
from golden_client import ANONYMOUS, MODERATOR, Game, cli
from golden_dod3 import dod3_custom_pack, play_dod3, play_dod3_custom_pack
from golden_games import play_aa_global1940, play_aa_revised, play_gathering_storm, play_totaler_krieg
from golden_handover import play_dod3_handover
from golden_newest import (aa_revised_house_pack, dod3_house_pack, forget_cli_services, play_aa_global1940_declared,
                           play_aa_global1940_explored, play_aa_revised_minor_bid,
                           play_aa_revised_declared, play_dod3_deadlines, play_gathering_storm_records,
                           play_totaler_krieg_blank)

HERE = Path(__file__).resolve().parent
FORMAT = 1  # of the expected files; bump only with a new reader of old files
PLATFORM_FIELDS = ("version", "terminal", "dice_commitment", "dice_seed", "pending_undo")  # of GET /state


# ---- the games --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Spec:
    name: str  # the golden file's name
    ruleset: str
    preset: str
    play: Callable[[Game], None]
    options: dict | None = None
    pack: Callable[[], dict] | None = None


GAMES = (
    Spec("dod3", "dod3", "3", play_dod3),
    Spec("dod3-custom-pack", "dod3", "3", play_dod3_custom_pack, pack=dod3_custom_pack),
    Spec("gathering-storm", "gathering-storm", "one-per-power", play_gathering_storm),
    Spec("totaler-krieg", "totaler-krieg", "three-player", play_totaler_krieg, options={"scenario": "1939"}),
    Spec("aa-revised-phase-one", "aa-revised-phase-one", "axis-allies", play_aa_revised),
    Spec("aa-global1940", "aa-global1940", "one-per-power", play_aa_global1940),
    # Issue 22 item 13: the event types the games above do not hold (golden_newest.py).
    Spec("dod3-deadlines", "dod3", "3", play_dod3_deadlines, pack=dod3_house_pack),
    Spec("gathering-storm-records", "gathering-storm", "one-per-power", play_gathering_storm_records),
    Spec("totaler-krieg-blank", "totaler-krieg", "three-player", play_totaler_krieg_blank, options={"scenario": "blank"}),
    Spec("aa-revised-declared", "aa-revised-phase-one", "one-per-power", play_aa_revised_declared,
         pack=aa_revised_house_pack),
    Spec("aa-global1940-declared", "aa-global1940", "one-per-power", play_aa_global1940_declared),
    # Issue 23: three rounds of the whole Revised game (golden_aa_game.py).
    Spec("aa-revised-game", "aa-revised-phase-one", "one-per-power", play_aa_revised_game, options=AA_GAME_OPTIONS,
         pack=whole_pack),
    # Issue 22 item 11: a seat handed over (SeatTokenReissued; golden_handover.py).
    Spec("dod3-handover", "dod3", "3", play_dod3_handover),
    # Issue 25: two rounds of the whole Global 1940 game (golden_aa_global_game.py), then a game
    # explored for the event types those rounds do not write.
    Spec("aa-global1940-game", "aa-global1940", "one-per-power", play_aa_global1940_game, options=AAG_GAME_OPTIONS,
         pack=aag_house_pack),
    # Issue 23: minor victory's bid for the game's length, in the game.
    Spec("aa-revised-minor-bid", "aa-revised-phase-one", "axis-allies", play_aa_revised_minor_bid,
         options={"mode": "game", "victory": "minor"}),
    Spec("aa-global1940-explored", "aa-global1940", "one-per-power", play_aa_global1940_explored,
         options={"mode": "game"}),
)


# ---- what the readers read, and the files ------------------------------------------------------

def readers(game: Game) -> list[str]:
    return [ANONYMOUS, *game.seats, MODERATOR]


def what_readers_read(game: Game) -> dict:
    """Per reader: every projection (JSON data, or the sha256 of a drawn body), the ``state`` of
    GET /state and its platform fields. An item identical to an earlier reader's is written as
    ``{"same_as": reader}`` (what every reader sees is written once)."""
    names = game.get("/projections").json["projections"]
    out: dict[str, dict] = {}
    seen: dict[tuple, dict[bytes, str]] = {}

    def once(reader: str, key: tuple, item: dict) -> dict:
        known = seen.setdefault(key, {})
        body = orjson.dumps(item, option=orjson.OPT_SORT_KEYS)
        if body in known:
            return {"same_as": known[body]}
        known[body] = reader
        return item

    for reader in readers(game):
        projections = {}
        for name in names:
            response = game.get(f"/projections/{name}", reader)
            if response.mimetype == "application/json":
                item = {"media_type": response.mimetype, "data": response.json["data"]}
            else:
                item = {"media_type": response.mimetype, "sha256": hashlib.sha256(response.get_data()).hexdigest()}
            projections[name] = once(reader, ("projection", name), item)
        state = game.get("/state", reader).json
        out[reader] = {"projections": projections, "state": once(reader, ("state",), {"data": state["state"]}),
                       "platform": {k: state[k] for k in PLATFORM_FIELDS}}
    return out


def contents(events: list[dict]) -> dict:
    """What the log holds, for the reader of the golden file (and the test that the set covers
    undo, dice, the seed reveal, battles and a custom pack)."""
    types = [e["type"] for e in events]
    reveal = next((e for e in events if e["type"] == "DiceSeedRevealed"), None)
    commands = {e["command_id"] for e in events if e["command_id"] and e["type"] != "GameCreated"}
    return {
        "events": len(events),
        "commands": len(commands),
        "event_types": {t: types.count(t) for t in sorted(set(types))},
        "undo": {"requested": types.count("UndoRequested"), "approved": types.count("UndoApproved"),
                 "declined": types.count("UndoDeclined"), "reverted": types.count("EventsReverted")},
        "dice_rolls": sum(len(e["data"]["rolls"]) for e in events if e["type"] == "DiceRolled"),
        "seed_revealed": None if reveal is None else (
            "by the game's end" if any(e["command_id"] == reveal["command_id"] and e is not reveal for e in events)
            else f"RevealDiceSeed by the {reveal['actor']}"),
        "battles_fought": sum(1 for e in events if e["type"] == "BattleEnded" and e["actor"] == "system"),
        "custom_pack": events[0]["data"]["pack"] is not None,
    }


def layout(value, depth: int = 0, pretty_depth: int = 4) -> bytes:
    """JSON with sorted keys: objects indented down to ``pretty_depth`` (top, readers, a reader,
    its projections), each deeper value on one line, so the file stays small and readable."""
    if not isinstance(value, dict) or not value or depth >= pretty_depth:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    pad = b"  " * (depth + 1)
    items = [pad + orjson.dumps(key) + b": " + layout(value[key], depth + 1, pretty_depth) for key in sorted(value)]
    return b"{\n" + b",\n".join(items) + b"\n" + b"  " * depth + b"}"


def make(spec: Spec, client, jobs, out: Path, services=None) -> dict:
    game = Game.create(client, jobs, spec.ruleset, spec.preset, spec.options,
                       spec.pack() if spec.pack else None)
    game.services = services
    spec.play(game)
    game.jobs.wait(60)
    log = out / f"{spec.name}.jsonl"
    expected_path = out / f"{spec.name}.expected.json"
    run_store = os.environ["CASUS_DB"]
    with tempfile.TemporaryDirectory() as folder:
        exported = Path(folder) / "export.jsonl"
        os.environ["CASUS_DB"] = game.database or run_store  # a game moved to another store is exported there
        forget_cli_services()
        try:
            code, _, err = cli(["export", game.game_id, "-o", str(exported)])
        finally:
            os.environ["CASUS_DB"] = run_store
            forget_cli_services()
        if code != 0:
            raise RuntimeError(f"casus export failed: {err}")
        code, report, err = cli(["verify", str(exported)])
        if code != 0:
            raise RuntimeError(f"casus verify failed: {report}{err}")
        body = exported.read_bytes()
    events = game.events()
    summary = game.get("").json
    expected = {
        "format": FORMAT,
        "name": spec.name,
        "ruleset": spec.ruleset,
        "game_id": game.game_id,
        "preset": spec.preset,
        "seats": game.seats,
        "version": summary["version"],
        "last_hash": events[-1]["hash"],
        "terminal": summary["terminal"],
        "log_sha256": hashlib.sha256(body).hexdigest(),
        "verify": orjson.loads(report),
        "contents": contents(events),
        "readers": what_readers_read(game),
    }
    assert expected["version"] == len(events) == len(body.splitlines()), "the export is not the whole log"
    with open(log, "xb") as f:  # never overwrite a golden file
        f.write(body)
    with open(expected_path, "xb") as f:
        f.write(layout(expected) + b"\n")
    print(f"{spec.name}: {len(game.log)} commands, {expected['version']} events, "
          f"{len(body) / 1024:.0f} KiB log, {expected_path.stat().st_size / 1024:.0f} KiB expected; "
          f"{expected['contents']['undo']}, {expected['contents']['dice_rolls']} rolls, "
          f"seed revealed {expected['contents']['seed_revealed']}, "
          f"{expected['contents']['battles_fought']} battles, custom pack {expected['contents']['custom_pack']}")
    return expected


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE, help="folder (default: tests/golden)")
    parser.add_argument("--only", action="append", choices=[g.name for g in GAMES])
    args = parser.parse_args(argv)
    chosen = [g for g in GAMES if not args.only or g.name in args.only]
    args.out.mkdir(parents=True, exist_ok=True)
    existing = [p.name for g in chosen for p in (args.out / f"{g.name}.jsonl", args.out / f"{g.name}.expected.json")
                if p.exists()]
    if existing:
        print(f"refusing to overwrite golden files (they are never edited; add a new game instead): "
              f"{', '.join(existing)}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as folder:
        database = str(Path(folder) / "golden.db")
        os.environ.pop("REDIS_URL", None)
        os.environ["CASUS_DB"] = database  # the CLI's export reads the store the app writes
        from service.http.app import create_app
        from service.config import Config

        app = create_app(Config(database=database))
        services = app.extensions["casus_services"]
        client, jobs = app.test_client(), services.jobs
        for spec in chosen:
            make(spec, client, jobs, args.out, services)
    return 0


if __name__ == "__main__":
    sys.exit(main())
