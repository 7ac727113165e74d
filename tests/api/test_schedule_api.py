"""CORE-deadline over HTTP: schedule commands, the schedule and lateness projections, a seat's
notifications and the calendar.ics feed, with the scheduler on an injected clock."""
from datetime import datetime, timedelta, timezone

import icalendar
import pytest

from service.notify.scheduler import InProcessScheduler
from tests.support.api import MODERATOR, PROBLEM_JSON, Table

HOUR = 3600
START = 4_000_000_000

pytestmark = pytest.mark.rule("CORE-deadline")


class Clock:
    now = START

    def __call__(self):
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def dod3(sqlite_app, clock):
    """A DoD III game (preset 3) on a service whose scheduler reads the test's clock."""
    services = sqlite_app.extensions["casus_services"]
    services.scheduler = InProcessScheduler(services.games, clock)
    client = sqlite_app.test_client()
    body = client.post("/games", json={"ruleset": "dod3", "preset": "3"}).json
    return Table(client, body["game_id"], body["tokens"], body["moderator_token"])


def projection(table, name, seat=MODERATOR):
    response = table.client.get(f"/games/{table.game_id}/projections/{name}", headers=table.auth(seat))
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.json["data"]


def iso(seconds):
    return datetime.fromtimestamp(seconds, timezone.utc).isoformat().replace("+00:00", "Z")


def test_the_schedule_projection_names_the_deadline_and_who_owes(dod3):
    """Given the moderator sets DoD III's default schedule, then the schedule projection shows
    the weather deadline 24 h on, owed by player1 (GE), and nobody else owes anything."""
    dod3.send(MODERATOR, "SetSchedule", reminders=[])
    schedule = projection(dod3, "schedule", "player2")
    assert schedule["deadline"]["kind"] == "weather"
    assert schedule["deadline"]["due"] == iso(START + 24 * HOUR)
    assert schedule["seats"]["player1"] == {"owes": ["GE"], "next_deadline": iso(START + 24 * HOUR),
                                            "late": False, "ready": False, "vacation": None}
    assert schedule["seats"]["player2"]["owes"] == [] and schedule["seats"]["player2"]["next_deadline"] is None


def test_a_missed_deadline_shows_in_lateness(dod3, sqlite_app, clock):
    """Given the weather deadline, when it passes unanswered, then lateness counts player1's
    order missed, and the next step has its own deadline."""
    dod3.send(MODERATOR, "SetSchedule", reminders=[])
    clock.now += 24 * HOUR
    assert sqlite_app.extensions["casus_services"].scheduler.run_due() == 1
    assert projection(dod3, "lateness")["player1"] == {"on_time": 0, "late": 0, "missed": 1}
    assert projection(dod3, "schedule")["deadline"]["kind"] == "political_option"


@pytest.mark.parametrize("seat, data", [
    (MODERATOR, {"hours": {"lunch": 2}}),
    (MODERATOR, {"civil_disorder": "riot"}),
    ("player1", {}),
])
def test_a_bad_schedule_is_a_422_naming_the_rule_and_changes_nothing(dod3, seat, data):
    """Given a game, when a schedule names an unknown step, an unknown policy, or comes from a
    seat, then it is refused as problem+json 422 CORE-deadline and the log is unchanged."""
    version = dod3.version()
    response = dod3.command(seat, "SetSchedule", data)
    assert response.status_code == 422 and response.content_type == PROBLEM_JSON
    assert response.json["rule_id"] == "CORE-deadline"
    assert dod3.version() == version


def test_the_calendar_feed_parses_and_matches_the_schedule(dod3):
    """Given a running deadline, then calendar.ics parses with icalendar and holds it at its
    due instant; player1's feed (its feed token) holds it, player2's does not."""
    dod3.send(MODERATOR, "SetSchedule", reminders=[])
    deadline = projection(dod3, "schedule")["deadline"]
    feeds = {}
    for seat in ("player1", "player2"):
        url = dod3.client.get(f"/games/{dod3.game_id}/calendar-feed", headers=dod3.auth(seat)).json["url"]
        response = dod3.client.get(url)
        assert response.status_code == 200 and response.mimetype == "text/calendar"
        feeds[seat] = [c for c in icalendar.Calendar.from_ical(response.data).walk("VEVENT")]
    [event] = feeds["player1"]
    assert str(event["uid"]).startswith(deadline["id"] + "@")
    assert event.decoded("dtstart") == datetime.fromisoformat(deadline["due"].replace("Z", "+00:00"))
    assert feeds["player2"] == []


def feed(table, seat):
    """The VEVENTs of ``seat``'s calendar.ics, parsed with icalendar, by UID."""
    url = table.client.get(f"/games/{table.game_id}/calendar-feed", headers=table.auth(seat)).json["url"]
    response = table.client.get(url)
    assert response.status_code == 200, response.get_data(as_text=True)
    return {str(e["uid"]): e for e in icalendar.Calendar.from_ical(response.data).walk("VEVENT")}


