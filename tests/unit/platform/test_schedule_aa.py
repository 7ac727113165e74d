"""CORE-deadline with Axis & Allies (both editions): the defending seat's ConfirmDefence of a
declared battle is the step a deadline times, one battle after another; a missed defence follows
the game's civil-disorder option (pass/default: the defence the attacker saw; hold: the
moderator). Driven through the one write path with an injected clock, never a sleep.

CORE-deadline: "Deadlines, reminders, pauses and missed-order policies are events; a passed
deadline applies its policy once, as a logged system command."""
import pytest

from domain.kernel import RuleViolation
from events.sqlite_store import open_sqlite
from service.http.app import create_app
from service.config import Config
from service.games import GameService
from service.notify.scheduler import InProcessScheduler
from tests.support.api import MODERATOR, Table
from tests.unit.platform.test_schedule import HOUR, START, Clock, Scheduled

pytestmark = pytest.mark.rule("CORE-deadline")

DEFENDER = {"infantry": 5, "artillery": 1}


def battle(battle_id="ukraine-1", attacker="Germany", defender="USSR", territory="Ukraine") -> dict:
    return {"battle_id": battle_id, "territory": territory, "attacker": attacker, "defender": defender,
            "forces": {"kind": "land", "attacker": {"infantry": 4, "armour": 2}, "defender": dict(DEFENDER)}}


# The battle calculator of the Revised ruleset (a new game is the whole game unless asked).
BATTLES_ONLY = {"aa-revised-phase-one": {"mode": "battles"}, "aa-global1940": {"mode": "battles"}}


def scheduled_game(path, ruleset="aa-global1940", preset="one-per-power") -> Scheduled:
    """A game of ``ruleset`` (by default Axis & Allies 1940, one-per-power: seats germany, ussr,
    uk, ...) under a scheduler on the test's clock."""
    game_id = GameService(open_sqlite(str(path))).create_game(ruleset, None, BATTLES_ONLY.get(ruleset, {}), preset=preset).game_id
    return Scheduled(path, game_id=game_id)


@pytest.fixture
def game(tmp_path):
    return scheduled_game(tmp_path / "aa.db")


def status(game, battle_id="ukraine-1") -> str:
    return game.state.domain.battles[battle_id].status.value


@pytest.mark.parametrize("ruleset, preset, attacker, defender, defending_seat", [
    ("aa-global1940", "axis-allies", "axis", "USSR", "allies"),
    ("aa-revised-phase-one", "one-per-power", "germany", "Russia", "russia"),
])
def test_a_declared_battle_opens_a_deadline_for_the_defending_seat(tmp_path, ruleset, preset, attacker,
                                                                    defender, defending_seat):
    """Given either edition with the default schedule and no battle, no deadline runs; when the
    attacker's seat declares a battle (awaiting its defence), then a 48 h "defence" deadline
    opens, owed by the defending seat alone."""
    game = scheduled_game(tmp_path / f"{ruleset}.db", ruleset, preset)
    game.play("moderator", "SetSchedule", reminders=[])
    assert game.deadline is None and game.logged("DeadlineOpened") == []
    game.play(attacker, "ResolveBattle", **battle(defender=defender))
    opened = [(e.data["kind"], e.data["owing"], e.data["due"] - e.data["opened_at"], e.data["step"])
              for e in game.logged("DeadlineOpened")]
    assert opened == [("defence", [defending_seat], 48 * HOUR, "defence:ukraine-1")]
    declared = game.service.rules(game.id).platform.deadlines
    assert declared.default_hours["defence"] == 48 and declared.policy("defence", "hold") == "hold"


