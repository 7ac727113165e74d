"""The ``casus`` command: serve, worker, jobs, replay, export, import, verify, keys, mail, openapi, data validate.
The commands over a game's log live in ``cli_logs``, what every command shares in ``cli_common``."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import orjson

from service.cli_common import (CommandError, Queues, open_existing_services, open_services, redis_down,
                                redis_where, require_store)
from service.cli_logs import ExportError, cmd_export, cmd_import, cmd_keys, cmd_replay, cmd_verify


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
    worker.add_argument("--queue", action="append", choices=Queues(), metavar="QUEUE",
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
        if not redis_down(error):
            raise
        print(f"casus {args.command}: Redis at {redis_where()} is not answering ({error})", file=sys.stderr)
        return 1


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
    require_store(config)
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
    open_services()  # the rulesets (and extra ones) a job names are registered before the first job
    run_worker(config.jobs_url, config.redis_prefix, tuple(args.queue or QUEUES), burst=args.burst,
               maintenance_seconds=config.worker_maintenance_seconds, grace_seconds=config.worker_grace_seconds,
               stale_seconds=config.worker_stale_seconds)
    return 0


def cmd_jobs(args) -> int:
    from service.jobs import follow_ups

    services = open_existing_services()
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
    services = open_services()
    require_store(services.config)
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
