"""The ``casus`` command: serve, worker, jobs, replay, export, import, verify, keys, mail, openapi, data validate."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import orjson

from events.envelope import Envelope, NewEvent
from events.verify import verify


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="casus", description="Casus Belli adjudication service")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run the HTTP API (gunicorn, gevent workers)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=None,
                       help="processes (default: one per core, at least 2; SQLite in WAL mode takes several writers)")
    serve.add_argument("--connections", type=int, default=4096,
                       help="open connections per process (an idle SSE stream is one, and holds no thread)")
    serve.add_argument("--threads", type=int, help="ignored (the server was threaded before gevent); scripts still pass it")

    worker = sub.add_parser("worker", help="run RQ workers for the background job queues (needs REDIS_URL)")
    worker.add_argument("--burst", action="store_true", help="stop when the queues are empty")
    worker.add_argument("--queue", action="append", choices=_Queues(), metavar="QUEUE",
                        help="a queue to work: %(choices)s (again for more; default: every one)")

    jobs = sub.add_parser("jobs", help="background jobs of a game")
    jobs.add_argument("action", choices=["pending", "requeue"],
                      help="pending: the follow-ups the game's log still waits for; requeue: queue them again")
    jobs.add_argument("game_id")

    replay = sub.add_parser("replay", help="rebuild a game's state and snapshots from its log")
    replay.add_argument("game_id")

    export = sub.add_parser("export", help="write a game's log as JSONL (every field, sealed data included)")
    export.add_argument("game_id")
    export.add_argument("-o", "--output", help="file (default: standard output)")

    imp = sub.add_parser("import", help="load a JSONL export into this store, checking its chain")
    imp.add_argument("file")

    ver = sub.add_parser("verify", help="recompute the hash chain and every die roll of a JSONL export")
    ver.add_argument("file")
    ver.add_argument("--head", help="a signed head (from a command response): the export must be exactly that history")
    ver.add_argument("--key", action="append", metavar="KEY_ID=HEX",
                     help="a server public key (GET /keys); default: the keys of this machine's store")

    keys = sub.add_parser("keys", help="the server's head-signing keys")
    keys.add_argument("action", choices=["show", "rotate"])

    mail = sub.add_parser("mail", help="play by email: read orders from the IMAP mailbox, answer and report by SMTP")
    mail.add_argument("action", choices=["serve", "poll"],
                      help="serve: keep reading (IMAP IDLE) until stopped; poll: handle what is there now, then stop")
    mail.add_argument("--idle", type=float, help="seconds to wait for new mail between looks (default CASUS_MAIL_POLL_SECONDS)")

    openapi = sub.add_parser("openapi", help="print the OpenAPI document generated from the code")
    openapi.add_argument("--write", action="store_true", help="write it to ./openapi.yaml")

    data = sub.add_parser("data", help="data packs")
    data_sub = data.add_subparsers(dest="data_command", required=True)
    validate = data_sub.add_parser("validate", help="validate a data pack file for a ruleset")
    validate.add_argument("pack")
    validate.add_argument("--ruleset", default="dod3")

    args = parser.parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except (ExportError, CommandError) as error:
        print(f"casus {args.command}: {error}", file=sys.stderr)
        return getattr(error, "exit_code", 1)
    except Exception as error:
        if not _redis_down(error):
            raise
        print(f"casus {args.command}: Redis at {_redis_where()} is not answering ({error})", file=sys.stderr)
        return 1


def _redis_down(error: Exception) -> bool:
    # redis is imported here, not at the top: `casus serve` must patch sockets (gevent) before
    # anything imports them.
    import redis

    return isinstance(error, (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError))


class CommandError(Exception):
    """A command that cannot do what it was asked: said in one line, never a traceback."""

    exit_code = 1


class NoStore(CommandError):
    """The store a command reads is not there (the wrong folder, or CASUS_DB unset)."""

    exit_code = 2


class _Queues:
    """``--queue``'s choices, service.jobs.QUEUES, imported only when asked (the help, or a
    --queue to check): importing it imports redis, which `casus serve` must not do before gevent
    patches sockets. With a metavar, argparse does not list the choices while building."""

    def __iter__(self):
        from service.jobs import QUEUES

        return iter(QUEUES)

    def __contains__(self, name) -> bool:
        return name in tuple(self)


def _redis_where() -> str:
    """REDIS_URL without its password, for an error line."""
    from urllib.parse import urlsplit

    url = urlsplit(os.environ.get("REDIS_URL", ""))
    return f"{url.hostname}:{url.port or 6379}" if url.hostname else "REDIS_URL"


def _require_store(config) -> None:
    """Before starting a long-running process: a store that does not answer is one clear line."""
    if config.redis_url:
        import redis

        redis.Redis.from_url(config.redis_url, socket_connect_timeout=5).ping()


def _services():
    from service import bootstrap

    return bootstrap.from_env()


def _existing_services(why: str = ""):
    """The services over a store that exists. A command that reads games refuses a SQLite file
    that is not there: opening it would create an empty database, and the game asked for would
    seem not to exist."""
    from service.config import Config

    config = Config.from_env()
    if not config.redis_url and not Path(config.database).is_file():
        raise NoStore(f"no store at {Path(config.database).resolve()}{why}: run it where the server keeps its "
                      f"database, or set CASUS_DB to that file (or REDIS_URL)")
    return _services()


def cmd_serve(args) -> int:
    # gevent first, before anything imports socket or threading: the worker patches again after
    # the fork, but modules imported unpatched in this process would keep blocking versions.
    from gevent import monkey

    monkey.patch_all()
    from gunicorn.app.base import BaseApplication

    from service import serving
    from service.http.app import create_app
    from service.config import Config

    config = Config.from_env()
    _require_store(config)
    workers = args.workers or (4 if config.redis_url else max(2, os.cpu_count() or 1))

    class Server(BaseApplication):
        def load_config(self):
            for name, value in vars(serving).items():  # as gunicorn reads a settings module
                if name in self.cfg.settings:
                    self.cfg.set(name, value)
            self.cfg.set("bind", f"{args.host}:{args.port}")
            self.cfg.set("workers", workers)
            self.cfg.set("worker_connections", args.connections)

        def load(self):
            return create_app(config)

    _raise_open_files(args.connections * workers + 256)
    print(f"casus: serving on http://{args.host}:{args.port} ({'redis' if config.redis_url else config.database})",
          file=sys.stderr)
    Server().run()
    return 0


def _raise_open_files(wanted: int) -> None:
    """Each connection is a file descriptor: lift the soft limit toward ``wanted`` (at most the
    hard limit, which only root can raise)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    if soft < wanted:
        print(f"casus: open files limited to {soft} (hard limit); fewer streams than --connections fit",
              file=sys.stderr)


