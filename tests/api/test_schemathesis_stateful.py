"""schemathesis as an outside fuzzer runs it (issue 22 item 4): every check, every phase (examples,
coverage, fuzzing, and the stateful phase that follows the document's links), against the app on
SQLite and on Redis, with a fixed seed and a small budget. No check fails; every operation of the
document answers something other than 404 at least once (a game's operations need a game: the
fuzzer creates them itself from the ruleset-discriminated body); games are created and commands
played (201s), by following the links from a created game (its id, the moderator's token, the
version to write on) and from legal-commands (a ready body, sent as it is). The game's write path
(create, legal-commands, commands) is walked once more by the stateful phase alone: among every
operation's links it is one walk of many, and the budget is small."""
from __future__ import annotations

import collections
import time
from dataclasses import dataclass, field

import pytest
import schemathesis
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import events, from_schema

from service.config import Config
from service.http.app import create_app
from tests.api.contract import document
from tests.support.backends import delete_prefixed, redis_url_or_skip, unique_prefix

# A rules service refuses many schema-valid requests on their merits, which no JSON Schema can
# say: a command a rule forbids now or on another ruleset's game (422), a version moved on
# (412), `If-Match: *` on a command that does not commute (428), a state read `at` a version the
# game has not reached (422), a seating of one's own that leaves a power without a seat, a battle
# over its size (422). Missing If-Match is 428 (RFC 6585).
CHECKS = {
    "positive_data_acceptance": {"expected-statuses": ["2xx", "3xx", "401", "403", "404", "409", "412", "422",
                                                       "428", "429"]},
    "missing_required_header": {"expected-statuses": ["400", "401", "428"]},
    "negative_data_rejection": {"expected-statuses": ["400", "401", "403", "404", "405", "406", "409", "412", "415",
                                                      "422", "428", "429"]},
}
SEED = 22
MAX_EXAMPLES = 5  # per operation and phase
MAX_STEPS = 12  # per stateful scenario
STATEFUL_EXAMPLES = 40  # stateful scenarios
BUDGET_SECONDS = 240  # per backend: a guard; 55-120 s on a loaded two-core machine
PLAY = r"^/games$|^/games/\{game_id\}/(legal-commands|commands)$"


@dataclass
class Run:
    operations: set[str]
    statuses: dict[str, collections.Counter] = field(
        default_factory=lambda: collections.defaultdict(collections.Counter))
    failures: dict[tuple[str, str, str], str] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def reached(self) -> set[str]:
        """Operations answered with something other than 404 at least once."""
        return {label for label, codes in self.statuses.items() if set(codes) - {404}}


def fuzz(app, run: Run | None = None, phases: dict | None = None, only: str | None = None) -> Run:
    """One schemathesis run (every check; the phases ``phases`` enables, all by default; the
    operations whose path matches ``only``, all by default), recorded into ``run``."""
    config = SchemathesisConfig.from_dict({
        "seed": SEED, "cache": {"enabled": False}, "checks": CHECKS,
        "generation": {"max-examples": MAX_EXAMPLES, "deterministic": True, "no-shrink": True},
        # The stateful phase follows the document's links only (no links schemathesis infers).
        "phases": {"stateful": {"max-steps": MAX_STEPS, "generation": {"max-examples": STATEFUL_EXAMPLES},
                                "inference": {"algorithms": []}}, **(phases or {})},
    })
    schema = schemathesis.openapi.from_wsgi("/openapi.yaml", app, config=config)
    if only is not None:
        schema = schema.include(path_regex=only)
    moderators: dict[str, str] = {}

    @schema.hook
    def after_call(context, case, response):
        if case.operation.label == "POST /games" and response.status_code == 201:
            created = response.json()
            moderators[created["game_id"]] = created["moderator_token"]

    class ModeratorToken:
        """A client keeps the token it was given: a stateful step whose link could not carry one
        (OpenAPI links cannot forward the Authorization header) reads the created game's
        moderator's. The other phases send what they draw."""

        def get(self, case, context):
            stateful = case.meta is not None and case.meta.phase.name == "stateful"
            if not stateful or any(name.lower() == "authorization" for name in case.headers or {}):
                return None
            return moderators.get((case.path_parameters or {}).get("game_id"))

        def set(self, case, token, context):
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}

    schema.auth(refresh_interval=None)(ModeratorToken)
    # Every operation but the one serving the document itself, which schemathesis leaves out.
    run = run or Run({result.ok().label for result in schema.get_all_operations()})
    started = time.monotonic()
    for event in from_schema(schema).execute():
        if isinstance(event, events.ScenarioFinished):
            _record(run, event.recorder)
        elif isinstance(event, (events.NonFatalError, events.FatalError)):
            run.errors.append(getattr(event, "info", event).__repr__()[:500])
    run.seconds += time.monotonic() - started
    return run