def test_reminders_go_only_to_the_defending_seat(game):
    """Given reminders 12 h and 2 h before, when germany declares on the USSR (and then on the
    UK, whose battle waits its turn) and the clock passes them, then each reminder names the
    ussr seat alone (not germany, not uk, not the others)."""
    game.play("moderator", "SetSchedule", reminders=[12, 2])
    game.play("germany", "ResolveBattle", **battle())
    game.play("germany", "ResolveBattle", **battle("egypt-1", defender="UK", territory="Egypt"))
    game.later(35)
    assert game.logged("ReminderSent") == []
    game.later(1)
    game.later(10)
    assert [(e.data["hours_before"], e.data["seats"]) for e in game.logged("ReminderSent")] == [
        (12, ["ussr"]), (2, ["ussr"])]


@pytest.mark.parametrize("civil_disorder", ["pass", "default"])
def test_a_missed_defence_confirms_what_the_attacker_saw_once(game, civil_disorder):
    """Given civil disorder "pass" or "default", when the 48 h pass with no ConfirmDefence, then
    one logged MissedOrdersApplied names the policy and the ussr seat, the defence the attacker
    named is confirmed (the battle is requested), the deadline closes as missed, and running the
    scheduler again applies nothing more."""
    game.play("moderator", "SetSchedule", reminders=[], civil_disorder=civil_disorder)
    game.play("germany", "ResolveBattle", **battle())
    assert game.later(47) == 0 and status(game) == "awaiting_defence"
    assert game.later(1) == 1
    [applied] = game.logged("MissedOrdersApplied")
    assert (applied.data["policy"], applied.data["seats"], applied.data["reason"], applied.actor) == (
        civil_disorder, ["ussr"], "deadline", "system")
    assert [o.split(":")[0] for o in applied.data["orders"]] == ["ussr"]
    assert "ConfirmDefence(battle_id='ukraine-1'" in applied.data["orders"][0]
    [requested] = game.logged("BattleRequested")
    assert requested.data["forces"]["defender"] == DEFENDER and status(game) == "requested"
    assert [e.data["missed"] for e in game.logged("DeadlineClosed")] == [["ussr"]]
    assert game.later(100) == 0 and len(game.logged("MissedOrdersApplied")) == 1
    assert game.state.schedule.lateness["ussr"].missed == 1


def test_hold_waits_for_the_moderator(game):
    """Given civil disorder "hold", when the deadline passes, then the policy is logged as
    "hold" with no order and the battle still waits; when the moderator confirms the defence,
    the deadline closes with the ussr seat missed, and nothing more fires."""
    game.play("moderator", "SetSchedule", reminders=[], civil_disorder="hold")
    game.play("germany", "ResolveBattle", **battle())
    assert game.later(48) == 1
    [applied] = game.logged("MissedOrdersApplied")
    assert (applied.data["policy"], applied.data["orders"]) == ("hold", [])
    assert status(game) == "awaiting_defence" and game.logged("DeadlineClosed") == []
    assert game.later(100) == 0
    game.play("moderator", "ConfirmDefence", battle_id="ukraine-1", units={"infantry": 2})
    assert [e.data["missed"] for e in game.logged("DeadlineClosed")] == [["ussr"]]
    assert game.deadline is None and len(game.logged("MissedOrdersApplied")) == 1


def test_a_defence_sent_in_time_closes_it_and_the_next_battle_gets_its_own(game):
    """Given two battles declared (on the USSR, then on the UK), the first battle's deadline
    runs and the second's waits; when ussr confirms in time, then that deadline closes on time
    and the uk seat's opens from that instant, for the second battle; nothing fires for the
    first."""
    game.play("moderator", "SetSchedule", reminders=[])
    game.play("germany", "ResolveBattle", **battle())
    first = game.deadline
    game.later(10)
    game.play("germany", "ResolveBattle", **battle("egypt-1", defender="UK", territory="Egypt"))
    assert game.deadline == first  # the later battle does not restart the running clock
    game.later(10)
    game.play("ussr", "ConfirmDefence", battle_id="ukraine-1", units={"infantry": 3})
    assert [e.data["on_time"] for e in game.logged("DeadlineClosed")] == [["ussr"]]
    second = game.deadline
    assert (second.step, second.owing, second.opened_at) == ("defence:egypt-1", ("uk",), game.clock.now)
    assert game.later(27) == 0 and game.logged("MissedOrdersApplied") == []
    assert game.later(21) == 1
    assert [e.data["seats"] for e in game.logged("MissedOrdersApplied")] == [["uk"]]