def cmd_worker(args) -> int:
    from service.config import Config
    from service.jobs import QUEUES, run_worker

    config = Config.from_env()
    if not config.redis_url:
        print("casus worker needs REDIS_URL (without it jobs run inside `casus serve`)", file=sys.stderr)
        return 2
    _services()  # the rulesets (and extra ones) a job names are registered before the first job
    run_worker(config.jobs_url, config.redis_prefix, tuple(args.queue or QUEUES), burst=args.burst,
               maintenance_seconds=config.worker_maintenance_seconds, grace_seconds=config.worker_grace_seconds,
               stale_seconds=config.worker_stale_seconds)
    return 0


def cmd_jobs(args) -> int:
    from service.jobs import follow_ups

    services = _existing_services()
    if not services.games.store.version(args.game_id):
        print(f"no game {args.game_id}", file=sys.stderr)
        return 1
    if args.action == "pending":
        found = [{"job_id": f.job_id, "queue": f.queue, "command_type": f.command_type, "requested_at": f.requested_at}
                 for f in follow_ups.pending(services, args.game_id)]
    else:
        found = follow_ups.requeue(services, args.game_id)
    print(orjson.dumps(found, option=orjson.OPT_INDENT_2).decode())
    return 0


def cmd_replay(args) -> int:
    from rich.progress import Progress

    games = _existing_services().games
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

    store = _existing_services().games.store
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
    head_problem = None
    if args.head:
        head_problem = _head_problem(envelopes, args.head, args.key)
        report["head_ok"] = head_problem is None
        if head_problem:
            report["ok"] = False
            report["problems"].append(f"signed head: {head_problem}")
    print(orjson.dumps(report, option=orjson.OPT_INDENT_2).decode())
    if report["first_bad_version"] is not None:
        print(f"FAILED: first bad event is version {report['first_bad_version']}", file=sys.stderr)
    if head_problem:
        print(f"FAILED: {head_problem}", file=sys.stderr)
    if not report["ok"]:
        return 1
    if args.head:
        print(f"the export is exactly the signed history: version {envelopes[-1].version}", file=sys.stderr)
    return 0