def moment(value):
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def test_a_calendar_event_names_the_power_that_owes_and_ends_with_the_grace_period(dod3):
    """Given a 6 h grace period, then player1's weather deadline names GE (the power owing, not
    only the seat), starts at the deadline and ends (DTEND) when the grace period does."""
    dod3.send(MODERATOR, "SetSchedule", reminders=[], grace_hours=6)
    deadline = projection(dod3, "schedule")["deadline"]
    [event] = feed(dod3, "player1").values()
    assert "GE" in str(event["summary"]) and "player1 (GE)" in str(event["description"])
    assert event.decoded("dtstart") == moment(deadline["due"])
    assert event.decoded("dtend") == moment(deadline["due"]) + timedelta(hours=6)
    assert (str(event["status"]), int(event["sequence"])) == ("CONFIRMED", 0)


def test_a_deadline_without_grace_still_has_an_end_after_its_start(dod3):
    """RFC 5545: DTEND is later than DTSTART."""
    dod3.send(MODERATOR, "SetSchedule", reminders=[])
    [event] = feed(dod3, MODERATOR).values()
    assert event.decoded("dtend") > event.decoded("dtstart")


def test_pause_and_resume_cancel_the_superseded_deadline_under_its_uid(dod3, clock):
    """Given a running weather deadline, when the moderator pauses the schedule, then no deadline
    shows in the schedule projection and the calendar's event is CANCELLED (same UID, higher
    SEQUENCE); when it resumes a day later, the fresh deadline is the one CONFIRMED event."""
    dod3.send(MODERATOR, "SetSchedule", reminders=[])
    old = projection(dod3, "schedule")["deadline"]
    dod3.send(MODERATOR, "PauseSchedule")
    paused = projection(dod3, "schedule", "player1")
    assert paused["paused"] is True and paused["deadline"] is None
    assert paused["seats"]["player1"]["next_deadline"] is None and paused["seats"]["player1"]["owes"] == ["GE"]
    [event] = feed(dod3, "player1").values()
    assert str(event["uid"]).startswith(old["id"] + "@")
    assert (str(event["status"]), int(event["sequence"])) == ("CANCELLED", 1)
    clock.now += 24 * HOUR
    dod3.send(MODERATOR, "ResumeSchedule")
    new = projection(dod3, "schedule")["deadline"]
    assert new["id"] != old["id"] and new["due"] == iso(clock.now + 24 * HOUR)
    events = feed(dod3, "player1")
    statuses = {uid.split("@")[0]: (str(e["status"]), int(e["sequence"])) for uid, e in events.items()}
    assert statuses == {old["id"]: ("CANCELLED", 1), new["id"]: ("CONFIRMED", 0)}


def test_an_extended_deadline_keeps_its_uid_with_a_higher_sequence(dod3):
    dod3.send(MODERATOR, "SetSchedule", reminders=[])
    deadline = projection(dod3, "schedule")["deadline"]
    dod3.send(MODERATOR, "ExtendDeadline", hours=12)
    [event] = feed(dod3, "player1").values()
    assert str(event["uid"]).startswith(deadline["id"] + "@") and int(event["sequence"]) == 1
    assert event.decoded("dtstart") == moment(deadline["due"]) + timedelta(hours=12)


def test_an_undone_answer_cancels_the_deadline_it_closed(dod3, clock):
    """CORE-undo: player1 rolls the weather (closing its deadline), then undoes it; the step comes
    back under a fresh deadline, and the closed one is CANCELLED, not left beside it."""
    dod3.send(MODERATOR, "SetSchedule", reminders=[])
    first = projection(dod3, "schedule")["deadline"]["id"]
    before = dod3.version()
    dod3.send("player1", "RollWeather")
    assert dod3.command("player1", "RequestUndo", {"to_version": before}).status_code == 201
    projection(dod3, "schedule")  # the undo needs the other seats' approval (dice were rolled)
    for seat in ("player2", "player3"):
        if any(c["type"] == "ApproveUndo" for c in dod3.legal_commands(seat)):
            dod3.send(seat, "ApproveUndo")
    fresh = projection(dod3, "schedule")["deadline"]["id"]
    assert fresh != first
    statuses = {uid.split("@")[0]: str(e["status"]) for uid, e in feed(dod3, "player1").items()}
    assert statuses[first] == "CANCELLED" and statuses[fresh] == "CONFIRMED"
    assert list(statuses.values()).count("CONFIRMED") == 1