def test_mark_ready_ends_the_step_early_with_the_defence_the_attacker_saw(game):
    """Given the ussr seat owes a defence, when it marks itself ready, then the policy applies
    at once (reason "ready", nobody missed) and the battle is requested as declared; MarkReady
    is offered to the defending seat only."""
    game.play("moderator", "SetSchedule", reminders=[])
    game.play("germany", "ResolveBattle", **battle())
    platform, state = game.service.rules(game.id).platform, game.state
    offered = {seat: [c.type for c in platform.legal_commands(state, seat)] for seat in ("ussr", "germany")}
    assert "MarkReady" in offered["ussr"] and "MarkReady" not in offered["germany"]
    with pytest.raises(RuleViolation):
        game.play("germany", "MarkReady")
    types = [e.type for e in game.play("ussr", "MarkReady").events]
    assert types[:2] == ["SeatReady", "MissedOrdersApplied"] and "BattleRequested" in types
    assert types[-1] == "DeadlineClosed"
    applied = game.logged("MissedOrdersApplied")[-1].data
    assert (applied["reason"], applied["seats"]) == ("ready", [])
    assert game.logged("BattleRequested")[0].data["forces"]["defender"] == DEFENDER
    assert game.state.schedule.lateness["ussr"].on_time == 1


def test_over_http_a_missed_defence_is_confirmed_and_the_combat_job_fights_it(tmp_path):
    """Given the whole service (embedded jobs) with its scheduler on the test's clock, when the
    allies seat lets the 48 h pass after the axis declares, then the deadline confirms the
    defence the attacker saw and the battle is fought by the combat job as any other."""
    app = create_app(Config(database=str(tmp_path / "http.db")))
    services, clock = app.extensions["casus_services"], Clock()
    services.scheduler = InProcessScheduler(services.games, clock)
    client = app.test_client()
    body = client.post("/games", json={"ruleset": "aa-global1940", "preset": "axis-allies",
                                     "options": {"mode": "battles"}}).json
    table = Table(client, body["game_id"], body["tokens"], body["moderator_token"])
    table.send(MODERATOR, "SetSchedule", reminders=[])
    table.send("axis", "ResolveBattle", **battle())
    clock.now = START + 48 * HOUR
    assert services.scheduler.run_due() == 1
    services.jobs.wait(60)
    types = [e["type"] for e in table.events("allies")]
    assert types.index("MissedOrdersApplied") < types.index("BattleRequested") < types.index("BattleEnded")


def test_battles_are_timed_in_declaration_order_also_from_a_snapshot(tmp_path):
    """Given battles declared as "z-1" then "a-1" (ids out of order) and a snapshot after every
    event, when another process loads the game from its snapshot, then the step is still the
    first declared battle's (the order deadlines follow survives snapshots)."""
    path = str(tmp_path / "snap.db")
    games = GameService(open_sqlite(path), snapshot_every=1)
    game_id = games.create_game("aa-global1940", None, {"mode": "battles"}, preset="one-per-power").game_id
    for battle_id, defender, territory in (("z-1", "USSR", "Ukraine"), ("a-1", "UK", "Egypt")):
        games.handle(game_id, "germany", "ResolveBattle", battle(battle_id, defender=defender, territory=territory),
                     games.store.version(game_id))
    reloaded = GameService(open_sqlite(path), snapshot_every=1)
    rules = reloaded.rules(game_id)
    assert reloaded.timeline.snapshots.load(game_id, rules.snapshot_key, 99)[0] == games.store.version(game_id)
    step = rules.platform.deadlines.step(reloaded.load(game_id).domain)
    assert (step.key, step.owing) == ("defence:z-1", {"ussr": ("USSR",)})