def _head_problem(envelopes: list[Envelope], token: str, keys: list[str] | None) -> str | None:
    """Why the export is not exactly the history the signed head names (None: it is)."""
    from events.signing import BadHead, verify_head

    if keys:
        public = dict(k.split("=", 1) for k in keys)
    else:
        services = _existing_services(" to take the server's keys from (or give them with --key)")
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
    keys = _services().games.keys
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

    games = _services().games
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


def cmd_mail(args) -> int:
    from service.mail.transport import MailSettingsError, MailUnavailable

    try:
        return _mail(args)
    except (MailSettingsError, MailUnavailable) as error:  # wrong settings, or the servers not answering
        raise CommandError(str(error)) from None


def _mail(args) -> int:
    import signal
    import threading

    from service.mail.dispatch import MailRoom
    from service.mail.transport import Inbox, MailSettings

    settings = MailSettings.from_env()
    if not settings.imap_host or not settings.smtp_host:
        raise CommandError("set CASUS_IMAP_HOST and CASUS_SMTP_HOST (see the README's configuration table)")
    services = _services()
    _require_store(services.config)
    room = MailRoom(services, settings)
    if args.action == "poll":
        with Inbox(settings) as inbox:
            handled = room.poll(inbox)
        reports = sum(room.send_reports(game_id) for game_id in room.mail_seats.games())
        print(orjson.dumps({"messages": handled, "reports": reports}).decode())
        return 0
    stopping = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stopping.set())
    print(f"casus mail: reading {settings.imap_folder} at {settings.imap_host}:{settings.imap_port}, "
          f"sending through {settings.smtp_host}:{settings.smtp_port}", file=sys.stderr, flush=True)
    room.serve(stop=stopping.is_set, idle_seconds=args.idle)
    return 0


def cmd_openapi(args) -> int:
    text = generated_openapi()
    if args.write:
        Path("openapi.yaml").write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def generated_openapi() -> str:
    """The document as the code describes it, independent of any store or extra ruleset."""
    import tempfile

    from service.http.app import create_app
    from service.config import Config

    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Config(database=str(Path(folder) / "openapi.db")))
        return app.extensions["casus_openapi"]()


def cmd_data(args) -> int:
    from domain import registry
    from service.packs import PackError, load_pack_file

    ruleset = registry.get(args.ruleset)
    if ruleset is None:
        print(f"unknown ruleset {args.ruleset!r}; known: {[r.id for r in registry.all_rulesets()]}", file=sys.stderr)
        return 2
    try:
        load_pack_file(ruleset, args.pack)
    except PackError as error:
        print(f"{error.source}: invalid data pack", file=sys.stderr)
        for problem in error.problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"{args.pack}: {error.strerror}", file=sys.stderr)
        return 1
    print(f"{args.pack}: valid {ruleset.id} data pack")
    return 0


COMMANDS = {
    "serve": cmd_serve, "worker": cmd_worker, "jobs": cmd_jobs, "replay": cmd_replay, "export": cmd_export,
    "import": cmd_import, "verify": cmd_verify, "keys": cmd_keys, "mail": cmd_mail,
    "openapi": cmd_openapi, "data": cmd_data,
}

if __name__ == "__main__":
    sys.exit(main())
