"""The ``casus`` commands over a game's log: replay it into snapshots, export it as JSONL, import an
export (its chain checked first), verify an export (the chain, every die roll, and with --head that
it is exactly the history a signed head names), and the head-signing keys."""
from __future__ import annotations

import sys
from pathlib import Path

import orjson

from events.envelope import Envelope, NewEvent
from events.verify import verify
from service.cli_common import open_existing_services, open_services


def cmd_replay(args) -> int:
    from rich.progress import Progress

    games = open_existing_services().games
    timeline = games.timeline
    rules = timeline.rules(args.game_id)
    if rules is None:
        print(f"no game {args.game_id}", file=sys.stderr)
        return 1
    total = games.store.version(args.game_id)
    state, after = rules.platform.initial_state(args.game_id), 0
    with Progress(transient=False) as progress:
        task = progress.add_task(f"replaying {args.game_id}", total=total)
        while after < total:
            batch = games.store.read(args.game_id, after=after, limit=1000)
            state = timeline.fold(rules, state, batch)
            after = batch[-1].version
            progress.update(task, completed=after)
    print(f"replayed {total} events; state at version {state.version}, hash {state.last_hash[:16]}")
    return 0


def cmd_export(args) -> int:
    from events.store import iter_all

    store = open_existing_services().games.store
    out = open(args.output, "wb") if args.output else sys.stdout.buffer
    count = 0
    try:
        for envelope in iter_all(store, args.game_id):
            out.write(orjson.dumps(envelope.to_dict()) + b"\n")
            count += 1
    finally:
        if args.output:
            out.close()
    if count == 0:
        print(f"no game {args.game_id}", file=sys.stderr)
        return 1
    return 0


class ExportError(ValueError):
    """An export file that cannot be read: said in one line, never a traceback."""


def read_export(path: str) -> list[Envelope]:
    try:
        lines = Path(path).read_bytes().splitlines()
    except OSError as error:
        raise ExportError(f"{path}: {error.strerror}") from None
    envelopes = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            envelopes.append(Envelope.from_dict(orjson.loads(line)))
        except (ValueError, KeyError, TypeError) as error:  # JSONDecodeError is a ValueError
            raise ExportError(f"{path}, line {number}: not an exported event ({type(error).__name__}: {error})") from None
    if not envelopes:
        raise ExportError(f"{path}: no events")
    return envelopes


def cmd_verify(args) -> int:
    """One verdict: ``ok`` is false when the chain, a die roll or (with --head) the signed head
    does not check out."""
    envelopes = read_export(args.file)
    report = verify(envelopes).to_dict()
    wrong = None
    if args.head:
        wrong = head_problem(envelopes, args.head, args.key)
        report["head_ok"] = wrong is None
        if wrong:
            report["ok"] = False
            report["problems"].append(f"signed head: {wrong}")
    print(orjson.dumps(report, option=orjson.OPT_INDENT_2).decode())
    if report["first_bad_version"] is not None:
        print(f"FAILED: first bad event is version {report['first_bad_version']}", file=sys.stderr)
    if wrong:
        print(f"FAILED: {wrong}", file=sys.stderr)
    if not report["ok"]:
        return 1
    if args.head:
        print(f"the export is exactly the signed history: version {envelopes[-1].version}", file=sys.stderr)
    return 0


def head_problem(envelopes: list[Envelope], token: str, keys: list[str] | None) -> str | None:
    """Why the export is not exactly the history the signed head names (None: it is)."""
    from events.signing import BadHead, verify_head

    if keys:
        public = dict(k.split("=", 1) for k in keys)
    else:
        services = open_existing_services(" to take the server's keys from (or give them with --key)")
        public = services.games.keys.public_keys()
    try:
        head = verify_head(token, public)
    except BadHead as error:
        return str(error)
    last = envelopes[-1] if envelopes else None
    if last is None or last.game_id != head.game_id:
        return f"the head is of game {head.game_id}, the export of another"
    if (last.version, last.hash) != (head.version, head.hash):
        return (f"the head names version {head.version} with hash {head.hash[:16]}..., the export ends at "
                f"version {last.version} with hash {last.hash[:16]}...")
    return None


def cmd_keys(args) -> int:
    keys = open_services().games.keys
    if args.action == "rotate":
        kid, _ = keys.rotate()
        print(f"new current key {kid}; older keys still verify what they signed", file=sys.stderr)
    print(orjson.dumps(keys.public_keys(), option=orjson.OPT_INDENT_2).decode())
    return 0


def cmd_import(args) -> int:
    import secrets

    from domain.kernel import MODERATOR

    envelopes = read_export(args.file)
    report = verify(envelopes)
    if not report.ok:
        print(f"refusing to import: {report.problems[0]}", file=sys.stderr)
        return 1
    from domain.kernel import RESERVED_SEATS

    games = open_services().games
    store = games.store
    game_id = envelopes[0].game_id
    reserved = set(envelopes[0].data.get("seats", {})) & set(RESERVED_SEATS)
    if reserved:
        print(f"refusing to import: seat names {sorted(reserved)} are reserved", file=sys.stderr)
        return 1
    if store.version(game_id):
        print(f"refusing to import: game {game_id} exists in this store already", file=sys.stderr)
        return 1
    fields = ("type", "data", "actor", "schema_version", "event_id", "command_id", "correlation_id",
              "recorded_at", "ruleset", "ruleset_version", "visibility", "reveals", "salt")
    new = [NewEvent(**{f: getattr(e, f) for f in fields}) for e in envelopes]
    result = store.append(game_id, new, expected_version=0)
    if [e.hash for e in result.events] != [e.hash for e in envelopes]:
        raise SystemExit("imported hashes differ from the export")
    tokens = {seat: secrets.token_urlsafe(24) for seat in (*envelopes[0].data["seats"], MODERATOR)}
    games.put_tokens(game_id, tokens)
    print(orjson.dumps({"game_id": game_id, "events": len(envelopes), "tokens": tokens},
                       option=orjson.OPT_INDENT_2).decode())
    return 0