def test_a_wrong_feed_token_is_refused(dod3):
    """A feed token of another game (or none made) is a 401; a malformed one a 422."""
    wrong = dod3.client.get(f"/games/{dod3.game_id}/calendar.ics?token={'0' * 32}")
    malformed = dod3.client.get(f"/games/{dod3.game_id}/calendar.ics?token=zz")
    assert (wrong.status_code, malformed.status_code) == (401, 422)
    assert wrong.content_type == PROBLEM_JSON


def notes(table, seat):
    response = table.client.get(f"/games/{table.game_id}/notifications", headers=table.auth(seat))
    assert response.status_code == 200
    return response.json["notifications"]


def test_notifications_go_to_the_seats_owing(dod3):
    """Given the weather deadline owed by player1, then player1 is told it is its move, by the
    due instant, and player2 is told nothing; the moderator hears of it too."""
    dod3.send(MODERATOR, "SetSchedule", reminders=[])
    due = projection(dod3, "schedule")["deadline"]["due"]
    mine = notes(dod3, "player1")
    assert {n["kind"] for n in mine} == {"your_move"}
    assert (mine[-1]["data"]["due"], mine[-1]["data"]["owes"]) == (due, {"player1": ["GE"]})
    assert notes(dod3, "player2") == []
    assert notes(dod3, MODERATOR)[-1] == {**mine[-1], "seat": MODERATOR, "id": mine[-1]["id"][:-len("player1")] + MODERATOR}


def test_your_move_follows_who_is_awaited_without_a_schedule(dod3):
    """Given no schedule, then the seat the game waits for (player1, GE's weather roll) is told it
    is its move, and once it rolled, the seat of the next power is."""
    assert [(n["kind"], n["data"]["owes"]) for n in notes(dod3, "player1")] == [("your_move", {"player1": ["GE"]})]
    dod3.send("player1", "RollWeather")
    awaited = projection(dod3, "turn")["awaiting"][0]
    told = notes(dod3, awaited["seat"])[-1]
    assert (told["kind"], told["version"], told["data"]["owes"]) == (
        "your_move", dod3.version(), {awaited["seat"]: [awaited["power"]]})


@pytest.fixture
def gs_demand(sqlite_app, clock):
    """Gathering Storm: Germany declares war on Russia and the crisis phase ends, so Russia owes
    an answer to the demand (32.83); the service's scheduler reads the test's clock."""
    services = sqlite_app.extensions["casus_services"]
    services.scheduler = InProcessScheduler(services.games, clock)
    client = sqlite_app.test_client()
    body = client.post("/games", json={"ruleset": "gathering-storm", "preset": "one-per-power"}).json
    table = Table(client, body["game_id"], body["tokens"], body["moderator_token"])
    table.send(MODERATOR, "RecordSuccessfulAggression", aggression="Rhineland")
    table.send(MODERATOR, "RecordFactories", major_power="Germany", idle=1, civilian=2, military=5)
    table.send(MODERATOR, "RecordControl", country="Poland", controller="Germany")
    table.send(MODERATOR, "RecordSupportLevel", major_power="Germany", level=2)
    table.send("germany", "DeclareWar", power="Germany", targets=["Russia"])
    table.send(MODERATOR, "EndCrisisPhase")
    return table


def test_gathering_storm_times_the_answer_to_a_threat(gs_demand, sqlite_app, clock):
    """Given Russia owes an answer to a demand (32.83) under the default schedule (48 h) and
    civil disorder "pass", when 48 h pass, then the concessions are made for Russia, logged as
    one system command naming the policy, and the adjudication goes on without war."""
    gs_demand.send(MODERATOR, "SetSchedule", reminders=[])
    assert projection(gs_demand, "schedule")["deadline"]["owing"] == ["russia"]
    clock.now += 48 * HOUR
    assert sqlite_app.extensions["casus_services"].scheduler.run_due() == 1
    applied = [e for e in gs_demand.events() if e["type"] == "MissedOrdersApplied"]
    assert [(e["data"]["policy"], e["data"]["orders"]) for e in applied] == [
        ("pass", ["russia: MakeConcessions(power='Russia', beneficiary=None)"])]
    assert projection(gs_demand, "war-thresholds")["wars"] == []


def test_gathering_storm_hold_waits_for_the_moderator(gs_demand, sqlite_app, clock):
    """Given civil disorder "hold", when the deadline passes, then no order is applied: the
    passing is logged and Russia still owes its answer (late)."""
    gs_demand.send(MODERATOR, "SetSchedule", reminders=[], civil_disorder="hold")
    clock.now += 48 * HOUR
    sqlite_app.extensions["casus_services"].scheduler.run_due()
    applied = [e["data"] for e in gs_demand.events() if e["type"] == "MissedOrdersApplied"]
    assert [(a["policy"], a["orders"], a["seats"]) for a in applied] == [("hold", [], ["russia"])]
    schedule = projection(gs_demand, "schedule")
    assert schedule["seats"]["russia"]["late"] is True and schedule["seats"]["russia"]["owes"] == ["Russia"]