def _record(run: Run, recorder) -> None:
    for case_id, node in recorder.cases.items():
        interaction = recorder.interactions.get(case_id)
        if interaction is not None and interaction.response is not None:
            run.statuses[node.value.operation.label][interaction.response.status_code] += 1
    for case_id, checks in recorder.checks.items():
        for check in checks:
            if check.failure_info is not None:
                node = recorder.cases.get(case_id)
                label = node.value.operation.label if node is not None else recorder.label
                key = (check.name, label, check.failure_info.failure.title)
                run.failures.setdefault(key, _reproduction(check, recorder.interactions.get(case_id)))


def _reproduction(check, interaction) -> str:
    message = str(check.failure_info.failure.message)[:600]
    if interaction is None:
        return message
    body = (interaction.request.body or b"")[:600]
    answer = (interaction.response.content or b"")[:400] if interaction.response is not None else b""
    return f"{message}\n{interaction.request.method} {interaction.request.uri} {body!r}\n-> {answer!r}"


def _sqlite(tmp_path):
    return create_app(Config(database=str(tmp_path / "fuzz.db"))), None


def _redis(tmp_path):
    url, prefix = redis_url_or_skip(), unique_prefix()
    app = create_app(Config(redis_url=url, redis_prefix=prefix, jobs_redis_url=url))
    return app, prefix


@pytest.mark.slow
@pytest.mark.parametrize("backend", [_sqlite, _redis], ids=["sqlite", "redis"])
def test_schemathesis_every_check_and_phase_reaches_every_operation(tmp_path, backend):
    app, prefix = backend(tmp_path)
    try:
        run = fuzz(app)
        # The game's write path again, the stateful phase alone: create a game, read what may be
        # done, send the ready body; among every operation's links it is one walk of many.
        fuzz(app, run, phases={name: {"enabled": False} for name in ("examples", "coverage", "fuzzing")},
             only=PLAY)
    finally:
        if prefix is not None:
            delete_prefixed(app.extensions["casus_services"].games.store.redis, prefix)
    failures = "\n\n".join(f"{check} on {label}: {title}\n{example}" for (check, label, title), example
                           in sorted(run.failures.items()))
    assert run.failures == {}, failures
    assert run.errors == []
    assert run.reached() == run.operations, f"never answered but 404: {sorted(run.operations - run.reached())}"
    documented = {op["operationId"] for item in document()["paths"].values() for op in item.values()
                  if isinstance(op, dict) and "operationId" in op}
    assert len(run.operations) == len(documented) - 1  # GET /openapi.yaml: test_openapi.py reads it
    created = run.statuses["POST /games"][201], run.statuses["POST /games/{game_id}/commands"][201]
    assert all(count > 0 for count in created), f"201s (games, commands): {created}"
    assert run.seconds < BUDGET_SECONDS, run.seconds
    print(f"{len(run.reached())}/{len(run.operations)} operations reached, {created[0]} games and "
          f"{created[1]} commands created, {run.seconds:.0f} s")
